import { describe, expect, it } from "vitest";
import {
  checkoutPaymentChoices,
  offeredPaymentTypes,
  paymentTypesByPriority,
  priorityList,
} from "../src/payment-types.ts";

// Payment types by priority and the checkout's default choice (storefront.md §4 Checkout,
// decision 0092).

describe("paymentTypesByPriority", () => {
  it("keeps bank transfer first until the organiser orders them", () => {
    expect(paymentTypesByPriority(undefined)).toEqual(["BANK_TRANSFER", "ONLINE"]);
    expect(paymentTypesByPriority([])).toEqual(["BANK_TRANSFER", "ONLINE"]);
  });

  it("orders by priority, 1 first, and puts a type left out after", () => {
    expect(priorityList(["ONLINE", "BANK_TRANSFER"])).toEqual([
      { type: "ONLINE", priority: 1 },
      { type: "BANK_TRANSFER", priority: 2 },
    ]);
    expect(paymentTypesByPriority(priorityList(["ONLINE", "BANK_TRANSFER"]))).toEqual([
      "ONLINE",
      "BANK_TRANSFER",
    ]);
    expect(paymentTypesByPriority([{ type: "ONLINE", priority: 7 }])).toEqual([
      "ONLINE",
      "BANK_TRANSFER",
    ]);
    // equal priorities keep the default order; a type named twice counts once (its first rank)
    expect(
      paymentTypesByPriority([
        { type: "ONLINE", priority: 1 },
        { type: "BANK_TRANSFER", priority: 1 },
      ]),
    ).toEqual(["BANK_TRANSFER", "ONLINE"]);
    expect(
      paymentTypesByPriority([
        { type: "BANK_TRANSFER", priority: 3 },
        { type: "ONLINE", priority: 2 },
        { type: "BANK_TRANSFER", priority: 1 },
      ]),
    ).toEqual(["ONLINE", "BANK_TRANSFER"]);
  });

  it("offers only the types switched on, in their order", () => {
    const stored = priorityList(["ONLINE", "BANK_TRANSFER"]);
    expect(offeredPaymentTypes(stored, { ONLINE: true, BANK_TRANSFER: true })).toEqual([
      "ONLINE",
      "BANK_TRANSFER",
    ]);
    expect(offeredPaymentTypes(stored, { ONLINE: false, BANK_TRANSFER: true })).toEqual([
      "BANK_TRANSFER",
    ]);
    expect(offeredPaymentTypes(stored, { ONLINE: false, BANK_TRANSFER: false })).toEqual([]);
  });
});

describe("checkoutPaymentChoices", () => {
  const due = { total: 10_000, payable: 10_000, deposit_payable: 0 };

  it("defaults to the highest-priority payment type when an amount remains to pay", () => {
    expect(checkoutPaymentChoices(due, ["ONLINE", "BANK_TRANSFER"])).toEqual({
      options: ["IMMEDIATE", "DELAYED"],
      defaultStrategy: "IMMEDIATE",
    });
    expect(checkoutPaymentChoices(due, ["BANK_TRANSFER", "ONLINE"])).toEqual({
      options: ["DELAYED", "IMMEDIATE"],
      defaultStrategy: "DELAYED",
    });
  });

  it("offers the deposit alone after online payment when there is one below the payable", () => {
    const withDeposit = { total: 10_000, payable: 10_000, deposit_payable: 3_000 };
    expect(checkoutPaymentChoices(withDeposit, ["BANK_TRANSFER", "ONLINE"]).options).toEqual([
      "DELAYED",
      "IMMEDIATE",
      "IMMEDIATE_DEPOSIT",
    ]);
    const wholeDeposit = { total: 10_000, payable: 10_000, deposit_payable: 10_000 };
    expect(checkoutPaymentChoices(wholeDeposit, ["ONLINE"]).options).toEqual(["IMMEDIATE"]);
  });

  it("uses the wallet when it covers everything, DELAYED when the total is 0", () => {
    expect(
      checkoutPaymentChoices({ total: 5_000, payable: 0, deposit_payable: 0 }, ["ONLINE"]),
    ).toEqual({ options: ["WALLET"], defaultStrategy: "WALLET" });
    expect(
      checkoutPaymentChoices({ total: 0, payable: 0, deposit_payable: 0 }, ["ONLINE"]),
    ).toEqual({
      options: [],
      defaultStrategy: "DELAYED",
    });
  });

  it("has no default when nothing is offered and something is due", () => {
    expect(checkoutPaymentChoices(due, [])).toEqual({ options: [], defaultStrategy: null });
  });
});
