import {
  bookingParticipations,
  customerInvoices,
  customers,
  organisers,
  participants,
  registrationRequestAvailabilities,
  registrationRequests,
  withTenant,
} from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { localDay } from "@booking/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "../src/http/service-context.ts";
import { type AccountInvoicePage, pageInvoices } from "../src/modules/invoices/service.ts";
import { findOrganiserById } from "../src/modules/organisers/queries.ts";
import { availabilityWithDates, organiserIdOf } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import {
  belgianIssuer,
  checkedOutCart,
  type InvoiceCustomer,
  invoiceCustomer,
  invoiceSettings,
  invoiceStage,
  issueFromEvents,
} from "./invoice-fixtures.ts";

// Invoices for everything a customer is asked to pay (issue 16 §1; decision 0083): a booking
// share, an approved registration request — its order's, or its own when paid on itself — each
// issued by the organiser's rule (with each order, once paid in full however it was paid, or on
// the customer's request), once whatever the concurrency, and shown on the account's pages.

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
  await belgianIssuer(t, demoId, { vatNumber: "BE0417497106" });
  await t.db
    .update(organisers)
    .set({
      settings: sql`${organisers.settings} || ${JSON.stringify({
        bank_transfers_payments_activated: true,
      })}::jsonb`,
    })
    .where(eq(organisers.id, demoId));
  staff = await collaboratorWith(t, [
    "resources.resources.create",
    "bookings.bookings.create",
    "bank.transfers.create",
  ]);
  const created = await staff.client.post("/api/admin/resources", {
    name: "Court facture",
    booking_days_ahead: 14,
    opening_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: "08:00",
      end: "20:00",
      prices: [{ duration: HOUR, amount: 2_000 }],
    })),
  });
  expect(created.statusCode, created.body).toBe(201);
  resource = created.json();
  const planning = await t.db.query.resourceSlots.findMany({
    where: (slot, { and, eq, gt }) =>
      and(eq(slot.resourceId, resource.id), gt(slot.startAt, new Date(Date.now() + 86_400_000))),
    orderBy: (slot, { asc }) => [asc(slot.startAt)],
  });
  slots = planning.map((slot) => slot.startAt);
});
afterAll(() => t.close());

function family(): Promise<InvoiceCustomer> {
  counter += 1;
  return invoiceCustomer(t, demoId, "Source", counter);
}

/** A court booked by staff for `who`: 20,00 € owed on the booking's share; the booking's cuid. */
async function staffBooking(who: InvoiceCustomer): Promise<string> {
  const [customer] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, who.customerId));
  const [participant] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, who.participantId));
  const start = slots[counter * 2]!;
  const booked = await staff.client.post(`/api/admin/resources/${resource.cuid}/bookings`, {
    customer: customer!.cuid,
    participant: participant!.cuid,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + HOUR * 1000).toISOString(),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json().cuid;
}

async function shareOf(who: InvoiceCustomer) {
  const [row] = await t.db
    .select()
    .from(bookingParticipations)
    .where(eq(bookingParticipations.customerId, who.customerId));
  return row!;
}

function invoicesOf(customerId: number) {
  return t.db
    .select()
    .from(customerInvoices)
    .where(and(eq(customerInvoices.customerId, customerId), eq(customerInvoices.type, "INVOICE")));
}

/** What the account page of `page` `cuid` shows `who` of its invoices (its loader's read). */
async function accountInvoices(who: InvoiceCustomer, page: AccountInvoicePage, cuid: string) {
  const organiser = (await findOrganiserById(t.db, demoId))!;
  return withTenant(t.db, demoId, (tx) =>
    pageInvoices(
      {
        db: tx,
        organiser,
        actor: { kind: "customer", customerId: who.customerId, sessionId: 0, impersonatorId: null },
        log: pino({ level: "silent" }),
        afterCommit: () => undefined,
      } as ServiceContext,
      page,
      cuid,
    ),
  );
}

describe("a booking share", () => {
  it("made by staff is invoiced with the booking when the organiser issues with each order, and shows on the booking's page", async () => {
    await invoiceSettings(owner, { issue_on: "CART_PROCESSED" });
    const who = await family();
    const bookingCuid = await staffBooking(who);
    const share = await shareOf(who);
    const [invoice] = await invoicesOf(who.customerId);
    expect(invoice).toMatchObject({
      source: "BOOKING_SHARE",
      bookingParticipationId: share.id,
      cartId: null,
      totalAmount: 2_000,
    });
    expect(invoice!.snapshot.lines).toEqual([
      expect.objectContaining({ label: "Court facture", total_amount: 2_000 }),
    ]);
    expect(invoice!.snapshot.source).toMatchObject({ kind: "BOOKING_SHARE", cuid: share.cuid });
    const page = await accountInvoices(who, "BOOKING", bookingCuid);
    expect(page).toMatchObject({ requestable: false });
    expect(page!.invoices.map((item) => item.cuid)).toEqual([invoice!.cuid]);
    // Another family sees nothing of it.
    expect(await accountInvoices(await family(), "BOOKING", bookingCuid)).toBeNull();
    // A replayed event issues nothing more.
    await issueFromEvents(t);
    expect(await invoicesOf(who.customerId)).toHaveLength(1);
    const listed = await owner.get(`/api/admin/invoices?q=${encodeURIComponent(invoice!.number)}`);
    expect(listed.json().data[0]).toMatchObject({ number: invoice!.number, paid_amount: 0 });
    // Its reminders count from the invoice's due date, as an order's do.
    const history = await owner.get(
      `/api/admin/outstanding/BOOKING_PARTICIPATION/${share.cuid}/reminders`,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().due_on).toBe(localDay(invoice!.dueAt!, "Europe/Brussels"));
  });

  it("is invoiced once paid in full, by transfers recorded by hand at the same time: one invoice", async () => {
    await invoiceSettings(owner, { issue_on: "FULLY_PAID" });
    const who = await family();
    const bookingCuid = await staffBooking(who);
    const share = await shareOf(who);
    const first = await staff.client.post(
      `/api/admin/booking-participations/${share.cuid}/bank-transfers`,
      {
        amount: 500,
        received_on: "2026-11-20",
      },
    );
    expect(first.statusCode, first.body).toBe(201);
    await issueFromEvents(t);
    expect(await invoicesOf(who.customerId)).toEqual([]);
    // The rest in three transfers at once, then their events handled by racing workers.
    const rest = await Promise.all(
      [500, 500, 500].map((amount) =>
        staff.client.post(`/api/admin/booking-participations/${share.cuid}/bank-transfers`, {
          amount,
          received_on: "2026-11-21",
        }),
      ),
    );
    for (const response of rest) expect(response.statusCode, response.body).toBe(201);
    const events = await issueFromEvents(t);
    expect(events.filter((event) => event.type === "payment.received")).toHaveLength(3);
    const invoices = await invoicesOf(who.customerId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ source: "BOOKING_SHARE", totalAmount: 2_000 });
    expect(invoices[0]!.snapshot.prepaid_amount).toBe(2_000);
    const page = await accountInvoices(who, "BOOKING", bookingCuid);
    expect(page!.invoices).toHaveLength(1);
  });

  it("is invoiced on the family's request from the booking's page when the organiser issues on request", async () => {
    await invoiceSettings(owner, { issue_on: "ON_REQUEST" });
    const who = await family();
    const bookingCuid = await staffBooking(who);
    expect(await accountInvoices(who, "BOOKING", bookingCuid)).toEqual({
      invoices: [],
      requestable: true,
    });
    const asked = await Promise.all(
      Array.from({ length: 4 }, () =>
        who.client.post("/api/invoices", { booking_cuid: bookingCuid }),
      ),
    );
    for (const response of asked) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(asked.map((response) => response.json().invoice.cuid)).size).toBe(1);
    expect(await invoicesOf(who.customerId)).toHaveLength(1);
    expect(await accountInvoices(who, "BOOKING", bookingCuid)).toMatchObject({
      requestable: false,
    });
    const stranger = await family();
    const refused = await stranger.client.post("/api/invoices", { booking_cuid: bookingCuid });
    expect(refused.statusCode).toBe(404);
    const nothing = await who.client.post("/api/invoices", {});
    expect(nothing.statusCode).toBe(400);
    const both = await who.client.post("/api/invoices", {
      booking_cuid: bookingCuid,
      cart_cuid: bookingCuid,
    });
    expect(both.statusCode).toBe(400);
  });
});

describe("a registration request", () => {
  let sequence = 0;

  async function course() {
    sequence += 1;
    return availabilityWithDates(t, {
      organiserId: demoId,
      title: `Cours sur demande ${sequence}`,
      capacity: 10,
      price: 6_000,
      deposit: 0,
      dateHours: 1,
      dates: [{ capacity: 10 }],
    });
  }

  /** A request of `who` for `target`, PENDING, or APPROVED paid on itself as before 0061. */
  async function request(
    who: InvoiceCustomer,
    target: Awaited<ReturnType<typeof course>>,
    approvedOnItself = false,
  ) {
    sequence += 1;
    const [row] = await t.db
      .insert(registrationRequests)
      .values({
        organiserId: demoId,
        reference: `+++000/0000/${String(sequence).padStart(5, "0")}+++`,
        customerId: who.customerId,
        participantId: who.participantId,
        activityId: target.activity.id,
        totalAmount: 6_000,
        ...(approvedOnItself ? { status: "APPROVED" as const, statusChangedAt: new Date() } : {}),
      })
      .returning();
    await t.db.insert(registrationRequestAvailabilities).values({
      organiserId: demoId,
      registrationRequestId: row!.id,
      availabilityId: target.availability.id,
      position: 0,
    });
    return row!;
  }

  it("approved by staff is billed by the order its approval made, shown on the request's page", async () => {
    await invoiceSettings(owner, { issue_on: "CART_PROCESSED" });
    const who = await family();
    const asked = await request(who, await course());
    const approved = await owner.post(
      `/api/admin/registrations/requests/${asked.cuid}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await issueFromEvents(t);
    const [invoice] = await invoicesOf(who.customerId);
    const [row] = await t.db
      .select({ cartId: registrationRequests.cartId })
      .from(registrationRequests)
      .where(eq(registrationRequests.id, asked.id));
    expect(invoice).toMatchObject({ source: "CART", cartId: row!.cartId, totalAmount: 6_000 });
    const page = await accountInvoices(who, "REGISTRATION_REQUEST", asked.cuid);
    expect(page!.invoices.map((item) => item.cuid)).toEqual([invoice!.cuid]);
  });

  it("approved before approvals made orders is billed on itself once paid in full, however paid", async () => {
    await invoiceSettings(owner, { issue_on: "FULLY_PAID" });
    counter += 1;
    const who = await invoiceCustomer(t, demoId, "Wallet", counter);
    await t.db
      .update(customers)
      .set({ walletAmount: 10_000 })
      .where(eq(customers.id, who.customerId));
    const asked = await request(who, await course(), true);
    const pending = await request(who, await course());
    // Two wallet payments of the whole at once: one is refused, the other completes it.
    const paid = await Promise.all(
      [1, 2].map(() =>
        who.client.post("/api/transactions/wallet", {
          destination: { type: "REGISTRATION_REQUEST", id: asked.id },
          amount: 6_000,
        }),
      ),
    );
    expect(paid.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    await issueFromEvents(t);
    const [invoice, ...others] = await invoicesOf(who.customerId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      source: "REGISTRATION_REQUEST",
      registrationRequestId: asked.id,
      totalAmount: 6_000,
    });
    expect(invoice!.snapshot.payment.reference).toBe(asked.reference);
    expect(invoice!.snapshot.lines[0]!.label).toMatch(/^Cours sur demande/);
    const page = await accountInvoices(who, "REGISTRATION_REQUEST", asked.cuid);
    expect(page!.invoices.map((item) => item.cuid)).toEqual([invoice!.cuid]);
    // A pending request bills nothing.
    expect(await accountInvoices(who, "REGISTRATION_REQUEST", pending.cuid)).toEqual({
      invoices: [],
      requestable: false,
    });
  });
});

describe("an order paid in full afterwards", () => {
  it("is invoiced once when concurrent transfers recorded by hand complete it", async () => {
    await invoiceSettings(owner, { issue_on: "FULLY_PAID" });
    const stage = await invoiceStage(t, demoId, "Stage payé à la main");
    const who = await family();
    const cartId = await checkedOutCart(who, stage);
    await issueFromEvents(t);
    expect(await invoicesOf(who.customerId)).toEqual([]);
    const [cart] = await t.db
      .execute<{ cuid: string }>(sql`select cuid from carts where id = ${cartId}`)
      .then((result) => result.rows);
    const transfers = await Promise.all(
      [3_000, 3_000, 3_000, 3_000].map((amount) =>
        staff.client.post(`/api/admin/carts/${cart!.cuid}/bank-transfers`, {
          amount,
          received_on: "2026-11-22",
        }),
      ),
    );
    for (const response of transfers) expect(response.statusCode, response.body).toBe(201);
    await issueFromEvents(t);
    const invoices = await invoicesOf(who.customerId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ source: "CART", cartId, totalAmount: 12_000 });
  });
});
