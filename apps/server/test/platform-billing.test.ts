import {
  customerInvoices,
  organisers,
  payments,
  platformBillingCycles,
  platformInvoices,
  platformUsage,
  withTenant,
} from "@booking/db";
import { and, eq, inArray, ne } from "@booking/db/orm";
import type { PlatformBillingItem } from "@booking/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peppolValidator } from "../../../packages/domain/test/e-invoicing-validator.ts";
import { seedDemoBilling } from "../src/demo/billing-steps.ts";
import { closeCycle, closeEndedCycles } from "../src/modules/billing/cycle.ts";
import {
  asInvoicePdfSnapshot,
  hasPlatformUbl,
  platformInvoiceUbl,
} from "../src/modules/billing/files.ts";
import { meteringHandler, meterSentSms, meterUse } from "../src/modules/billing/metering.ts";
import { renderInvoicePdf } from "../src/modules/invoices/pdf.ts";
import { setPaymentStatus } from "../src/modules/payments/queries.ts";
import { consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { Client, createTestApp, type TestApp } from "./harness.ts";

// The platform's billing of its organisers (issue 16 §3; docs/decisions/0078-platform-billing.md):
// metering, the monthly cycle with a controllable clock, carry-over, VAT regimes, numbering.

let t: TestApp;
const log = pino({ level: "silent" });
let organiserCount = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An organiser signed up on `createdAt`, Belgian and VAT-registered unless told otherwise. */
async function organiser(values: Partial<typeof organisers.$inferInsert> = {}) {
  organiserCount += 1;
  const [row] = await t.db
    .insert(organisers)
    .values({
      slug: `billed-${organiserCount}`,
      name: `Club ${organiserCount}`,
      legalName: `Club ${organiserCount} ASBL`,
      vatNumber: "BE0417497106",
      street: "Rue de la Loi",
      number: "16",
      postcode: "1000",
      city: "Bruxelles",
      country: "BE",
      contactEmail: `club-${organiserCount}@example.org`,
      createdAt: new Date("2026-09-05T10:00:00Z"),
      ...values,
    })
    .returning();
  return row!;
}

/** Meters `count` uses of `item` at `at` (as the consumers do), each of `base` minor units. */
async function use(
  organiserId: number,
  item: PlatformBillingItem,
  at: string,
  count = 1,
  base = 0,
) {
  await withTenant(t.db, organiserId, async (tx) => {
    for (let index = 0; index < count; index += 1) {
      await meterUse(tx, organiserId, {
        item,
        sourceKey: `${item}-${at}-${index}-${Math.random()}`,
        quantity: 1,
        baseAmount: base,
        occurredAt: new Date(at),
      });
    }
  });
}

function cyclesOf(organiserId: number) {
  return withTenant(t.db, organiserId, (tx) =>
    tx
      .select()
      .from(platformBillingCycles)
      .where(eq(platformBillingCycles.organiserId, organiserId))
      .orderBy(platformBillingCycles.startAt),
  );
}

function invoicesOf(organiserId: number) {
  return withTenant(t.db, organiserId, (tx) =>
    tx
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.organiserId, organiserId))
      .orderBy(platformInvoices.sequence),
  );
}

function usageRows(organiserId: number, item: PlatformBillingItem) {
  return withTenant(t.db, organiserId, (tx) =>
    tx
      .select()
      .from(platformUsage)
      .where(and(eq(platformUsage.organiserId, organiserId), eq(platformUsage.item, item))),
  );
}

// Brussels midnight of 1 October 2026 is 22:00 UTC on 30 September.
const AFTER_SEPTEMBER = new Date("2026-10-01T01:00:00Z");
const AFTER_OCTOBER = new Date("2026-11-01T01:00:00Z");
const AFTER_NOVEMBER = new Date("2026-12-01T01:00:00Z");

describe("metering", () => {
  it("meters a registration once however many workers replay its event at once", async () => {
    const club = await organiser();
    const event = {
      cuid: "evt-registration-1",
      organiser_id: club.id,
      type: "registration.created",
      payload: { registration_cuid: "reg-cuid-1" },
      occurred_at: "2026-09-10T10:00:00.000Z",
    };
    await Promise.all(Array.from({ length: 20 }, () => meteringHandler(t.db, event)));
    const rows = await usageRows(club.id, "registrations");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ quantity: 1, sourceKey: "reg-cuid-1" });
  });

  it("meters a customer invoice with its amount, once, and no credit note", async () => {
    const [invoice] = await t.db
      .select()
      .from(customerInvoices)
      .where(eq(customerInvoices.type, "INVOICE"))
      .limit(1);
    expect(invoice, "the demo issues a customer invoice").toBeDefined();
    const event = {
      cuid: "evt-invoice-1",
      organiser_id: invoice!.organiserId,
      type: "customer-invoice.created",
      payload: { invoice_cuid: invoice!.cuid },
      occurred_at: new Date().toISOString(),
    };
    await Promise.all([meteringHandler(t.db, event), meteringHandler(t.db, event)]);
    const rows = (await usageRows(invoice!.organiserId, "invoices")).filter(
      (row) => row.sourceKey === invoice!.cuid,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.baseAmount).toBe(invoice!.totalAmount);
    await meteringHandler(t.db, {
      ...event,
      payload: { invoice_cuid: "not-an-invoice" },
    });
    const after = await usageRows(invoice!.organiserId, "invoices");
    expect(after.some((row) => row.sourceKey === "not-an-invoice")).toBe(false);
  });

  it("meters an SMS by its segments once, and no e-mail", async () => {
    const club = await organiser();
    const sms = { cuid: "msg-1", organiserId: club.id, channel: "SMS", text: "x".repeat(200) };
    await Promise.all([
      meterSentSms(t.db, sms, new Date("2026-09-11T10:00:00Z")),
      meterSentSms(t.db, sms, new Date("2026-09-11T10:00:00Z")),
      meterSentSms(t.db, { ...sms, cuid: "mail-1", channel: "EMAIL" }, new Date()),
    ]);
    const rows = await usageRows(club.id, "sms");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quantity).toBe(2);
  });
});

describe("online payments", () => {
  it("meters an online payment once when it is recorded paid, however often", async () => {
    const [payment] = await t.db.select().from(payments).limit(1);
    expect(payment, "the demo has an online payment").toBeDefined();
    await withTenant(t.db, payment!.organiserId, async (tx) => {
      await setPaymentStatus(tx, payment!.organiserId, payment!.id, "paid", new Date());
      await setPaymentStatus(tx, payment!.organiserId, payment!.id, "paid", new Date());
    });
    const rows = (await usageRows(payment!.organiserId, "online_payments")).filter(
      (row) => row.sourceKey === payment!.cuid,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.baseAmount).toBe(payment!.amount);
  });
});

describe("the monthly cycle", () => {
  it("invoices a Belgian organiser's month with 21 % VAT, Peppol UBL and a PDF, once", async () => {
    const club = await organiser();
    await use(club.id, "registrations", "2026-09-10T10:00:00Z", 12);
    await use(club.id, "sms", "2026-09-12T10:00:00Z", 3);
    await use(club.id, "invoices", "2026-09-20T10:00:00Z", 1, 10_000);
    // Used in October: not this cycle's.
    await use(club.id, "registrations", "2026-09-30T22:30:00Z", 1);
    // Before the end of the month nothing closes.
    await closeEndedCycles(t.db, new Date("2026-09-30T21:00:00Z"), log);
    expect(await cyclesOf(club.id)).toHaveLength(0);

    await Promise.all([
      closeEndedCycles(t.db, AFTER_SEPTEMBER, log),
      closeEndedCycles(t.db, AFTER_SEPTEMBER, log),
      closeCycle(t.db, club, "2026-09", AFTER_SEPTEMBER),
    ]);
    await closeEndedCycles(t.db, AFTER_SEPTEMBER, log);
    const cycles = await cyclesOf(club.id);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ status: "INVOICED", amount: 600 + 45 + 100, carriedIn: 0 });
    const [invoice, ...others] = await invoicesOf(club.id);
    expect(others).toHaveLength(0);
    expect(invoice!.id).toBe(cycles[0]!.invoiceId);
    const snapshot = invoice!.snapshot;
    expect(snapshot.lines.map((line) => [line.kind, line.quantity, line.amount])).toEqual([
      ["registrations", 12, 600],
      ["sms", 3, 45],
      ["invoices", 1, 100],
    ]);
    expect(snapshot.lines[0]!.description).toMatch(/^12 × 0,50\s€$/);
    expect(snapshot.vat).toEqual({ category: "S", rate: 21 });
    expect(snapshot).toMatchObject({ taxable_amount: 745, vat_amount: 156, total_amount: 901 });
    expect(invoice!.totalAmount).toBe(901);
    expect(invoice!.number).toMatch(/^P-2026-\d{5}$/);
    expect(invoice!.dueAt.getTime() - invoice!.issuedAt.getTime()).toBe(30 * 86_400_000);
    expect(snapshot.currency).toBe("EUR");
    expect(snapshot.period).toMatchObject({ first_day: "2026-09-01", last_day: "2026-09-30" });
    expect(snapshot.buyer.peppol_id).toBe("0208:0417497106");

    expect(hasPlatformUbl(snapshot)).toBe(true);
    const [result] = await (await peppolValidator()).validateAll([platformInvoiceUbl(snapshot)]);
    expect(result!.fatal, JSON.stringify(result!.fatal, null, 2)).toEqual([]);
    const pdf = await renderInvoicePdf({ snapshot: asInvoicePdfSnapshot(snapshot), paid: 0 });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("carries a month below the minimum to the next one, which invoices both", async () => {
    const club = await organiser();
    await use(club.id, "registrations", "2026-09-15T10:00:00Z", 2);
    await use(club.id, "registrations", "2026-10-15T10:00:00Z", 3);
    await use(club.id, "registrations", "2026-11-15T10:00:00Z", 6);
    await closeEndedCycles(t.db, AFTER_SEPTEMBER, log);
    await closeEndedCycles(t.db, AFTER_OCTOBER, log);
    let cycles = await cyclesOf(club.id);
    expect(cycles.map((cycle) => [cycle.status, cycle.amount, cycle.carriedIn])).toEqual([
      ["CARRIED", 100, 0],
      ["CARRIED", 250, 100],
    ]);
    expect(await invoicesOf(club.id)).toHaveLength(0);
    await closeEndedCycles(t.db, AFTER_NOVEMBER, log);
    cycles = await cyclesOf(club.id);
    expect(cycles[2]).toMatchObject({ status: "INVOICED", amount: 550, carriedIn: 250 });
    const [invoice] = await invoicesOf(club.id);
    expect(invoice!.snapshot.lines.map((line) => [line.kind, line.amount])).toEqual([
      ["registrations", 300],
      ["carried_over", 250],
    ]);
  });

  it("reads the organiser's own items and taxes beside the defaults", async () => {
    const club = await organiser({
      billing: {
        minimum_invoice_amount: 0,
        billing_cycle_type: "MONTHLY",
        billing_cycle_duration: 1,
        delay_before_overdue: 14,
        customers_service_fee_percentage: 0,
        customers_service_fee_amount: 0,
        items: [
          {
            item: "registrations",
            flat_amount: 1000,
            unit_amount: 20,
            percentage: 0,
            metadata: {},
          },
        ],
        taxes: [{ type: "VAT", percentage: 6, metadata: {} }],
      },
    });
    await use(club.id, "registrations", "2026-09-15T10:00:00Z", 5);
    await use(club.id, "sms", "2026-09-15T10:00:00Z", 2);
    await closeEndedCycles(t.db, AFTER_SEPTEMBER, log);
    const [invoice] = await invoicesOf(club.id);
    expect(invoice!.snapshot.lines.map((line) => [line.kind, line.amount])).toEqual([
      ["registrations", 1100],
      ["sms", 30],
    ]);
    expect(invoice!.snapshot).toMatchObject({ vat: { category: "S", rate: 6 }, vat_amount: 68 });
  });

  it("reverse-charges an EU business with a VAT number, and bills outside the EU out of scope", async () => {
    const french = await organiser({
      country: "FR",
      vatNumber: "FR40303265045",
      language: "en",
      city: "Paris",
      postcode: "75001",
    });
    const swiss = await organiser({
      country: "CH",
      vatNumber: null,
      currency: "CHF",
      city: "Genève",
    });
    for (const club of [french, swiss])
      await use(club.id, "registrations", "2026-09-15T10:00:00Z", 20);
    await closeEndedCycles(t.db, AFTER_SEPTEMBER, log);
    const [reverse] = await invoicesOf(french.id);
    expect(reverse!.snapshot).toMatchObject({
      vat: { category: "AE", rate: 0 },
      vat_amount: 0,
      total_amount: 1000,
      legal_mention: expect.stringContaining("Reverse charge"),
    });
    const [outside] = await invoicesOf(swiss.id);
    expect(outside!.snapshot).toMatchObject({
      vat: { category: "O", rate: 0 },
      currency: "CHF",
      total_amount: 1000,
    });
    expect(hasPlatformUbl(outside!.snapshot)).toBe(false);
    expect(hasPlatformUbl(reverse!.snapshot)).toBe(true);
    const [result] = await (await peppolValidator()).validateAll([
      platformInvoiceUbl(reverse!.snapshot),
    ]);
    expect(result!.fatal, JSON.stringify(result!.fatal, null, 2)).toEqual([]);
  });

  it("numbers the platform's invoices without gap or duplicate when cycles close at once", async () => {
    const clubs = await Promise.all(Array.from({ length: 12 }, () => organiser()));
    for (const club of clubs) await use(club.id, "registrations", "2026-09-15T10:00:00Z", 10);
    await Promise.all(clubs.map((club) => closeCycle(t.db, club, "2026-09", AFTER_SEPTEMBER)));
    const all = await t.db.select().from(platformInvoices).orderBy(platformInvoices.sequence);
    const sequences = all.map((row) => row.sequence);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
  });
});

describe("referral", () => {
  it("records the referrer of a sign-up through its referral link, and ignores an unknown one", async () => {
    const referrer = await organiser();
    const browser = new Client(t.app, "localhost");
    await browser.get("/api/signup/slug-availability?slug=x");
    const body = (slug: string, email: string, referral: string) => ({
      organiser: {
        name: `Referred ${slug}`,
        slug,
        language: "fr",
        currency: "EUR",
        timezone: "Europe/Brussels",
      },
      owner: { firstname: "Ana", lastname: "Ref", email, password: "referral2026" },
      terms: true,
      referral,
    });
    const referred = await browser.post(
      "/api/signup",
      body("referred-club", "ana@referred.test", referrer.slug.toUpperCase()),
    );
    expect(referred.statusCode, referred.body).toBe(201);
    const unknown = await browser.post(
      "/api/signup",
      body("unreferred-club", "bob@referred.test", "no-such-club"),
    );
    expect(unknown.statusCode, unknown.body).toBe(201);
    const rows = await t.db
      .select({ slug: organisers.slug, referrer: organisers.referredByOrganiserId })
      .from(organisers)
      .where(inArray(organisers.slug, ["referred-club", "unreferred-club"]))
      .orderBy(organisers.slug);
    expect(rows).toEqual([
      { slug: "referred-club", referrer: referrer.id },
      { slug: "unreferred-club", referrer: null },
    ]);
  });

  it("credits the referrer 30 % of its referred organisers' fees on its next invoice, for 365 days", async () => {
    const referrer = await organiser();
    const recent = await organiser({ referredByOrganiserId: referrer.id });
    // Signed up more than 365 days before its invoice: it no longer earns.
    const old = await organiser({
      referredByOrganiserId: referrer.id,
      createdAt: new Date("2025-09-01T10:00:00Z"),
    });
    for (const club of [referrer, recent, old]) {
      await use(club.id, "registrations", "2026-09-15T10:00:00Z", 20);
      await use(club.id, "registrations", "2026-10-15T10:00:00Z", 20);
    }
    // The referred organisers' September invoices are issued in October, after the month ends.
    await closeCycle(t.db, old, "2026-09", AFTER_SEPTEMBER);
    await closeCycle(t.db, recent, "2026-09", AFTER_SEPTEMBER);
    await closeEndedCycles(t.db, AFTER_SEPTEMBER, log);
    const [september] = await invoicesOf(referrer.id);
    expect(september!.snapshot.lines.map((line) => line.kind)).toEqual(["registrations"]);

    await closeEndedCycles(t.db, AFTER_OCTOBER, log);
    const [, october] = await invoicesOf(referrer.id);
    expect(
      october!.snapshot.lines.map((line) => [line.kind, line.base_amount, line.amount]),
    ).toEqual([
      ["registrations", 0, 1000],
      ["referral_credit", 1000, -300],
    ]);
    expect(october!.snapshot).toMatchObject({ taxable_amount: 700, vat_amount: 147 });
    const [result] = await (await peppolValidator()).validateAll([
      platformInvoiceUbl(october!.snapshot),
    ]);
    expect(result!.fatal, JSON.stringify(result!.fatal, null, 2)).toEqual([]);
  });
});

describe("the organiser's Billing page", () => {
  it("shows the cycle so far, the overdue invoice, the referral link, and serves PDF and UBL to the owner", async () => {
    const [demo] = await t.db
      .update(organisers)
      .set({ vatNumber: "BE0417497106", country: "BE", legalName: "Demo ASBL" })
      .where(eq(organisers.slug, "demo"))
      .returning();
    await use(demo!.id, "registrations", "2026-08-15T10:00:00Z", 20);
    // August's invoice, due on 1 October, is overdue 14 days later: by now it is.
    const cycle = await closeCycle(t.db, demo!, "2026-08", new Date("2026-09-01T01:00:00Z"));
    await use(demo!.id, "registrations", new Date().toISOString(), 3);
    const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);

    const overview = await owner.get("/api/admin/billing");
    expect(overview.statusCode, overview.body).toBe(200);
    const body = overview.json();
    expect(body.cycle.lines).toContainEqual({
      kind: "registrations",
      quantity: 3,
      base_amount: 0,
      amount: 150,
    });
    expect(body.cycle.projected_amount).toBeGreaterThanOrEqual(body.cycle.amount);
    expect(body.overdue.map((row: { number: string }) => row.number)).toHaveLength(1);
    expect(body.referral).toMatchObject({ rate: 30, duration: 365 });
    expect(body.referral.link).toMatch(/\/fr\/signup\?ref=demo$/);

    const list = await owner.get("/api/admin/billing/invoices");
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = list.json().data;
    expect(list.json().count).toBe(1);
    expect(invoice).toMatchObject({
      status: "OVERDUE",
      total_amount: 1210,
      currency: "EUR",
      pdf_url: `/api/admin/billing/invoices/${invoice.cuid}/pdf`,
      ubl_url: `/api/admin/billing/invoices/${invoice.cuid}/ubl`,
    });
    expect(cycle.invoiceId).not.toBeNull();
    const pdf = await owner.get(invoice.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const ubl = await owner.get(invoice.ubl_url);
    expect(ubl.statusCode).toBe(200);
    expect(ubl.body).toContain(invoice.number);
    expect((await owner.get("/api/admin/billing/invoices/nope/pdf")).statusCode).toBe(404);
    // Another organiser's invoice is not found from the demo's console.
    const [other] = await t.db
      .select({ cuid: platformInvoices.cuid })
      .from(platformInvoices)
      .where(ne(platformInvoices.organiserId, demo!.id))
      .limit(1);
    expect((await owner.get(`/api/admin/billing/invoices/${other!.cuid}/pdf`)).statusCode).toBe(
      404,
    );
  });
});

describe("the demo", () => {
  it("meters the demo's registrations and invoices as they happened and closes its last month through the cycle service", async () => {
    const now = new Date();
    await seedDemoBilling(t.db, now);
    await seedDemoBilling(t.db, now);
    const [demo] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
    const cycles = await cyclesOf(demo!.id);
    const closed = cycles.filter((cycle) => cycle.endAt <= now);
    // The month before this one (the Billing page test above closed an older one).
    const last = closed.at(-1)!;
    expect(now.getTime() - last.endAt.getTime()).toBeLessThan(32 * 86_400_000);
    expect(last.status).toBe("INVOICED");
    const invoices = await invoicesOf(demo!.id);
    expect(invoices.map((invoice) => invoice.id)).toContain(last.invoiceId);
    const usage = await usageRows(demo!.id, "registrations");
    expect(new Set(usage.map((row) => row.sourceKey)).size).toBe(usage.length);
  });
});
