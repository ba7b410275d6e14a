import {
  auditLogs,
  bookingDates,
  bookings,
  calendarPeriods,
  carts,
  catalogActivities,
  catalogs,
  collaboratorSessions,
  customers,
  DEMO_FLOWS_KEY,
  demoEn,
  demoFr,
  documentModels,
  events,
  messages,
  pageElements,
  payments,
  platformMeta,
  registrationRequests,
  registrationReviews,
  registrations,
  resourceReservations,
  seedDemo,
  segments,
  walletTransactions,
} from "@booking/db";
import { and, count, eq, isNull } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoFlows } from "../src/demo/flows.ts";
import { organiserIdOf } from "./cart-fixtures.ts";
import { createTestApp, type TestApp } from "./harness.ts";

// The demo's requests and bookings are made by the server's demo flows through the services
// (apps/server/src/demo, decision 0073), once, after the seed; the template every test file
// copies was made by them.

let t: TestApp;
let demoId: number;
let parentId: number;

const rowsOf = async (table: typeof registrationRequests | typeof bookings | typeof payments) =>
  (await t.db.select({ n: count() }).from(table).where(eq(table.organiserId, demoId)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  const [parent] = await t.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organiserId, demoId), eq(customers.email, "parent@demo.test")));
  parentId = parent!.id;
});
afterAll(() => t.close());

describe("the demo flows", () => {
  it("answered the requests as staff and the parent did, at their time", async () => {
    const requests = await t.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.customerId, parentId))
      .orderBy(registrationRequests.createdAt);
    expect(requests.map((request) => request.status)).toEqual([
      "CANCELLED",
      "REJECTED",
      "APPROVED",
      "PENDING",
      "PENDING",
    ]);
    for (const request of requests) {
      // Through the tier, answered after it was made, at the story's times (days apart).
      expect(request.tierId).not.toBeNull();
      if (request.statusChangedAt) {
        expect(request.statusChangedAt.getTime()).toBeGreaterThan(request.createdAt.getTime());
      }
    }
    expect(requests[0]!.createdAt.getTime()).toBeLessThan(Date.now() - 40 * 86_400_000);
    const rejected = requests[1]!;
    expect(rejected.message).toMatch(/groupe du mercredi/);
    // The approval registered the session in an order of its own, asking the family to pay.
    const approved = requests[2]!;
    expect(approved.cartId).not.toBeNull();
    const [order] = await t.db.select().from(carts).where(eq(carts.id, approved.cartId!));
    expect(order!.processedAt).not.toBeNull();
    expect(order!.paidAmount).toBe(0);
    const registered = await t.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.cartId, approved.cartId!));
    expect(registered).toHaveLength(1);
    // Staff's answers are in the audit log, and the rejection was e-mailed with its message.
    const audited = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.organiserId, demoId));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["registration_request.approved", "registration_request.rejected"]),
    );
    const mails = await t.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.organiserId, demoId), eq(messages.toAddress, "parent@demo.test")));
    expect(mails.some((mail) => mail.text?.includes(rejected.message!))).toBe(true);
  });

  it("booked the courts through checkout, paid online, each live period held once", async () => {
    expect(await rowsOf(bookings)).toBe(4);
    const periods = await t.db
      .select({
        canceled: bookings.canceledAt,
        held: resourceReservations.id,
      })
      .from(bookingDates)
      .innerJoin(bookings, eq(bookings.id, bookingDates.bookingId))
      .leftJoin(resourceReservations, eq(resourceReservations.bookingDateId, bookingDates.id))
      .where(eq(bookingDates.organiserId, demoId));
    expect(periods).toHaveLength(5);
    // Staff cancelled one: its period is free again.
    expect(periods.filter((period) => period.canceled !== null)).toEqual([
      { canceled: expect.any(Date), held: null },
    ]);
    expect(periods.filter((period) => period.canceled === null && period.held === null)).toEqual(
      [],
    );
    // The past booking at checkout and the neighbour's share from her account.
    const paid = await t.db
      .select({ purpose: payments.purpose, status: payments.status, provider: payments.provider })
      .from(payments)
      .where(eq(payments.organiserId, demoId));
    expect(paid).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: "CHECKOUT", status: "paid", provider: "test" }),
        expect.objectContaining({ purpose: "BALANCE", status: "paid", provider: "test" }),
      ]),
    );
  });

  it("credited the parent's wallet by hand after her last checkout", async () => {
    const [parent] = await t.db
      .select({ wallet: customers.walletAmount })
      .from(customers)
      .where(eq(customers.id, parentId));
    expect(parent!.wallet).toBe(1500);
    const [movement] = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.customerId, parentId));
    expect(movement).toMatchObject({ amount: 1500, reason: "ADJUSTMENT" });
  });

  it("left no event to publish, no console session, and a record", async () => {
    const [unpublished] = await t.db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.organiserId, demoId), isNull(events.publishedAt)));
    expect(unpublished!.n).toBe(0);
    const [sessions] = await t.db.select({ n: count() }).from(collaboratorSessions);
    expect(sessions!.n).toBe(0);
    const [record] = await t.db
      .select()
      .from(platformMeta)
      .where(eq(platformMeta.key, DEMO_FLOWS_KEY));
    expect(record).toBeDefined();
  });

  it("set each organiser's catalogue up through the console's services, pages pointing at it", async () => {
    const seededAt = new Date(
      (
        (await t.db.select().from(platformMeta).where(eq(platformMeta.key, "demo_seed")))[0]!
          .value as { seeded_at: string }
      ).seeded_at,
    );
    for (const [slug, demo] of [
      ["demo", demoFr(seededAt)],
      ["demo-en", demoEn(seededAt)],
    ] as const) {
      const organiserId = await organiserIdOf(t, slug);
      const actions = (
        await t.db
          .select({ action: auditLogs.action, by: auditLogs.collaboratorId })
          .from(auditLogs)
          .where(eq(auditLogs.organiserId, organiserId))
      ).filter((entry) => entry.by !== null);
      const made = (action: string) => actions.filter((entry) => entry.action === action).length;
      const own = demo.segments.filter((segment) => !segment.isDefault);
      // Each row of the description was made once, by staff, audited.
      expect(made("calendar_period.created"), slug).toBe(demo.calendarPeriods.length);
      expect(made("catalog.created"), slug).toBe(demo.catalogs.length);
      expect(made("segment.created"), slug).toBe(own.length);
      expect(made("volume_discount.created"), slug).toBe(demo.volumeDiscounts.length);
      const names = async (table: typeof catalogs | typeof segments) =>
        (
          await t.db
            .select({ name: table.name, cuid: table.cuid })
            .from(table)
            .where(eq(table.organiserId, organiserId))
        ).map((row) => row.name);
      expect((await names(catalogs)).sort(), slug).toEqual(
        demo.catalogs.map((catalog) => catalog.name).sort(),
      );
      // The seed's default segments and the newsletters' own beside staff's.
      expect(await names(segments), slug).toEqual(
        expect.arrayContaining(demo.segments.map((segment) => segment.name)),
      );
      const periods = await t.db
        .select()
        .from(calendarPeriods)
        .where(eq(calendarPeriods.organiserId, organiserId));
      expect(periods.map((period) => period.name).sort()).toEqual(
        demo.calendarPeriods.map((period) => period.name).sort(),
      );
      // The camps catalog's activities, and a page whose settings name its cuid.
      const [camps] = await t.db
        .select({ id: catalogs.id, cuid: catalogs.cuid })
        .from(catalogs)
        .where(
          and(eq(catalogs.organiserId, organiserId), eq(catalogs.name, demo.catalogs[0]!.name)),
        );
      const [links] = await t.db
        .select({ n: count() })
        .from(catalogActivities)
        .where(
          and(
            eq(catalogActivities.organiserId, organiserId),
            eq(catalogActivities.catalogId, camps!.id),
          ),
        );
      expect(links!.n).toBe(demo.catalogs[0]!.activities.length);
      const settings = await t.db
        .select({ settings: pageElements.settings })
        .from(pageElements)
        .where(eq(pageElements.organiserId, organiserId));
      expect(JSON.stringify(settings)).toContain(camps!.cuid);
    }
  });

  it("saved the document models through the editor's service and reviewed the camp that ended", async () => {
    const models = await t.db
      .select({ title: documentModels.title })
      .from(documentModels)
      .where(eq(documentModels.organiserId, demoId));
    expect(models.map((model) => model.title).sort()).toEqual([
      "Attestation de participation",
      "Attestation fiscale – frais de garde (281.86)",
    ]);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.organiserId, demoId));
    const named = (action: string) => actions.filter((entry) => entry.action === action).length;
    expect(named("document_model.created")).toBe(2);
    expect(named("review.answered")).toBe(1);
    const [review] = await t.db
      .select()
      .from(registrationReviews)
      .where(
        and(
          eq(registrationReviews.organiserId, demoId),
          eq(registrationReviews.customerId, parentId),
        ),
      );
    expect(review).toMatchObject({ score: 5, private: false });
  });

  it("make nothing twice, and again all of it after a forced seed", {
    timeout: 120_000,
  }, async () => {
    const before = [await rowsOf(registrationRequests), await rowsOf(bookings)];
    expect(await seedDemoFlows(t.db)).toEqual({ skipped: "already made" });
    expect([await rowsOf(registrationRequests), await rowsOf(bookings)]).toEqual(before);

    const reseeded = await seedDemo(t.db, { force: true });
    expect(reseeded).toMatchObject({ seeded: true });
    demoId = await organiserIdOf(t, "demo");
    expect(await rowsOf(registrationRequests)).toBe(0);
    expect(await seedDemoFlows(t.db)).toMatchObject({ made: { steps: expect.any(Number) } });
    expect([await rowsOf(registrationRequests), await rowsOf(bookings)]).toEqual(before);
  });
});
