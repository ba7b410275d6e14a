import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartAmountDue, partAmountDue, spreadPayment, takeBackPayment } from "../src/index.ts";

const part = (total: number, paid: number, cancelled = false) => ({ total, paid, cancelled });

describe("taking money back from a cart", () => {
  it("takes first what the cart holds beyond its parts and fees, then cancelled parts", () => {
    const cart = {
      service_fees: 200,
      paid: 6_000 + 3_000 + 200 + 500,
      parts: [part(6_000, 6_000), part(3_000, 3_000, true)],
    };
    expect(takeBackPayment(400, cart)).toEqual({ shares: [0, 0], cartOnly: 400, rest: 0 });
    expect(takeBackPayment(2_500, cart)).toEqual({ shares: [0, 2_000], cartOnly: 500, rest: 0 });
  });

  it("takes what a part was paid beyond its total (an edited, cheaper registration)", () => {
    const cart = { service_fees: 0, paid: 10_000, parts: [part(8_000, 10_000)] };
    expect(takeBackPayment(2_000, cart)).toEqual({ shares: [2_000], cartOnly: 0, rest: 0 });
    expect(cartAmountDue({ ...cart, paid: 8_000, parts: [part(8_000, 8_000)] })).toBe(0);
  });

  it("takes from the part the payment was for before the others", () => {
    const cart = { service_fees: 0, paid: 9_000, parts: [part(6_000, 6_000), part(3_000, 3_000)] };
    expect(takeBackPayment(3_000, cart, 1)).toEqual({ shares: [0, 3_000], cartOnly: 0, rest: 0 });
    expect(takeBackPayment(4_000, cart, 1)).toEqual({
      shares: [1_000, 3_000],
      cartOnly: 0,
      rest: 0,
    });
  });

  it("spreads the rest over the parts and the fees by what each was paid", () => {
    const cart = {
      service_fees: 300,
      paid: 9_300,
      parts: [part(6_000, 6_000), part(3_000, 3_000)],
    };
    expect(takeBackPayment(930, cart)).toEqual({ shares: [600, 300], cartOnly: 30, rest: 0 });
    // The cart then owes exactly what was taken back.
    expect(
      cartAmountDue({ ...cart, paid: 8_370, parts: [part(6_000, 5_400), part(3_000, 2_700)] }),
    ).toBe(930);
  });

  it("answers what it cannot take: more than the cart was paid", () => {
    const cart = { service_fees: 0, paid: 1_000, parts: [part(5_000, 1_000)] };
    expect(takeBackPayment(1_500, cart)).toEqual({ shares: [1_000], cartOnly: 0, rest: 500 });
    expect(takeBackPayment(0, cart)).toEqual({ shares: [0], cartOnly: 0, rest: 0 });
  });

  // Without money paying for nothing (which goes first), a take-back undoes a credit.
  it("undoes a credit: crediting then taking the same amount back leaves what is owed as it was", () => {
    const amounts = fc.integer({ min: 0, max: 50_000 });
    const parts = fc.array(
      fc.record({ total: amounts, paid: amounts, cancelled: fc.constant(false) }),
      {
        maxLength: 5,
      },
    );
    fc.assert(
      fc.property(parts, amounts, amounts, (rawParts, fees, credit) => {
        const before = rawParts.map((p) => ({ ...p, paid: Math.min(p.paid, p.total) }));
        const paidBefore = before.reduce((sum, p) => sum + p.paid, 0);
        const cart = { service_fees: fees, paid: paidBefore, parts: before };
        const due = cartAmountDue(cart);
        const credited = Math.min(credit, due);
        const { shares } = spreadPayment(credited, before.map(partAmountDue));
        const after = before.map((p, i) => ({ ...p, paid: p.paid + shares[i]! }));
        const creditedCart = { ...cart, paid: paidBefore + credited, parts: after };
        expect(cartAmountDue(creditedCart)).toBe(due - credited);

        const back = takeBackPayment(credited, creditedCart);
        expect(back.rest).toBe(0);
        expect(back.shares.reduce((a, b) => a + b, 0) + back.cartOnly).toBe(credited);
        back.shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(after[i]!.paid);
        });
        const restored = {
          ...cart,
          paid: creditedCart.paid - credited,
          parts: after.map((p, i) => ({ ...p, paid: p.paid - back.shares[i]! })),
        };
        expect(cartAmountDue(restored)).toBe(due);
      }),
    );
  });

  it("never takes more than there is, nor leaves money it could take", () => {
    const amounts = fc.integer({ min: 0, max: 50_000 });
    const parts = fc.array(fc.record({ total: amounts, paid: amounts, cancelled: fc.boolean() }), {
      maxLength: 5,
    });
    fc.assert(
      fc.property(
        parts,
        amounts,
        amounts,
        amounts,
        fc.option(fc.nat(6)),
        (ps, fees, extra, amount, preferred) => {
          const paid = ps.reduce((sum, p) => sum + p.paid, 0) + extra;
          const back = takeBackPayment(amount, { service_fees: fees, paid, parts: ps }, preferred);
          expect(back.shares.reduce((a, b) => a + b, 0) + back.cartOnly + back.rest).toBe(amount);
          expect(back.rest).toBe(Math.max(0, amount - paid));
          expect(back.cartOnly).toBeLessThanOrEqual(extra);
          for (const [i, share] of back.shares.entries()) {
            expect(share).toBeLessThanOrEqual(ps[i]!.paid);
          }
        },
      ),
    );
  });
});
