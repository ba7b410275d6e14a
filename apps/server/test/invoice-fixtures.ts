import { customerBillingDetails, organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import pino from "pino";
import { expect } from "vitest";
import { type PublishedEvent, relayEvents } from "../src/jobs/events-relay.ts";
import type { JobQueue } from "../src/jobs/queue.ts";
import { invoicesHandler } from "../src/modules/invoices/handler.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

// What the invoice tests share (invoices, e-invoice regimes and sending, invoice sources): the
// organiser made an invoicing Belgian business, its settings, customers who check out a stage,
// business customers, and the outbox's events run through the invoicing handler.

/** The demo organiser with an address and a bank account; a VAT or an enterprise number as given. */
export async function belgianIssuer(
  t: TestApp,
  organiserId: number,
  numbers: { vatNumber?: string; enterpriseNumber?: string },
): Promise<void> {
  await t.db
    .update(organisers)
    .set({
      legalName: "Demo ASBL",
      ...numbers,
      iban: "BE68539007547034",
      bic: "GKCCBEBB",
      street: "Rue de la Loi",
      number: "16",
      postcode: "1000",
      city: "Bruxelles",
      country: "BE",
    })
    .where(eq(organisers.id, organiserId));
}

/** Saves the invoice settings with `changes` through the console (200 expected); the saved view. */
export async function invoiceSettings(owner: Client, changes: Record<string, unknown> = {}) {
  const current = await owner.get("/api/admin/invoices/settings");
  const { legal_mention: _, ...body } = current.json();
  const response = await owner.put("/api/admin/invoices/settings", { ...body, ...changes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A one-date stage of 120 € (30 € deposit) with room for `capacity`. */
export async function invoiceStage(
  t: TestApp,
  organiserId: number,
  title: string,
  capacity = 50,
): Promise<{ availabilityId: number; dateId: number }> {
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId,
    title,
    capacity,
    price: 12_000,
    deposit: 3_000,
    dateHours: 3,
    dates: [{ capacity }],
  });
  return { availabilityId: availability.id, dateId: dates[0]!.id };
}

export type InvoiceCustomer = Awaited<ReturnType<typeof sessionCustomer>>;

/** A logged-in customer with a child, named `{label}{index}`. */
export function invoiceCustomer(
  t: TestApp,
  organiserId: number,
  label: string,
  index: number,
): Promise<InvoiceCustomer> {
  return sessionCustomer(t, {
    organiserId,
    host: DEMO_HOST,
    customer: {
      firstname: "Client",
      lastname: `${label}${index}`,
      email: `${label.toLowerCase()}-${index}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `${label}${index}` },
  });
}

/** Makes `customerId` a business (Acme SRL, BE0403170701): its documents get a Peppol UBL. */
export async function makeBusiness(t: TestApp, organiserId: number, customerId: number) {
  await t.db.insert(customerBillingDetails).values({
    organiserId,
    customerId,
    companyName: "Acme SRL",
    street: "Avenue Louise 1",
    postcode: "1050",
    city: "Ixelles",
    vatNumber: "BE0403170701",
  });
}

/** The customer books the stage and checks out, paying by transfer later; the cart's id. */
export async function checkedOutCart(
  who: InvoiceCustomer,
  stage: { availabilityId: number; dateId: number },
): Promise<number> {
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(stage.availabilityId, who.participantId, [stage.dateId]),
  );
  expect(added.statusCode, added.body).toBe(201);
  const cartId = added.json().cart.id as number;
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  return cartId;
}

/** Relays the whole outbox; the events it published. */
export async function publishEvents(t: TestApp): Promise<PublishedEvent[]> {
  const published: PublishedEvent[] = [];
  const queue = {
    boss: {
      insert: async (_: string, jobs: { data: PublishedEvent }[]) =>
        published.push(...jobs.map((job) => job.data)),
    },
  } as unknown as JobQueue;
  while ((await relayEvents(t.db, queue)) > 0);
  return published;
}

/**
 * Publishes the outbox and runs the invoicing handler on its events: all at once (racing
 * workers) unless `oneByOne`.
 */
export async function issueFromEvents(
  t: TestApp,
  options: { now?: Date; oneByOne?: boolean } = {},
): Promise<PublishedEvent[]> {
  const published = await publishEvents(t);
  const now = options.now ?? new Date();
  const deps = { urls: t.app.publicUrls, now: () => now, log: pino({ level: "silent" }) };
  if (options.oneByOne) {
    for (const event of published) await invoicesHandler(t.db, event, deps);
  } else {
    await Promise.all(published.map((event) => invoicesHandler(t.db, event, deps)));
  }
  return published;
}
