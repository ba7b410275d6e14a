import { volumeDiscounts } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConsole, lastAuditOf } from "./console-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";

// Volume discounts edited in the console (issue 17 §4, decision 0092): created, changed and
// deleted with validation (an amount or a percentage, never two active discounts on one
// threshold, even when saved at once); the cart's pricing applies them (carts-discounts.test.ts).
// The demo organiser's seeded ones: 10 % from 3 registrations (active), 15 % from 5 (inactive).

let t: TestApp;
let owner: Client;
let organiserId: number;

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
});
afterAll(async () => {
  await t.close();
});

type Tier = {
  cuid: string;
  min_registrations: number;
  amount: number | null;
  percentage: number | null;
  active: boolean;
};
const list = async () => (await owner.get("/api/admin/volume-discounts")).json().data as Tier[];

describe("volume discounts in the console", () => {
  it("lists the organiser's discounts by threshold", async () => {
    const tiers = await list();
    expect(tiers.map(({ cuid: _, ...tier }) => tier)).toEqual([
      { min_registrations: 3, amount: null, percentage: 10, active: true },
      { min_registrations: 5, amount: null, percentage: 15, active: false },
    ]);
  });

  it("creates, changes and deletes a discount, audited", async () => {
    const created = await owner.post("/api/admin/volume-discounts", {
      min_registrations: 8,
      amount: 500,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tier = created.json() as Tier;
    expect(tier).toMatchObject({
      min_registrations: 8,
      amount: 500,
      percentage: null,
      active: true,
    });
    expect((await lastAuditOf(t.db, tier.cuid))?.action).toBe("volume_discount.created");

    const changed = await owner.put(`/api/admin/volume-discounts/${tier.cuid}`, {
      min_registrations: 10,
      percentage: 20,
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ min_registrations: 10, amount: null, percentage: 20 });
    expect((await lastAuditOf(t.db, tier.cuid))?.action).toBe("volume_discount.updated");

    const removed = await owner.delete(`/api/admin/volume-discounts/${tier.cuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await list()).some((row) => row.cuid === tier.cuid)).toBe(false);
    expect((await owner.delete(`/api/admin/volume-discounts/${tier.cuid}`)).statusCode).toBe(404);
  });

  it("refuses bad values and a second active discount on a threshold, changing nothing", async () => {
    const before = await list();
    for (const body of [
      { min_registrations: 4 },
      { min_registrations: 4, amount: 100, percentage: 5 },
      { min_registrations: 1, percentage: 5 },
      { min_registrations: 4, percentage: 120 },
      { min_registrations: 4, percentage: 5.555 },
      { min_registrations: 4, amount: -1 },
      { min_registrations: "4", percentage: 5 },
      { min_registrations: 4.5, percentage: 5 },
    ]) {
      const response = await owner.post("/api/admin/volume-discounts", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await owner.post("/api/admin/volume-discounts", {
      min_registrations: 3,
      percentage: 12,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ min_registrations: "VOLUME_DISCOUNT_THRESHOLD_TAKEN" });
    const inactive = before.find((tier) => !tier.active)!;
    const activated = await owner.put(`/api/admin/volume-discounts/${inactive.cuid}`, {
      min_registrations: 3,
      percentage: 15,
    });
    expect(activated.statusCode).toBe(400);
    expect(await list()).toEqual(before);
  });

  it("keeps one active discount per threshold when staff save at once", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        owner.post("/api/admin/volume-discounts", { min_registrations: 6, percentage: index + 1 }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 400)).toBe(
      true,
    );
    const rows = await t.db
      .select()
      .from(volumeDiscounts)
      .where(eq(volumeDiscounts.organiserId, organiserId));
    expect(rows.filter((row) => row.minRegistrations === 6 && row.active)).toHaveLength(1);
  });
});
