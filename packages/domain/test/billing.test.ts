import { describe, expect, it } from "vitest";
import {
  cycleLines,
  cycleOutcome,
  formatPlatformInvoiceNumber,
  isValidStructuredCommunication,
  itemAmount,
  itemPrices,
  platformInvoiceTotals,
  platformPaymentReference,
  platformVatMention,
  platformVatRegime,
  referralCredit,
  vatPercentageOf,
} from "../src/index.ts";

describe("item amounts", () => {
  const prices = itemPrices([]);
  const price = (item: string) => prices.find((row) => row.item === item)!;

  it("prices every item with the §9 defaults when the organiser names none", () => {
    expect(itemAmount(price("registrations"), { quantity: 12, base_amount: 0 })).toBe(600);
    expect(itemAmount(price("sms"), { quantity: 3, base_amount: 0 })).toBe(45);
    expect(itemAmount(price("invoices"), { quantity: 2, base_amount: 12_345 })).toBe(123);
    expect(itemAmount(price("online_payments"), { quantity: 9, base_amount: 99_999 })).toBe(0);
  });

  it("takes the organiser's own item over the default, flat + unit + percentage", () => {
    const own = itemPrices([
      { item: "registrations", flat_amount: 1000, unit_amount: 20, percentage: 2, metadata: {} },
    ]).find((row) => row.item === "registrations")!;
    expect(itemAmount(own, { quantity: 5, base_amount: 5000 })).toBe(1000 + 100 + 100);
  });

  it("writes a line per item that costs something, then the carried-over amount", () => {
    const lines = cycleLines(
      prices,
      [
        { item: "registrations", quantity: 2, base_amount: 0 },
        { item: "online_payments", quantity: 4, base_amount: 8000 },
      ],
      250,
    );
    expect(lines).toEqual([
      { kind: "registrations", quantity: 2, base_amount: 0, amount: 100 },
      { kind: "carried_over", quantity: 1, base_amount: 0, amount: 250 },
    ]);
  });
});

describe("minimum carry-over", () => {
  it("carries a total below the minimum and invoices one at or above it", () => {
    expect(cycleOutcome(499, 500)).toBe("CARRIED");
    expect(cycleOutcome(500, 500)).toBe("INVOICED");
    expect(cycleOutcome(0, 0)).toBe("CARRIED");
  });
});

describe("VAT regime", () => {
  it("taxes a Belgian organiser at its rate, with or without a VAT number", () => {
    expect(platformVatRegime({ country: "BE", vat_number: "BE0417497106" }, 21)).toEqual({
      category: "S",
      rate: 21,
    });
    expect(platformVatRegime({ country: null, vat_number: null }, 21).category).toBe("S");
  });

  it("reverse-charges an EU business with a VAT number and taxes one without", () => {
    expect(platformVatRegime({ country: "FR", vat_number: "FR40303265045" }, 21)).toEqual({
      category: "AE",
      rate: 0,
    });
    expect(platformVatRegime({ country: "nl", vat_number: null }, 21).category).toBe("S");
  });

  it("bills an organiser outside the EU out of scope", () => {
    expect(platformVatRegime({ country: "CH", vat_number: "CHE123" }, 21)).toEqual({
      category: "O",
      rate: 0,
    });
  });

  it("prints the legal mention of reverse charge and out of scope, none for a taxed invoice", () => {
    expect(platformVatMention({ category: "AE", rate: 0 }, "fr")).toMatch(/Autoliquidation/);
    expect(platformVatMention({ category: "O", rate: 0 }, "en")).toMatch(/Outside the scope/);
    expect(platformVatMention({ category: "S", rate: 21 }, "fr")).toBeNull();
  });

  it("reads the VAT rate of the organiser's taxes, 21 % by default", () => {
    expect(vatPercentageOf([{ type: "VAT", percentage: 6 }])).toBe(6);
    expect(vatPercentageOf([])).toBe(21);
  });

  it("rounds the VAT of the lines' sum once", () => {
    const lines = [{ kind: "registrations" as const, quantity: 1, base_amount: 0, amount: 745 }];
    expect(platformInvoiceTotals(lines, { category: "S", rate: 21 })).toEqual({
      taxable_amount: 745,
      vat_amount: 156,
      total_amount: 901,
    });
  });
});

describe("numbering and reference", () => {
  it("numbers P-year-sequence and draws a valid structured communication from it", () => {
    expect(formatPlatformInvoiceNumber(2026, 7)).toBe("P-2026-00007");
    expect(isValidStructuredCommunication(platformPaymentReference(2026, 7))).toBe(true);
    expect(platformPaymentReference(2026, 7)).not.toBe(platformPaymentReference(2026, 8));
  });
});

describe("referral credit", () => {
  it("credits the rate of the referred fees as a negative line after the others", () => {
    expect(referralCredit(30, 1000)).toBe(-300);
    expect(referralCredit(30, 0)).toBe(0);
    const lines = cycleLines(itemPrices([]), [], 0, { rate: 30, fees: 1001 });
    expect(lines).toEqual([
      { kind: "referral_credit", quantity: 1, base_amount: 1001, amount: -300 },
    ]);
  });
});
