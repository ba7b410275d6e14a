import { describe, expect, it } from "vitest";
import {
  counterYear,
  DEFAULT_INVOICE_SETTINGS,
  formatInvoiceNumber,
  invoiceDueAt,
  lineTaxableAmounts,
  taxableOf,
  vatByRate,
  vatLegalMention,
  vatRateOf,
} from "../src/index.ts";

describe("invoice numbers", () => {
  it("writes the prefix, the year of a yearly series and the zero-padded sequence", () => {
    expect(formatInvoiceNumber("F", "INVOICE", 2026, 7)).toBe("F2026-0007");
    expect(formatInvoiceNumber("F", "CREDIT_NOTE", 2026, 3)).toBe("FNC2026-0003");
    expect(formatInvoiceNumber("F", "INVOICE", 0, 12345)).toBe("F-12345");
    expect(formatInvoiceNumber("", "INVOICE", 0, 1)).toBe("0001");
  });
  it("counts per calendar year only when the series resets yearly", () => {
    expect(counterYear(2026, true)).toBe(2026);
    expect(counterYear(2026, false)).toBe(0);
  });
  it("refuses a sequence below 1", () => {
    expect(() => formatInvoiceNumber("F", "INVOICE", 0, 0)).toThrow(RangeError);
  });
});

describe("VAT per rate", () => {
  it("splits a VAT-inclusive sum once per rate, the VAT being the rest", () => {
    const rows = vatByRate([
      { total_amount: 1000, vat_rate: 21 },
      { total_amount: 1000, vat_rate: 21 },
      { total_amount: 530, vat_rate: 6 },
      { total_amount: 200, vat_rate: 0 },
    ]);
    expect(rows).toEqual([
      { rate: 0, total_amount: 200, taxable_amount: 200, vat_amount: 0 },
      { rate: 6, total_amount: 530, taxable_amount: 500, vat_amount: 30 },
      // 2000 / 1.21 = 1652.89 → 1653, not 2 × round(826.45) = 1652
      { rate: 21, total_amount: 2000, taxable_amount: 1653, vat_amount: 347 },
    ]);
  });
  it("rounds half away from zero, a discount too", () => {
    expect(taxableOf(121, 21)).toBe(100);
    expect(taxableOf(-121, 21)).toBe(-100);
    expect(taxableOf(106, 6)).toBe(100);
  });
  it("gives each line its taxable part, the lines of a rate summing to the rate's", () => {
    const lines = [
      { total_amount: 1000, vat_rate: 21 },
      { total_amount: 1000, vat_rate: 21 },
      { total_amount: -100, vat_rate: 21 },
      { total_amount: 530, vat_rate: 6 },
    ];
    const amounts = lineTaxableAmounts(lines);
    expect(amounts).toEqual([826, 826, -82, 500]);
    const rate21 = vatByRate(lines).find((row) => row.rate === 21)!;
    expect(amounts[0]! + amounts[1]! + amounts[2]!).toBe(rate21.taxable_amount);
  });
});

describe("VAT regimes", () => {
  it("reads the product's rate only when subject to VAT", () => {
    expect(vatRateOf({ ...DEFAULT_INVOICE_SETTINGS, vat_regime: "SUBJECT" }, "registrations")).toBe(
      21,
    );
    expect(
      vatRateOf({ ...DEFAULT_INVOICE_SETTINGS, vat_regime: "EXEMPT_ARTICLE_44" }, "registrations"),
    ).toBe(0);
    expect(
      vatRateOf(
        { ...DEFAULT_INVOICE_SETTINGS, vat_regime: "SMALL_BUSINESS_FRANCHISE" },
        "bookings",
      ),
    ).toBe(0);
  });
  it("prints the mention each exempt regime requires, in the organiser's language", () => {
    expect(vatLegalMention("SUBJECT", "fr")).toBeNull();
    expect(vatLegalMention("EXEMPT_ARTICLE_44", "fr")).toContain("article 44 du Code de la TVA");
    expect(vatLegalMention("EXEMPT_ARTICLE_44", "en")).toContain("article 44");
    expect(vatLegalMention("SMALL_BUSINESS_FRANCHISE", "fr")).toBe(
      "Régime particulier de franchise des petites entreprises",
    );
  });
});

describe("due date", () => {
  it("falls the payment delay after the issue", () => {
    expect(invoiceDueAt(new Date("2026-11-27T10:00:00Z"), 30).toISOString()).toBe(
      "2026-12-27T10:00:00.000Z",
    );
  });
});
