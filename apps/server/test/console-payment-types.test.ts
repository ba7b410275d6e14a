import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collaboratorWith,
  demoConsole,
  lastAuditByAction,
  storefrontOrganiserAt,
} from "./console-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

// Payment types with their priority (issue 17 §4, decision 0092): staff order them in Settings,
// and the checkout page receives the switched-on ones in that order (its default choice is the
// first: storefront.md §4 Checkout, packages/domain/test/payment-types.test.ts).

let t: TestApp;
let owner: Client;
let organiserId: number;

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
});
afterAll(async () => {
  await t.close();
});

const types = async (client: Client) => {
  const response = await client.get("/api/admin/payment-types");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{ type: string; priority: number; enabled: boolean }>;
};

describe("payment types", () => {
  it("lists bank transfer first until the organiser orders them, with what is switched on", async () => {
    expect(await types(owner)).toEqual([
      { type: "BANK_TRANSFER", priority: 1, enabled: true },
      { type: "ONLINE", priority: 2, enabled: true },
    ]);
    expect((await storefrontOrganiserAt(t.db, DEMO_HOST)).payments.methods).toEqual([
      "BANK_TRANSFER",
      "ONLINE",
    ]);
  });

  it("saves a new order, audited, which the checkout page receives at once", async () => {
    const saved = await owner.put("/api/admin/payment-types", {
      order: ["ONLINE", "BANK_TRANSFER"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.map((row: { type: string }) => row.type)).toEqual([
      "ONLINE",
      "BANK_TRANSFER",
    ]);
    expect(await types(owner)).toEqual([
      { type: "ONLINE", priority: 1, enabled: true },
      { type: "BANK_TRANSFER", priority: 2, enabled: true },
    ]);
    expect((await storefrontOrganiserAt(t.db, DEMO_HOST)).payments.methods).toEqual([
      "ONLINE",
      "BANK_TRANSFER",
    ]);
    const audit = await lastAuditByAction(t.db, organiserId, "organiser.payment_types_updated");
    expect(audit?.after).toEqual({ order: ["ONLINE", "BANK_TRANSFER"] });

    // Switched off in Settings › Payments, a type keeps its place but checkout does not offer it.
    const payments = await owner.put("/api/admin/settings/payments", {
      bank_transfers_payments_activated: true,
      online_payments_activated: false,
    });
    expect(payments.statusCode, payments.body).toBe(200);
    expect((await types(owner))[0]).toEqual({ type: "ONLINE", priority: 1, enabled: false });
    expect((await storefrontOrganiserAt(t.db, DEMO_HOST)).payments.methods).toEqual([
      "BANK_TRANSFER",
    ]);
    await owner.put("/api/admin/settings/payments", {
      bank_transfers_payments_activated: true,
      online_payments_activated: true,
    });
    await owner.put("/api/admin/payment-types", { order: ["BANK_TRANSFER", "ONLINE"] });
  });

  it("refuses an order that is not every type once, changing nothing", async () => {
    const before = await types(owner);
    for (const order of [
      ["ONLINE"],
      ["ONLINE", "ONLINE"],
      ["ONLINE", "BANK_TRANSFER", "WALLET"],
      ["ONLINE", "CASH"],
      "ONLINE",
      null,
      [1, 2],
    ]) {
      const response = await owner.put("/api/admin/payment-types", { order });
      expect(response.statusCode, JSON.stringify(order)).toBe(400);
    }
    expect(await types(owner)).toEqual(before);
  });

  it("lets a collaborator who may only read see the order, not change it", async () => {
    const reader = await collaboratorWith(t, ["payment_types.payment_types.read"]);
    expect((await types(reader.client)).length).toBe(2);
    const refused = await reader.client.put("/api/admin/payment-types", {
      order: ["ONLINE", "BANK_TRANSFER"],
    });
    expect(refused.statusCode).toBe(403);
  });
});
