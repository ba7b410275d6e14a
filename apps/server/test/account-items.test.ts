import {
  attendanceChargeItems,
  bookingParticipations,
  customerMemberships,
  customers,
  participants,
  registrationRequests,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { attendanceAmount, attendanceTotals } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberedCustomers } from "./account-fixtures.ts";
import { organiserIdOf } from "./cart-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  type TestApp,
} from "./harness.ts";

// The account tabs over orders, registration requests, bookings, bundles, memberships and
// attendance charges (platform-and-account.md §2.3, §4, §6, §7; docs/decisions/
// 0018-account-items.md), on the demo seed: the demo parent's history (account-history.ts).

const PARENT = "parent@demo.test";
const NEIGHBOUR = "sophie.peeters@example.test";

let t: TestApp;
let demoId: number;
let demoEnId: number;
let parent: Client;
let neighbour: Client;
let parentId: number;

async function logIn(email: string, host = DEMO_HOST): Promise<Client> {
  const client = new Client(t.app, host);
  const login = await client.post("/api/auth/login", { email, password: DEMO_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

const newStranger = numberedCustomers({
  firstname: "Autre",
  lastname: "Client",
  email: "account-items",
  participant: "Enfant",
});

/** A customer of the organiser with one participant and nothing else. */
const stranger = (organiserId = demoId, host = DEMO_HOST) => newStranger(t, organiserId, host);

async function json(client: Client, url: string, status = 200) {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
  parent = await logIn(PARENT);
  neighbour = await logIn(NEIGHBOUR);
  const [row] = await t.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organiserId, demoId), eq(customers.email, PARENT)));
  parentId = row!.id;
});
afterAll(() => t.close());

describe("the counters of GET /api/session", () => {
  it("count the demo parent's requests, bookings and attendance charges", async () => {
    const { counters } = await json(parent, "/api/session");
    expect(counters).toMatchObject({
      registrations_requests: 5,
      // Four bookings in the demo; the parent's participants take part in three of them (one
      // cancelled by staff).
      bookings: 3,
      attendance_charges: 1,
    });
    expect(counters.carts).toBeGreaterThanOrEqual(2);
    expect(counters.bundles).toBeGreaterThanOrEqual(1);
    expect(counters.memberships).toBeGreaterThanOrEqual(2);
  });

  it("count a shared booking for each customer, and nothing for a new customer", async () => {
    expect((await json(neighbour, "/api/session")).counters).toMatchObject({
      bookings: 2,
      registrations_requests: 0,
      attendance_charges: 0,
    });
    const { client } = await stranger();
    expect((await json(client, "/api/session")).counters).toMatchObject({
      bookings: 0,
      registrations_requests: 0,
      attendance_charges: 0,
      carts: 0,
      bundles: 0,
      memberships: 0,
    });
  });
});

describe("registration requests", () => {
  it("lists the customer's requests, the newest first, with what is due once approved", async () => {
    const list = await json(parent, "/api/registrations/requests");
    expect(list).toMatchObject({ count: 5, limit: 20, offset: 0 });
    expect(list.data.map((request: { status: string }) => request.status)).toEqual([
      "PENDING",
      "PENDING",
      "APPROVED",
      "REJECTED",
      "CANCELLED",
    ]);
    for (const request of list.data) {
      expect(request.activity.title).toBe("Cours de natation");
      expect(request.activity.images.length).toBeGreaterThan(0);
      expect(request.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
      expect(request.availabilities.length).toBeGreaterThan(0);
      expect(request.amount_due).toBe(request.status === "APPROVED" ? request.total_amount : 0);
      expect(request.status_changed_at === null).toBe(request.status === "PENDING");
    }
    // Léa's pending request asks for two groups, in her order of preference.
    const lea = list.data.find(
      (request: { participant: { fullname: string }; status: string }) =>
        request.participant.fullname === "Léa Dubois" && request.status === "PENDING",
    );
    expect(lea.availabilities).toHaveLength(2);
    expect(lea.availabilities[0].location).toMatchObject({ title: expect.any(String) });
  });

  it("pages with page_number and page_size", async () => {
    const first = await json(parent, "/api/registrations/requests?page_size=2");
    const last = await json(parent, "/api/registrations/requests?page_size=2&page_number=3");
    expect(first).toMatchObject({ count: 5, limit: 2, offset: 0 });
    expect(first.data).toHaveLength(2);
    expect(last).toMatchObject({ count: 5, limit: 2, offset: 4 });
    expect(last.data.map((request: { status: string }) => request.status)).toEqual(["CANCELLED"]);
    const bad = await parent.get("/api/registrations/requests?page_size=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { page_size: "TOO_SMALL" },
    });
  });

  it("shows a request's answers, payment and actions", async () => {
    const list = await json(parent, "/api/registrations/requests");
    const approved = list.data.find((request: { status: string }) => request.status === "APPROVED");
    const pending = list.data.find((request: { status: string }) => request.status === "PENDING");
    const { registration_request: detail } = await json(
      parent,
      `/api/registrations/requests/${approved.cuid}`,
    );
    expect(detail).toMatchObject({
      cuid: approved.cuid,
      status: "APPROVED",
      amount_due: 12000,
      payment: {
        badge: { kind: "outstanding", outstanding: 12000 },
        bank_transfer: {
          beneficiary: "Les Petits Explorateurs ASBL",
          amount: 12000,
          reference: approved.reference,
        },
      },
      actions: { cancel: false },
    });
    expect(detail.questions).toEqual([
      {
        question_id: expect.any(Number),
        content: 1,
        question: expect.objectContaining({
          title: "Votre enfant sait-il nager ?",
          type: "CHOICES_SINGLE",
        }),
      },
    ]);
    const { registration_request: open } = await json(
      parent,
      `/api/registrations/requests/${pending.cuid}`,
    );
    expect(open).toMatchObject({
      status: "PENDING",
      amount_due: 0,
      payment: { badge: null, bank_transfer: null },
      actions: { cancel: true },
    });
  });

  it("cancels a PENDING request once; other statuses answer 409 and stay", async () => {
    const list = await json(parent, "/api/registrations/requests");
    const byStatus = (status: string) =>
      list.data.find((request: { status: string }) => request.status === status);
    const pending = byStatus("PENDING");

    const cancelled = await parent.post("/api/registrations/requests/cancel", {
      registration_request_id: pending.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().registration_request).toMatchObject({
      id: pending.id,
      status: "CANCELLED",
      status_changed_at: expect.any(String),
      actions: { cancel: false },
    });
    const [row] = await t.db
      .select({ status: registrationRequests.status })
      .from(registrationRequests)
      .where(eq(registrationRequests.id, pending.id));
    expect(row!.status).toBe("CANCELLED");
    // Still counted: the list keeps cancelled requests.
    expect((await json(parent, "/api/session")).counters.registrations_requests).toBe(5);

    const again = await parent.post("/api/registrations/requests/cancel", {
      registration_request_id: pending.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "REGISTRATION_REQUEST_NOT_PENDING" });

    for (const status of ["APPROVED", "REJECTED"]) {
      const request = byStatus(status);
      const refused = await parent.post("/api/registrations/requests/cancel", {
        registration_request_id: request.id,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: "REGISTRATION_REQUEST_NOT_PENDING" });
      const [stored] = await t.db
        .select({
          status: registrationRequests.status,
          changed: registrationRequests.statusChangedAt,
        })
        .from(registrationRequests)
        .where(eq(registrationRequests.id, request.id));
      expect(stored).toEqual({ status, changed: new Date(request.status_changed_at) });
    }
  });

  it("validates the cancel body", async () => {
    for (const [body, code] of [
      [{}, "REQUIRED"],
      [{ registration_request_id: "12" }, "INVALID_TYPE"],
      [{ registration_request_id: 0 }, "INVALID_TYPE"],
      [{ registration_request_id: 1.5 }, "INVALID_TYPE"],
    ] as const) {
      const response = await parent.post("/api/registrations/requests/cancel", body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: "VALIDATION_ERROR",
        fields: { registration_request_id: code },
      });
    }
  });
});

describe("bookings", () => {
  it("lists the bookings of the customer's participants with only their participations", async () => {
    const list = await json(parent, "/api/bookings");
    expect(list.count).toBe(3);
    // The upcoming one first, then the cancelled and past ones.
    const [upcoming, cancelled, past] = list.data;
    expect(cancelled).toMatchObject({
      status: "CANCELLED",
      canceled_at: expect.any(String),
      resource: expect.objectContaining({ name: "Terrain de tennis 1" }),
    });
    expect(upcoming.resource).toMatchObject({
      name: "Terrain de tennis 1",
      location: expect.objectContaining({ title: expect.any(String) }),
    });
    expect(upcoming.resource.images.length).toBeGreaterThan(0);
    expect(upcoming.dates).toHaveLength(2);
    expect(new Date(upcoming.start_at).getTime()).toBeGreaterThan(Date.now());
    // Noah (another family) shares the court: the parent sees only Hugo, and only his amounts.
    expect(upcoming.participations).toEqual([
      expect.objectContaining({
        participant: expect.objectContaining({ fullname: "Hugo Dubois", customer_id: parentId }),
        total_amount: 1200,
        paid_amount: 0,
      }),
    ]);
    expect(upcoming).toMatchObject({
      total_amount: 1200,
      paid_amount: 0,
      payment: { kind: "outstanding", outstanding: 1200 },
    });
    expect(past.resource.name).toBe("Terrain de tennis 2");
    expect(
      past.participations.map((p: { participant: { fullname: string } }) => p.participant.fullname),
    ).toEqual(["Hugo Dubois", "Léa Dubois"]);
    expect(past).toMatchObject({
      total_amount: 1700,
      paid_amount: 1700,
      payment: { kind: "complete" },
    });

    // The booking's page is the list's row, except that it gives a share still owed its payment
    // reference and the transfer to make (decision 0072); the list gives none.
    const detail = await json(parent, `/api/bookings/${upcoming.cuid}`);
    const { participations: detailShares, ...detailRest } = detail.booking;
    const { participations: listShares, ...listRest } = upcoming;
    expect(detailRest).toEqual(listRest);
    const reference = detailShares[0].reference;
    expect(reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(detailShares).toEqual(
      listShares.map((share: object) => ({
        ...share,
        reference,
        bank_transfer: expect.objectContaining({ amount: 1200, reference }),
      })),
    );
  });

  it("shows the other family its own part of the shared booking", async () => {
    const list = await json(neighbour, "/api/bookings");
    expect(list.count).toBe(2);
    const shared = list.data.find(
      (booking: { resource: { name: string } }) => booking.resource.name === "Terrain de tennis 1",
    );
    expect(shared.participations).toEqual([
      expect.objectContaining({
        participant: expect.objectContaining({ fullname: "Noah Peeters" }),
      }),
    ]);
    expect(shared).toMatchObject({
      total_amount: 1200,
      paid_amount: 1200,
      payment: { kind: "complete" },
    });
    // The neighbour's own booking is not the parent's.
    const own = list.data.find(
      (booking: { resource: { name: string } }) => booking.resource.name === "Salle de danse",
    );
    const refused = await parent.get(`/api/bookings/${own.cuid}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "BOOKING_NOT_FOUND" });
  });
});

describe("attendance charges", () => {
  it("lists the charge of the last billing cycle and details its items and totals", async () => {
    const list = await json(parent, "/api/attendance-charges");
    expect(list.count).toBe(1);
    const [charge] = list.data;
    expect(charge.billing_cycle.configuration).toMatchObject({
      title: "Garderie du club nature",
      images: expect.arrayContaining([expect.objectContaining({ public_url: expect.any(String) })]),
    });
    const { attendance_charge: detail } = await json(
      parent,
      `/api/attendance-charges/${charge.cuid}`,
    );
    expect(detail.items.length).toBe(charge.items_count);
    expect(detail.items.length).toBeGreaterThan(0);
    const cycleStart = new Date(charge.billing_cycle.start_at).getTime();
    const cycleEnd = new Date(charge.billing_cycle.end_at).getTime();
    let previous = 0;
    for (const item of detail.items) {
      const { date, arrival, departure, registration } = item.registration_date;
      const start = new Date(date.start_at).getTime();
      expect(start).toBeGreaterThanOrEqual(Math.max(cycleStart, previous));
      expect(new Date(date.end_at).getTime()).toBeLessThanOrEqual(cycleEnd);
      previous = start;
      expect(["Léa Dubois", "Hugo Dubois"]).toContain(registration.participant.fullname);
      expect(new Date(departure).getTime() - new Date(arrival).getTime()).toBe(
        item.duration * 1000,
      );
      // Every started quarter hour costs 1.25 €.
      expect(item.amount).toBe(attendanceAmount(item.duration, { duration: 900, amount: 125 }));
    }
    expect(detail.totals).toEqual(attendanceTotals(detail.items));
    expect(detail.totals.duration).toBe(charge.total_duration);
    expect(detail.total_amount).toBe(detail.totals.amount);
    expect(detail.payment).toEqual({ kind: "outstanding", outstanding: detail.total_amount });

    const refused = await neighbour.get(`/api/attendance-charges/${charge.cuid}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "ATTENDANCE_CHARGE_NOT_FOUND" });
    expect((await json(neighbour, "/api/attendance-charges")).count).toBe(0);
  });
});

describe("orders, bundles and memberships", () => {
  it("lists the processed carts with a glimpse of their items; the detail is GET /api/carts/{cuid}", async () => {
    const list = await json(parent, "/api/carts");
    expect(list.count).toBeGreaterThanOrEqual(2);
    const dates = list.data.map((cart: { processed_at: string }) => cart.processed_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const withBundle = list.data.find((cart: { items: Array<{ title: string }> }) =>
      cart.items.some((item) => item.title === "Pack 3 stages"),
    );
    expect(withBundle).toMatchObject({
      items_count: 1,
      total_amount: 42000,
      paid_amount: 0,
      outstanding_amount: 42000,
      payment: { kind: "outstanding", outstanding: 42000 },
      items: [{ type: "BUNDLE", title: "Pack 3 stages", participant: null }],
    });
    const club = list.data.find((cart: { items: Array<{ title: string }> }) =>
      cart.items.some((item) => item.title === "Club nature du mercredi"),
    );
    expect(club.items_count).toBe(4);
    expect(club.items.map((item: { participant: string | null }) => item.participant)).toEqual([
      "Léa Dubois",
      "Hugo Dubois",
      null,
      "Hugo Dubois",
    ]);
    const detail = await json(parent, `/api/carts/${club.cuid}`);
    expect(detail.cart).toMatchObject({ cuid: club.cuid, reference: club.reference });
    expect((await neighbour.get(`/api/carts/${club.cuid}`)).statusCode).toBe(404);
    expect(
      (await json(neighbour, "/api/carts")).data.map((cart: { cuid: string }) => cart.cuid),
    ).not.toContain(club.cuid);
  });

  it("lists and details the customer's bundles", async () => {
    const list = await json(parent, "/api/customer-bundles");
    const pack = list.data.find(
      (bundle: { bundle: { title: string } }) => bundle.bundle.title === "Pack 3 stages",
    );
    expect(pack).toMatchObject({
      capacity: 3,
      used: 0,
      remaining: 3,
      state: "active",
      bundle: { entity: "CUSTOMERS" },
      payment: { kind: "outstanding", outstanding: 42000 },
      cart: { cuid: expect.any(String), reference: expect.any(String) },
    });
    const { bundle } = await json(parent, `/api/customer-bundles/${pack.cuid}`);
    expect(bundle).toEqual({ ...pack, registrations: [] });
    const refused = await neighbour.get(`/api/customer-bundles/${pack.cuid}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "BUNDLE_NOT_FOUND" });
  });

  it("lists and details the customer's memberships, a cancelled one with its state", async () => {
    const list = await json(parent, "/api/customer-memberships");
    const monthly = list.data.find(
      (membership: { membership: { title: string } }) =>
        membership.membership.title === "Abonnement mensuel natation",
    );
    const annual = list.data.find(
      (membership: { membership: { title: string } }) =>
        membership.membership.title === "Cotisation annuelle",
    );
    expect(monthly).toMatchObject({
      cancelled: true,
      state: "cancelled",
      payment: null,
      participant: { fullname: "Hugo Dubois" },
    });
    expect(annual).toMatchObject({
      cancelled: false,
      state: "active",
      participant: null,
      payment: { kind: "complete" },
    });
    const { membership } = await json(parent, `/api/customer-memberships/${monthly.cuid}`);
    expect(membership).toEqual(monthly);
    const refused = await neighbour.get(`/api/customer-memberships/${monthly.cuid}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "MEMBERSHIP_NOT_FOUND" });
  });
});

describe("access", () => {
  it("answers 404 for another customer's items and changes nothing", async () => {
    const { client } = await stranger();
    const requests = await json(parent, "/api/registrations/requests");
    const pending = requests.data.find(
      (request: { status: string }) => request.status === "PENDING",
    );
    const [bookings, charges, bundles, memberships] = await Promise.all(
      [
        "/api/bookings",
        "/api/attendance-charges",
        "/api/customer-bundles",
        "/api/customer-memberships",
      ].map((url) => json(parent, url)),
    );
    const cases: Array<[string, string]> = [
      [`/api/registrations/requests/${pending.cuid}`, "REGISTRATION_REQUEST_NOT_FOUND"],
      [`/api/bookings/${bookings.data[0].cuid}`, "BOOKING_NOT_FOUND"],
      [`/api/attendance-charges/${charges.data[0].cuid}`, "ATTENDANCE_CHARGE_NOT_FOUND"],
      [`/api/customer-bundles/${bundles.data[0].cuid}`, "BUNDLE_NOT_FOUND"],
      [`/api/customer-memberships/${memberships.data[0].cuid}`, "MEMBERSHIP_NOT_FOUND"],
    ];
    for (const [url, code] of cases) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: code });
    }
    for (const url of [
      "/api/registrations/requests",
      "/api/bookings",
      "/api/attendance-charges",
      "/api/customer-bundles",
      "/api/customer-memberships",
      "/api/carts",
    ]) {
      expect(await json(client, url), url).toMatchObject({ data: [], count: 0 });
    }

    const refused = await client.post("/api/registrations/requests/cancel", {
      registration_request_id: pending.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "REGISTRATION_REQUEST_NOT_FOUND" });
    const [row] = await t.db
      .select({ status: registrationRequests.status })
      .from(registrationRequests)
      .where(eq(registrationRequests.id, pending.id));
    expect(row!.status).toBe("PENDING");
  });

  it("answers 404 on another organiser's host, whatever the session", async () => {
    const { client } = await stranger(demoEnId, DEMO_EN_HOST);
    const requests = await json(parent, "/api/registrations/requests");
    const pending = requests.data.find(
      (request: { status: string }) => request.status === "PENDING",
    );
    const bookings = await json(parent, "/api/bookings");
    for (const [url, code] of [
      [`/api/registrations/requests/${pending.cuid}`, "REGISTRATION_REQUEST_NOT_FOUND"],
      [`/api/bookings/${bookings.data[0].cuid}`, "BOOKING_NOT_FOUND"],
    ] as const) {
      const response = await client.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: code });
    }
    const refused = await client.post("/api/registrations/requests/cancel", {
      registration_request_id: pending.id,
    });
    expect(refused.statusCode).toBe(404);
    // The parent's session cookie means nothing on the other organiser's host.
    const crossHost = new Client(t.app, DEMO_EN_HOST);
    for (const [name, value] of parent.cookies) crossHost.cookies.set(name, value);
    expect((await crossHost.get("/api/bookings")).statusCode).toBe(401);
    const [row] = await t.db
      .select({ status: registrationRequests.status })
      .from(registrationRequests)
      .where(eq(registrationRequests.id, pending.id));
    expect(row!.status).toBe("PENDING");
  });

  it("asks a visitor to log in and reads no malformed cuid", async () => {
    const visitor = new Client(t.app, DEMO_HOST);
    for (const url of [
      "/api/registrations/requests",
      "/api/bookings",
      "/api/attendance-charges",
      "/api/customer-bundles",
      "/api/customer-memberships",
      "/api/carts",
      "/api/bookings/abc",
    ]) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: "UNAUTHENTICATED" });
    }
    const cancel = await visitor.post("/api/registrations/requests/cancel", {
      registration_request_id: 1,
    });
    expect(cancel.statusCode).toBe(401);
    for (const url of ["/api/bookings/NOT-A-CUID", "/api/registrations/requests/%20x"]) {
      expect((await parent.get(url)).statusCode, url).toBe(404);
    }
  });

  it("archives rather than erases a participant that a request, a booking or a charge refers to", async () => {
    const who = await stranger();
    const [request] = await t.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.customerId, parentId))
      .limit(1);
    await t.db.insert(registrationRequests).values({
      organiserId: demoId,
      reference: request!.reference,
      customerId: who.customerId,
      participantId: who.participantId,
      activityId: request!.activityId,
      totalAmount: 0,
    });
    const response = await who.client.delete(
      `/api/participants?participant_id=${who.participantId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ archived: true });
    const [row] = await t.db
      .select({ deletedAt: participants.deletedAt })
      .from(participants)
      .where(eq(participants.id, who.participantId));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe("the seed", () => {
  it("keeps the demo data consistent", async () => {
    // A cancelled membership, participations only of existing customers, charged items.
    const cancelled = await t.db
      .select({ id: customerMemberships.id })
      .from(customerMemberships)
      .where(
        and(eq(customerMemberships.customerId, parentId), eq(customerMemberships.cancelled, true)),
      );
    expect(cancelled).toHaveLength(1);
    const shared = await t.db
      .select({ customerId: bookingParticipations.customerId })
      .from(bookingParticipations)
      .where(eq(bookingParticipations.organiserId, demoId));
    expect(new Set(shared.map((row) => row.customerId)).size).toBe(2);
    const items = await t.db
      .select({ id: attendanceChargeItems.id })
      .from(attendanceChargeItems)
      .where(eq(attendanceChargeItems.organiserId, demoId));
    expect(items.length).toBeGreaterThan(0);
  });
});
