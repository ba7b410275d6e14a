import {
  attendanceBillingConfigurations,
  attendanceBillingCycles,
  attendanceChargeItems,
  attendanceCharges,
  auditLogs,
  availabilities,
  availabilityDates,
  bankTransfers,
  customers,
  events,
  organisers,
  payments,
  walletTransactions,
} from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { addMonths, cycleMonthOf, lastEndedCycleMonth, monthlyCycleBounds } from "@booking/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueEndedCycles } from "../src/jobs/attendance-billing.ts";
import { camt053, uploadStatement } from "./bank-statement-files.ts";
import { availabilityWithDates, organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Attendance billing (issue 15 §4; docs/decisions/0064-attendance-billing.md): an activity's
// configuration, arrival and departure on the sheet, a month's preview, its issue by staff and by
// the end-of-month job (once, whatever the concurrency), adjusting an item, and the customer
// paying the charge from the account.

let t: TestApp;
let owner: Client;
let demoId: number;
const TZ = "Europe/Brussels";
const DAY = 24 * 3600 * 1000;
const log = pino({ level: "silent" });

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
  await t.db
    .update(organisers)
    .set({
      settings: sql`${organisers.settings} || ${JSON.stringify({
        online_payments_activated: true,
        bank_transfers_payments_activated: true,
      })}::jsonb`,
    })
    .where(eq(organisers.id, demoId));
});
afterAll(() => t.close());

let sequence = 0;

async function customer(walletAmount = 0) {
  sequence += 1;
  const made = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Garderie${sequence}`,
      email: `garderie-${sequence}-${Date.now()}@example.org`,
      walletAmount,
    },
    participant: { firstname: "Enfant", lastname: `Garderie${sequence}` },
  });
  const [row] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, made.customerId));
  const [participant] = await t.db
    .execute<{ cuid: string }>(sql`select cuid from participants where id = ${made.participantId}`)
    .then((result) => result.rows);
  return { ...made, cuid: row!.cuid, participantCuid: participant!.cuid };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/**
 * An after-school care with `dates` daily two-hour sessions; `inMonth` then moves them (as time
 * passing would) to the 10th of `month` onwards at 17:00 UTC, once the families are registered.
 */
async function care(month: string, dates = 2) {
  sequence += 1;
  const made = await availabilityWithDates(t, {
    organiserId: demoId,
    title: `Garderie ${sequence}`,
    capacity: 10,
    price: 0,
    deposit: 0,
    dateHours: 2,
    dates: Array.from({ length: dates }, () => ({ capacity: 10 })),
  });
  const first = monthlyCycleBounds(month, TZ).start.getTime() + 9 * DAY + 17 * 3600 * 1000;
  const moved = made.dates.map((date, index) => ({
    ...date,
    startAt: new Date(first + index * DAY),
    endAt: new Date(first + index * DAY + 2 * 3600 * 1000),
  }));
  const inMonth = async () => {
    for (const date of moved) {
      await t.db
        .update(availabilityDates)
        .set({ startAt: date.startAt, endAt: date.endAt })
        .where(eq(availabilityDates.id, date.id));
    }
    await t.db
      .update(availabilities)
      .set({ startAt: moved[0]!.startAt, endAt: moved.at(-1)!.endAt })
      .where(eq(availabilities.id, made.availability.id));
  };
  return { ...made, dates: moved, inMonth };
}
type Care = Awaited<ReturnType<typeof care>>;

async function register(who: Customer, target: Care) {
  const response = await owner.post("/api/admin/registrations", {
    customer: who.cuid,
    participant: who.participantCuid,
    availability: target.availability.cuid,
    availability_dates: target.dates.map((date) => ({ date_id: date.id })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().registration as { cuid: string };
}

const billingUrl = (target: Care) =>
  `/api/admin/activities/${target.activity.cuid}/attendance-billing`;
const sheetUrl = (target: Care, index: number) =>
  `/api/admin/availabilities/${target.availability.cuid}/dates/${target.dates[index]!.cuid}/attendance`;
const at = (date: { startAt: Date }, minutes: number) =>
  new Date(date.startAt.getTime() + minutes * 60_000).toISOString();

const halfHourly = {
  title: "Garderie du soir",
  description: "<p>Chaque demi-heure entamée</p><script>alert(1)</script>",
  pricing: "DURATION",
  unit_duration: 1800,
  unit_amount: 250,
  records_times: true,
};

async function auditActions(action: string) {
  const rows = await t.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(and(eq(auditLogs.organiserId, demoId), eq(auditLogs.action, action)));
  return rows.length;
}

const lastMonth = lastEndedCycleMonth(new Date(), TZ);

describe("an activity's attendance billing", () => {
  it("is created, read, replaced and removed, audited; bad input changes nothing", async () => {
    const target = await care(lastMonth);
    expect((await owner.get(billingUrl(target))).json()).toEqual({ attendance_billing: null });
    for (const bad of [
      { ...halfHourly, pricing: "HOURLY" },
      { ...halfHourly, unit_duration: 1000 },
      { ...halfHourly, unit_amount: -1 },
      { ...halfHourly, title: "" },
    ]) {
      const refused = await owner.put(billingUrl(target), bad);
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await owner.get(billingUrl(target))).json().attendance_billing).toBeNull();
    const created = await owner.put(billingUrl(target), halfHourly);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().attendance_billing).toMatchObject({
      title: "Garderie du soir",
      description: "<p>Chaque demi-heure entamée</p>",
      billing_cycle_type: "MONTHLY",
      pricing: "DURATION",
      unit_duration: 1800,
      unit_amount: 250,
      records_times: true,
      issued_months: [],
    });
    const replaced = await owner.put(billingUrl(target), { ...halfHourly, unit_amount: 300 });
    expect(replaced.json().attendance_billing.unit_amount).toBe(300);
    expect(await auditActions("attendance_billing.created")).toBeGreaterThanOrEqual(1);
    expect(await auditActions("attendance_billing.updated")).toBeGreaterThanOrEqual(1);
    const removed = await owner.delete(billingUrl(target));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await owner.get(billingUrl(target))).json().attendance_billing).toBeNull();
    expect((await owner.delete(billingUrl(target))).json().error).toBe(
      "ATTENDANCE_BILLING_NOT_FOUND",
    );
    expect((await owner.get("/api/admin/activities/nope/attendance-billing")).statusCode).toBe(404);
  });

  it("answers 404 for another organiser's activity and 403 without the permission", async () => {
    const enId = await organiserIdOf(t, "demo-en");
    const foreign = await availabilityWithDates(t, {
      organiserId: enId,
      title: "Other care",
      capacity: 5,
      price: 0,
      deposit: 0,
      dateHours: 2,
      dates: [{ capacity: 5 }],
    });
    const answer = await owner.put(
      `/api/admin/activities/${foreign.activity.cuid}/attendance-billing`,
      halfHourly,
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toBe("ACTIVITY_NOT_FOUND");
    const target = await care(lastMonth);
    const { client: reader } = await collaboratorWith(t, ["activities.attendance_billing.read"]);
    expect((await reader.get(billingUrl(target))).statusCode).toBe(200);
    expect((await reader.put(billingUrl(target), halfHourly)).statusCode).toBe(403);
    expect((await reader.post(`${billingUrl(target)}/cycles/${lastMonth}/issue`)).statusCode).toBe(
      403,
    );
  });
});

describe("arrival and departure on the attendance sheet", () => {
  it("records them where the billing asks, with the checks on times", async () => {
    const target = await care(lastMonth, 1);
    const child = await register(await customer(), target);
    await target.inMonth();
    const date = target.dates[0]!;
    const untimed = await owner.put(sheetUrl(target, 0), {
      entries: [{ registration: child.cuid, arrived_at: at(date, 0) }],
    });
    expect(untimed.statusCode).toBe(400);
    expect(untimed.json().fields).toEqual({ "entries.0.arrived_at": "NOT_ALLOWED" });
    await owner.put(billingUrl(target), halfHourly);
    const sheet = await owner.get(sheetUrl(target, 0));
    expect(sheet.json().records_times).toBe(true);
    const arrived = await owner.put(sheetUrl(target, 0), {
      entries: [{ registration: child.cuid, arrived_at: at(date, 10) }],
    });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().entries[0]).toMatchObject({
      attendance: "PRESENT",
      arrived_at: at(date, 10),
      departed_at: null,
    });
    const backwards = await owner.put(sheetUrl(target, 0), {
      entries: [{ registration: child.cuid, departed_at: at(date, 5) }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ "entries.0.departed_at": "TO_BEFORE_FROM" });
    const farAway = await owner.put(sheetUrl(target, 0), {
      entries: [{ registration: child.cuid, departed_at: at(date, 3 * 24 * 60) }],
    });
    expect(farAway.statusCode).toBe(400);
    const malformed = await owner.put(sheetUrl(target, 0), {
      entries: [{ registration: child.cuid, departed_at: "17h" }],
    });
    expect(malformed.statusCode).toBe(400);
    const left = await owner.put(sheetUrl(target, 0), {
      entries: [{ registration: child.cuid, departed_at: at(date, 150) }],
    });
    expect(left.json().entries[0]).toMatchObject({
      arrived_at: at(date, 10),
      departed_at: at(date, 150),
    });
    const absent = await owner.put(sheetUrl(target, 0), {
      entries: [{ registration: child.cuid, attendance: "ABSENT" }],
    });
    expect(absent.json().entries[0]).toMatchObject({
      attendance: "ABSENT",
      arrived_at: null,
      departed_at: null,
    });
  });
});

/** A care of last month, billed by the started half hour, with two families' presences. */
async function billedMonth() {
  const target = await care(lastMonth, 2);
  await owner.put(billingUrl(target), halfHourly);
  const a = await customer(10_000);
  const b = await customer();
  const ra = await register(a, target);
  const rb = await register(b, target);
  await target.inMonth();
  // a: 10 min → 2 h 20 (5 half hours) then the session's own 2 h (4); b: present without times.
  await owner.put(sheetUrl(target, 0), {
    entries: [
      {
        registration: ra.cuid,
        arrived_at: at(target.dates[0]!, 10),
        departed_at: at(target.dates[0]!, 140),
      },
      { registration: rb.cuid, attendance: "PRESENT" },
    ],
  });
  await owner.put(sheetUrl(target, 1), {
    entries: [
      { registration: ra.cuid, attendance: "PRESENT" },
      { registration: rb.cuid, attendance: "ABSENT" },
    ],
  });
  return { target, a, b };
}

async function chargesOf(target: Care) {
  return t.db
    .select({ charge: attendanceCharges })
    .from(attendanceCharges)
    .innerJoin(
      sql`attendance_billing_cycles c`,
      sql`c.organiser_id = ${attendanceCharges.organiserId} and c.id = ${attendanceCharges.billingCycleId}`,
    )
    .innerJoin(
      sql`attendance_billing_configurations g`,
      sql`g.organiser_id = c.organiser_id and g.id = c.configuration_id and g.activity_id = ${target.activity.id}`,
    );
}

describe("a month's charges", () => {
  it("previews, then issues once under concurrent staff and job runs, with its events", async () => {
    const { target, a, b } = await billedMonth();
    const cycleUrl = `${billingUrl(target)}/cycles/${lastMonth}`;
    const preview = await owner.get(cycleUrl);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ month: lastMonth, ended: true, issued_at: null });
    const byCustomer = (view: { charges: Array<{ customer: { cuid: string } }> }, who: Customer) =>
      view.charges.find((charge) => charge.customer.cuid === who.cuid) as unknown as {
        cuid: string | null;
        total_amount: number;
        total_duration: number;
        items: Array<{ cuid: string; amount: number }>;
      };
    expect(byCustomer(preview.json(), a)).toMatchObject({
      cuid: null,
      total_duration: 130 * 60 + 2 * 3600,
      total_amount: 5 * 250 + 4 * 250,
    });
    expect(byCustomer(preview.json(), b).total_amount).toBe(4 * 250);

    const runs = await Promise.all([
      ...Array.from({ length: 6 }, () => owner.post(`${cycleUrl}/issue`)),
      issueEndedCycles(t.db, new Date(), log),
      issueEndedCycles(t.db, new Date(), log),
    ]);
    const answers = runs.slice(0, 6) as Array<{ statusCode: number; json(): { error?: string } }>;
    const jobs = runs.slice(6) as number[];
    const issuedByStaff = answers.filter((answer) => answer.statusCode === 200).length;
    const jobIssued = jobs.reduce((sum, count) => sum + count, 0);
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    for (const answer of answers.filter((answer) => answer.statusCode === 409)) {
      expect(answer.json().error).toBe("ATTENDANCE_CYCLE_ALREADY_ISSUED");
    }
    // Every configuration of last month is issued by someone; this one exactly once.
    expect(issuedByStaff <= 1).toBe(true);
    expect(issuedByStaff + jobIssued).toBeGreaterThanOrEqual(1);
    const charges = await chargesOf(target);
    expect(charges).toHaveLength(2);
    expect(await issueEndedCycles(t.db, new Date(), log)).toBe(0);
    expect(await chargesOf(target)).toHaveLength(2);
    for (const { charge } of charges) {
      expect(charge.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$|^RF\d+$/);
      const emitted = await t.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.type, "attendance-charge.created"),
            sql`${events.payload}->>'attendance_charge_cuid' = ${charge.cuid}`,
          ),
        );
      expect(emitted).toHaveLength(1);
    }
    const issued = await owner.get(cycleUrl);
    expect(issued.json().issued_at).not.toBeNull();
    // Each charge owed is on the console's outstanding list, with its activity and month.
    const [aRow] = await t.db.select().from(customers).where(eq(customers.id, a.customerId));
    const owed = await owner.get(
      `/api/admin/outstanding?type=ATTENDANCE_CHARGE&q=${encodeURIComponent(aRow!.email)}`,
    );
    expect(owed.statusCode, owed.body).toBe(200);
    expect(owed.json().data).toEqual([
      expect.objectContaining({
        type: "ATTENDANCE_CHARGE",
        reference: expect.any(String),
        customer: expect.objectContaining({ cuid: a.cuid }),
        amount_due: 2250,
        subject: {
          cuid: target.activity.cuid,
          label: expect.any(String),
          at: monthlyCycleBounds(lastMonth, TZ).start.toISOString(),
        },
      }),
    ]);
    expect(byCustomer(issued.json(), a).total_amount).toBe(2250);
    expect(byCustomer(issued.json(), a).items).toHaveLength(2);
    expect((await owner.get(billingUrl(target))).json().attendance_billing.issued_months).toEqual([
      lastMonth,
    ]);
    expect((await owner.delete(billingUrl(target))).json().error).toBe("ATTENDANCE_BILLING_IN_USE");
  });

  it("refuses a month that has not ended and a bad month", async () => {
    const thisMonth = lastEndedCycleMonth(new Date(Date.now() + 40 * DAY), TZ);
    const target = await care(lastMonth, 1);
    await owner.put(billingUrl(target), halfHourly);
    const early = await owner.post(`${billingUrl(target)}/cycles/${thisMonth}/issue`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("ATTENDANCE_CYCLE_NOT_ENDED");
    expect((await owner.get(`${billingUrl(target)}/cycles/2026-13`)).statusCode).toBe(400);
  });

  it("adjusts an issued item, audited, never below what was paid; the customer pays it", async () => {
    const { target, a } = await billedMonth();
    const cycleUrl = `${billingUrl(target)}/cycles/${lastMonth}`;
    const issue = await owner.post(`${cycleUrl}/issue`);
    // The job of the previous test may have issued it first: both paths write the same charges.
    expect([200, 409]).toContain(issue.statusCode);
    const [charge] = (await chargesOf(target))
      .map((row) => row.charge)
      .filter((row) => row.customerId === a.customerId);
    const [item] = await t.db
      .select()
      .from(attendanceChargeItems)
      .where(eq(attendanceChargeItems.attendanceChargeId, charge!.id))
      .orderBy(attendanceChargeItems.id);
    const itemUrl = `/api/admin/attendance-charges/${charge!.cuid}/items/${item!.cuid}`;
    const patch = (client: Client, body: unknown) => client.request("PATCH", itemUrl, { body });
    expect((await patch(owner, { amount: 1000 })).statusCode).toBe(400);
    const adjusted = await patch(owner, { amount: 1000, note: "Parti plus tôt" });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const [after] = await t.db
      .select()
      .from(attendanceCharges)
      .where(eq(attendanceCharges.id, charge!.id));
    expect(after!.totalAmount).toBe(2250 - 1250 + 1000);
    expect(await auditActions("attendance_charge.item_adjusted")).toBeGreaterThanOrEqual(1);
    expect(
      (
        await owner.request("PATCH", `/api/admin/attendance-charges/${charge!.cuid}/items/nope`, {
          body: { amount: 1, note: "x" },
        })
      ).json().error,
    ).toBe("ATTENDANCE_CHARGE_ITEM_NOT_FOUND");

    // The customer's account: the charge with its reference and the transfer's details.
    const detail = await a.client.get(`/api/attendance-charges/${charge!.cuid}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().attendance_charge).toMatchObject({
      reference: charge!.reference,
      amount_due: 2000,
      total_amount: 2000,
      bank_transfer: expect.objectContaining({ amount: 2000, reference: charge!.reference }),
    });
    const destination = { type: "ATTENDANCE_CHARGE", id: charge!.id };
    const stranger = await customer(10_000);
    const foreign = await stranger.client.post("/api/transactions/wallet", {
      amount: 100,
      destination,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ATTENDANCE_CHARGE_NOT_FOUND");
    const tooMuch = await a.client.post("/api/transactions/wallet", { amount: 2500, destination });
    expect(tooMuch.json().error).toBe("AMOUNT_ABOVE_DUE");
    // Six wallet payments of 500 at once: four go through, nothing is overpaid.
    const paid = await Promise.all(
      Array.from({ length: 6 }, () =>
        a.client.post("/api/transactions/wallet", { amount: 500, destination }),
      ),
    );
    expect(paid.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
    const [settled] = await t.db
      .select()
      .from(attendanceCharges)
      .where(eq(attendanceCharges.id, charge!.id));
    expect(settled!.paidAmount).toBe(2000);
    const movements = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.attendanceChargeId, charge!.id));
    expect(movements).toHaveLength(4);
    // Now paid: lowering an item below what was paid is refused.
    const below = await patch(owner, { amount: 0, note: "Erreur" });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toBe("ATTENDANCE_ADJUSTMENT_BELOW_PAID");
  });

  it("is paid online through the provider, credited once", async () => {
    const { target, b } = await billedMonth();
    await owner.post(`${billingUrl(target)}/cycles/${lastMonth}/issue`);
    const [charge] = (await chargesOf(target))
      .map((row) => row.charge)
      .filter((row) => row.customerId === b.customerId);
    const destination = { type: "ATTENDANCE_CHARGE", id: charge!.id };
    const body = {
      customer_id: b.customerId,
      reference: charge!.reference,
      destination,
      return_url: `/fr/account/attendance-charges/${charge!.cuid}`,
    };
    const stale = await b.client.post("/api/transactions/checkout", { ...body, reference: "x" });
    expect(stale.statusCode).toBe(400);
    const started = await b.client.post("/api/transactions/checkout", body);
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.cuid, started.json().payment.cuid));
    expect(payment).toMatchObject({ attendanceChargeId: charge!.id, amount: 1000 });
    await t.db
      .update(payments)
      .set({
        providerState: sql`${payments.providerState} || ${JSON.stringify({ status: "paid" })}::jsonb`,
      })
      .where(eq(payments.id, payment!.id));
    const hook = () =>
      b.client.request("POST", "/api/payments/webhook/test", {
        rawBody: JSON.stringify({ id: payment!.providerPaymentId }),
        headers: { "content-type": "application/json" },
        xsrf: false,
      });
    const hooks = await Promise.all([hook(), hook(), hook()]);
    expect(hooks.every((answer) => answer.statusCode === 200)).toBe(true);
    const [after] = await t.db
      .select()
      .from(attendanceCharges)
      .where(eq(attendanceCharges.id, charge!.id));
    expect(after!.paidAmount).toBe(1000);
    const view = await b.client.get(`/api/transactions/payments/${payment!.cuid}`);
    expect(view.json().payment).toMatchObject({ status: "paid", destination });
  });
});

describe("an attendance charge paid by bank transfer (decision 0067)", () => {
  let statements = 0;
  /** A CAMT.053 file of its own statement paying `reference` with each of `amounts`. */
  function transferFile(reference: string, amounts: number[]) {
    statements += 1;
    const id = `ATT-${statements}-${Date.now()}`;
    return Buffer.from(
      camt053(
        amounts.map((amount, index) => ({
          amount,
          bankReference: `${id}-${index}`,
          structured: reference,
          counterparty: "Parent Garderie",
        })),
        { iban: "BE68539007547034", statementId: id, number: String(statements) },
      ),
    );
  }
  const chargeRow = async (id: number) =>
    (await t.db.select().from(attendanceCharges).where(eq(attendanceCharges.id, id)))[0]!;
  async function issuedCharges() {
    const { target, a, b } = await billedMonth();
    const issue = await owner.post(`${billingUrl(target)}/cycles/${lastMonth}/issue`);
    expect([200, 409]).toContain(issue.statusCode);
    const rows = (await chargesOf(target)).map((row) => row.charge);
    const of = (who: Customer) => rows.find((row) => row.customerId === who.customerId)!;
    return { a, b, chargeA: of(a), chargeB: of(b) };
  }
  const walletOf = async (who: Customer) =>
    (await t.db.select().from(customers).where(eq(customers.id, who.customerId)))[0]!.walletAmount;

  it("is credited in part, then in full with the rest to the wallet; a re-import credits nothing twice", async () => {
    const { a, chargeA } = await issuedCharges();
    expect(chargeA.totalAmount).toBe(2250);
    const first = transferFile(chargeA.reference!, [1000]);
    const imported = await uploadStatement(t.app, owner, "garderie.xml", first);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: 1, matched: 1 });
    expect(imported.json().lines[0].transfer).toMatchObject({
      wallet_credit: 0,
      target: { type: "ATTENDANCE_CHARGE", cuid: chargeA.cuid, reference: chargeA.reference },
      customer: { cuid: a.cuid },
    });
    expect((await chargeRow(chargeA.id)).paidAmount).toBe(1000);
    // The account's detail page reads what is still owed.
    const detail = await a.client.get(`/api/attendance-charges/${chargeA.cuid}`);
    expect(detail.json().attendance_charge).toMatchObject({ amount_due: 1250 });

    const again = await uploadStatement(t.app, owner, "garderie.xml", first);
    expect(again.json()).toMatchObject({ imported: 0, duplicates: 1, matched: 0 });
    expect((await chargeRow(chargeA.id)).paidAmount).toBe(1000);

    // 2,000 more for 1,250 still owed: the charge is settled, 750 go to the wallet; a third
    // transfer finds nothing owed and waits for a person.
    const walletBefore = await walletOf(a);
    const rest = await uploadStatement(
      t.app,
      owner,
      "garderie-2.xml",
      transferFile(chargeA.reference!, [2000, 500]),
    );
    expect(rest.statusCode, rest.body).toBe(201);
    const [paid, late] = rest.json().lines;
    expect(paid).toMatchObject({ status: "MATCHED", transfer: { wallet_credit: 750 } });
    expect(late).toMatchObject({ status: "UNMATCHED", reason: "ALREADY_PAID" });
    expect((await chargeRow(chargeA.id)).paidAmount).toBe(2250);
    expect(await walletOf(a)).toBe(walletBefore + 750);
    const overpaid = await t.db
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.attendanceChargeId, chargeA.id),
          eq(walletTransactions.reason, "OVERPAYMENT"),
        ),
      );
    expect(overpaid.map((row) => row.amount)).toEqual([750]);
    const settled = await a.client.get(`/api/attendance-charges/${chargeA.cuid}`);
    expect(settled.json().attendance_charge.amount_due).toBe(0);

    // As for orders: an event per transfer, the import audited with what it matched.
    const transfers = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.attendanceChargeId, chargeA.id));
    expect(transfers).toHaveLength(2);
    for (const transfer of transfers) {
      const emitted = await t.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.type, "bank_statement.transfer.reconciled"),
            sql`${events.payload}->>'transfer_cuid' = ${transfer.cuid}`,
          ),
        );
      expect(emitted).toHaveLength(1);
    }
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organiserId, demoId),
          eq(auditLogs.action, "bank_statement.imported"),
          sql`${auditLogs.after}->>'file_name' = 'garderie-2.xml'`,
        ),
      );
    expect(audit!.after).toMatchObject({
      matched: [{ attendance_charge: chargeA.reference, amount: 2000 }],
    });

    // Undoing the first line gives its 1,000 back; the statement line is unmatched again.
    const undone = await owner.post(
      `/api/admin/bank-statement-lines/${imported.json().lines[0].cuid}/undo`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: "UNMATCHED", transfer: null });
    expect((await chargeRow(chargeA.id)).paidAmount).toBe(1250);
  });

  it("credits once when the same file is imported by concurrent requests", async () => {
    const { chargeB } = await issuedCharges();
    const file = transferFile(chargeB.reference!, [400]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => uploadStatement(t.app, owner, "concurrent.xml", file)),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.json().matched, 0)).toBe(1);
    expect((await chargeRow(chargeB.id)).paidAmount).toBe(400);
    const transfers = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.attendanceChargeId, chargeB.id));
    expect(transfers).toHaveLength(1);
  });

  it("never matches another organiser's line carrying its reference", async () => {
    const { chargeB } = await issuedCharges();
    const before = (await chargeRow(chargeB.id)).paidAmount;
    const other = await collaboratorWith(t, "owner", "demo-en");
    const answer = await uploadStatement(
      t.app,
      other.client,
      "other.xml",
      transferFile(chargeB.reference!, [300]),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().lines[0]).toMatchObject({
      status: "UNMATCHED",
      reason: "UNKNOWN_REFERENCE",
    });
    expect((await chargeRow(chargeB.id)).paidAmount).toBe(before);
    const foreign = await other.client.post(
      `/api/admin/attendance-charges/${chargeB.cuid}/bank-transfers`,
      { amount: 100, received_on: "2026-11-20" },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ATTENDANCE_CHARGE_NOT_FOUND");
    const match = await other.client.post(
      `/api/admin/bank-statement-lines/${answer.json().lines[0].cuid}/match`,
      { attendance_charge: chargeB.cuid },
    );
    expect(match.json().error).toBe("ATTENDANCE_CHARGE_NOT_FOUND");
  });

  it("is recorded by hand or matched by hand in the console, listed with the charge's reference", async () => {
    const { chargeA, chargeB } = await issuedCharges();
    const recorded = await owner.post(
      `/api/admin/attendance-charges/${chargeB.cuid}/bank-transfers`,
      { amount: 600, received_on: "2026-11-20", note: "Virement papier" },
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().target).toMatchObject({
      type: "ATTENDANCE_CHARGE",
      reference: chargeB.reference,
      amount_due: chargeB.totalAmount - chargeB.paidAmount - 600,
    });
    const listed = await owner.get(
      `/api/admin/payments?type=TRANSFER&q=${encodeURIComponent(chargeB.reference!)}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((row: { cuid: string }) => row.cuid)).toContain(
      recorded.json().cuid,
    );
    expect(
      listed.json().data.find((row: { cuid: string }) => row.cuid === recorded.json().cuid),
    ).toMatchObject({ reference: chargeB.reference });
    const cancelled = await owner.delete(`/api/admin/bank-transfers/${recorded.json().cuid}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().target.paid_amount).toBe(chargeB.paidAmount);

    // A line without a reference, matched by hand to the charge.
    statements += 1;
    const id = `ATT-HAND-${Date.now()}`;
    const loose = await uploadStatement(
      t.app,
      owner,
      "sans-reference.xml",
      Buffer.from(
        camt053([{ amount: 250, bankReference: id, communication: "Garderie octobre" }], {
          statementId: id,
          number: String(statements),
        }),
      ),
    );
    const line = loose.json().lines[0];
    expect(line).toMatchObject({ status: "UNMATCHED", reason: "NO_REFERENCE" });
    const offered = await owner.get(
      `/api/admin/bank-statement-lines/${line.cuid}/carts?q=${encodeURIComponent(chargeA.reference!)}`,
    );
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().attendance_charges).toEqual([
      expect.objectContaining({
        cuid: chargeA.cuid,
        reference: chargeA.reference,
        amount_due: chargeA.totalAmount - chargeA.paidAmount,
      }),
    ]);
    const both = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/match`, {
      cart: chargeA.cuid,
      attendance_charge: chargeA.cuid,
    });
    expect(both.statusCode).toBe(400);
    const matched = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/match`, {
      attendance_charge: chargeA.cuid,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().transfer.target).toMatchObject({
      type: "ATTENDANCE_CHARGE",
      cuid: chargeA.cuid,
    });
    expect((await chargeRow(chargeA.id)).paidAmount).toBe(chargeA.paidAmount + 250);
  });
});

describe("the job catching up (decision 0072)", () => {
  it("issues every ended month since the configuration began, once under racing runs; staff pick any", async () => {
    const first = addMonths(lastMonth, -2);
    const target = await care(first, 2);
    await owner.put(billingUrl(target), halfHourly);
    const a = await customer();
    const registration = await register(a, target);
    await target.inMonth();
    for (const index of [0, 1]) {
      await owner.put(sheetUrl(target, index), {
        entries: [{ registration: registration.cuid, attendance: "PRESENT" }],
      });
    }
    // The configuration began in `first`: the workers were down for three month ends.
    await t.db
      .update(attendanceBillingConfigurations)
      .set({ createdAt: new Date(monthlyCycleBounds(first, TZ).start.getTime() + DAY) })
      .where(eq(attendanceBillingConfigurations.activityId, target.activity.id));
    const before = (await owner.get(billingUrl(target))).json().attendance_billing;
    expect(before.months_to_issue).toEqual([first, addMonths(first, 1), lastMonth]);

    // Staff issue a month that is not the last by hand.
    const byHand = await owner.post(`${billingUrl(target)}/cycles/${addMonths(first, 1)}/issue`);
    expect(byHand.statusCode, byHand.body).toBe(200);

    await Promise.all([
      issueEndedCycles(t.db, new Date(), log),
      issueEndedCycles(t.db, new Date(), log),
    ]);
    const after = (await owner.get(billingUrl(target))).json().attendance_billing;
    expect([...after.issued_months].sort()).toEqual([first, addMonths(first, 1), lastMonth]);
    expect(after.months_to_issue).toEqual([]);
    const charges = await chargesOf(target);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.charge.totalAmount).toBe(2 * 4 * 250);
    expect(await issueEndedCycles(t.db, new Date(), log)).toBe(0);

    // The clock moves past the running month's end: the next run issues it, and only it.
    const later = new Date(
      monthlyCycleBounds(addMonths(lastMonth, 2), TZ).start.getTime() + 3600_000,
    );
    await issueEndedCycles(t.db, later, log);
    const cycles = await t.db
      .select({ startAt: attendanceBillingCycles.startAt })
      .from(attendanceBillingCycles)
      .innerJoin(
        attendanceBillingConfigurations,
        eq(attendanceBillingConfigurations.id, attendanceBillingCycles.configurationId),
      )
      .where(eq(attendanceBillingConfigurations.activityId, target.activity.id));
    expect(cycles.map((cycle) => cycleMonthOf(cycle.startAt, TZ)).sort()).toEqual([
      first,
      addMonths(first, 1),
      lastMonth,
      addMonths(lastMonth, 1),
    ]);
    expect(await chargesOf(target)).toHaveLength(1);
  });
});
