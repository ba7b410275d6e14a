import { describe, expect, it } from "vitest";
import { EPC_QR_MAX_AMOUNT, epcQrPayload } from "../src/epc-qr.ts";
import { creditorReference, structuredCommunication } from "../src/payment-reference.ts";

const transfer = {
  beneficiary: "Les Ateliers du Mercredi ASBL",
  iban: "BE68 5390 0754 7034",
  bic: "GKCCBEBB",
  amount: 14_850,
  currency: "EUR",
  reference: structuredCommunication(1, "123"),
};

function lines(payload: string | null): string[] {
  if (payload === null) throw new Error("no payload");
  return payload.split("\n");
}

describe("epcQrPayload", () => {
  it("writes the 11 elements of version 002 in order, the Belgian reference as remittance", () => {
    expect(lines(epcQrPayload(transfer))).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "GKCCBEBB",
      "Les Ateliers du Mercredi ASBL",
      "BE68539007547034",
      "EUR148.50",
      "",
      "",
      "+++123/0000/00137+++",
    ]);
  });

  it("puts an ISO 11649 creditor reference in the structured field, written electronically", () => {
    const payload = lines(
      epcQrPayload({ ...transfer, iban: "DE89370400440532013000", reference: "rf72 1230 0000 01" }),
    );
    expect(payload[9]).toBe(creditorReference(1, "123"));
    expect(payload[10]).toBe("");
  });

  it("writes amounts with two decimals, from one cent to 999 999 999.99", () => {
    expect(lines(epcQrPayload({ ...transfer, amount: 1 }))[7]).toBe("EUR0.01");
    expect(lines(epcQrPayload({ ...transfer, amount: 12_000 }))[7]).toBe("EUR120.00");
    expect(lines(epcQrPayload({ ...transfer, amount: EPC_QR_MAX_AMOUNT }))[7]).toBe(
      "EUR999999999.99",
    );
    for (const amount of [0, -100, 12.5, EPC_QR_MAX_AMOUNT + 1, Number.NaN]) {
      expect(epcQrPayload({ ...transfer, amount })).toBeNull();
    }
  });

  it("cuts the name to 70 characters (whole characters) and flattens its spaces", () => {
    const name = `${"é".repeat(69)}😀😀`;
    const payload = lines(epcQrPayload({ ...transfer, beneficiary: name }));
    expect(Array.from(payload[5]!)).toHaveLength(70);
    expect(payload[5]).toBe(`${"é".repeat(69)}😀`);
    expect(lines(epcQrPayload({ ...transfer, beneficiary: " Club\n  de judo " }))[5]).toBe(
      "Club de judo",
    );
  });

  it("leaves the BIC out when there is none or it is not one (optional within the EEA)", () => {
    expect(lines(epcQrPayload({ ...transfer, bic: null }))[4]).toBe("");
    expect(lines(epcQrPayload({ ...transfer, bic: "NOT A BIC" }))[4]).toBe("");
    expect(lines(epcQrPayload({ ...transfer, bic: "gkcc bebb xxx" }))[4]).toBe("GKCCBEBBXXX");
  });

  it("gives no code for another currency, a missing or malformed IBAN, or no name", () => {
    expect(epcQrPayload({ ...transfer, currency: "GBP" })).toBeNull();
    expect(epcQrPayload({ ...transfer, iban: null })).toBeNull();
    expect(epcQrPayload({ ...transfer, iban: "" })).toBeNull();
    expect(epcQrPayload({ ...transfer, iban: "BE68-5390" })).toBeNull();
    expect(epcQrPayload({ ...transfer, beneficiary: "   " })).toBeNull();
  });

  it("cuts a long plain reference to 140 characters and gives no code beyond 331 bytes", () => {
    const long = epcQrPayload({
      ...transfer,
      beneficiary: "A".repeat(80),
      reference: "x".repeat(300),
    });
    expect(lines(long)[5]).toHaveLength(70);
    expect(lines(long)[10]).toHaveLength(140);
    expect(new TextEncoder().encode(long ?? "").length).toBeLessThanOrEqual(331);
    // 70 two-byte letters and 140 characters of text: 333 bytes.
    expect(
      epcQrPayload({ ...transfer, beneficiary: "é".repeat(70), reference: "x".repeat(140) }),
    ).toBeNull();
  });
});
