import { describe, expect, it } from "vitest";
import {
  listCustomerVouchersQuery,
  normaliseVoucherCode,
  redeemVoucherBody,
  voucherRedeemQuery,
} from "../src/index.ts";

function fieldCode(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("normaliseVoucherCode", () => {
  it("drops spaces and dashes and upper-cases", () => {
    expect(normaliseVoucherCode(" cadeau-2345 ")).toBe("CADEAU2345");
    expect(normaliseVoucherCode("CAD EAU 23 45")).toBe("CADEAU2345");
  });
});

describe("voucher redemption payloads", () => {
  it("normalises the code and requires at least one character", () => {
    expect(voucherRedeemQuery.parse({ code: " cadeau-2345" })).toEqual({ code: "CADEAU2345" });
    expect(fieldCode(voucherRedeemQuery.safeParse({}))).toEqual({ code: "REQUIRED" });
    expect(fieldCode(voucherRedeemQuery.safeParse({ code: "   " }))).toEqual({ code: "REQUIRED" });
    expect(fieldCode(voucherRedeemQuery.safeParse({ code: " - " }))).toEqual({ code: "REQUIRED" });
    expect(fieldCode(voucherRedeemQuery.safeParse({ code: "A".repeat(65) }))).toEqual({
      code: "TOO_LONG",
    });
  });

  it("takes an optional integer participant", () => {
    expect(redeemVoucherBody.parse({ code: "CADEAU2345" })).toEqual({ code: "CADEAU2345" });
    expect(redeemVoucherBody.parse({ code: "x", participant_id: null }).participant_id).toBeNull();
    expect(redeemVoucherBody.parse({ code: "x", participant_id: 4 }).participant_id).toBe(4);
    expect(fieldCode(redeemVoucherBody.safeParse({ code: "x", participant_id: "4" }))).toEqual({
      participant_id: "INVALID_TYPE",
    });
    expect(fieldCode(redeemVoucherBody.safeParse({ code: "x", participant_id: 1.5 }))).toEqual({
      participant_id: "INVALID_TYPE",
    });
    expect(fieldCode(redeemVoucherBody.safeParse({ code: 12 }))).toEqual({ code: "INVALID_TYPE" });
  });

  it("lists all vouchers by default, or the available ones", () => {
    expect(listCustomerVouchersQuery.parse({})).toEqual({
      page_number: 1,
      page_size: 20,
      filter: "all",
    });
    expect(listCustomerVouchersQuery.parse({ filter: "available" }).filter).toBe("available");
    expect(fieldCode(listCustomerVouchersQuery.safeParse({ filter: "old" }))).toEqual({
      filter: "INVALID_CHOICE",
    });
  });
});
