import { describe, expect, it } from "vitest";
import {
  canRedeemVoucher,
  isVoucherExpired,
  isVoucherPaid,
  isVoucherRedeemed,
  type VoucherFacts,
  type VoucherRedeemState,
  voucherAudience,
  voucherGift,
  voucherRedeemState,
  voucherRedemptionBadge,
} from "../src/index.ts";

const now = new Date("2026-05-10T12:00:00Z");
const past = new Date("2026-05-10T11:59:59Z");
const future = new Date("2026-05-10T12:00:01Z");

const fresh: VoucherFacts = {
  total: 5000,
  paid: 5000,
  expiresAt: null,
  redeemedAt: null,
  recipientId: null,
};

/** Every combination of unpaid / expired / redeemed, with the state the spec wants. */
const combinations = [false, true].flatMap((unpaid) =>
  [false, true].flatMap((expired) =>
    [false, true].map((redeemed) => ({ unpaid, expired, redeemed })),
  ),
);

describe("voucherRedeemState", () => {
  it("is valid for a paid, unexpired, unredeemed voucher", () => {
    expect(voucherRedeemState(fresh, now)).toBe("valid");
    expect(voucherRedeemState({ ...fresh, expiresAt: future }, now)).toBe("valid");
  });

  it("is unpaid below the total, expired at or after the end, redeemed once redeemed", () => {
    expect(voucherRedeemState({ ...fresh, paid: 4999 }, now)).toBe("unpaid");
    expect(voucherRedeemState({ ...fresh, paid: 0 }, now)).toBe("unpaid");
    expect(voucherRedeemState({ ...fresh, expiresAt: past }, now)).toBe("expired");
    expect(voucherRedeemState({ ...fresh, expiresAt: now }, now)).toBe("expired");
    expect(voucherRedeemState({ ...fresh, expiresAt: past.toISOString() }, now)).toBe("expired");
    expect(voucherRedeemState({ ...fresh, redeemedAt: past, recipientId: 7 }, now)).toBe(
      "redeemed",
    );
  });

  it.each(combinations)(
    "applies the precedence unpaid > expired > redeemed (unpaid $unpaid, expired $expired, redeemed $redeemed)",
    ({ unpaid, expired, redeemed }) => {
      const voucher: VoucherFacts = {
        total: 5000,
        paid: unpaid ? 1000 : 5000,
        expiresAt: expired ? past : future,
        redeemedAt: redeemed ? past : null,
        recipientId: redeemed ? 3 : null,
      };
      const expected = unpaid ? "unpaid" : expired ? "expired" : redeemed ? "redeemed" : "valid";
      expect(voucherRedeemState(voucher, now)).toBe(expected);
      expect(canRedeemVoucher(voucherRedeemState(voucher, now))).toBe(expected === "valid");
    },
  );

  it("counts any trace of a redemption as redeemed, so nothing is credited twice", () => {
    expect(voucherRedeemState({ ...fresh, redeemedAt: past }, now)).toBe("redeemed");
    expect(voucherRedeemState({ ...fresh, recipientId: 3 }, now)).toBe("redeemed");
  });

  it("treats a free voucher (total 0) as paid", () => {
    expect(voucherRedeemState({ ...fresh, total: 0, paid: 0 }, now)).toBe("valid");
    expect(isVoucherPaid({ total: 0, paid: 0 })).toBe(true);
  });
});

describe("canRedeemVoucher", () => {
  it("enables the submit button only for a valid voucher", () => {
    const states: VoucherRedeemState[] = ["unpaid", "expired", "redeemed", "valid"];
    expect(states.filter(canRedeemVoucher)).toEqual(["valid"]);
  });
});

describe("isVoucherExpired", () => {
  it("never expires without an end, expires from its end on", () => {
    expect(isVoucherExpired({ expiresAt: null }, now)).toBe(false);
    expect(isVoucherExpired({ expiresAt: future }, now)).toBe(false);
    expect(isVoucherExpired({ expiresAt: now }, now)).toBe(true);
  });
});

describe("voucherRedemptionBadge", () => {
  it("shows nothing until the voucher is fully paid", () => {
    expect(voucherRedemptionBadge({ ...fresh, paid: 4999 })).toBeNull();
    expect(
      voucherRedemptionBadge({ ...fresh, paid: 0, redeemedAt: past, recipientId: 3 }),
    ).toBeNull();
  });

  it("is redeemed with both a redeemed date and a recipient, waiting otherwise", () => {
    expect(voucherRedemptionBadge(fresh)).toBe("waiting");
    expect(voucherRedemptionBadge({ ...fresh, redeemedAt: past, recipientId: 3 })).toBe("redeemed");
    expect(voucherRedemptionBadge({ ...fresh, redeemedAt: past })).toBe("waiting");
    expect(voucherRedemptionBadge({ ...fresh, recipientId: 3 })).toBe("waiting");
    expect(voucherRedemptionBadge({ ...fresh, paid: 6000 })).toBe("waiting");
  });

  it("agrees with isVoucherRedeemed", () => {
    expect(isVoucherRedeemed({ redeemedAt: past, recipientId: 3 })).toBe(true);
    expect(isVoucherRedeemed({ redeemedAt: null, recipientId: 3 })).toBe(false);
    expect(isVoucherRedeemed({ redeemedAt: past, recipientId: null })).toBe(false);
  });
});

describe("voucherAudience", () => {
  it("is the owner for the buyer, other for anyone else, null without a customer", () => {
    expect(voucherAudience({ customerId: 5 }, 5)).toBe("owner");
    expect(voucherAudience({ customerId: 5 }, 6)).toBe("other");
    expect(voucherAudience({ customerId: 5 }, null)).toBeNull();
  });
});

describe("voucherGift", () => {
  it("gives the amount to the wallet and the bundle, never a negative credit", () => {
    expect(voucherGift({ amount: 5000, bundleId: null })).toEqual({
      walletCredit: 5000,
      bundleId: null,
    });
    expect(voucherGift({ amount: 0, bundleId: 4 })).toEqual({ walletCredit: 0, bundleId: 4 });
    expect(voucherGift({ amount: -10, bundleId: null }).walletCredit).toBe(0);
  });
});
