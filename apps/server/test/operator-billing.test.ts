import {
  operatorAuditLogs,
  organisers,
  platformBillingCycles,
  platformInvoiceCounters,
  platformInvoices,
  withTenant,
} from "@booking/db";
import { and, desc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseDigest } from "./database-digest.ts";
import { createTestApp, type TestApp } from "./harness.ts";
import { newOperator } from "./operator-fixtures.ts";
import { meter, newBilledOrganiser } from "./platform-billing-fixtures.ts";

// The operators' side of the platform's billing (issue 16 §3; decision 0082): an organiser's
// usage, invoices, payments and cycles; items and taxes adjusted, validated and audited; a cycle
// rerun, idempotent; every organiser's invoices by status, with their files.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const billingOf = (cuid: string) => `/api/admin/platform/organisers/${cuid}/billing`;

/** What a rerun could change: the billing tables and the operators' audit trail. */
async function billingDigest() {
  const [cycles, invoices, counters, audits] = await Promise.all([
    t.db.select().from(platformBillingCycles),
    t.db.select().from(platformInvoices),
    t.db.select().from(platformInvoiceCounters),
    t.db.select().from(operatorAuditLogs),
  ]);
  return JSON.stringify({ cycles, invoices, counters, audits });
}

describe("an organiser's platform billing, for operators", () => {
  it("reruns an ended cycle once: the first closes it on an invoice, the next ones change nothing", async () => {
    const organiser = await newBilledOrganiser(t.db);
    await meter(t.db, organiser.id, "registrations", "2026-10-10T10:00:00Z", 20);
    const { client } = await newOperator(t);

    const first = await client.post(`${billingOf(organiser.cuid)}/rerun`, { month: "2026-10" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      month: "2026-10",
      status: "INVOICED",
      amount: 1000,
      changed: true,
    });
    expect(first.json().invoice_number).toMatch(/^P-2026-\d{5}$/);
    const before = await billingDigest();
    const second = await client.post(`${billingOf(organiser.cuid)}/rerun`, { month: "2026-10" });
    expect(second.json()).toEqual({ ...first.json(), changed: false });
    expect(await billingDigest()).toBe(before);

    // Many at once for another month: one cycle.
    await Promise.all(
      Array.from({ length: 6 }, () =>
        client.post(`${billingOf(organiser.cuid)}/rerun`, { month: "2026-09" }),
      ),
    );
    const september = await withTenant(t.db, organiser.id, (tx) =>
      tx
        .select()
        .from(platformBillingCycles)
        .where(eq(platformBillingCycles.organiserId, organiser.id)),
    );
    expect(september).toHaveLength(2);

    const [audit] = await t.db
      .select()
      .from(operatorAuditLogs)
      .where(
        and(
          eq(operatorAuditLogs.organiserId, organiser.id),
          eq(operatorAuditLogs.action, "organiser.billing_cycle_rerun"),
        ),
      )
      .orderBy(operatorAuditLogs.id)
      .limit(1);
    expect(audit?.details).toMatchObject({ month: "2026-10", status: "INVOICED" });

    // Refused, nothing written: a month not ended, before the sign-up, not a month.
    const digest = await databaseDigest(t.db);
    for (const [month, status, error] of [
      ["2099-01", 409, "BILLING_CYCLE_NOT_ENDED"],
      ["2026-08", 409, "BILLING_CYCLE_NOT_ENDED"],
      ["2026-13", 400, "VALIDATION_ERROR"],
    ] as const) {
      const refused = await client.post(`${billingOf(organiser.cuid)}/rerun`, { month });
      expect(refused.statusCode, month).toBe(status);
      expect(refused.json().error).toBe(error);
    }
    expect((await client.post(`${billingOf("nope")}/rerun`, { month: "2026-10" })).statusCode).toBe(
      404,
    );
    expect(await databaseDigest(t.db)).toBe(digest);
  });

  it("shows usage, invoices, payments and cycles, and adjusts items and taxes, validated and audited", async () => {
    const organiser = await newBilledOrganiser(t.db);
    await meter(t.db, organiser.id, "registrations", "2026-10-10T10:00:00Z", 20);
    await meter(t.db, organiser.id, "registrations", new Date().toISOString(), 4);
    const { client, email } = await newOperator(t);
    await client.post(`${billingOf(organiser.cuid)}/rerun`, { month: "2026-10" });

    const shown = await client.get(billingOf(organiser.cuid));
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json();
    expect(body.usage.cycle.lines).toContainEqual({
      kind: "registrations",
      quantity: 4,
      base_amount: 0,
      amount: 200,
    });
    expect(body.items).toHaveLength(8);
    expect(body.vat).toEqual({ category: "S", rate: 21 });
    expect(body.invoices).toHaveLength(1);
    const [invoice] = body.invoices;
    expect(invoice).toMatchObject({ status: "OPEN", total_amount: 1210 });
    expect(invoice.pdf_url).toBe(`/api/admin/platform/billing/invoices/${invoice.cuid}/pdf`);
    expect(body.payments).toEqual([]);
    expect(body.cycles).toEqual([
      { month: "2026-10", status: "INVOICED", amount: 1000, invoice_number: invoice.number },
    ]);
    // Ended months since the sign-up, newest first: October, then September.
    expect(body.rerunnable_months.slice(-2)).toEqual(["2026-10", "2026-09"]);
    const pdf = await client.get(invoice.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect((await client.get(invoice.ubl_url)).body).toContain(invoice.number);
    expect((await client.get("/api/admin/platform/billing/invoices/nope/pdf")).statusCode).toBe(
      404,
    );

    const items = body.items.map((item: { item: string }) =>
      item.item === "registrations" ? { ...item, unit_amount: 80 } : item,
    );
    const changed = await client.put(billingOf(organiser.cuid), {
      items,
      taxes: [{ type: "VAT", percentage: 6 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().usage.cycle.lines).toContainEqual({
      kind: "registrations",
      quantity: 4,
      base_amount: 0,
      amount: 320,
    });
    expect(changed.json().vat).toEqual({ category: "S", rate: 6 });
    const [stored] = await t.db.select().from(organisers).where(eq(organisers.id, organiser.id));
    expect(stored!.billing.items.find((item) => item.item === "registrations")?.unit_amount).toBe(
      80,
    );
    expect(stored!.billing.minimum_invoice_amount).toBe(500);
    const [audit] = await t.db
      .select()
      .from(operatorAuditLogs)
      .where(eq(operatorAuditLogs.organiserId, organiser.id))
      .orderBy(desc(operatorAuditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ action: "organiser.billing_changed" });
    expect(audit!.details).toMatchObject({
      before: { taxes: [{ type: "VAT", percentage: 21 }] },
      after: { taxes: [{ type: "VAT", percentage: 6 }] },
    });
    const detail = await client.get(`/api/admin/platform/organisers/${organiser.cuid}`);
    expect(detail.json().history[0]).toMatchObject({
      action: "organiser.billing_changed",
      operator: { email },
    });

    // Bad input: 400 with the field, nothing written.
    const digest = await databaseDigest(t.db);
    const registrations = items.find((item: { item: string }) => item.item === "registrations");
    for (const [bad, path] of [
      [{ items: [registrations, registrations], taxes: [] }, "items"],
      [{ items: [{ ...registrations, percentage: 101 }], taxes: [] }, "items.0.percentage"],
      [{ items: [{ ...registrations, unit_amount: -1 }], taxes: [] }, "items.0.unit_amount"],
      [{ items: [{ ...registrations, unit_amount: 1.5 }], taxes: [] }, "items.0.unit_amount"],
      [{ items: [{ ...registrations, item: "coffee" }], taxes: [] }, "items.0.item"],
      [{ items: [], taxes: [{ type: "GST", percentage: 5 }] }, "taxes.0.type"],
      [{ items: [] }, "taxes"],
    ] as const) {
      const refused = await client.put(billingOf(organiser.cuid), bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(path);
    }
    expect(await databaseDigest(t.db)).toBe(digest);
  });
});

describe("every organiser's platform invoices, for operators", () => {
  it("lists them newest first, filtered by open, overdue and paid", async () => {
    const fresh = await newBilledOrganiser(t.db);
    await meter(t.db, fresh.id, "registrations", "2026-10-10T10:00:00Z", 20);
    const old = await newBilledOrganiser(t.db);
    await meter(t.db, old.id, "registrations", "2026-09-10T10:00:00Z", 20);
    const { client } = await newOperator(t);
    await client.post(`${billingOf(fresh.cuid)}/rerun`, { month: "2026-10" });
    await client.post(`${billingOf(old.cuid)}/rerun`, { month: "2026-09" });
    const numberOf = async (organiserId: number) =>
      (
        await withTenant(t.db, organiserId, (tx) =>
          tx.select().from(platformInvoices).where(eq(platformInvoices.organiserId, organiserId)),
        )
      )[0]!;
    const freshInvoice = await numberOf(fresh.id);
    const oldInvoice = await numberOf(old.id);
    // The old one was issued on 1 October (due 31 October): 14 days later it is overdue.
    await withTenant(t.db, old.id, (tx) =>
      tx
        .update(platformInvoices)
        .set({ dueAt: new Date("2026-10-31T00:00:00Z") })
        .where(eq(platformInvoices.id, oldInvoice.id)),
    );

    const numbers = async (status: string) => {
      const answer = await client.get(
        `/api/admin/platform/billing/invoices?page_size=100${status ? `&status=${status}` : ""}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.map((row: { number: string }) => row.number);
    };
    expect(await numbers("OPEN")).toContain(freshInvoice.number);
    expect(await numbers("OPEN")).not.toContain(oldInvoice.number);
    expect(await numbers("OVERDUE")).toContain(oldInvoice.number);
    expect(await numbers("OVERDUE")).not.toContain(freshInvoice.number);
    expect(await numbers("PAID")).not.toContain(freshInvoice.number);
    await withTenant(t.db, fresh.id, (tx) =>
      tx
        .update(platformInvoices)
        .set({ paidAt: new Date() })
        .where(eq(platformInvoices.id, freshInvoice.id)),
    );
    expect(await numbers("PAID")).toContain(freshInvoice.number);
    const all = await client.get("/api/admin/platform/billing/invoices?page_size=100");
    const row = all
      .json()
      .data.find((item: { number: string }) => item.number === freshInvoice.number);
    expect(row).toMatchObject({
      status: "PAID",
      organiser: { cuid: fresh.cuid, name: fresh.name, slug: fresh.slug },
    });
    const bad = await client.get("/api/admin/platform/billing/invoices?status=LATE");
    expect(bad.statusCode).toBe(400);
  });
});
