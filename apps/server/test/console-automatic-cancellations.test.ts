import {
  availabilities,
  availabilityDates,
  customers,
  events,
  participants,
  registrationCancellations,
  registrations,
  walletTransactions,
} from "@booking/db";
import { and, eq, inArray, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAutomaticCancellations } from "../src/modules/automatic-cancellations/job.ts";
import { availabilityWithDates, organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditOf } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Automatic cancellations, restoring a cancellation and replacing a participant (issue 17 §4,
// docs/decisions/0088-automatic-cancellations.md). The job runs at a chosen `now`: the clock.

let t: TestApp;
let owner: Client;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let sequence = 0;

async function family() {
  sequence += 1;
  const made = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Auto${sequence}`,
      email: `auto-${sequence}-${Date.now()}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Auto${sequence}` },
  });
  const rows = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, made.customerId));
  const [second] = await t.db
    .insert(participants)
    .values({
      organiserId: demoId,
      customerId: made.customerId,
      firstname: "Cadet",
      lastname: `Auto${sequence}`,
    })
    .returning({ cuid: participants.cuid });
  const [first] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, made.participantId));
  return { ...made, cuid: rows[0]!.cuid, participantCuid: first!.cuid, secondCuid: second!.cuid };
}
type Family = Awaited<ReturnType<typeof family>>;

/** A one-date camp of `places` places starting in `startsInDays` days, 100.00, 20.00 deposit. */
async function camp(places: number, startsInDays = 30) {
  sequence += 1;
  return availabilityWithDates(t, {
    organiserId: demoId,
    title: `Stage auto ${sequence}`,
    capacity: places,
    price: 10_000,
    deposit: 2_000,
    startsInDays,
    dateHours: 3,
    dates: [{ capacity: places }],
  });
}
type Camp = Awaited<ReturnType<typeof camp>>;

async function register(who: Family, target: Camp, participant = who.participantCuid) {
  const response = await owner.post("/api/admin/registrations", {
    customer: who.cuid,
    participant,
    availability: target.availability.cuid,
    availability_dates: target.dates.map((date) => ({ date_id: date.id })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().registration as { cuid: string };
}

async function rowOf(cuid: string) {
  const [row] = await t.db.select().from(registrations).where(eq(registrations.cuid, cuid));
  return row!;
}

async function cancellationsOf(cuid: string) {
  const registration = await rowOf(cuid);
  return t.db
    .select()
    .from(registrationCancellations)
    .where(eq(registrationCancellations.registrationId, registration.id));
}

async function registeredOn(target: Camp): Promise<number> {
  const [row] = await t.db
    .select({ registered: availabilityDates.registered })
    .from(availabilityDates)
    .where(eq(availabilityDates.id, target.dates[0]!.id));
  return row!.registered;
}

async function eventsAbout(type: string, cuid: string): Promise<number> {
  const rows = await t.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(eq(events.type, type as never), sql`${events.payload}->>'registration_cuid' = ${cuid}`),
    );
  return rows.length;
}

async function payInPart(cuid: string, amount: number) {
  await t.db.update(registrations).set({ paidAmount: amount }).where(eq(registrations.cuid, cuid));
}

describe("the unpaid orders' rule", () => {
  it("is read and set in the console (null turns it off), refusing a bad delay with a 400", async () => {
    expect((await owner.get("/api/admin/settings/automatic-cancellations")).json()).toEqual({
      delay_hours: null,
    });
    const bad = await owner.put("/api/admin/settings/automatic-cancellations", {
      delay_hours: 0,
    });
    expect(bad.statusCode).toBe(400);
    const saved = await owner.put("/api/admin/settings/automatic-cancellations", {
      delay_hours: 48,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await owner.get("/api/admin/settings/automatic-cancellations")).json()).toEqual({
      delay_hours: 48,
    });
    const audit = await lastAuditOf(t.db, (await rowOfOrganiser()).cuid);
    expect(audit?.action).toBe("automatic_cancellation.unpaid_rule_updated");
  });

  it("cancels, once the delay has passed, the orders below their deposit, and only them; twice at once cancels once", async () => {
    await owner.put("/api/admin/settings/automatic-cancellations", { delay_hours: 48 });
    const target = await camp(10);
    const unpaid = await register(await family(), target);
    const deposited = await register(await family(), target);
    await payInPart(deposited.cuid, 2_000);
    expect(await registeredOn(target)).toBe(2);

    // Before the delay: nothing.
    await runAutomaticCancellations(t.db, new Date(Date.now() + 47 * HOUR));
    expect((await rowOf(unpaid.cuid)).cancelled).toBe(false);

    // Two runs at once, after the delay.
    const later = new Date(Date.now() + 49 * HOUR);
    await Promise.all([
      runAutomaticCancellations(t.db, later, 1),
      runAutomaticCancellations(t.db, later, 1),
    ]);
    expect((await rowOf(unpaid.cuid)).cancelled).toBe(true);
    expect((await rowOf(deposited.cuid)).cancelled).toBe(false);
    const recorded = await cancellationsOf(unpaid.cuid);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ type: "automatic", customerId: null, paidAmount: 0 });
    expect(await registeredOn(target)).toBe(1);
    expect(await eventsAbout("registration.cancellation.created", unpaid.cuid)).toBe(1);

    // Turned off: nothing more is cancelled.
    await owner.put("/api/admin/settings/automatic-cancellations", { delay_hours: null });
    const another = await register(await family(), target);
    await runAutomaticCancellations(t.db, new Date(Date.now() + 100 * DAY));
    expect((await rowOf(another.cuid)).cancelled).toBe(false);
  });
});

async function rowOfOrganiser() {
  const result = await t.db.execute<{ cuid: string }>(
    sql`select cuid from organisers where id = ${demoId}`,
  );
  return result.rows[0]!;
}

describe("an availability's minimum of participants", () => {
  it("is set per availability (validated), shown with its deadline and count, and deleted", async () => {
    const target = await camp(10, 20);
    const url = `/api/admin/availabilities/${target.availability.cuid}/automatic-cancellation`;
    expect((await owner.get(url)).json()).toEqual({ automatic_cancellation: null });
    expect(
      (await owner.put(url, { minimum_participants: 0, days_before: 3, refund: "WALLET" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await owner.put(url, { minimum_participants: 3, days_before: 3, refund: "CASH" }))
        .statusCode,
    ).toBe(400);
    const saved = await owner.put(url, {
      minimum_participants: 3,
      days_before: 5,
      refund: "WALLET",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().automatic_cancellation).toMatchObject({
      minimum_participants: 3,
      days_before: 5,
      refund: "WALLET",
      registered: 0,
      executed_at: null,
      deadline: new Date(target.availability.startAt.getTime() - 5 * DAY).toISOString(),
    });
    expect((await lastAuditOf(t.db, target.availability.cuid))?.action).toBe(
      "automatic_cancellation.created",
    );
    expect((await owner.delete(url)).statusCode).toBe(200);
    expect((await owner.get(url)).json()).toEqual({ automatic_cancellation: null });
    expect((await owner.delete(url)).statusCode).toBe(404);
  });

  it("cancels every registration at its deadline when too few registered, refunds what was paid to the wallet and closes the availability", async () => {
    const target = await camp(10, 20);
    const url = `/api/admin/availabilities/${target.availability.cuid}/automatic-cancellation`;
    await owner.put(url, { minimum_participants: 3, days_before: 5, refund: "WALLET" });
    const paying = await family();
    const paid = await register(paying, target);
    await payInPart(paid.cuid, 2_000);
    const other = await register(await family(), target);

    // Before the deadline: kept.
    await runAutomaticCancellations(t.db, new Date(Date.now() + 14 * DAY));
    expect((await rowOf(paid.cuid)).cancelled).toBe(false);

    const atDeadline = new Date(Date.now() + 15 * DAY + HOUR);
    await Promise.all([
      runAutomaticCancellations(t.db, atDeadline),
      runAutomaticCancellations(t.db, atDeadline),
    ]);
    for (const cuid of [paid.cuid, other.cuid]) {
      const recorded = await cancellationsOf(cuid);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.type).toBe("automatic-insufficient-participants");
      expect(await eventsAbout("registration.cancellation.created", cuid)).toBe(1);
    }
    expect(await registeredOn(target)).toBe(0);
    const refunds = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.registrationId, (await rowOf(paid.cuid)).id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 2_000, reason: "REFUND" });
    const [wallet] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, paying.customerId));
    expect(wallet!.amount).toBe(2_000);
    const [availability] = await t.db
      .select({ status: availabilities.status })
      .from(availabilities)
      .where(eq(availabilities.id, target.availability.id));
    expect(availability!.status).toBe("CLOSED");
    expect((await owner.get(url)).json().automatic_cancellation).toMatchObject({
      cancelled_count: 2,
      registered: 0,
    });
    // Executed once: a later run changes nothing.
    await runAutomaticCancellations(t.db, new Date(atDeadline.getTime() + DAY));
    expect(await cancellationsOf(paid.cuid)).toHaveLength(1);
  });

  it("keeps the availability when enough registered", async () => {
    const target = await camp(10, 20);
    const url = `/api/admin/availabilities/${target.availability.cuid}/automatic-cancellation`;
    await owner.put(url, { minimum_participants: 1, days_before: 5, refund: "NONE" });
    const kept = await register(await family(), target);
    await runAutomaticCancellations(t.db, new Date(Date.now() + 16 * DAY));
    expect((await rowOf(kept.cuid)).cancelled).toBe(false);
    expect((await owner.get(url)).json().automatic_cancellation).toMatchObject({
      cancelled_count: 0,
    });
  });
});

describe("restoring a cancellation", () => {
  it("gives the places back, emits registration.cancellation.restored and audits; a second restore is 409", async () => {
    const target = await camp(5);
    const made = await register(await family(), target);
    const cancel = await owner.post(`/api/admin/registrations/${made.cuid}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await registeredOn(target)).toBe(0);

    const restored = await owner.post(`/api/admin/registrations/${made.cuid}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().registration.cancelled).toBe(false);
    expect(await registeredOn(target)).toBe(1);
    expect(await eventsAbout("registration.cancellation.restored", made.cuid)).toBe(1);
    expect((await cancellationsOf(made.cuid))[0]!.restoredAt).not.toBeNull();
    expect((await lastAuditOf(t.db, made.cuid))?.action).toBe("registration.restored");

    const again = await owner.post(`/api/admin/registrations/${made.cuid}/restore`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("REGISTRATION_NOT_CANCELLED");
  });

  it("refuses a registration refunded to the wallet (409) and one with no place left (409 AVAILABILITY_FULL)", async () => {
    const target = await camp(1);
    const refunded = await register(await family(), target);
    await payInPart(refunded.cuid, 1_000);
    await owner.post(`/api/admin/registrations/${refunded.cuid}/cancel`, { refund: "wallet" });
    const refusedRefund = await owner.post(`/api/admin/registrations/${refunded.cuid}/restore`, {});
    expect(refusedRefund.json().error).toBe("REGISTRATION_REFUNDED");

    const first = await register(await family(), target);
    await owner.post(`/api/admin/registrations/${first.cuid}/cancel`, {});
    await register(await family(), target);
    const full = await owner.post(`/api/admin/registrations/${first.cuid}/restore`, {});
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe("AVAILABILITY_FULL");
    expect((await rowOf(first.cuid)).cancelled).toBe(true);
    expect(await registeredOn(target)).toBe(1);
  });

  it("restores only into the places left when staff restore two at once for the last place", async () => {
    const target = await camp(2);
    const first = await register(await family(), target);
    const second = await register(await family(), target);
    for (const entry of [first, second]) {
      await owner.post(`/api/admin/registrations/${entry.cuid}/cancel`, {});
    }
    await register(await family(), target);
    const answers = await Promise.all(
      [first, second].map((entry) =>
        owner.post(`/api/admin/registrations/${entry.cuid}/restore`, {}),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await registeredOn(target)).toBe(2);
  });
});

describe("replacing a participant", () => {
  it("puts another participant of the family on the place, audited; refuses a stranger's (404), a duplicate (409) and a cancelled registration (409)", async () => {
    const target = await camp(5);
    const who = await family();
    const made = await register(who, target);
    const url = `/api/admin/registrations/${made.cuid}/replace`;

    const stranger = await family();
    expect((await owner.post(url, { participant: stranger.participantCuid })).statusCode).toBe(404);
    expect((await owner.post(url, {})).statusCode).toBe(400);

    const choices = await owner.get(`/api/admin/registrations/${made.cuid}/replacements`);
    expect(choices.json().data.map((choice: { cuid: string }) => choice.cuid)).toEqual([
      who.secondCuid,
    ]);
    const replaced = await owner.post(url, { participant: who.secondCuid });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().registration.participant.cuid).toBe(who.secondCuid);
    const audit = await lastAuditOf(t.db, made.cuid);
    expect(audit).toMatchObject({ action: "registration.participant_replaced" });
    expect(audit!.before).toMatchObject({ participant: who.participantCuid });

    // The first child registers again; moving the place back to them is a duplicate.
    await register(who, target, who.participantCuid);
    const duplicate = await owner.post(url, { participant: who.participantCuid });
    expect(duplicate.json().error).toBe("PARTICIPANT_ALREADY_REGISTERED");

    await owner.post(`/api/admin/registrations/${made.cuid}/cancel`, {});
    const cancelled = await owner.post(url, { participant: who.participantCuid });
    expect(cancelled.json().error).toBe("REGISTRATION_CANCELLED");
  });

  it("re-checks the availability's age limits for the newcomer", async () => {
    const target = await camp(5);
    await t.db
      .update(availabilities)
      .set({ ageMinimum: 6, ageMaximum: 12 })
      .where(eq(availabilities.id, target.availability.id));
    const who = await family();
    await t.db
      .update(participants)
      .set({ birthdate: "2018-01-01" })
      .where(inArray(participants.cuid, [who.participantCuid]));
    await t.db
      .update(participants)
      .set({ birthdate: "1990-01-01" })
      .where(eq(participants.cuid, who.secondCuid));
    const made = await register(who, target);
    const answer = await owner.post(`/api/admin/registrations/${made.cuid}/replace`, {
      participant: who.secondCuid,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe("AGE_OUT_OF_RANGE");
  });
});

describe("registration notes", () => {
  it("are written, edited and deleted by staff on a registration, with their author, audited; a blank one is 400", async () => {
    const made = await register(await family(), await camp(5));
    const url = `/api/admin/registrations/${made.cuid}/notes`;
    expect((await owner.post(url, { body: "  " })).statusCode).toBe(400);
    const created = await owner.post(url, { body: "Allergique aux arachides" });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json();
    expect(note).toMatchObject({
      body: "Allergique aux arachides",
      author: { email: DEMO_OWNER_EMAIL },
    });
    expect((await lastAuditOf(t.db, note.cuid))?.action).toBe("registration_note.created");

    const edited = await owner.put(`${url}/${note.cuid}`, { body: "Allergique aux noix" });
    expect(edited.json().body).toBe("Allergique aux noix");
    expect((await owner.get(url)).json().data.map((row: { body: string }) => row.body)).toEqual([
      "Allergique aux noix",
    ]);
    expect((await owner.delete(`${url}/${note.cuid}`)).statusCode).toBe(200);
    expect((await owner.get(url)).json().data).toEqual([]);
    expect((await owner.delete(`${url}/${note.cuid}`)).statusCode).toBe(404);
    expect((await lastAuditOf(t.db, note.cuid))?.action).toBe("registration_note.deleted");
  });
});
