import { platformInvoices, platformPayments, withTenant } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collaboratorWith } from "./console-fixtures.ts";
import { Client, createTestApp, type TestApp } from "./harness.ts";
import { organiserWithInvoice } from "./platform-billing-fixtures.ts";

// Organisers pay their platform invoices online (issue 16 §3; decision 0082): the platform's own
// provider (here the built-in test provider), its webhook and the return, paid once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ADMIN = "admin.localhost";

function paymentsOf(organiserId: number) {
  return withTenant(t.db, organiserId, (tx) =>
    tx.select().from(platformPayments).where(eq(platformPayments.organiserId, organiserId)),
  );
}

function invoiceOf(organiserId: number) {
  return withTenant(t.db, organiserId, async (tx) => {
    const [row] = await tx
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.organiserId, organiserId));
    return row!;
  });
}

/** Presses a button of the test provider's hosted page, as the browser's form does. */
async function press(browser: Client, path: string, action: "pay" | "fail") {
  const page = await browser.get(path);
  expect(page.statusCode, page.body).toBe(200);
  const token = browser.cookies.get("XSRF-TOKEN")!;
  return browser.request("POST", path, {
    rawBody: new URLSearchParams({ _xsrf: token, action }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    xsrf: false,
  });
}

describe("paying a platform invoice online", () => {
  it("opens the platform's test provider, marks the invoice paid on return, and the overdue notice goes", async () => {
    const { organiser } = await organiserWithInvoice(t.db, "demo-en", "2026-03");
    const { client: owner } = await collaboratorWith(t, "owner", "demo-en");
    const [listed] = (await owner.get("/api/admin/billing/invoices")).json().data;
    expect(listed).toMatchObject({ status: "OVERDUE", total_amount: 1210, paid_at: null });
    // Every console page's session carries the overdue mark, for every collaborator.
    const { client: member } = await collaboratorWith(t, [], "demo-en");
    for (const client of [owner, member]) {
      expect((await client.get("/api/admin/session")).json().organiser.billing_overdue).toBe(true);
    }
    const before = (await owner.get("/api/admin/billing")).json();
    expect(before.online_payment).toBe(true);
    expect(before.overdue).toHaveLength(1);

    const started = await owner.post(`/api/admin/billing/invoices/${listed.cuid}/pay`);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().next_action_url);
    expect(url.host).toBe(ADMIN);
    expect(url.pathname).toMatch(/^\/platform-payments\/test\/[\w-]+$/);
    // A second click answers the same payment's page: one payment under way per invoice.
    const again = await owner.post(`/api/admin/billing/invoices/${listed.cuid}/pay`);
    expect(again.json().next_action_url).toBe(url.href);
    const [payment] = await paymentsOf(organiser.id);
    expect(payment).toMatchObject({ status: "open", amount: 1210, currency: organiser.currency });

    const browser = new Client(t.app, ADMIN);
    const page = await browser.get(url.pathname);
    expect(page.body).toContain(`12.10 ${organiser.currency}`);
    const pressed = await press(browser, url.pathname, "pay");
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(
      `http://${ADMIN}/admin/settings/billing?payment=${payment!.cuid}`,
    );

    const back = await owner.get(`/api/admin/billing/payments/${payment!.cuid}`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      status: "paid",
      amount: 1210,
      invoice_number: listed.number,
    });
    const invoice = await invoiceOf(organiser.id);
    expect(invoice.paidAt).not.toBeNull();
    const [after] = (await owner.get("/api/admin/billing/invoices")).json().data;
    expect(after).toMatchObject({ status: "PAID", paid_at: invoice.paidAt!.toISOString() });
    expect((await owner.get("/api/admin/billing")).json().overdue).toEqual([]);
    for (const client of [owner, member]) {
      expect((await client.get("/api/admin/session")).json().organiser.billing_overdue).toBe(false);
    }
    const paidAgain = await owner.post(`/api/admin/billing/invoices/${listed.cuid}/pay`);
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json()).toEqual({ error: "INVOICE_ALREADY_PAID" });
    // The page of a paid payment offers no button any more.
    expect((await browser.get(url.pathname)).body).not.toContain('value="pay"');
  });

  it("marks the invoice paid once when the provider's webhook is called many times at once", async () => {
    const { organiser } = await organiserWithInvoice(t.db, "demo", "2026-04");
    const { client: owner } = await collaboratorWith(t, ["billing.invoices.read"], "demo");
    const [listed] = (await owner.get("/api/admin/billing/invoices")).json().data;
    const started = await owner.post(`/api/admin/billing/invoices/${listed.cuid}/pay`);
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await paymentsOf(organiser.id);
    // The provider's side says paid (as its page's button would), then its webhook calls race.
    await withTenant(t.db, organiser.id, (tx) =>
      tx
        .update(platformPayments)
        .set({ providerState: { ...payment!.providerState, status: "paid" } })
        .where(eq(platformPayments.id, payment!.id)),
    );
    const webhook = () =>
      t.app.inject({
        method: "POST",
        url: "/api/platform-payments/webhook/test",
        headers: { host: ADMIN, "content-type": "application/x-www-form-urlencoded" },
        payload: `id=${payment!.providerPaymentId}`,
      });
    const answers = await Promise.all(Array.from({ length: 20 }, webhook));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const [paid] = await paymentsOf(organiser.id);
    expect(paid).toMatchObject({ status: "paid" });
    const invoice = await invoiceOf(organiser.id);
    expect(invoice.paidAt).toEqual(paid!.paidAt);
    // A late replay changes nothing.
    expect((await webhook()).statusCode).toBe(200);
    expect((await invoiceOf(organiser.id)).paidAt).toEqual(invoice.paidAt);
    expect((await paymentsOf(organiser.id))[0]!.paidAt).toEqual(paid!.paidAt);
  });

  it("refuses what it cannot trust: unknown payments change nothing, bad calls are 4xx, other organisers' invoices are not found", async () => {
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/platform-payments/webhook/test",
      headers: { host: ADMIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "id=nope",
    });
    expect(unknown.statusCode).toBe(200);
    const noId = await t.app.inject({
      method: "POST",
      url: "/api/platform-payments/webhook/test",
      headers: { host: ADMIN, "content-type": "application/json" },
      payload: "{}",
    });
    expect(noId.statusCode).toBe(400);
    const badProvider = await t.app.inject({
      method: "POST",
      url: "/api/platform-payments/webhook/paypal",
      headers: { host: ADMIN, "content-type": "application/json" },
      payload: '{"id":"x"}',
    });
    expect(badProvider.statusCode).toBe(404);
    // Not on an organiser's host.
    const storefront = await t.app.inject({
      method: "POST",
      url: "/api/platform-payments/webhook/test",
      headers: { host: "demo.localhost", "content-type": "application/json" },
      payload: '{"id":"x"}',
    });
    expect(storefront.statusCode).toBe(404);
    expect((await new Client(t.app, ADMIN).get("/platform-payments/test/nope")).statusCode).toBe(
      404,
    );

    const { organiser } = await organiserWithInvoice(t.db, "demo-en", "2026-05");
    const [foreign] = await withTenant(t.db, organiser.id, (tx) =>
      tx.select().from(platformInvoices).where(eq(platformInvoices.organiserId, organiser.id)),
    );
    const { client: other } = await collaboratorWith(t, "owner", "demo");
    const refused = await other.post(`/api/admin/billing/invoices/${foreign!.cuid}/pay`);
    expect(refused.statusCode).toBe(404);
    expect((await other.get("/api/admin/billing/payments/nope")).statusCode).toBe(404);
  });
});
