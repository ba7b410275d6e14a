import {
  customers,
  participants,
  platformUsage,
  registrationRequestAvailabilities,
  registrationRequests,
  registrations,
} from "@booking/db";
import { and, eq, inArray } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meteringHandler } from "../src/modules/billing/metering.ts";
import { availabilityWithDates, organiserIdOf } from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import { invoiceCustomer, publishEvents } from "./invoice-fixtures.ts";

// Registrations staff make — registered by hand in the console, by approving a request — emit
// `registration.created` through the outbox like the storefront's (they are converted by the same
// checkout), so the organiser's notification rules fire and the platform meters each once; a
// transfer moves a registration and creates none (issue 16 §3; decision 0083).

let t: TestApp;
let owner: Client;
let demoId: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
});
afterAll(() => t.close());

function week(title: string) {
  return availabilityWithDates(t, {
    organiserId: demoId,
    title,
    capacity: 10,
    price: 8_000,
    deposit: 0,
    dateHours: 3,
    dates: [{ capacity: 10 }],
  });
}

async function family() {
  counter += 1;
  const who = await invoiceCustomer(t, demoId, "Compteur", counter);
  const [customer] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, who.customerId));
  const [participant] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, who.participantId));
  return { ...who, customerCuid: customer!.cuid, participantCuid: participant!.cuid };
}

function meteredRegistrations(cuids: string[]) {
  return t.db
    .select({ sourceKey: platformUsage.sourceKey, quantity: platformUsage.quantity })
    .from(platformUsage)
    .where(
      and(
        eq(platformUsage.organiserId, demoId),
        eq(platformUsage.item, "registrations"),
        inArray(platformUsage.sourceKey, cuids),
      ),
    );
}

describe("registrations made by staff", () => {
  it("emit registration.created once each and are metered once, a transfer adds nothing", async () => {
    const first = await week("Semaine à la main");
    const second = await week("Semaine d'arrivée");
    await publishEvents(t); // what the fixtures' set-up emitted

    // Registered by hand in the console.
    const parent = await family();
    const byHand = await owner.post("/api/admin/registrations", {
      customer: parent.customerCuid,
      participant: parent.participantCuid,
      availability: first.availability.cuid,
      availability_dates: first.dates.map((date) => ({ date_id: date.id })),
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const handCuid = byHand.json().registration.cuid as string;

    // Approved from a request.
    const asker = await family();
    const [request] = await t.db
      .insert(registrationRequests)
      .values({
        organiserId: demoId,
        reference: "+++000/0000/09797+++",
        customerId: asker.customerId,
        participantId: asker.participantId,
        activityId: first.activity.id,
        totalAmount: 8_000,
      })
      .returning();
    await t.db.insert(registrationRequestAvailabilities).values({
      organiserId: demoId,
      registrationRequestId: request!.id,
      availabilityId: first.availability.id,
      position: 0,
    });
    const approved = await owner.post(
      `/api/admin/registrations/requests/${request!.cuid}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const [approvedRegistration] = await t.db
      .select({ cuid: registrations.cuid })
      .from(registrations)
      .where(eq(registrations.customerId, asker.customerId));

    // Transferred to another week: the same registration, moved.
    const moved = await owner.post(`/api/admin/registrations/${handCuid}/transfer`, {
      availability: second.availability.cuid,
      availability_dates: second.dates.map((date) => ({ date_id: date.id })),
      price: "keep",
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const events = await publishEvents(t);
    const created = events.filter((event) => event.type === "registration.created");
    const staffMade = [handCuid, approvedRegistration!.cuid];
    expect(created.map((event) => event.payload.registration_cuid).sort()).toEqual(
      [...staffMade].sort(),
    );
    expect(events.map((event) => event.type)).toContain("registration.transfer.created");

    // Metered by racing workers, and again on a replay: once each.
    await Promise.all(
      events.flatMap((event) => [meteringHandler(t.db, event), meteringHandler(t.db, event)]),
    );
    await Promise.all(events.map((event) => meteringHandler(t.db, event)));
    const metered = await meteredRegistrations(staffMade);
    expect(metered.map((row) => row.sourceKey).sort()).toEqual([...staffMade].sort());
    expect(metered.every((row) => row.quantity === 1)).toBe(true);
  });
});
