import { activities } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCustomer } from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf, organiserIdOf } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let owner: Client;
let demoId: number;
let music: string;
let otherActivity: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t.db, "demo");
  const demoEnId = await organiserIdOf(t.db, "demo-en");
  const [eveil] = await t.db
    .select({ cuid: activities.cuid })
    .from(activities)
    .where(and(eq(activities.organiserId, demoId), eq(activities.title, "Éveil musical")));
  music = eveil!.cuid;
  const [other] = await t.db
    .select({ cuid: activities.cuid })
    .from(activities)
    .where(eq(activities.organiserId, demoEnId))
    .limit(1);
  otherActivity = other!.cuid;
});
afterAll(() => t.close());

async function created(path: string, body: Record<string, unknown>) {
  const response = await owner.post(`/api/admin/${path}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const lastAudit = (entityId: string) => lastAuditOf(t.db, entityId);

function storefront(path: string) {
  return t.app.inject({ method: "GET", url: path, headers: { host: DEMO_HOST } });
}

/** The id the storefront's cart takes for a product the console knows by cuid. */
async function idOf(table: "bundles" | "memberships" | "vouchers", cuid: string): Promise<number> {
  const result = await t.db.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where cuid = ${cuid}`,
  );
  return result.rows[0]!.id;
}

let buyers = 0;

/** A customer who bought `items` (cart add body) at checkout, with `coupon` if given. */
async function buy(items: Record<string, unknown>, coupon?: string) {
  buyers += 1;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `Produits${buyers}`,
      email: `console-products-${buyers}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Produits${buyers}` },
  });
  const added = await who.client.post("/api/carts/items", items);
  expect(added.statusCode, added.body).toBe(201);
  return who.client.post("/api/carts/checkout", {
    cart_id: added.json().cart.id,
    payment_strategy: "DELAYED",
    terms: true,
    ...(coupon ? { coupon } : {}),
  });
}

const bundle = {
  title: "Carte 5 séances",
  description: "<p>Cinq séances <script>alert(1)</script>à utiliser.</p>",
  price: 7_500,
  capacity: 5,
  duration: 180 * 86_400,
  entity: "CUSTOMERS",
};

describe("bundles", () => {
  it("creates, lists, edits and publishes a bundle for some activities", async () => {
    const made = await created("bundles", { ...bundle, activities: [music] });
    expect(made).toMatchObject({
      title: "Carte 5 séances",
      description: "<p>Cinq séances à utiliser.</p>",
      published: false,
      sold: 0,
      activities: [{ cuid: music, title: "Éveil musical" }],
    });
    expect((await lastAudit(made.cuid))!).toMatchObject({
      action: "bundle.created",
      after: expect.objectContaining({ price: 7_500, activities: [music] }),
    });

    const listed = await owner.get("/api/admin/bundles?q=5 séances&published=false");
    expect(listed.json()).toMatchObject({ count: 1, data: [{ cuid: made.cuid }] });
    expect(
      (await owner.get("/api/admin/bundles?sort=-price&page_size=1")).json().data[0].price,
    ).toBeGreaterThanOrEqual(42_000);

    const edited = await owner.put(`/api/admin/bundles/${made.cuid}`, {
      ...bundle,
      price: 8_000,
      capacity: null,
      expires_at: "2027-06-30T23:59:00+02:00",
      activities: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      price: 8_000,
      capacity: null,
      expires_at: "2027-06-30T23:59:00+02:00",
      activities: [],
    });

    const titles = async () =>
      ((await storefront("/api/bundles?page_size=100")).json().data as { title: string }[]).map(
        (item) => item.title,
      );
    expect(await titles()).not.toContain("Carte 5 séances");
    const shown = await owner.put(`/api/admin/bundles/${made.cuid}/published`, { published: true });
    expect(shown.json().published).toBe(true);
    expect(await titles()).toContain("Carte 5 séances");
    expect((await lastAudit(made.cuid))!.action).toBe("bundle.published");
    await owner.put(`/api/admin/bundles/${made.cuid}/published`, { published: false });
    expect(await titles()).not.toContain("Carte 5 séances");
  });

  it("refuses another organiser's activity and offers the organiser's own", async () => {
    const response = await owner.post("/api/admin/bundles", {
      ...bundle,
      activities: [otherActivity],
    });
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { "activities.0": "INVALID_CHOICE" },
    });
    const choices = (await owner.get("/api/admin/bundles/choices")).json();
    expect(choices.activities.map((item: { cuid: string }) => item.cuid)).toContain(music);
    expect(choices.activities.map((item: { cuid: string }) => item.cuid)).not.toContain(
      otherActivity,
    );
  });

  it("deletes a bundle nobody bought, never one that was sold or that a voucher gives", async () => {
    const free = await created("bundles", bundle);
    expect((await owner.delete(`/api/admin/bundles/${free.cuid}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/admin/bundles/${free.cuid}`)).json()).toEqual({
      error: "BUNDLE_NOT_FOUND",
    });
    expect((await lastAudit(free.cuid))!.action).toBe("bundle.deleted");

    const sold = await created("bundles", { ...bundle, published: true });
    const bought = await buy({ bundles: [{ bundle_id: await idOf("bundles", sold.cuid) }] });
    expect(bought.statusCode, bought.body).toBe(200);
    const refused = await owner.delete(`/api/admin/bundles/${sold.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "BUNDLE_SOLD", sold: 1, pending_payments: 0 });
    expect((await owner.get(`/api/admin/bundles/${sold.cuid}`)).json().sold).toBe(1);

    const given = await created("bundles", bundle);
    await created("vouchers", {
      title: "Carte offerte",
      price: 7_500,
      amount: 0,
      bundle: given.cuid,
    });
    const inVoucher = await owner.delete(`/api/admin/bundles/${given.cuid}`);
    expect(inVoucher.json()).toEqual({ error: "BUNDLE_IN_VOUCHER", vouchers: 1 });
  });
});

describe("memberships", () => {
  const season = {
    title: "Saison 2027",
    price: 3_000,
    entity: "CUSTOMERS",
    period_type: "FIXED",
    fixed_period_start_at: "2027-09-01T00:00:00+02:00",
    fixed_period_end_at: "2028-08-31T23:59:00+02:00",
  };

  it("keeps a fixed period's dates or a rolling period's length, never both", async () => {
    const fixed = await created("memberships", {
      ...season,
      rolling_period_type: "months",
      rolling_period_duration: 3,
    });
    expect(fixed).toMatchObject({
      period_type: "FIXED",
      fixed_period_start_at: "2027-09-01T00:00:00+02:00",
      rolling_period_type: null,
      rolling_period_duration: null,
    });
    const rolling = await owner.put(`/api/admin/memberships/${fixed.cuid}`, {
      ...season,
      period_type: "ROLLING",
      rolling_period_type: "months",
      rolling_period_duration: 12,
    });
    expect(rolling.json()).toMatchObject({
      period_type: "ROLLING",
      fixed_period_start_at: null,
      fixed_period_end_at: null,
      rolling_period_type: "months",
      rolling_period_duration: 12,
    });
    expect((await lastAudit(fixed.cuid))!).toMatchObject({
      action: "membership.updated",
      before: expect.objectContaining({ period_type: "FIXED" }),
      after: expect.objectContaining({ period_type: "ROLLING" }),
    });

    const refused = async (body: Record<string, unknown>, fields: Record<string, string>) => {
      const response = await owner.post("/api/admin/memberships", { ...season, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    };
    await refused({ fixed_period_start_at: null }, { fixed_period_start_at: "REQUIRED" });
    await refused(
      { fixed_period_end_at: "2027-08-01T00:00:00+02:00" },
      { fixed_period_end_at: "END_NOT_AFTER_START" },
    );
    await refused(
      { period_type: "ROLLING" },
      { rolling_period_type: "REQUIRED", rolling_period_duration: "REQUIRED" },
    );
    await refused(
      { period_type: "ROLLING", rolling_period_type: "hours", rolling_period_duration: 1 },
      {
        rolling_period_type: "INVALID_CHOICE",
      },
    );
  });

  it("is shown on the storefront once published, and refuses deletion once sold", async () => {
    const made = await created("memberships", { ...season, published: true });
    const listed = await storefront("/api/memberships?page_size=100");
    expect(listed.json().data.map((item: { cuid: string }) => item.cuid)).toContain(made.cuid);
    const membershipId = await idOf("memberships", made.cuid);
    expect((await buy({ memberships: [{ membership_id: membershipId }] })).statusCode).toBe(200);
    const refused = await owner.delete(`/api/admin/memberships/${made.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "MEMBERSHIP_SOLD", sold: 1, pending_payments: 0 });
    const hidden = await owner.put(`/api/admin/memberships/${made.cuid}/published`, {
      published: false,
    });
    expect(hidden.json()).toMatchObject({ published: false, sold: 1 });
  });
});

describe("gift vouchers", () => {
  it("sells a voucher worth an amount, optionally with a bundle, and keeps it once sold", async () => {
    const made = await created("vouchers", {
      title: "Bon 30 €",
      price: 3_000,
      amount: 3_000,
      duration: 365 * 86_400,
      published: true,
    });
    expect(made).toMatchObject({ amount: 3_000, bundle: null, sold: 0, published: true });
    const wrongBundle = await owner.put(`/api/admin/vouchers/${made.cuid}`, {
      title: "Bon 30 €",
      price: 3_000,
      amount: 3_000,
      bundle: "not-a-bundle",
    });
    expect(wrongBundle.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { bundle: "INVALID_CHOICE" },
    });

    const voucherId = await idOf("vouchers", made.cuid);
    expect((await buy({ vouchers: [{ voucher_id: voucherId }] })).statusCode).toBe(200);
    const refused = await owner.delete(`/api/admin/vouchers/${made.cuid}`);
    expect(refused.json()).toEqual({ error: "VOUCHER_SOLD", sold: 1, pending_payments: 0 });
    const listed = await owner.get("/api/admin/vouchers?q=bon 30");
    expect(listed.json()).toMatchObject({ count: 1, data: [{ cuid: made.cuid, sold: 1 }] });
  });
});

describe("coupons", () => {
  const coupon = {
    title: "Printemps",
    label: "-10 € au printemps",
    code: " printemps-10 ",
    amount: 1_000,
  };

  it("stores the code upper-case, unique per organiser, with an amount or a percentage", async () => {
    const made = await created("coupons", coupon);
    expect(made).toMatchObject({
      code: "PRINTEMPS-10",
      amount: 1_000,
      percentage: null,
      active: true,
      uses: 0,
    });

    const taken = await owner.post("/api/admin/coupons", { ...coupon, code: "Printemps-10" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: "COUPON_CODE_TAKEN",
      fields: { code: "COUPON_CODE_TAKEN" },
    });
    const renamedOnto = await owner.put(`/api/admin/coupons/${made.cuid}`, {
      ...coupon,
      code: "bienvenue10",
    });
    expect(renamedOnto.json()).toMatchObject({ error: "COUPON_CODE_TAKEN" });

    const refused = async (body: Record<string, unknown>, fields: Record<string, string>) => {
      const response = await owner.post("/api/admin/coupons", {
        ...coupon,
        code: "OTHER",
        ...body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    };
    await refused({ percentage: 10 }, { amount: "AMOUNT_OR_PERCENTAGE" });
    await refused({ amount: null }, { amount: "AMOUNT_OR_PERCENTAGE" });
    await refused({ amount: null, percentage: 120 }, { percentage: "TOO_BIG" });
    await refused({ amount: null, percentage: 12.345 }, { percentage: "INVALID_FORMAT" });
    await refused({ code: "two words" }, { code: "INVALID_FORMAT" });

    const percent = await owner.put(`/api/admin/coupons/${made.cuid}`, {
      ...coupon,
      amount: null,
      percentage: 12.5,
      min_total_amount: 5_000,
    });
    expect(percent.json()).toMatchObject({
      amount: null,
      percentage: 12.5,
      min_total_amount: 5_000,
    });
  });

  it("deactivates a coupon the cart then refuses, and keeps a coupon carts used", async () => {
    const made = await created("coupons", { ...coupon, code: "ETE15", amount: 1_500 });
    const voucher = await created("vouchers", {
      title: "Bon 50",
      price: 5_000,
      amount: 5_000,
      published: true,
    });
    const voucherId = await idOf("vouchers", voucher.cuid);

    expect((await buy({ vouchers: [{ voucher_id: voucherId }] }, "ete15")).statusCode).toBe(200);
    expect((await owner.get(`/api/admin/coupons/${made.cuid}`)).json().uses).toBe(1);
    const used = await owner.delete(`/api/admin/coupons/${made.cuid}`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({ error: "COUPON_USED", carts: 1 });

    const off = await owner.put(`/api/admin/coupons/${made.cuid}/active`, { active: false });
    expect(off.json().active).toBe(false);
    expect((await lastAudit(made.cuid))!.action).toBe("coupon.deactivated");
    const refused = await buy({ vouchers: [{ voucher_id: voucherId }] }, "ETE15");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "COUPON_INACTIVE" });
    expect((await owner.get("/api/admin/coupons?active=false&q=ete")).json()).toMatchObject({
      count: 1,
      data: [{ code: "ETE15" }],
    });

    const unused = await created("coupons", { ...coupon, code: "UNUSED" });
    expect((await owner.delete(`/api/admin/coupons/${unused.cuid}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/admin/coupons/${unused.cuid}`)).statusCode).toBe(404);
  });
});
