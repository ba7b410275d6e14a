import {
  activityCategories,
  categories,
  categoryGroups,
  customerDiscounts,
  customers,
  discounts,
  participants,
  registrations,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availabilityWithDates, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, demoConsole, lastAuditOf, organiserIdOf } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { type Client, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Discounts given to chosen customers (issue 17 §4, decision 0100): definitions and gifts in the
// console, with their permissions and tenancy; applied by cart pricing as their own line in the
// estimate, the cart and checkout; registrations keep what they got when the discount changes.
// The demo's volume discount (10 % from 3 registrations) stays out: carts here hold 1 or 2.

let t: TestApp;
let owner: Client;
let demoId: number;
let count = 0;

beforeAll(async () => {
  ({ t, organiserId: demoId, owner } = await demoConsole());
});
afterAll(() => t.close());

type Discount = {
  cuid: string;
  name: string;
  amount: number | null;
  percentage: number | null;
  activities: Array<{ cuid: string; title: string }>;
  categories: Array<{ cuid: string; title: string }>;
  valid_from: string | null;
  valid_until: string | null;
  active: boolean;
  customers: number;
  applied: boolean;
};
type Given = {
  cuid: string;
  discount: { cuid: string; name: string };
  ends_on: string | null;
  reason: string;
};

async function createDiscount(body: Record<string, unknown>): Promise<Discount> {
  const response = await owner.post("/api/admin/discounts", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A customer of the demo organiser with a participant, a storefront session and their cuid. */
async function family(organiserId = demoId, host = DEMO_HOST) {
  count += 1;
  const who = await sessionCustomer(t, {
    organiserId,
    host,
    customer: {
      firstname: "Famille",
      lastname: `Tarif${count}`,
      email: `tarif-${count}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Tarif${count}` },
  });
  const [row] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, who.customerId));
  return { ...who, cuid: row!.cuid };
}

/** A published activity with one date in 30 days at `price`. */
function camp(price = 10_000, organiserId = demoId) {
  return availabilityWithDates(t, {
    organiserId,
    title: `Stage tarif ${++count}`,
    capacity: 20,
    price,
    deposit: 0,
    dateHours: 6,
    dates: [{ capacity: 20 }],
  });
}
type Camp = Awaited<ReturnType<typeof camp>>;

const registration = (place: Camp, participantId: number) => ({
  availability_id: place.availability.id,
  participant_id: participantId,
  availability_dates: [{ date_id: place.dates[0]!.id }],
});

async function give(customerCuid: string, body: Record<string, unknown>) {
  return owner.post(`/api/admin/customers/${customerCuid}/discounts`, body);
}

describe("discount definitions in the console", () => {
  it("creates, lists, changes and deletes a discount, audited", async () => {
    const place = await camp();
    const created = await createDiscount({
      name: "  Famille du personnel  ",
      amount: 1_500,
      activities: [place.activity.cuid],
      valid_from: "2026-01-01",
      valid_until: "2030-12-31",
    });
    expect(created).toMatchObject({
      name: "Famille du personnel",
      amount: 1_500,
      percentage: null,
      activities: [{ cuid: place.activity.cuid, title: place.activity.title }],
      categories: [],
      valid_from: "2026-01-01",
      valid_until: "2030-12-31",
      active: true,
      customers: 0,
      applied: false,
    });
    expect((await lastAuditOf(t.db, created.cuid))?.action).toBe("discount.created");

    const listed = (await owner.get("/api/admin/discounts")).json();
    expect(listed.data.map((row: Discount) => row.cuid)).toContain(created.cuid);
    expect(listed.choices.activities.map((row: { cuid: string }) => row.cuid)).toContain(
      place.activity.cuid,
    );

    const changed = await owner.put(`/api/admin/discounts/${created.cuid}`, {
      name: "Personnel",
      percentage: 25,
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: "Personnel",
      amount: null,
      percentage: 25,
      activities: [],
      valid_from: null,
      active: false,
    });
    expect((await lastAuditOf(t.db, created.cuid))?.action).toBe("discount.updated");

    expect((await owner.delete(`/api/admin/discounts/${created.cuid}`)).statusCode).toBe(200);
    expect((await lastAuditOf(t.db, created.cuid))?.action).toBe("discount.deleted");
    expect((await owner.delete(`/api/admin/discounts/${created.cuid}`)).statusCode).toBe(404);
  });

  it("refuses bad values with a 400 and changes nothing", async () => {
    await createDiscount({ name: "Déjà pris", percentage: 5 });
    const before = await databaseDigest(t.db);
    for (const body of [
      { name: "Sans montant" },
      { name: "Les deux", amount: 100, percentage: 5 },
      { name: "", percentage: 5 },
      { name: "x".repeat(101), percentage: 5 },
      { name: "Trop", percentage: 100.5 },
      { name: "Décimales", percentage: 5.555 },
      { name: "Négatif", amount: -1 },
      { name: "Zéro", amount: 0 },
      { name: "Énorme", amount: 1e15 },
      { name: "Type", amount: "100" },
      { name: "Période", percentage: 5, valid_from: "2026-05-01", valid_until: "2026-04-30" },
      { name: "Jour", percentage: 5, valid_from: "2026-02-30" },
      { name: "Inconnue", percentage: 5, activities: ["zzzzzzzzzzzzzzzzzzzzzzzz"] },
      { name: "Déjà pris", percentage: 5 },
    ]) {
      const response = await owner.post("/api/admin/discounts", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await owner.post("/api/admin/discounts", { name: "Déjà pris", amount: 100 });
    expect(taken.json().fields).toEqual({ name: "NAME_TAKEN" });
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("limits a discount to the activities of a category", async () => {
    const place = await camp();
    const [group] = await t.db
      .insert(categoryGroups)
      .values({ organiserId: demoId, title: "Public" })
      .returning();
    const [category] = await t.db
      .insert(categories)
      .values({ organiserId: demoId, groupId: group!.id, title: "Ados" })
      .returning();
    await t.db
      .insert(activityCategories)
      .values({ organiserId: demoId, activityId: place.activity.id, categoryId: category!.id });
    const elsewhere = await camp();
    const discount = await createDiscount({
      name: "Ados -10 %",
      percentage: 10,
      categories: [category!.cuid],
    });
    expect(discount.categories).toEqual([{ cuid: category!.cuid, title: "Ados" }]);
    const who = await family();
    expect((await give(who.cuid, { discount: discount.cuid })).statusCode).toBe(201);
    const estimate = async (target: Camp) =>
      (
        await who.client.post("/api/carts/items/estimate", registration(target, who.participantId))
      ).json();
    expect((await estimate(place)).customer_discount).toEqual({
      name: "Ados -10 %",
      amount: 1_000,
    });
    expect((await estimate(elsewhere)).customer_discount).toBeNull();
  });
});

describe("discounts given to a customer", () => {
  it("gives, lists, changes and withdraws a discount, audited", async () => {
    const discount = await createDiscount({ name: "Tarif CPAS", percentage: 12 });
    const who = await family();
    const given = await give(who.cuid, {
      discount: discount.cuid,
      ends_on: "2030-06-30",
      reason: " Dossier CPAS ",
    });
    expect(given.statusCode, given.body).toBe(201);
    const row = given.json() as Given;
    expect(row).toMatchObject({
      discount: { cuid: discount.cuid, name: "Tarif CPAS" },
      ends_on: "2030-06-30",
      reason: "Dossier CPAS",
    });
    expect((await lastAuditOf(t.db, row.cuid))?.action).toBe("customer_discount.given");

    const listed = (await owner.get(`/api/admin/customers/${who.cuid}/discounts`)).json();
    expect(listed.data.map((entry: Given) => entry.cuid)).toEqual([row.cuid]);
    expect(listed.choices.map((choice: { cuid: string }) => choice.cuid)).not.toContain(
      discount.cuid,
    );
    expect(
      (await owner.get("/api/admin/discounts"))
        .json()
        .data.find((entry: Discount) => entry.cuid === discount.cuid).customers,
    ).toBe(1);

    const holders = await owner.get(`/api/admin/customers?discount=${discount.cuid}`);
    expect(holders.statusCode, holders.body).toBe(200);
    expect(holders.json().data.map((entry: { cuid: string }) => entry.cuid)).toEqual([who.cuid]);

    const again = await give(who.cuid, { discount: discount.cuid });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("CUSTOMER_DISCOUNT_ALREADY_GIVEN");

    const changed = await owner.put(`/api/admin/customer-discounts/${row.cuid}`, {
      ends_on: null,
      reason: "Revu en juin",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ ends_on: null, reason: "Revu en juin" });
    expect((await lastAuditOf(t.db, row.cuid))?.action).toBe("customer_discount.updated");

    expect((await owner.delete(`/api/admin/customer-discounts/${row.cuid}`)).statusCode).toBe(200);
    expect((await lastAuditOf(t.db, row.cuid))?.action).toBe("customer_discount.withdrawn");
    expect((await owner.delete(`/api/admin/customer-discounts/${row.cuid}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/admin/customers/${who.cuid}/discounts`)).json().data).toEqual([]);
  });

  it("two staff giving one discount at once make one row", async () => {
    const discount = await createDiscount({ name: "Fratrie", amount: 500 });
    const who = await family();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => give(who.cuid, { discount: discount.cuid })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const rows = await t.db
      .select()
      .from(customerDiscounts)
      .where(eq(customerDiscounts.customerId, who.customerId));
    expect(rows).toHaveLength(1);

    // Concurrent changes of the same gift apply one after the other: the last one stays.
    const given = rows[0]!;
    const changes = await Promise.all(
      ["2031-01-01", "2031-02-01", "2031-03-01", "2031-04-01"].map((day) =>
        owner.put(`/api/admin/customer-discounts/${given.cuid}`, { ends_on: day }),
      ),
    );
    expect(changes.every((answer) => answer.statusCode === 200)).toBe(true);
    const after = await t.db
      .select()
      .from(customerDiscounts)
      .where(eq(customerDiscounts.customerId, who.customerId));
    expect(after).toHaveLength(1);
  });

  it("answers 404 for another organiser's discounts and customers, changing nothing", async () => {
    const enId = await organiserIdOf(t.db, "demo-en");
    const [foreign] = await t.db
      .insert(discounts)
      .values({ organiserId: enId, name: "Staff family", percentage: 50 })
      .returning();
    const stranger = await family(enId, DEMO_EN_HOST);
    const [foreignGift] = await t.db
      .insert(customerDiscounts)
      .values({ organiserId: enId, customerId: stranger.customerId, discountId: foreign!.id })
      .returning();
    const mine = await family();
    const before = await databaseDigest(t.db);
    const calls = [
      owner.put(`/api/admin/discounts/${foreign!.cuid}`, { name: "Pris", percentage: 1 }),
      owner.delete(`/api/admin/discounts/${foreign!.cuid}`),
      give(mine.cuid, { discount: foreign!.cuid }),
      give(stranger.cuid, { discount: foreign!.cuid }),
      owner.get(`/api/admin/customers/${stranger.cuid}/discounts`),
      owner.put(`/api/admin/customer-discounts/${foreignGift!.cuid}`, { ends_on: null }),
      owner.delete(`/api/admin/customer-discounts/${foreignGift!.cuid}`),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode, answer.body).toBe(404);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("needs the permissions: read alone neither gives nor defines", async () => {
    const reader = await collaboratorWith(t, [
      "customers.discounts.read",
      "discounts.discounts.read",
    ]);
    const discount = await createDiscount({ name: "Lecture seule", percentage: 3 });
    const who = await family();
    expect((await reader.client.get(`/api/admin/customers/${who.cuid}/discounts`)).statusCode).toBe(
      200,
    );
    expect((await reader.client.get("/api/admin/discounts")).statusCode).toBe(200);
    expect(
      (
        await reader.client.post(`/api/admin/customers/${who.cuid}/discounts`, {
          discount: discount.cuid,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await reader.client.post("/api/admin/discounts", { name: "Non", percentage: 1 })).statusCode,
    ).toBe(403);
  });
});

describe("pricing with a customer discount", () => {
  it("shows its own line in the estimate and the cart, and registrations keep it after edits", async () => {
    const discount = await createDiscount({ name: "Tarif réduit", amount: 1_200 });
    const who = await family();
    const place = await camp(10_000);
    const before = await who.client.post(
      "/api/carts/items/estimate",
      registration(place, who.participantId),
    );
    expect(before.json()).toMatchObject({ price: 10_000, customer_discount: null });

    expect((await give(who.cuid, { discount: discount.cuid })).statusCode).toBe(201);
    const estimate = (
      await who.client.post("/api/carts/items/estimate", registration(place, who.participantId))
    ).json();
    expect(estimate).toMatchObject({
      price: 8_800,
      customer_discount: { name: "Tarif réduit", amount: 1_200 },
    });

    const added = await who.client.post("/api/carts/items", {
      registrations: [registration(place, who.participantId)],
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = added.json().cart;
    expect(cart.totals).toMatchObject({
      subtotal: 8_800,
      customer_discounts: [{ name: "Tarif réduit", amount: 1_200 }],
      customer_discounts_total: 1_200,
      total: 8_800,
    });

    const checkout = await who.client.post("/api/carts/checkout", {
      cart_id: cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [bought] = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.cartId, cart.id));
    expect(bought).toMatchObject({
      totalAmount: 8_800,
      customerDiscountName: "Tarif réduit",
      customerDiscountAmount: 1_200,
    });

    // Later edits change the next carts, never what was bought; a used discount is kept.
    const edit = await owner.put(`/api/admin/discounts/${discount.cuid}`, {
      name: "Tarif solidaire",
      amount: 3_000,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().applied).toBe(true);
    const [kept] = await t.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.cartId, cart.id)));
    expect(kept).toMatchObject({
      customerDiscountName: "Tarif réduit",
      customerDiscountAmount: 1_200,
    });
    const next = (
      await who.client.post("/api/carts/items/estimate", registration(place, who.participantId))
    ).json();
    expect(next.customer_discount).toEqual({ name: "Tarif solidaire", amount: 3_000 });

    const removed = await owner.delete(`/api/admin/discounts/${discount.cuid}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe("DISCOUNT_APPLIED");
  });

  it("comes before the coupon, never below zero, and not once ended or deactivated", async () => {
    const big = await createDiscount({ name: "Gratuité", amount: 50_000 });
    const who = await family();
    const place = await camp(4_000);
    const given = (await give(who.cuid, { discount: big.cuid })).json() as Given;
    const estimate = (
      await who.client.post("/api/carts/items/estimate", registration(place, who.participantId))
    ).json();
    expect(estimate).toMatchObject({ price: 0, customer_discount: { amount: 4_000 } });

    await owner.put(`/api/admin/customer-discounts/${given.cuid}`, { ends_on: "2020-01-01" });
    const ended = (
      await who.client.post("/api/carts/items/estimate", registration(place, who.participantId))
    ).json();
    expect(ended).toMatchObject({ price: 4_000, customer_discount: null });

    await owner.put(`/api/admin/customer-discounts/${given.cuid}`, { ends_on: null });
    await owner.put(`/api/admin/discounts/${big.cuid}`, {
      name: "Gratuité",
      amount: 50_000,
      active: false,
    });
    const inactive = (
      await who.client.post("/api/carts/items/estimate", registration(place, who.participantId))
    ).json();
    expect(inactive.customer_discount).toBeNull();
  });

  it("applies to a registration staff make by hand, which keeps it", async () => {
    const discount = await createDiscount({ name: "Tarif guichet", percentage: 50 });
    const who = await family();
    expect((await give(who.cuid, { discount: discount.cuid })).statusCode).toBe(201);
    const place = await camp(6_000);
    const [participant] = await t.db
      .select({ cuid: participants.cuid })
      .from(participants)
      .where(eq(participants.id, who.participantId));
    const response = await owner.post("/api/admin/registrations", {
      customer: who.cuid,
      participant: participant!.cuid,
      availability: place.availability.cuid,
      availability_dates: place.dates.map((date) => ({ date_id: date.id })),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().registration.total_amount).toBe(3_000);
    const [made] = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.customerId, who.customerId));
    expect(made).toMatchObject({
      customerDiscountName: "Tarif guichet",
      customerDiscountAmount: 3_000,
    });
  });
});
