import type { ReportView } from "@booking/contracts";
import {
  activities,
  availabilities,
  availabilityDates,
  bankTransfers,
  cartItems,
  carts,
  coupons,
  customers,
  locations,
  participants,
  payments,
  registrationDates,
  registrations,
  walletTransactions,
  withTenant,
} from "@booking/db";
import { and, eq, inArray, sql } from "@booking/db/orm";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owedItems } from "../src/modules/payments/outstanding-queries.ts";
import { countPlaces, listSessionFill, readsEveryPlace } from "../src/modules/reports/queries.ts";
import { registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, lastAuditByAction, organiserIdOf } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// The reports' figures against hand-computed expectations on a small fixed data set in March
// 2031 (Brussels), far from the demo's own data (docs/decisions/0084-reports.md).

let t: TestApp;
let demoId: number;
let owner: Client;
const MARCH = "from=2031-03-01&to=2031-03-31";

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t.db, "demo");
  owner = (await collaboratorWith(t, "owner")).client;
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function availabilityOn(
  title: string,
  locationId: number,
  starts: string[],
  capacity: number,
) {
  const [activity] = await t.db
    .insert(activities)
    .values({ organiserId: demoId, title, published: true })
    .returning();
  const times = starts.map((start) => new Date(start).getTime());
  const [availability] = await t.db
    .insert(availabilities)
    .values({
      organiserId: demoId,
      activityId: activity!.id,
      locationId,
      startAt: new Date(Math.min(...times)),
      endAt: new Date(Math.max(...times) + HOUR),
      capacity,
      price: 10_000,
    })
    .returning();
  const dates = await t.db
    .insert(availabilityDates)
    .values(
      times.map((time) => ({
        organiserId: demoId,
        availabilityId: availability!.id,
        startAt: new Date(time),
        endAt: new Date(time + HOUR),
        capacity,
      })),
    )
    .returning();
  return { activity: activity!, availability: availability!, dates };
}

let sequence = 0;

/**
 * A customer registered (DELAYED) on every date of `target`; the registration then made to cost
 * `total` for an item priced `list`, its order processed at `processedAt`, its participant born
 * on `birthdate`.
 */
async function registered(
  target: Awaited<ReturnType<typeof availabilityOn>>,
  figures: { list: number; total: number; processedAt: string; birthdate: string | null },
) {
  sequence += 1;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Rapport",
      lastname: `Client ${sequence}`,
      email: `reports-${sequence}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Rapport ${sequence}` },
  });
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(
      target.availability.id,
      who.participantId,
      target.dates.map((date) => date.id),
    ),
  );
  expect(added.statusCode, added.body).toBe(201);
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: added.json().cart.id,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  const [registration] = await t.db
    .update(registrations)
    .set({ totalAmount: figures.total })
    .where(eq(registrations.customerId, who.customerId))
    .returning();
  await t.db
    .update(cartItems)
    .set({ price: figures.list })
    .where(eq(cartItems.id, registration!.cartItemId));
  await t.db
    .update(carts)
    .set({ processedAt: new Date(figures.processedAt) })
    .where(eq(carts.id, registration!.cartId));
  await t.db
    .update(participants)
    .set({ birthdate: figures.birthdate })
    .where(eq(participants.id, who.participantId));
  return { ...registration!, customerId: who.customerId };
}

async function attendance(registrationId: number, dateId: number, status: string) {
  await t.db
    .update(registrationDates)
    .set({ attendance: status as "PRESENT" })
    .where(
      and(
        eq(registrationDates.registrationId, registrationId),
        eq(registrationDates.availabilityDateId, dateId),
      ),
    );
}

async function report(name: string, query: string): Promise<ReportView> {
  const response = await owner.get(`/api/admin/reports/${name}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const figures = (view: ReportView) =>
  Object.fromEntries(view.summary.map((figure) => [figure.key, [figure.value, figure.previous]]));
const rows = (view: ReportView, key: string) =>
  view.tables.find((table) => table.key === key)!.rows;

let camp: Awaited<ReturnType<typeof availabilityOn>>;
let workshop: Awaited<ReturnType<typeof availabilityOn>>;

describe("the console's reports", () => {
  let treasuryBefore: ReportView;
  let wiped: Awaited<ReturnType<typeof registered>>;

  beforeAll(async () => {
    treasuryBefore = await report("treasury", MARCH);
    const [hall] = await t.db
      .insert(locations)
      .values({ organiserId: demoId, title: "Salle des rapports" })
      .returning();
    // Monday 10 and Tuesday 11 March at 09:00 in Brussels; Thursday 20 at 14:00.
    camp = await availabilityOn(
      "Stage des rapports",
      hall!.id,
      ["2031-03-10T08:00:00Z", "2031-03-11T08:00:00Z"],
      4,
    );
    workshop = await availabilityOn("Atelier des rapports", hall!.id, ["2031-03-20T13:00:00Z"], 2);
    // A volume discount of 20 €, a full price, a later cancellation; a coupon of 10 €.
    const first = await registered(camp, {
      list: 10_000,
      total: 8_000,
      processedAt: "2031-03-02T10:00:00Z",
      birthdate: "2024-01-01",
    });
    const second = await registered(camp, {
      list: 10_000,
      total: 10_000,
      processedAt: "2031-03-03T10:00:00Z",
      birthdate: "2021-06-01",
    });
    wiped = await registered(camp, {
      list: 10_000,
      total: 10_000,
      processedAt: "2031-03-03T11:00:00Z",
      birthdate: "2020-01-01",
    });
    await t.db.update(registrations).set({ cancelled: true }).where(eq(registrations.id, wiped.id));
    const coupled = await registered(workshop, {
      list: 6_000,
      total: 5_000,
      processedAt: "2031-03-15T10:00:00Z",
      birthdate: null,
    });
    const [coupon] = await t.db
      .insert(coupons)
      .values({
        organiserId: demoId,
        title: "Rapports",
        label: "-10 €",
        code: "RAPPORTS",
        amount: 1_000,
      })
      .returning();
    await t.db.update(carts).set({ couponId: coupon!.id }).where(eq(carts.id, coupled.cartId));

    await attendance(first.id, camp.dates[0]!.id, "PRESENT");
    await attendance(second.id, camp.dates[0]!.id, "ABSENT");
    await attendance(first.id, camp.dates[1]!.id, "EXCUSED");
    await attendance(wiped.id, camp.dates[1]!.id, "PRESENT");

    // Money in: 50 € online on 6 March, 80 € by transfer on 7 March, a transfer cancelled.
    await t.db.insert(payments).values({
      organiserId: demoId,
      cartId: coupled.cartId,
      provider: "test",
      providerPaymentId: `reports-${Date.now()}`,
      amount: 5_000,
      currency: "EUR",
      status: "paid",
      checkoutUrl: "https://pay.example.org/reports",
      paidAt: new Date("2031-03-06T10:00:00Z"),
    });
    await t.db.insert(bankTransfers).values([
      { organiserId: demoId, cartId: first.cartId, amount: 8_000, receivedOn: "2031-03-07" },
      {
        organiserId: demoId,
        cartId: second.cartId,
        amount: 3_000,
        receivedOn: "2031-03-07",
        cancelledAt: new Date(),
      },
    ]);
    // The cancelled place refunded to the wallet on 12 March.
    await t.db.insert(walletTransactions).values({
      organiserId: demoId,
      customerId: wiped.customerId,
      amount: 10_000,
      reason: "REFUND",
      createdAt: new Date("2031-03-12T10:00:00Z"),
    });
    await t.db
      .update(customers)
      .set({ walletAmount: sql`${customers.walletAmount} + 10000` })
      .where(eq(customers.id, wiped.customerId));
  });

  it("participation: places against capacity by activity, availability and date, attendance over recorded ones, by age group", async () => {
    const view = await report("participation", MARCH);
    expect(view.period).toEqual({ from: "2031-03-01", to: "2031-03-31" });
    expect(view.previous_period).toEqual({ from: "2031-01-29", to: "2031-02-28" });
    expect(view.grouping).toBe("day");
    // 3 registrations (the cancelled one left out) on 5 places of 10; 1 present, 1 absent,
    // 1 excused (the cancelled place's attendance does not count).
    expect(figures(view)).toEqual({
      registrations: [3, 0],
      participants: [3, 0],
      places: [5, 0],
      fill_rate: [0.5, null],
      present_rate: [0.3333, null],
      absent_rate: [0.3333, null],
      excused_rate: [0.3333, null],
    });
    expect(rows(view, "by_activity")).toEqual([
      {
        activity: "Stage des rapports",
        sessions: 2,
        capacity: 8,
        registered: 4,
        fill_rate: 0.5,
        present_rate: 0.3333,
        absent_rate: 0.3333,
        excused_rate: 0.3333,
      },
      {
        activity: "Atelier des rapports",
        sessions: 1,
        capacity: 2,
        registered: 1,
        fill_rate: 0.5,
        present_rate: null,
        absent_rate: null,
        excused_rate: null,
      },
    ]);
    expect(
      rows(view, "by_date").map((row) => [row.start_at, row.registered, row.fill_rate]),
    ).toEqual([
      ["2031-03-10T08:00:00.000Z", 2, 0.5],
      ["2031-03-11T08:00:00.000Z", 2, 0.5],
      ["2031-03-20T13:00:00.000Z", 1, 0.5],
    ]);
    expect(rows(view, "by_availability")[0]).toMatchObject({
      first_day: "2031-03-10",
      sessions: 2,
    });
    // Born 1 January 2024: 7 on 10 March 2031; born 1 June 2021: 9; no birthdate: unknown.
    expect(rows(view, "by_age_group")).toEqual([
      { age_group: "6-8", places: 2, present_rate: 0.5 },
      { age_group: "9-11", places: 2, present_rate: 0 },
      { age_group: "unknown", places: 1, present_rate: null },
    ]);
    const chart = view.chart.points.filter((point) => point.values.registered! > 0);
    expect(chart).toEqual([
      { label: "2031-03-10", values: { registered: 2 } },
      { label: "2031-03-11", values: { registered: 2 } },
      { label: "2031-03-20", values: { registered: 1 } },
    ]);
    expect(view.chart.points).toHaveLength(31);

    const onlyWorkshop = await report(
      "participation",
      `${MARCH}&activity=${workshop.activity.cuid}&group=week`,
    );
    expect(figures(onlyWorkshop).places).toEqual([1, 0]);
    expect(onlyWorkshop.chart.points[0]!.label).toBe("2031-02-24");
  });

  it("sales: revenue by activity, product type and period, the discounts by kind and refunds, against the previous period", async () => {
    const view = await report("sales", MARCH);
    // 80 + 100 + 100 (cancelled since: sold in March all the same) + 50 €.
    expect(figures(view)).toEqual({
      revenue: [33_000, 0],
      registrations: [4, 0],
      discounts: [3_000, 0],
      refunds: [10_000, 0],
    });
    const activitiesSold = rows(view, "by_activity").filter(
      (row) => row.product_type === "REGISTRATION" && String(row.title).endsWith("des rapports"),
    );
    expect(activitiesSold).toEqual([
      {
        product_type: "REGISTRATION",
        title: "Stage des rapports",
        count: 3,
        list_amount: 30_000,
        discounts: 2_000,
        amount: 28_000,
      },
      {
        product_type: "REGISTRATION",
        title: "Atelier des rapports",
        count: 1,
        list_amount: 6_000,
        discounts: 1_000,
        amount: 5_000,
      },
    ]);
    expect(rows(view, "by_product_type")).toEqual([
      { product_type: "REGISTRATION", count: 4, amount: 33_000 },
    ]);
    expect(rows(view, "discounts_refunds")).toEqual([
      { kind: "bundles", count: 0, amount: 0 },
      { kind: "coupons", count: 1, amount: 1_000 },
      { kind: "volume", count: 1, amount: 2_000 },
      { kind: "vouchers_redeemed", count: 0, amount: 0 },
      { kind: "refunds_online", count: 0, amount: 0 },
      { kind: "refunds_wallet", count: 1, amount: 10_000 },
    ]);
    const monthly = await report("sales", "from=2031-03-01&to=2031-04-30&group=month");
    expect(rows(monthly, "by_period")).toEqual([
      { bucket: "2031-03-01", amount: 33_000 },
      { bucket: "2031-04-01", amount: 0 },
    ]);
    // April compared with March: nothing sold against 330 €.
    const april = await report("sales", "from=2031-04-01&to=2031-04-30");
    expect(april.previous_period).toEqual({ from: "2031-03-02", to: "2031-03-31" });
    expect(figures(april).revenue).toEqual([0, 33_000]);
  });

  it("treasury: money in by method and day, what is owed by age, wallets and vouchers as of now", async () => {
    const view = await report("treasury", MARCH);
    expect(view.catalogue_filters).toBe(false);
    expect(figures(view)).toMatchObject({
      money_in: [13_000, 0],
      online: [5_000, 0],
      transfer: [8_000, 0],
    });
    expect(rows(view, "money_in")).toEqual([
      { day: "2031-03-06", method: "ONLINE", count: 1, amount: 5_000 },
      { day: "2031-03-07", method: "TRANSFER", count: 1, amount: 8_000 },
    ]);
    const before = figures(treasuryBefore);
    expect(figures(view).wallets![0]).toBe(before.wallets![0]! + 10_000);
    expect(rows(view, "outstanding_by_age").map((row) => row.age)).toEqual([
      "0-30",
      "31-60",
      "61+",
    ]);
  });

  it("treasury: the ages add every order's parts up in one grouped pass, with the outstanding list's per-order figures", async () => {
    const owed = (form: { everyCart?: boolean }) =>
      withTenant(t.db, demoId, async (tx) => {
        const result = await tx.execute<{ type: string; id: number; amount_due: number }>(
          sql`select d.type, d.id, d.amount_due from (${owedItems(demoId, form)}) d order by 1, 2`,
        );
        return result.rows;
      });
    const perOrder = await owed({});
    expect(
      perOrder.filter((row) => row.type === "CART" && row.amount_due > 0).length,
    ).toBeGreaterThan(2);
    expect(await owed({ everyCart: true })).toEqual(perOrder);
  });

  it("participation: a period read place by place and in one pass give the same figures", async () => {
    const scope = {
      organiserId: demoId,
      timeZone: "Europe/Brussels",
      from: "2031-03-01",
      to: "2031-03-31",
      rowLimit: null,
    };
    const read = (everyPlace: boolean) =>
      withTenant(t.db, demoId, async (tx) => ({
        sessions: await listSessionFill(tx, scope, everyPlace),
        places: await countPlaces(tx, scope, everyPlace),
      }));
    // The demo's own dates are many: March 2031 holds few of them, so it reads date by date.
    expect(await withTenant(t.db, demoId, (tx) => readsEveryPlace(tx, scope))).toBe(false);
    const byDate = await read(false);
    expect(byDate.sessions.map((row) => row.registered)).toEqual([2, 2, 1]);
    expect(await read(true)).toEqual(byDate);
  });

  it("timesheet: each collaborator's minutes per session of the availabilities they are assigned to", async () => {
    const monitor = await collaboratorWith(t, []);
    const helper = await collaboratorWith(t, []);
    const team = (
      await owner.get(`/api/admin/availabilities/${camp.availability.cuid}/staff`)
    ).json().team as Array<{ cuid: string; email: string }>;
    const cuidOf = (email: string) => team.find((member) => member.email === email)!.cuid;
    const assigned = await owner.request(
      "PUT",
      `/api/admin/availabilities/${camp.availability.cuid}/staff`,
      {
        body: {
          staff: [
            { collaborator: cuidOf(monitor.email), role: "Moniteur", minutes_per_session: 90 },
          ],
        },
      },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().staff[0].minutes_per_session).toBe(90);
    const refused = await owner.request(
      "PUT",
      `/api/admin/availabilities/${workshop.availability.cuid}/staff`,
      {
        body: {
          staff: [{ collaborator: cuidOf(helper.email), role: "Aide", minutes_per_session: 0 }],
        },
      },
    );
    expect(refused.statusCode).toBe(400);
    // Without minutes: the whole session (an hour).
    const whole = await owner.request(
      "PUT",
      `/api/admin/availabilities/${workshop.availability.cuid}/staff`,
      {
        body: { staff: [{ collaborator: cuidOf(helper.email), role: "Aide" }] },
      },
    );
    expect(whole.statusCode, whole.body).toBe(200);

    const view = await report("timesheet", MARCH);
    expect(figures(view)).toEqual({
      minutes: [240, 0],
      sessions: [3, 0],
      collaborators: [2, 0],
    });
    expect(rows(view, "by_collaborator").map((row) => [row.sessions, row.minutes])).toEqual(
      expect.arrayContaining([
        [2, 180],
        [1, 60],
      ]),
    );
    const sessions = rows(view, "sessions").map((row) => [row.role, row.start_at, row.minutes]);
    expect(sessions).toEqual(
      expect.arrayContaining([
        ["Moniteur", "2031-03-10T08:00:00.000Z", 90],
        ["Moniteur", "2031-03-11T08:00:00.000Z", 90],
        ["Aide", "2031-03-20T13:00:00.000Z", 60],
      ]),
    );
  });

  it("exports a table as XLSX and CSV with the organiser's headers, and writes the download to the audit log", async () => {
    const xlsx = await owner.get(`/api/admin/reports/sales.xlsx?${MARCH}&table=discounts_refunds`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers["content-disposition"]).toMatch(
      /sales-discounts-refunds-\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    const sheet = await readSheet(xlsx.rawPayload);
    expect(sheet[0]).toEqual(["Nature", "Nombre", "Montant"]);
    expect(sheet).toContainEqual(["Codes promo", 1, 10]);
    expect(sheet).toContainEqual(["Remboursements au portefeuille", 1, 100]);

    const csv = await owner.get(
      `/api/admin/reports/participation.csv?${MARCH}&activity=${camp.activity.cuid}`,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Activité,Séances,Places offertes,Places prises,Taux de remplissage,Présents,Absents,Excusés",
    );
    expect(lines[1]).toBe("Stage des rapports,2,8,4,50.0 %,33.3 %,33.3 %,33.3 %");
    const log = await lastAuditByAction(t.db, demoId, "export.downloaded");
    expect(log).toMatchObject({
      entity: "report.participation",
      after: { format: "csv", table: "by_activity" },
    });
  });

  it("answers 400 to a reversed or too long period, an unknown filter or table, and changes nothing", async () => {
    for (const query of [
      "from=2031-03-31&to=2031-03-01",
      "from=2030-01-01&to=2031-03-01",
      "from=2031-02-30",
      "activity=nope",
      "group=year",
    ]) {
      const response = await owner.get(`/api/admin/reports/participation?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const table = await owner.get(`/api/admin/reports/sales.csv?${MARCH}&table=nope`);
    expect(table.statusCode).toBe(400);
    const format = await owner.get(`/api/admin/reports/sales.pdf?${MARCH}`);
    expect(format.statusCode).toBe(400);
  });

  it("lets a collaborator read only the reports their role grants", async () => {
    const { client } = await collaboratorWith(t, ["reports.sales.read"]);
    expect((await client.get(`/api/admin/reports/sales?${MARCH}`)).statusCode).toBe(200);
    expect((await client.get(`/api/admin/reports/treasury?${MARCH}`)).statusCode).toBe(403);
    expect((await client.get(`/api/admin/reports/treasury.xlsx?${MARCH}`)).statusCode).toBe(403);
    const ids = await t.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(inArray(registrations.availabilityId, [camp.availability.id]));
    expect(ids).toHaveLength(3);
  });
});
