import {
  bankTransfers,
  bookingParticipations,
  customers,
  organisers,
  participants,
} from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { camt053, uploadStatement } from "./bank-statement-files.ts";
import { organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Booking shares paid by bank transfer (docs/decisions/0072): a share gets its structured
// reference when its booking's page is read, the page shows the transfer to make, and a statement
// line carrying it — or staff, by hand — credits the share, once whatever the concurrency; the
// console's payments list shows the share's payments.

let t: TestApp;
let owner: Client;
let staff: Awaited<ReturnType<typeof collaboratorWith>>;
let demoId: number;
let resource: { id: number; cuid: string };
let slots: Date[];
let counter = 0;
const HOUR = 3600;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
  await t.db
    .update(organisers)
    .set({
      settings: sql`${organisers.settings} || ${JSON.stringify({
        bank_transfers_payments_activated: true,
      })}::jsonb`,
    })
    .where(eq(organisers.id, demoId));
  staff = await collaboratorWith(t, ["resources.resources.create", "bookings.bookings.create"]);
  const created = await staff.client.post("/api/admin/resources", {
    name: "Court virement",
    booking_days_ahead: 14,
    opening_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: "08:00",
      end: "20:00",
      prices: [{ duration: HOUR, amount: 2_000 }],
    })),
  });
  resource = created.json();
  const planning = await t.db.query.resourceSlots.findMany({
    where: (slot, { and, eq, gt }) =>
      and(eq(slot.resourceId, resource.id), gt(slot.startAt, new Date(Date.now() + 86_400_000))),
    orderBy: (slot, { asc }) => [asc(slot.startAt)],
  });
  slots = planning.map((slot) => slot.startAt);
});
afterAll(() => t.close());

/** A family owing a 20,00 € share of a court booked for them by staff. */
async function owedShare() {
  counter += 1;
  const made = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Famille",
      lastname: `Virement${counter}`,
      email: `share-transfer-${counter}-${Date.now()}@example.org`,
    },
    participant: { firstname: "Joueur", lastname: `Virement${counter}` },
  });
  const [customer] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, made.customerId));
  const [participant] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, made.participantId));
  const start = slots[counter * 2]!;
  const booked = await staff.client.post(`/api/admin/resources/${resource.cuid}/bookings`, {
    customer: customer!.cuid,
    participant: participant!.cuid,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + HOUR * 1000).toISOString(),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const bookingCuid = booked.json().cuid as string;
  return { ...made, customerCuid: customer!.cuid, bookingCuid };
}
type Owed = Awaited<ReturnType<typeof owedShare>>;

async function shareOf(who: Owed) {
  const [row] = await t.db
    .select()
    .from(bookingParticipations)
    .where(eq(bookingParticipations.customerId, who.customerId));
  return row!;
}

/** The booking's page: the share's reference given once, whatever the concurrent reads. */
async function readPage(who: Owed) {
  const pages = await Promise.all(
    Array.from({ length: 4 }, () => who.client.get(`/api/bookings/${who.bookingCuid}`)),
  );
  for (const page of pages) expect(page.statusCode, page.body).toBe(200);
  const [share] = pages[0]!.json().booking.participations;
  for (const page of pages) {
    expect(page.json().booking.participations[0].reference).toBe(share.reference);
  }
  return share as {
    cuid: string;
    reference: string;
    amount_due: number;
    bank_transfer: { amount: number; reference: string; iban: string | null } | null;
  };
}

let statements = 0;
function transferFile(reference: string, amounts: number[]) {
  statements += 1;
  const id = `SHARE-${statements}-${Date.now()}`;
  return Buffer.from(
    camt053(
      amounts.map((amount, index) => ({
        amount,
        bankReference: `${id}-${index}`,
        structured: reference,
        counterparty: "Famille Virement",
      })),
      { iban: "BE68539007547034", statementId: id, number: String(statements) },
    ),
  );
}

describe("a booking share paid by bank transfer (decision 0072)", () => {
  it("gets its reference on the booking's page with the transfer to make", async () => {
    const who = await owedShare();
    expect((await shareOf(who)).reference).toBeNull();
    const share = await readPage(who);
    expect(share.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$|^RF\d+$/);
    expect(share).toMatchObject({
      amount_due: 2_000,
      bank_transfer: { amount: 2_000, reference: share.reference },
    });
    expect((await shareOf(who)).reference).toBe(share.reference);
    // Read again: the same reference, no new one.
    expect((await readPage(who)).reference).toBe(share.reference);
  });

  it("is paid online under the reference its page shows", async () => {
    await t.db
      .update(organisers)
      .set({
        settings: sql`${organisers.settings} || ${JSON.stringify({
          online_payments_activated: true,
        })}::jsonb`,
      })
      .where(eq(organisers.id, demoId));
    const who = await owedShare();
    const share = await readPage(who);
    const row = await shareOf(who);
    const body = {
      customer_id: who.customerId,
      destination: { type: "BOOKING_PARTICIPATION", id: row.id },
      return_url: `/fr/account/bookings/${who.bookingCuid}`,
    };
    // The share's cuid was its name before it had a reference: a page that old is stale now.
    const stale = await who.client.post("/api/transactions/checkout", {
      ...body,
      reference: share.cuid,
    });
    expect([stale.statusCode, stale.json()]).toEqual([
      400,
      { error: "VALIDATION_ERROR", fields: { reference: "MISMATCH" } },
    ]);
    const started = await who.client.post("/api/transactions/checkout", {
      ...body,
      reference: share.reference,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().payment).toMatchObject({ amount: 2_000 });
  });

  it("is credited from a statement line, once under concurrent imports of the same file", async () => {
    const who = await owedShare();
    const share = await readPage(who);
    const file = transferFile(share.reference, [1_200]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => uploadStatement(t.app, owner, "shares.xml", file)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(answers.reduce((sum, answer) => sum + answer.json().matched, 0)).toBe(1);
    const matched = answers.find((answer) => answer.json().matched === 1)!.json().lines[0];
    expect(matched.transfer).toMatchObject({
      target: { type: "BOOKING_PARTICIPATION", cuid: share.cuid, reference: share.reference },
      customer: { cuid: who.customerCuid },
    });
    const row = await shareOf(who);
    expect(row.paidAmount).toBe(1_200);
    const transfers = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.bookingParticipationId, row.id));
    expect(transfers).toHaveLength(1);
    const page = await readPage(who);
    expect(page).toMatchObject({ amount_due: 800, bank_transfer: { amount: 800 } });

    // 1,000 more for 800 owed: the share is paid, 200 go to the wallet.
    const rest = await uploadStatement(
      t.app,
      owner,
      "shares-2.xml",
      transferFile(share.reference, [1_000]),
    );
    expect(rest.json()).toMatchObject({ matched: 1 });
    expect(rest.json().lines[0].transfer.wallet_credit).toBe(200);
    expect((await shareOf(who)).paidAmount).toBe(2_000);
    const [wallet] = await t.db
      .select({ amount: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, who.customerId));
    expect(wallet!.amount).toBe(200);
    expect((await readPage(who)).bank_transfer).toBeNull();

    // The payments list shows the share's transfers with its reference and family.
    const listed = await owner.get(
      `/api/admin/payments?type=TRANSFER&q=${encodeURIComponent(share.reference)}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toHaveLength(2);
    for (const payment of listed.json().data) {
      expect(payment).toMatchObject({
        reference: share.reference,
        customer: expect.objectContaining({ cuid: who.customerCuid }),
      });
    }
  });

  it("is recorded by hand or matched by hand in the console; bad input changes nothing", async () => {
    const who = await owedShare();
    const share = await readPage(who);
    const recorded = await owner.post(
      `/api/admin/booking-participations/${share.cuid}/bank-transfers`,
      {
        amount: 500,
        received_on: "2026-11-20",
        note: "Virement reçu",
      },
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().target).toMatchObject({
      type: "BOOKING_PARTICIPATION",
      cuid: share.cuid,
      paid_amount: 500,
      amount_due: 1_500,
    });
    const unknown = await owner.post("/api/admin/booking-participations/nope/bank-transfers", {
      amount: 500,
      received_on: "2026-11-20",
      note: null,
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, "BOOKING_NOT_FOUND"]);

    // A line without a reference, matched to the share by hand.
    const loose = await uploadStatement(
      t.app,
      owner,
      "loose.xml",
      Buffer.from(
        camt053([{ amount: 700, bankReference: `LOOSE-${Date.now()}`, communication: "terrain" }], {
          iban: "BE68539007547034",
          statementId: `LOOSE-${Date.now()}`,
        }),
      ),
    );
    const line = loose.json().lines[0];
    expect(line).toMatchObject({ status: "UNMATCHED", reason: "NO_REFERENCE" });
    const offered = await owner.get(
      `/api/admin/bank-statement-lines/${line.cuid}/carts?q=${encodeURIComponent(share.reference)}`,
    );
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().booking_participations).toEqual([
      expect.objectContaining({ cuid: share.cuid, reference: share.reference, amount_due: 1_500 }),
    ]);
    const two = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/match`, {
      cart: share.cuid,
      booking_participation: share.cuid,
    });
    expect(two.statusCode).toBe(400);
    expect((await shareOf(who)).paidAmount).toBe(500);
    const matched = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/match`, {
      booking_participation: share.cuid,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().transfer.target).toMatchObject({
      type: "BOOKING_PARTICIPATION",
      cuid: share.cuid,
    });
    expect((await shareOf(who)).paidAmount).toBe(1_200);
    // Cancelling the hand-recorded transfer gives its credit back.
    const cancelled = await owner.delete(`/api/admin/bank-transfers/${recorded.json().cuid}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await shareOf(who)).paidAmount).toBe(700);
  });
});

describe("the outstanding list (decision 0072)", () => {
  it("lists a booking share still owed beside orders and charges, filtered, until it is paid", async () => {
    const who = await owedShare();
    const email = `share-transfer-${counter}-`;
    const all = await owner.get(`/api/admin/outstanding?q=${encodeURIComponent(email)}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual([
      expect.objectContaining({
        type: "BOOKING_PARTICIPATION",
        reference: null,
        customer: expect.objectContaining({ cuid: who.customerCuid }),
        amount_due: 2_000,
        age_days: 0,
        payment_strategy: null,
        subject: expect.objectContaining({ cuid: resource.cuid, label: "Court virement" }),
      }),
    ]);
    expect(all.json().totals).toEqual({ items: 1, amount_due: 2_000 });
    // Its reference once the family read the booking's page; searchable by it.
    const share = await readPage(who);
    const byReference = await owner.get(
      `/api/admin/outstanding?type=BOOKING_PARTICIPATION&q=${encodeURIComponent(share.reference)}`,
    );
    expect(byReference.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([share.cuid]);
    const carts = await owner.get(
      `/api/admin/outstanding?type=CART&q=${encodeURIComponent(email)}`,
    );
    expect(carts.json().data).toEqual([]);
    // Every kind in the default list: the demo's orders and charges still owed too.
    const everything = (await owner.get("/api/admin/outstanding?page_size=100")).json();
    const types = new Set(everything.data.map((row: { type: string }) => row.type));
    expect(types).toContain("CART");
    expect(types).toContain("BOOKING_PARTICIPATION");
    const bad = await owner.get("/api/admin/outstanding?type=BOOKING");
    expect(bad.json()).toEqual({ error: "VALIDATION_ERROR", fields: { type: "INVALID_CHOICE" } });

    await owner.post(`/api/admin/booking-participations/${share.cuid}/bank-transfers`, {
      amount: 2_000,
      received_on: "2026-11-20",
      note: null,
    });
    const after = await owner.get(`/api/admin/outstanding?q=${encodeURIComponent(email)}`);
    expect(after.json().data).toEqual([]);
  });
});

describe("the outstanding list's export (decision 0072)", () => {
  it("has the list's rows and filters, as CSV", async () => {
    await owedShare();
    const email = `share-transfer-${counter}-`;
    const response = await owner.get(
      `/api/admin/exports/outstanding.csv?type=BOOKING_PARTICIPATION&q=${encodeURIComponent(email)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("Reste à payer");
    expect(lines[1]).toContain("Part de réservation");
    expect(lines[1]).toContain("Court virement");
    expect(lines[1]).toContain(`Virement${counter}`);
    expect(lines[1]).toMatch(/,20(\.00)?(,|$)|"20,00"/);
    const bad = await owner.get("/api/admin/exports/outstanding.csv?type=NOPE");
    expect(bad.statusCode).toBe(400);
  });
});
