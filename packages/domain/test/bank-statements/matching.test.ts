import { describe, expect, it } from "vitest";
import { type CartPaymentCandidate, matchStatementLine } from "../../src/index.ts";

const line = { amount: 4500, currency: "EUR", structuredReference: "123000000137" };
const cart: CartPaymentCandidate = {
  cartId: 7,
  reference: "+++123/0000/00137+++",
  amountDue: 4500,
  currency: "EUR",
};

describe("matchStatementLine", () => {
  it("matches a credit paying exactly what the cart owes", () => {
    expect(matchStatementLine(line, [cart])).toEqual({
      kind: "matched",
      cartId: 7,
      amount: 4500,
      overpayment: 0,
    });
  });

  it("matches a partial payment", () => {
    expect(matchStatementLine({ ...line, amount: 2000 }, [cart])).toEqual({
      kind: "matched",
      cartId: 7,
      amount: 2000,
      overpayment: 0,
    });
  });

  it("matches an overpayment and says by how much", () => {
    expect(matchStatementLine({ ...line, amount: 5000 }, [cart])).toEqual({
      kind: "matched",
      cartId: 7,
      amount: 5000,
      overpayment: 500,
    });
  });

  it("compares references as digits, whatever form the cart stores", () => {
    const plain = { ...cart, reference: "123000000137" };
    expect(matchStatementLine(line, [plain])).toMatchObject({ kind: "matched", cartId: 7 });
  });

  it("matches an ISO 11649 creditor reference to the cart that stores it", () => {
    const gbp = { ...cart, reference: "RF721230000001", currency: "GBP" };
    const rfLine = { ...line, currency: "GBP", structuredReference: "RF721230000001" };
    expect(matchStatementLine(rfLine, [gbp])).toMatchObject({ kind: "matched", cartId: 7 });
    expect(
      matchStatementLine({ ...rfLine, structuredReference: "RF18539007547034" }, [gbp]),
    ).toEqual({ kind: "unmatched", reason: "UNKNOWN_REFERENCE" });
  });

  it("prefers the cart owing exactly the amount, else the first one still owing", () => {
    const paid = { ...cart, cartId: 1, amountDue: 0 };
    const other = { ...cart, cartId: 2, amountDue: 9000 };
    const exact = { ...cart, cartId: 3 };
    expect(matchStatementLine(line, [paid, other, exact])).toMatchObject({ cartId: 3 });
    expect(matchStatementLine(line, [paid, other])).toMatchObject({ cartId: 2, overpayment: 0 });
  });

  it.each([
    ["a debit", { ...line, amount: -4500 }, [cart], "DEBIT"],
    ["a zero amount", { ...line, amount: 0 }, [cart], "DEBIT"],
    ["no reference on the line", { ...line, structuredReference: null }, [cart], "NO_REFERENCE"],
    ["no candidate", line, [], "UNKNOWN_REFERENCE"],
    [
      "candidates for other references only",
      line,
      [{ ...cart, reference: "+++123/0000/00238+++" }],
      "UNKNOWN_REFERENCE",
    ],
    ["a cart in another currency", line, [{ ...cart, currency: "USD" }], "CURRENCY_MISMATCH"],
    ["a cart that owes nothing more", line, [{ ...cart, amountDue: 0 }], "ALREADY_PAID"],
  ] as const)("leaves %s unmatched", (_name, statementLine, candidates, reason) => {
    expect(matchStatementLine(statementLine, candidates)).toEqual({ kind: "unmatched", reason });
  });

  it("works with any type of cart id", () => {
    const byCuid = { ...cart, cartId: "c_abc" };
    expect(matchStatementLine(line, [byCuid])).toMatchObject({ cartId: "c_abc" });
  });
});
