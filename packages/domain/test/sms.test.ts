import { describe, expect, it } from "vitest";
import {
  DEFAULT_SMS_UNIT_AMOUNT,
  smsCost,
  smsEncoding,
  smsLength,
  smsSenderNameError,
  smsUnitAmount,
} from "../src/sms.ts";

describe("SMS encoding", () => {
  it("keeps GSM-7 for the default alphabet, French accents of the table and the extension", () => {
    expect(smsEncoding("Bonjour, la séance de samedi à 10h est annulée!")).toBe("GSM-7");
    expect(smsEncoding("Prix: 12€ [cash] {ok} ~ | ^ \\")).toBe("GSM-7");
    expect(smsEncoding("")).toBe("GSM-7");
  });

  it("falls back to UCS-2 for any character outside both tables", () => {
    // ê, ç (lower case) and the typographic apostrophe are not in GSM-7.
    expect(smsEncoding("Fête")).toBe("UCS-2");
    expect(smsEncoding("garçon")).toBe("UCS-2");
    expect(smsEncoding("l’heure")).toBe("UCS-2");
    expect(smsEncoding("Bravo 🎉")).toBe("UCS-2");
  });
});

describe("SMS length and segments", () => {
  it("fits 160 GSM-7 characters in one SMS, 161 in two parts of 153", () => {
    expect(smsLength("a".repeat(160))).toMatchObject({ segments: 1, units: 160, remaining: 0 });
    expect(smsLength("a".repeat(161))).toMatchObject({ segments: 2, units: 161, remaining: 145 });
    expect(smsLength("a".repeat(306)).segments).toBe(2);
    expect(smsLength("a".repeat(307)).segments).toBe(3);
  });

  it("counts each extension character twice", () => {
    expect(smsLength("€".repeat(80))).toMatchObject({
      encoding: "GSM-7",
      characters: 80,
      units: 160,
      segments: 1,
    });
    expect(smsLength(`${"a".repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it("never splits an escaped character across two parts", () => {
    // 152 units then "€" (2): the euro sign does not fit in the first part's last unit.
    const body = `${"a".repeat(152)}€${"a".repeat(10)}`;
    expect(smsLength(body)).toMatchObject({ units: 164, segments: 2, remaining: 153 - 12 });
    // 306 units that would fit two parts exactly if the pair could be cut.
    expect(smsLength(`${"a".repeat(152)}€${"a".repeat(152)}`).segments).toBe(3);
  });

  it("fits 70 UCS-2 characters in one SMS, 71 in two parts of 67", () => {
    expect(smsLength("ê".repeat(70))).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(smsLength("ê".repeat(71))).toMatchObject({ segments: 2, remaining: 63 });
    expect(smsLength("ê".repeat(134)).segments).toBe(2);
    expect(smsLength("ê".repeat(135)).segments).toBe(3);
  });

  it("counts an emoji as one character but two UCS-2 units, never cut in half", () => {
    expect(smsLength("🎉")).toMatchObject({ characters: 1, units: 2, segments: 1 });
    expect(smsLength("🎉".repeat(35))).toMatchObject({ units: 70, segments: 1 });
    expect(smsLength(`${"ê".repeat(66)}🎉${"ê".repeat(4)}`)).toMatchObject({
      units: 72,
      segments: 2,
      remaining: 67 - 6,
    });
  });

  it("makes one empty SMS of an empty body", () => {
    expect(smsLength("")).toEqual({
      encoding: "GSM-7",
      characters: 0,
      units: 0,
      segments: 1,
      remaining: 160,
    });
  });
});

describe("SMS cost", () => {
  it("bills each part at the §9 unit amount of 15 by default", () => {
    expect(DEFAULT_SMS_UNIT_AMOUNT).toBe(15);
    expect(smsCost(1)).toBe(15);
    expect(smsCost(3)).toBe(45);
    expect(smsCost(2, 9)).toBe(18);
  });

  it("reads the organiser's SMS unit amount from its billing items", () => {
    expect(smsUnitAmount([{ item: "registrations", unit_amount: 50 }])).toBe(15);
    expect(smsUnitAmount([{ item: "sms", unit_amount: 12 }])).toBe(12);
    expect(smsUnitAmount(undefined)).toBe(15);
  });
});

describe("SMS sender name", () => {
  it("accepts up to 11 letters, digits and inner spaces with at least one letter", () => {
    expect(smsSenderNameError("Kids Club")).toBeNull();
    expect(smsSenderNameError("ABCDEFGHIJK")).toBeNull();
    expect(smsSenderNameError("Club2026")).toBeNull();
  });

  it("refuses longer names, digits only, other characters and outer spaces", () => {
    expect(smsSenderNameError("ABCDEFGHIJKL")).toBe("TOO_LONG");
    expect(smsSenderNameError("0470123456")).toBe("INVALID_FORMAT");
    expect(smsSenderNameError("Club-Été")).toBe("INVALID_FORMAT");
    expect(smsSenderNameError(" Club")).toBe("INVALID_FORMAT");
    expect(smsSenderNameError("")).toBe("INVALID_FORMAT");
  });
});
