import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cartAmountDue,
  defaultWalletPayment,
  partAmountDue,
  registrationAmountDue,
  spreadPayment,
  walletPaymentRefusal,
} from "../src/index.ts";

describe("amounts due", () => {
  it("a cart owes what its parts owe plus the service fees not paid yet, never below 0", () => {
    const parts = [
      { total: 12_000, paid: 1_000, cancelled: false },
      { total: 6_000, paid: 500, cancelled: false },
    ];
    expect(cartAmountDue({ service_fees: 250, paid: 1_500, parts })).toBe(16_750);
    // 250 of fees paid beyond the parts: only the parts are owed.
    expect(cartAmountDue({ service_fees: 250, paid: 1_750, parts })).toBe(16_500);
    expect(
      cartAmountDue({
        service_fees: 0,
        paid: 18_000,
        parts: [
          { total: 12_000, paid: 12_000, cancelled: false },
          { total: 6_000, paid: 6_000, cancelled: false },
        ],
      }),
    ).toBe(0);
    expect(cartAmountDue({ service_fees: 0, paid: 0, parts: [] })).toBe(0);
  });

  it("a cart owes nothing for a cancelled part, and an edited part's new total", () => {
    expect(
      cartAmountDue({
        service_fees: 0,
        paid: 3_000,
        parts: [
          { total: 12_000, paid: 3_000, cancelled: true },
          { total: 9_000, paid: 0, cancelled: false },
        ],
      }),
    ).toBe(9_000);
    // Overpaid parts do not lower what the others owe.
    expect(
      cartAmountDue({
        service_fees: 100,
        paid: 5_000,
        parts: [
          { total: 4_000, paid: 5_000, cancelled: false },
          { total: 2_000, paid: 0, cancelled: false },
        ],
      }),
    ).toBe(2_100);
    expect(partAmountDue({ total: 500, paid: 100, cancelled: false })).toBe(400);
    expect(partAmountDue({ total: 500, paid: 100, cancelled: true })).toBe(0);
  });

  it("a registration owes its total less what was paid, nothing once cancelled", () => {
    expect(registrationAmountDue({ cancelled: false, total: 18_000, paid: 6_000 })).toBe(12_000);
    expect(registrationAmountDue({ cancelled: true, total: 18_000, paid: 6_000 })).toBe(0);
    expect(registrationAmountDue({ cancelled: false, total: 18_000, paid: 20_000 })).toBe(0);
    expect(registrationAmountDue({ cancelled: false, total: 500, paid: -10 })).toBe(500);
  });
});

describe("the wallet payment form", () => {
  it("starts at the smaller of the wallet and the amount due (§5)", () => {
    expect(defaultWalletPayment({ wallet: 1_500, due: 12_000 })).toBe(1_500);
    expect(defaultWalletPayment({ wallet: 50_000, due: 12_000 })).toBe(12_000);
    expect(defaultWalletPayment({ wallet: 0, due: 12_000 })).toBe(0);
    expect(defaultWalletPayment({ wallet: 1_500, due: 0 })).toBe(0);
  });

  it("refuses nothing owed, a non-positive or fractional amount, above the wallet, above the due", () => {
    const wallet = 1_500;
    const due = 1_000;
    expect(walletPaymentRefusal({ amount: 500, wallet, due: 0 })).toBe("NOTHING_TO_PAY");
    expect(walletPaymentRefusal({ amount: 0, wallet, due })).toBe("TOO_SMALL");
    expect(walletPaymentRefusal({ amount: -5, wallet, due })).toBe("TOO_SMALL");
    expect(walletPaymentRefusal({ amount: 10.5, wallet, due })).toBe("TOO_SMALL");
    expect(walletPaymentRefusal({ amount: Number.NaN, wallet, due })).toBe("TOO_SMALL");
    expect(walletPaymentRefusal({ amount: 1_501, wallet, due })).toBe("INSUFFICIENT_WALLET_AMOUNT");
    expect(walletPaymentRefusal({ amount: 1_001, wallet, due })).toBe("AMOUNT_ABOVE_DUE");
    expect(walletPaymentRefusal({ amount: 1_000, wallet, due })).toBeNull();
    expect(walletPaymentRefusal({ amount: 1, wallet, due })).toBeNull();
  });

  it("says insufficient wallet before above due when both hold (§5 asks that message)", () => {
    expect(walletPaymentRefusal({ amount: 3_000, wallet: 1_500, due: 1_000 })).toBe(
      "INSUFFICIENT_WALLET_AMOUNT",
    );
  });

  it("always accepts its own default when something is owed and the wallet holds something", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (wallet, due) => {
        const amount = defaultWalletPayment({ wallet, due });
        const refusal = walletPaymentRefusal({ amount, wallet, due });
        if (due === 0) expect(refusal).toBe("NOTHING_TO_PAY");
        else if (wallet === 0) expect(refusal).toBe("TOO_SMALL");
        else expect(refusal).toBeNull();
      }),
    );
  });
});

describe("spreading a payment over what it pays", () => {
  it("gives each part its share of what it owes, largest remainder, the rest beyond", () => {
    expect(spreadPayment(9_000, [12_000, 6_000])).toEqual({ shares: [6_000, 3_000], rest: 0 });
    expect(spreadPayment(100, [1, 1, 1])).toEqual({ shares: [1, 1, 1], rest: 97 });
    expect(spreadPayment(2, [1, 1, 1])).toEqual({ shares: [1, 1, 0], rest: 0 });
    expect(spreadPayment(500, [0, 0])).toEqual({ shares: [0, 0], rest: 500 });
    expect(spreadPayment(500, [])).toEqual({ shares: [], rest: 500 });
    expect(spreadPayment(500, [-100, 300])).toEqual({ shares: [0, 300], rest: 200 });
  });

  it("never gives a part more than it owes and loses no cent", () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.array(fc.nat(1_000_000), { maxLength: 12 }),
        (amount, owed) => {
          const { shares, rest } = spreadPayment(amount, owed);
          expect(shares).toHaveLength(owed.length);
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(owed[index]!);
          });
          expect(shares.reduce((sum, share) => sum + share, 0) + rest).toBe(amount);
          expect(rest).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
