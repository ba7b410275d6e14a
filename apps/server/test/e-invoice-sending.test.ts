import { customerInvoices, organisers, peppolTransmissions } from "@booking/db";
import { eq } from "@booking/db/orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeEvent } from "../src/jobs/events-consumer.ts";
import { type PublishedEvent, relayEvents } from "../src/jobs/events-relay.ts";
import type { JobQueue } from "../src/jobs/queue.ts";
import { createEInvoiceBeAccessPoint } from "../src/modules/peppol/e-invoice-be.ts";
import { followTransmissions } from "../src/modules/peppol/follow.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditByAction,
} from "./console-fixtures.ts";
import { createTestApp, type TestApp } from "./harness.ts";
import {
  belgianIssuer,
  checkedOutCart,
  invoiceCustomer,
  invoiceSettings,
  invoiceStage,
  makeBusiness,
} from "./invoice-fixtures.ts";
import {
  type AccessPointStandIn,
  startAccessPointStandIn,
} from "./peppol-access-point-stand-in.ts";

// An issued business customer's invoice goes over Peppol once, from the events consumer
// (docs/decisions/0076-peppol-access-point.md, 0080), through the e-invoice.be adapter against
// PEPPOL's local stand-in of its API.

let t: TestApp;
let demoId: number;
let standIn: AccessPointStandIn;
let availability: { availabilityId: number; dateId: number };
let customerCount = 0;

beforeAll(async () => {
  standIn = await startAccessPointStandIn();
  // The console's "send again" reaches the same access point.
  t = await createTestApp({ peppolAccessPoint: { url: standIn.url, token: standIn.token } });
  const [demo] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  demoId = demo!.id;
  await belgianIssuer(t, demoId, { enterpriseNumber: "0417497106" });
  availability = await invoiceStage(t, demoId, "Stage Peppol");
  // Invoices issued as each order is processed (the default waits for the customer's request).
  await invoiceSettings(await consoleLogin(t.app, DEMO_OWNER_EMAIL), {
    issue_on: "CART_PROCESSED",
  });
});
afterAll(async () => {
  await standIn?.close();
  await t.close();
});

const accessPoint = () => createEInvoiceBeAccessPoint({ url: standIn.url, token: standIn.token });

/** Relays the outbox and runs every event handler, as the workers do, until nothing is left. */
async function consumeAll(): Promise<void> {
  const queue = {
    boss: {
      insert: async (_: string, jobs: { data: PublishedEvent }[]) => {
        published.push(...jobs.map((job) => job.data));
      },
    },
  } as unknown as JobQueue;
  const published: PublishedEvent[] = [];
  const deps = {
    urls: t.app.publicUrls,
    dispatchEmail: async () => {},
    now: () => new Date(),
    log: pino({ level: "silent" }),
    accessPoint: accessPoint(),
  };
  while ((await relayEvents(t.db, queue)) > 0) {
    while (published.length > 0) await consumeEvent(t.db, published.shift()!, deps);
  }
}

/** A business customer (Acme SRL, BE0403170701) whose cart is checked out; its id. */
async function businessCheckout(): Promise<number> {
  customerCount += 1;
  const who = await invoiceCustomer(t, demoId, "Peppol", customerCount);
  await makeBusiness(t, demoId, who.customerId);
  await checkedOutCart(who, availability);
  return who.customerId;
}

async function transmissionOf(customerId: number) {
  const [invoice] = await t.db
    .select()
    .from(customerInvoices)
    .where(eq(customerInvoices.customerId, customerId));
  const [row] = await t.db
    .select()
    .from(peppolTransmissions)
    .where(eq(peppolTransmissions.invoiceId, invoice!.id));
  return { invoice: invoice!, transmission: row };
}

describe("sending issued e-invoices", () => {
  it("sends a business customer's invoice once, a replayed event sends nothing again", async () => {
    standIn.registered.add("0208:0403170701");
    const before = standIn.documents.length;
    const customerId = await businessCheckout();
    await consumeAll();
    const { invoice, transmission } = await transmissionOf(customerId);
    expect(transmission).toMatchObject({ receiver: "0208:0403170701", status: "IN_TRANSIT" });
    const sent = standIn.documents.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sends).toBe(1);
    expect(sent[0]!.ubl).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(sent[0]!.ubl).toContain('<cbc:EndpointID schemeID="0208">0417497106</cbc:EndpointID>');
    // The same event again (at-least-once delivery) and a resend: no second upload or send.
    const replay: PublishedEvent = {
      cuid: "replayed-event",
      organiser_id: demoId,
      type: "customer-invoice.created",
      occurred_at: new Date().toISOString(),
      payload: { invoice_cuid: invoice.cuid },
    };
    standIn.deliverAll();
    await consumeEvent(t.db, replay, {
      urls: t.app.publicUrls,
      dispatchEmail: async () => {},
      now: () => new Date(),
      log: pino({ level: "silent" }),
      accessPoint: accessPoint(),
    });
    expect(standIn.documents.slice(before)).toHaveLength(1);
    expect(standIn.documents.slice(before)[0]!.sends).toBe(1);
    expect((await transmissionOf(customerId)).transmission!.status).toBe("SENT");
  });

  it("retries after the access point failed for a while, still sending once", async () => {
    const before = standIn.documents.length;
    const customerId = await businessCheckout();
    standIn.failNext(503, "Service Unavailable");
    await expect(consumeAll()).rejects.toThrow(/503/);
    // The queue retries the job: the relay has published the event already, so run it again.
    const { invoice } = await transmissionOf(customerId);
    await consumeEvent(
      t.db,
      {
        cuid: "retried-event",
        organiser_id: demoId,
        type: "customer-invoice.created",
        occurred_at: new Date().toISOString(),
        payload: { invoice_cuid: invoice.cuid },
      },
      {
        urls: t.app.publicUrls,
        dispatchEmail: async () => {},
        now: () => new Date(),
        log: pino({ level: "silent" }),
        accessPoint: accessPoint(),
      },
    );
    const sent = standIn.documents.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sends).toBe(1);
  });

  it("sends nothing to a receiver not on Peppol", async () => {
    standIn.registered.delete("0208:0403170701");
    const before = standIn.documents.length;
    const customerId = await businessCheckout();
    await consumeAll();
    expect((await transmissionOf(customerId)).transmission!.status).toBe("NOT_REGISTERED");
    expect(standIn.documents.length).toBe(before);
  });
});

describe("the Peppol status in the console", () => {
  it("shows a refused document with its reason and sends it again on staff's request, once", async () => {
    standIn.registered.add("0208:0403170701");
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
    const before = standIn.documents.length;
    const customerId = await businessCheckout();
    standIn.failNext(422, "BR-CO-15 total mismatch");
    await consumeAll();
    const { invoice } = await transmissionOf(customerId);
    const listed = await owner.get(`/api/admin/invoices?q=${invoice.number}`);
    expect(listed.json().data[0].peppol).toMatchObject({
      status: "FAILED",
      error: expect.stringContaining("BR-CO-15"),
      retryable: true,
    });
    // Resending is staff's right to trigger messages, as the e-mail's resend.
    const { client: reader } = await collaboratorWith(t, ["payments.payments.read"]);
    const detail = await reader.get(`/api/admin/invoices/${invoice.cuid}`);
    expect(detail.json().peppol.status).toBe("FAILED");
    expect((await reader.post(`/api/admin/invoices/${invoice.cuid}/peppol`, {})).statusCode).toBe(
      403,
    );
    const again = await owner.post(`/api/admin/invoices/${invoice.cuid}/peppol`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().peppol).toMatchObject({
      status: "IN_TRANSIT",
      error: null,
      retryable: false,
    });
    expect(standIn.documents.slice(before)).toHaveLength(1);
    expect(standIn.documents.slice(before)[0]!.sends).toBe(1);
    const twice = await owner.post(`/api/admin/invoices/${invoice.cuid}/peppol`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe("PEPPOL_NOT_FAILED");
    expect(await lastAuditByAction(t.db, demoId, "invoice.peppol_resent")).toMatchObject({
      entityId: invoice.number,
    });
    // Delivered in the end: the list says so.
    standIn.deliverAll();
    await followTransmissions({ db: t.db, accessPoint: accessPoint(), now: () => new Date() });
    const delivered = await owner.get(`/api/admin/invoices/${invoice.cuid}`);
    expect(delivered.json().peppol).toMatchObject({ status: "SENT", retryable: false });
  });
});
