import { describe, expect, it } from "vitest";
import { smsRecipient, toE164 } from "../src/phone-numbers.ts";

describe("phone numbers in E.164", () => {
  it("reads a local number in the organiser's country", () => {
    expect(toE164("0470 12 34 56", "BE")).toBe("+32470123456");
    expect(toE164("06 12 34 56 78", "FR")).toBe("+33612345678");
    expect(toE164("0470/12.34.56", "be")).toBe("+32470123456");
  });

  it("keeps the country of a number written with + or 00", () => {
    expect(toE164("+33 6 12 34 56 78", "BE")).toBe("+33612345678");
    expect(toE164("0033 6 12 34 56 78", "BE")).toBe("+33612345678");
    expect(toE164("+32470123456", "FR")).toBe("+32470123456");
  });

  it("reads local numbers in Belgium when the organiser has no country or an unknown one", () => {
    expect(toE164("0470 12 34 56", null)).toBe("+32470123456");
    expect(toE164("0470 12 34 56", "XX")).toBe("+32470123456");
  });

  it("refuses what is not a number of the country's plan", () => {
    expect(toE164("12", "BE")).toBeNull();
    expect(toE164("0470 12 34", "BE")).toBeNull();
    expect(toE164("not a number", "FR")).toBeNull();
    expect(toE164("", "BE")).toBeNull();
  });
});

describe("SMS recipients", () => {
  it("accepts mobile numbers", () => {
    expect(smsRecipient("0470 12 34 56", "BE")).toEqual({ ok: true, e164: "+32470123456" });
    expect(smsRecipient("06 12 34 56 78", "FR")).toEqual({ ok: true, e164: "+33612345678" });
  });

  it("refuses fixed lines and invalid numbers with their reason", () => {
    expect(smsRecipient("02 512 34 56", "BE")).toEqual({
      ok: false,
      error: "NOT_A_MOBILE_NUMBER",
    });
    expect(smsRecipient("01 23 45 67 89", "FR")).toEqual({
      ok: false,
      error: "NOT_A_MOBILE_NUMBER",
    });
    expect(smsRecipient("123", "BE")).toEqual({ ok: false, error: "INVALID_PHONE_NUMBER" });
  });
});
