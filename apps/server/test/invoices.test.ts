import {
  auditLogs,
  customerBillingDetails,
  customerInvoices,
  customers,
  organisers,
  withTenant,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peppolValidator } from "../../../packages/domain/test/e-invoicing-validator.ts";
import { sessionOf } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import {
  type Client,
  createTestApp,
  DEMO_HOST,
  emailsTo,
  runNotificationJobs,
  type TestApp,
} from "./harness.ts";
import {
  belgianIssuer,
  checkedOutCart as checkOut,
  type InvoiceCustomer,
  invoiceCustomer,
  invoiceSettings,
  invoiceStage,
  issueFromEvents as issueInvoicesFromEvents,
  makeBusiness,
} from "./invoice-fixtures.ts";

// Customer invoices and credit notes (issue 16 §1; docs/decisions/0074-customer-invoices.md).

let t: TestApp;
let demoId: number;
let owner: Client;
let customerCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  demoId = demo!.id;
  // A Belgian organiser with a VAT number and an account, as e-invoices need.
  await belgianIssuer(t, demoId, { vatNumber: "BE0417497106" });
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(async () => {
  await t.close();
});

function customer() {
  customerCount += 1;
  return invoiceCustomer(t, demoId, "Facture", customerCount);
}

const issueFromEvents = () => issueInvoicesFromEvents(t);
const settings = (changes: Record<string, unknown> = {}) => invoiceSettings(owner, changes);

let availability: { availabilityId: number; dateId: number };
const checkedOutCart = (who: InvoiceCustomer) => checkOut(who, availability);

describe("invoice settings", () => {
  it("reads the defaults, saves a change (audited) and refuses bad input, changing nothing", async () => {
    const defaults = await owner.get("/api/admin/invoices/settings");
    expect(defaults.statusCode).toBe(200);
    // Issued on the customer's request until the organiser chooses otherwise: an invoice e-mail
    // beside every confirmation, and the platform's fee on invoices, are the organiser's choice.
    expect(defaults.json()).toMatchObject({
      issue_on: "ON_REQUEST",
      vat_regime: "EXEMPT_ARTICLE_44",
      legal_mention: "Exemption de TVA, article 44 du Code de la TVA",
    });
    const saved = await settings({ number_prefix: "FAC", footer_message: "Merci !" });
    expect(saved).toMatchObject({ number_prefix: "FAC", footer_message: "Merci !" });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organiserId, demoId), eq(auditLogs.action, "invoice_settings.updated")),
      );
    expect(audit).toBeDefined();
    const { legal_mention: _, ...body } = saved;
    for (const bad of [
      { number_prefix: "F/2026" },
      { vat_regime: "NONE" },
      { payment_delay_days: -1 },
      { vat_rates: { ...body.vat_rates, registrations: 7 } },
    ]) {
      const refused = await owner.put("/api/admin/invoices/settings", { ...body, ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await owner.get("/api/admin/invoices/settings")).json().number_prefix).toBe("FAC");
    const { client: reader } = await collaboratorWith(t, ["customer_invoices.settings.read"]);
    expect((await reader.put("/api/admin/invoices/settings", body)).statusCode).toBe(403);
  });
});

describe("issuing", () => {
  beforeAll(async () => {
    await settings({
      number_prefix: "F",
      yearly_reset: false,
      issue_on: "CART_PROCESSED",
      vat_regime: "EXEMPT_ARTICLE_44",
    });
    availability = await invoiceStage(t, demoId, "Stage de facture", 200);
  });

  it("numbers the invoices of 50 concurrent checkouts 1..50, no gap, no duplicate", async () => {
    const crowd = await Promise.all(Array.from({ length: 50 }, () => customer()));
    await Promise.all(crowd.map((who) => checkedOutCart(who)));
    // Twice: a replayed event issues nothing more.
    await issueFromEvents();
    await issueFromEvents();
    const rows = await t.db
      .select({ sequence: customerInvoices.sequence, number: customerInvoices.number })
      .from(customerInvoices)
      // The series without yearly reset (year 0): the demo's own invoice is in this year's.
      .where(
        and(
          eq(customerInvoices.organiserId, demoId),
          eq(customerInvoices.type, "INVOICE"),
          eq(customerInvoices.year, 0),
        ),
      );
    expect(rows.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    expect(new Set(rows.map((row) => row.number)).size).toBe(50);
    expect(rows.map((row) => row.number)).toContain("F-0050");
  });

  it("freezes the snapshot: no update path, and account deletion leaves it alone", async () => {
    const who = await customer();
    await makeBusiness(t, demoId, who.customerId);
    await checkedOutCart(who);
    await issueFromEvents();
    const [invoice] = await t.db
      .select()
      .from(customerInvoices)
      .where(
        and(
          eq(customerInvoices.organiserId, demoId),
          eq(customerInvoices.customerId, who.customerId),
        ),
      );
    expect(invoice!.snapshot.customer).toMatchObject({
      fullname: `Client Facture${customerCount}`,
      company_name: "Acme SRL",
      vat_number: "BE0403170701",
    });
    expect(invoice!.snapshot.legal_mention).toBe("Exemption de TVA, article 44 du Code de la TVA");
    expect(invoice!.snapshot.lines[0]).toMatchObject({
      label: "Stage de facture",
      total_amount: 12_000,
    });
    // The application's role may not change an issued document.
    await expect(
      withTenant(t.db, demoId, (tx) =>
        tx
          .update(customerInvoices)
          .set({ totalAmount: 1 })
          .where(eq(customerInvoices.id, invoice!.id)),
      ),
    ).rejects.toMatchObject({ cause: { code: "42501" } }); // insufficient_privilege
    expect((await who.client.delete("/api/session")).statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(customerInvoices)
      .where(eq(customerInvoices.id, invoice!.id));
    expect(after!.snapshot).toEqual(invoice!.snapshot);
  });

  it("issues nothing for an organiser who issues on request", async () => {
    await settings({ issue_on: "ON_REQUEST" });
    const who = await customer();
    await checkedOutCart(who);
    await issueFromEvents();
    const rows = await t.db
      .select()
      .from(customerInvoices)
      .where(eq(customerInvoices.customerId, who.customerId));
    expect(rows).toEqual([]);
    const [cart] = (await who.client.get("/api/carts")).json().data;
    const order = await t.app.inject({
      method: "GET",
      url: "/api/invoices",
      headers: { host: DEMO_HOST },
    });
    expect(order.statusCode).toBe(401);
    const requested = await who.client.post("/api/invoices", { cart_cuid: cart.cuid });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().invoice).toMatchObject({ type: "INVOICE", cart_cuid: cart.cuid });
    // Asking again gives the same invoice; another's order is not found.
    const again = await who.client.post("/api/invoices", { cart_cuid: cart.cuid });
    expect(again.json().invoice.cuid).toBe(requested.json().invoice.cuid);
    const stranger = await customer();
    expect((await stranger.client.post("/api/invoices", { cart_cuid: cart.cuid })).statusCode).toBe(
      404,
    );
    await settings({ issue_on: "CART_PROCESSED" });
    expect((await who.client.post("/api/invoices", { cart_cuid: cart.cuid })).statusCode).toBe(409);
  });

  it("keeps billing details checked: VAT check digits, a Peppol id derived from a Belgian number", async () => {
    const who = await customer();
    const bad = await who.client.put("/api/billing-details", {
      company_name: "X",
      vat_number: "BE0403170702",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ vat_number: "INVALID_FORMAT" });
    const saved = await who.client.put("/api/billing-details", {
      company_name: "Acme SRL",
      street: "Avenue Louise 1",
      postcode: "1050",
      city: "Ixelles",
      vat_number: "be 0403.170.701",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      vat_number: "BE0403170701",
      peppol_id: "0208:0403170701",
    });
    expect((await who.client.get("/api/billing-details")).json().company_name).toBe("Acme SRL");
  });
});

describe("customers' calls", () => {
  let buyer: Awaited<ReturnType<typeof customer>>;
  let other: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    buyer = await customer();
    other = await customer();
    await makeBusiness(t, demoId, buyer.customerId);
    await checkedOutCart(buyer);
    await checkedOutCart(other);
    await issueFromEvents();
  });

  it("lists the customer's own invoices with their PDF and, for a business, UBL addresses", async () => {
    const list = await buyer.client.get("/api/invoices");
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ count: 1, limit: 20, offset: 0 });
    const [item] = body.data;
    expect(item).toMatchObject({ type: "INVOICE", total_amount: 12_000 });
    expect(item.pdf_url).toBe(`/api/invoices/${item.cuid}/pdf`);
    expect(item.ubl_url).toBe(`/api/invoices/${item.cuid}/ubl`);
    const others = (await other.client.get("/api/invoices")).json();
    expect(others.data[0].ubl_url).toBeNull();
    expect(
      (await new (buyer.client.constructor as typeof Client)(t.app, DEMO_HOST).get("/api/invoices"))
        .statusCode,
    ).toBe(401);
  });

  it("serves the PDF and a valid Peppol UBL, and answers 404 for anyone else's", async () => {
    const [item] = (await buyer.client.get("/api/invoices")).json().data;
    const pdf = await buyer.client.get(item.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const ubl = await buyer.client.get(item.ubl_url);
    expect(ubl.statusCode).toBe(200);
    expect(ubl.body).toContain("<cbc:ID>");
    const [result] = await (await peppolValidator()).validateAll([ubl.body]);
    expect(result!.fatal).toEqual([]);
    expect((await other.client.get(item.pdf_url)).statusCode).toBe(404);
    expect((await other.client.get(item.ubl_url)).statusCode).toBe(404);
    const [mine] = (await other.client.get("/api/invoices")).json().data;
    expect(
      (await other.client.get(mine.ubl_url ?? `/api/invoices/${mine.cuid}/ubl`)).statusCode,
    ).toBe(404);
    // Another organiser's host does not know the cuid.
    const elsewhere = new (buyer.client.constructor as typeof Client)(t.app, "demo-en.localhost");
    expect((await elsewhere.get(item.pdf_url)).statusCode).not.toBe(200);
  });
});

describe("demo", () => {
  it("gives the business customer company@demo.test a Peppol invoice", async () => {
    const [company] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organiserId, demoId), eq(customers.email, "company@demo.test")));
    const client = await sessionOf(t, demoId, DEMO_HOST, company!.id);
    const [invoice] = (await client.get("/api/invoices")).json().data;
    expect(invoice).toMatchObject({ type: "INVOICE", total_amount: 20_000 });
    const ubl = await client.get(invoice.ubl_url);
    const [result] = await (await peppolValidator()).validateAll([ubl.body]);
    expect(result!.fatal).toEqual([]);
  });
});

describe("e-mail", () => {
  it("mails the invoice with its PDF, and the UBL to a business, once per event", async () => {
    const who = await customer();
    await t.db.insert(customerBillingDetails).values({
      organiserId: demoId,
      customerId: who.customerId,
      companyName: "Mail SRL",
      vatNumber: "BE0403170701",
    });
    await checkedOutCart(who);
    // The first run issues the invoice, the second mails it, the third finds nothing new.
    for (let run = 0; run < 3; run++) await runNotificationJobs(t);
    const mails = (await emailsTo(t, `facture-${customerCount}@example.org`)).filter((mail) =>
      mail.subject?.startsWith("Facture"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Facture F-\d{4} – /);
    expect(mails[0]!.attachments.map((file) => file.contentType)).toEqual([
      "application/pdf",
      "application/xml",
    ]);
    expect(
      Buffer.from(mails[0]!.attachments[0]!.contentBase64, "base64").subarray(0, 5).toString(),
    ).toBe("%PDF-");
  });
});

describe("credit notes", () => {
  it("credits part of an invoice then the rest, in their own series, and no more", async () => {
    const who = await customer();
    await checkedOutCart(who);
    await issueFromEvents();
    const [invoice] = await t.db
      .select()
      .from(customerInvoices)
      .where(eq(customerInvoices.customerId, who.customerId));
    const { client: staff } = await collaboratorWith(t, ["payments.payments.refund"]);
    const partial = await staff.post(`/api/admin/invoices/${invoice!.cuid}/credit`, {
      amount: 2_000,
      reason: "Journée annulée",
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().credit_note).toMatchObject({
      type: "CREDIT_NOTE",
      total_amount: 2_000,
      credited_invoice_number: invoice!.number,
    });
    expect(partial.json().credit_note.number).toMatch(/^FNC-\d{4}$/);
    const tooMuch = await staff.post(`/api/admin/invoices/${invoice!.cuid}/credit`, {
      amount: 10_001,
      reason: "Trop",
    });
    expect(tooMuch.statusCode).toBe(400);
    const rest = await staff.post(`/api/admin/invoices/${invoice!.cuid}/credit`, {
      reason: "Annulation",
    });
    expect(rest.json().credit_note.total_amount).toBe(10_000);
    const again = await staff.post(`/api/admin/invoices/${invoice!.cuid}/credit`, {
      reason: "Encore",
    });
    expect(again.statusCode).toBe(409);
    const notes = (await who.client.get("/api/invoices")).json().data;
    expect(notes.map((note: { type: string }) => note.type).sort()).toEqual([
      "CREDIT_NOTE",
      "CREDIT_NOTE",
      "INVOICE",
    ]);
  });

  it("lists documents in the console with paid and outstanding computed", async () => {
    const list = await owner.get("/api/admin/invoices?type=INVOICE&status=OUTSTANDING&page_size=5");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({ type: "INVOICE", paid_amount: 0 });
    expect(list.json().data[0].outstanding_amount).toBeGreaterThan(0);
    const bad = await owner.get("/api/admin/invoices?type=BILL");
    expect(bad.statusCode).toBe(400);
  });

  it("exports a period's documents as CSV and their UBL files as a ZIP for the accountant", async () => {
    const csv = await owner.get("/api/admin/invoices/export?format=csv&type=CREDIT_NOTE");
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Note de crédit");
    expect(csv.body).toMatch(/FNC-\d{4}/);
    const zip = await owner.get("/api/admin/invoices/export?format=ubl-zip&type=CREDIT_NOTE");
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(zip.rawPayload.toString("latin1")).toMatch(/FNC-\d{4}\.xml/);
    const { client: reader } = await collaboratorWith(t, ["payments.payments.read"]);
    expect((await reader.get("/api/admin/invoices/export?format=csv")).statusCode).toBe(403);
  });
});
