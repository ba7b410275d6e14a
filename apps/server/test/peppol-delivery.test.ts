import {
  carts,
  createDatabase,
  createDatabaseFromTemplate,
  customerInvoices,
  type Database,
  type DatabaseHandle,
  organisers,
  peppolTransmissions,
} from "@booking/db";
import { and, eq, isNull } from "@booking/db/orm";
import type { InvoiceSnapshot } from "@booking/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { belgianInvoice, line, vat } from "../../../packages/domain/test/e-invoicing-fixtures.ts";
import { loadConfig } from "../src/config.ts";
import { AccessPointError } from "../src/modules/peppol/access-point.ts";
import {
  type ConfiguredDeliveryDeps,
  deliverEInvoice,
  type PeppolDeliveryDeps,
} from "../src/modules/peppol/delivery.ts";
import { accessPointOf, createEInvoiceBeAccessPoint } from "../src/modules/peppol/e-invoice-be.ts";
import { followTransmissions } from "../src/modules/peppol/follow.ts";
import {
  type AccessPointStandIn,
  startAccessPointStandIn,
} from "./peppol-access-point-stand-in.ts";

// Peppol delivery through the e-invoice.be adapter against a local stand-in of its API
// (docs/decisions/0076-peppol-access-point.md): at most one upload and one send per document.

const RECEIVER = "0208:0987654394";
const document = belgianInvoice({ lines: [line("1", "Stage d'été", 2, 10000, vat.standard(21))] });

let database: DatabaseHandle;
let db: Database;
let dropDatabase: () => Promise<void>;
let standIn: AccessPointStandIn;
let organiserId: number;
let deps: PeppolDeliveryDeps;
let nextSequence = 1;
let creditedInvoiceId: number;
let cart: { id: number; customerId: number };

/** A credit note row to deliver (the table allows many per cart, unlike invoices). */
async function issuedDocument(): Promise<number> {
  const sequence = nextSequence++;
  const [row] = await db
    .insert(customerInvoices)
    .values({
      organiserId,
      type: "CREDIT_NOTE",
      year: 2099,
      sequence,
      number: `NC2099-${sequence}`,
      customerId: cart.customerId,
      source: "CART",
      cartId: cart.id,
      creditedInvoiceId,
      totalAmount: 24200,
      issuedAt: new Date(),
      snapshot: {} as InvoiceSnapshot,
    })
    .returning({ id: customerInvoices.id });
  return row!.id;
}

async function transmissionOf(invoiceId: number) {
  const [row] = await db
    .select()
    .from(peppolTransmissions)
    .where(eq(peppolTransmissions.invoiceId, invoiceId));
  return row;
}

beforeAll(async () => {
  const copy = await createDatabaseFromTemplate(
    inject("databaseAdminUrl"),
    inject("templateDatabase"),
  );
  dropDatabase = copy.drop;
  database = createDatabase(copy.url);
  db = database.db;
  standIn = await startAccessPointStandIn();
  const [organiser] = await db.select().from(organisers).where(eq(organisers.slug, "demo"));
  organiserId = organiser!.id;
  // A cart without an invoice yet, and an invoice on it for the credit notes to refer to.
  const [free] = await db
    .select({ id: carts.id, customerId: carts.customerId })
    .from(carts)
    .leftJoin(
      customerInvoices,
      and(
        eq(customerInvoices.organiserId, carts.organiserId),
        eq(customerInvoices.cartId, carts.id),
      ),
    )
    .where(and(eq(carts.organiserId, organiserId), isNull(customerInvoices.id)))
    .limit(1);
  cart = free!;
  const [invoice] = await db
    .insert(customerInvoices)
    .values({
      organiserId,
      type: "INVOICE",
      year: 2099,
      sequence: 1,
      number: "F2099-1",
      customerId: cart.customerId,
      source: "CART",
      cartId: cart.id,
      totalAmount: 24200,
      issuedAt: new Date(),
      snapshot: {} as InvoiceSnapshot,
    })
    .returning({ id: customerInvoices.id });
  creditedInvoiceId = invoice!.id;
});

afterAll(async () => {
  await standIn?.close();
  await database?.close();
  await dropDatabase?.();
});

beforeEach(() => {
  standIn.registered = new Set([RECEIVER]);
  deps = {
    db,
    accessPoint: createEInvoiceBeAccessPoint({ url: standIn.url, token: standIn.token }),
    now: () => new Date(),
  };
});

describe("the access point in the environment", () => {
  it("is configured by PEPPOL_AP_URL and PEPPOL_AP_TOKEN together, and absent without them", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/peppol-config" }).peppolAccessPoint).toBeNull();
    expect(
      loadConfig({
        DATA_DIR: "/tmp/peppol-config",
        PEPPOL_AP_URL: "https://api.e-invoice.be",
        PEPPOL_AP_TOKEN: "secret",
      }).peppolAccessPoint,
    ).toEqual({ url: "https://api.e-invoice.be", token: "secret" });
    expect(() =>
      loadConfig({ DATA_DIR: "/tmp/peppol-config", PEPPOL_AP_URL: "https://api.e-invoice.be" }),
    ).toThrow(/PEPPOL_AP_URL and PEPPOL_AP_TOKEN go together/);
    expect(accessPointOf({ peppolAccessPoint: null })).toBeNull();
  });

  it("sends nothing without an access point: the UBL stays for download and e-mail", async () => {
    const invoiceId = await issuedDocument();
    const before = standIn.requests.length;
    const delivery = await deliverEInvoice(
      { ...deps, accessPoint: null },
      organiserId,
      invoiceId,
      document,
    );
    expect(delivery).toEqual({ status: "NOT_CONFIGURED", providerDocumentId: null });
    expect(standIn.requests.length).toBe(before);
    expect(await transmissionOf(invoiceId)).toBeUndefined();
  });
});

describe("delivering an e-invoice", () => {
  it("uploads the UBL once, sends it once, and follows it until it is delivered", async () => {
    const invoiceId = await issuedDocument();
    const first = await deliverEInvoice(deps, organiserId, invoiceId, document);
    expect(first.status).toBe("IN_TRANSIT");
    const stored = standIn.documents.find((entry) => entry.id === first.providerDocumentId);
    expect(stored?.ubl).toContain("<cbc:ID>F2026-000042</cbc:ID>");
    expect(stored?.ubl).toContain('<cbc:EndpointID schemeID="0208">0987654394</cbc:EndpointID>');
    expect(stored?.sends).toBe(1);

    // Called again while in transit: asks, does not send again.
    expect((await deliverEInvoice(deps, organiserId, invoiceId, document)).status).toBe(
      "IN_TRANSIT",
    );
    standIn.deliverAll();
    expect(await deliverEInvoice(deps, organiserId, invoiceId, document)).toEqual({
      status: "SENT",
      providerDocumentId: first.providerDocumentId,
    });
    // Once sent, the access point is not asked any more.
    const requests = standIn.requests.length;
    expect((await deliverEInvoice(deps, organiserId, invoiceId, document)).status).toBe("SENT");
    expect(standIn.requests.length).toBe(requests);
    expect(standIn.documents.filter((entry) => entry.ubl === stored?.ubl)).toHaveLength(1);
    expect(stored?.sends).toBe(1);
    expect(await transmissionOf(invoiceId)).toMatchObject({
      receiver: RECEIVER,
      status: "SENT",
      providerDocumentId: first.providerDocumentId,
      claimedUntil: null,
      error: null,
    });
  });

  it("sends nothing to a receiver not registered on Peppol", async () => {
    standIn.registered = new Set();
    const invoiceId = await issuedDocument();
    const uploads = standIn.documents.length;
    const delivery = await deliverEInvoice(deps, organiserId, invoiceId, document);
    expect(delivery).toEqual({ status: "NOT_REGISTERED", providerDocumentId: null });
    expect(standIn.documents.length).toBe(uploads);
    // Registered since: the next delivery sends it.
    standIn.registered = new Set([RECEIVER]);
    expect((await deliverEInvoice(deps, organiserId, invoiceId, document)).status).toBe(
      "IN_TRANSIT",
    );
  });

  it("does not send twice when the answer to the send is lost", async () => {
    const invoiceId = await issuedDocument();
    const uploads = standIn.documents.length;
    standIn.dropNextAnswerTo("/send");
    const sendLost = deliverEInvoice(deps, organiserId, invoiceId, document);
    await expect(sendLost).rejects.toMatchObject({ name: "AccessPointError", retryable: true });
    const stored = standIn.documents.at(-1)!;
    expect(stored.sends).toBe(1);
    expect(await transmissionOf(invoiceId)).toMatchObject({
      status: "UPLOADED",
      claimedUntil: null,
    });
    expect((await transmissionOf(invoiceId))?.error).toMatch(/unreachable/);

    const retry = await deliverEInvoice(deps, organiserId, invoiceId, document);
    expect(retry).toEqual({ status: "IN_TRANSIT", providerDocumentId: stored.id });
    expect(stored.sends).toBe(1);
    expect(standIn.documents.length).toBe(uploads + 1);
  });

  it("retries after the access point's 5xx without a second upload", async () => {
    const invoiceId = await issuedDocument();
    const uploads = standIn.documents.length;
    standIn.failNext(503, "Service unavailable");
    await expect(deliverEInvoice(deps, organiserId, invoiceId, document)).rejects.toMatchObject({
      retryable: true,
      message: "access point 503: Service unavailable",
    });
    expect(await transmissionOf(invoiceId)).toMatchObject({
      status: "PENDING",
      error: "access point 503: Service unavailable",
      claimedUntil: null,
    });
    expect((await deliverEInvoice(deps, organiserId, invoiceId, document)).status).toBe(
      "IN_TRANSIT",
    );
    expect(standIn.documents.length).toBe(uploads + 1);
  });

  it("sends again a document the access point gave up on", async () => {
    const invoiceId = await issuedDocument();
    const first = await deliverEInvoice(deps, organiserId, invoiceId, document);
    standIn.failDocument(first.providerDocumentId!);
    expect((await deliverEInvoice(deps, organiserId, invoiceId, document)).status).toBe(
      "IN_TRANSIT",
    );
    expect(standIn.documents.find((entry) => entry.id === first.providerDocumentId)?.sends).toBe(2);
  });

  it("records a refusal for good: invalid UBL, wrong token", async () => {
    const invoiceId = await issuedDocument();
    const broken = { ...document, totals: { ...document.totals, payable: 1 } };
    await expect(deliverEInvoice(deps, organiserId, invoiceId, broken)).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining("access point 422: BR-CO-16"),
    });
    const other = await issuedDocument();
    const wrongToken = {
      ...deps,
      accessPoint: createEInvoiceBeAccessPoint({ url: standIn.url, token: "wrong" }),
    };
    const refusal = await deliverEInvoice(wrongToken, organiserId, other, document).catch((e) => e);
    expect(refusal).toBeInstanceOf(AccessPointError);
    expect(refusal).toMatchObject({
      retryable: false,
      message: "access point 401: Invalid API key",
    });
  });

  it("uploads and sends once when many deliveries of one document race", async () => {
    const invoiceId = await issuedDocument();
    const uploads = standIn.documents.length;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => deliverEInvoice(deps, organiserId, invoiceId, document)),
    );
    // A delivery that came after the first one's end finds it in transit and only asks.
    const statuses = new Set(results.map((result) => result.status));
    expect([...statuses].sort()).toEqual(
      statuses.has("BUSY") ? ["BUSY", "IN_TRANSIT"] : ["IN_TRANSIT"],
    );
    expect(standIn.documents.length).toBe(uploads + 1);
    expect(standIn.documents.at(-1)?.sends).toBe(1);
  });

  it("takes over a claim left by a delivery that died", async () => {
    const invoiceId = await issuedDocument();
    const past = new Date(Date.now() - 10 * 60_000);
    await db.insert(peppolTransmissions).values({
      organiserId,
      invoiceId,
      receiver: RECEIVER,
      status: "PENDING",
      claimedUntil: new Date(past.getTime() + 60_000),
    });
    expect((await deliverEInvoice(deps, organiserId, invoiceId, document)).status).toBe(
      "IN_TRANSIT",
    );
  });
});

describe("the periodic follow-up of documents in transit", () => {
  it("records what the access point says of each document in transit, and no more", async () => {
    const configured = deps as ConfiguredDeliveryDeps;
    const delivered = await issuedDocument();
    const failed = await issuedDocument();
    const first = await deliverEInvoice(deps, organiserId, delivered, document);
    const second = await deliverEInvoice(deps, organiserId, failed, document);
    standIn.deliverAll();
    standIn.failDocument(second.providerDocumentId!);
    const sends = standIn.documents.reduce((sum, entry) => sum + entry.sends, 0);

    expect(await followTransmissions(configured)).toBeGreaterThanOrEqual(2);
    expect(await transmissionOf(delivered)).toMatchObject({
      status: "SENT",
      providerDocumentId: first.providerDocumentId,
      claimedUntil: null,
    });
    // Followed, not sent again: staff (or a new delivery) decide to send it again.
    expect(await transmissionOf(failed)).toMatchObject({ status: "FAILED", claimedUntil: null });
    expect(standIn.documents.reduce((sum, entry) => sum + entry.sends, 0)).toBe(sends);
    // Nothing left in transit: the next run asks nothing.
    expect(await followTransmissions(configured)).toBe(0);
  });

  it("stops the run while the access point is down and leaves the documents to the next", async () => {
    const invoiceId = await issuedDocument();
    await deliverEInvoice(deps, organiserId, invoiceId, document);
    standIn.failNext(503, "Service unavailable");
    await expect(followTransmissions(deps as ConfiguredDeliveryDeps)).rejects.toMatchObject({
      retryable: true,
    });
    expect(await transmissionOf(invoiceId)).toMatchObject({
      status: "IN_TRANSIT",
      error: "access point 503: Service unavailable",
      claimedUntil: null,
    });
    standIn.deliverAll();
    expect(await followTransmissions(deps as ConfiguredDeliveryDeps)).toBeGreaterThanOrEqual(1);
    expect((await transmissionOf(invoiceId))?.status).toBe("SENT");
  });
});
