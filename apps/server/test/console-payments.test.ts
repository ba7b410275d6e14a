import {
  auditLogs,
  bankStatementLines,
  carts,
  customerBundles,
  customerMemberships,
  customers,
  customerVouchers,
  messages,
  organisers,
  payments,
  registrations,
} from "@booking/db";
import { and, desc, eq, isNotNull, sql } from "@booking/db/orm";
import { cartAmountDue, structuredCommunication } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { camt053, coda, type StatementEntry, uploadStatement } from "./bank-statement-files.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// The console's payments (issue 6 item 6): the money received and the carts still owing, bank
// transfers recorded by hand, CAMT.053 and CODA statements imported and matched to the demo
// carts by their structured references, unmatched lines matched by hand, online refunds through
// the built-in test provider.

let t: TestApp;
let owner: Client;
let demoId: number;

type Outstanding = {
  cuid: string;
  reference: string;
  amount_due: number;
  paid_amount: number;
  customer: { cuid: string };
};

async function outstanding(client = owner): Promise<Outstanding[]> {
  const response = await client.get("/api/admin/outstanding?type=CART&page_size=100");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The demo carts still owing, by payment reference. */
async function owingCarts(): Promise<Outstanding[]> {
  const carts = await outstanding();
  expect(carts.length).toBeGreaterThan(0);
  return carts;
}

async function dueOf(cuid: string): Promise<number> {
  const [row] = await t.db.select().from(carts).where(eq(carts.cuid, cuid));
  const parts = [
    ...(await t.db.select().from(registrations).where(eq(registrations.cartId, row!.id))),
    ...(await t.db.select().from(customerBundles).where(eq(customerBundles.cartId, row!.id))),
    ...(await t.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.cartId, row!.id))),
    ...(await t.db.select().from(customerVouchers).where(eq(customerVouchers.cartId, row!.id))),
  ].map((part) => ({
    total: part.totalAmount,
    paid: part.paidAmount,
    cancelled: "cancelled" in part ? part.cancelled : false,
  }));
  return cartAmountDue({ service_fees: row!.serviceFees, paid: row!.paidAmount, parts });
}

async function walletOf(customerCuid: string): Promise<number> {
  const [row] = await t.db.select().from(customers).where(eq(customers.cuid, customerCuid));
  return row!.walletAmount;
}

function upload(name: string, text: string, client = owner, encoding: BufferEncoding = "utf8") {
  return uploadStatement(t.app, client, name, Buffer.from(text, encoding));
}

let sequence = 0;
const bankReference = () => `BANK-${Date.now()}-${++sequence}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  const [row] = await t.db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, "demo"));
  demoId = row!.id;
});
afterAll(() => t.close());

describe("outstanding amounts", () => {
  it("lists the processed carts still owing, with the account area's amount-due rule and totals", async () => {
    const processed = await t.db
      .select({ cuid: carts.cuid })
      .from(carts)
      .where(and(eq(carts.organiserId, demoId), isNotNull(carts.processedAt)));
    const listed = await owingCarts();
    const byCuid = new Map(listed.map((cart) => [cart.cuid, cart]));
    for (const cart of processed) {
      const due = await dueOf(cart.cuid);
      expect(byCuid.get(cart.cuid)?.amount_due ?? 0, cart.cuid).toBe(due);
    }
    const response = await owner.get("/api/admin/outstanding?type=CART&sort=-due&page_size=2");
    const page = response.json();
    expect(page.data).toHaveLength(2);
    expect(page.count).toBe(listed.length);
    expect(page.totals).toEqual({
      items: listed.length,
      amount_due: listed.reduce((sum, cart) => sum + cart.amount_due, 0),
    });
    expect(page.data[0].amount_due).toBeGreaterThanOrEqual(page.data[1].amount_due);
    const search = await owner.get(
      `/api/admin/outstanding?type=CART&q=${encodeURIComponent(listed[0]!.reference.slice(3, 11))}`,
    );
    expect(search.json().data.map((cart: Outstanding) => cart.cuid)).toContain(listed[0]!.cuid);
    const bad = await owner.get("/api/admin/outstanding?sort=name");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "VALIDATION_ERROR", fields: { sort: "INVALID_CHOICE" } });
  });
});

describe("CAMT.053 import", () => {
  it("credits the carts whose structured reference a line carries, lists the others unmatched and never imports a line twice", async () => {
    const [paidInFull, partly, , overpaid] = await owingCarts();
    const unknownReference = structuredCommunication(987_654, "");
    const entries: StatementEntry[] = [
      {
        amount: paidInFull!.amount_due,
        bankReference: bankReference(),
        structured: paidInFull!.reference,
      },
      {
        amount: 5_000,
        bankReference: bankReference(),
        communication: `Stage ${partly!.reference} merci`,
      },
      { amount: 2_500, bankReference: bankReference(), structured: unknownReference },
      { amount: 3_000, bankReference: bankReference(), communication: "Cotisation club" },
      { amount: -12_000, bankReference: bankReference(), communication: "Loyer salle" },
    ];
    const partlyDue = partly!.amount_due;
    const file = camt053(entries, { number: "301" });
    const response = await upload("releve-novembre.xml", file);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      read: 5,
      imported: 5,
      duplicates: 0,
      matched: 2,
      unmatched: 3,
      account_warning: null,
    });
    expect(result.statements).toHaveLength(1);
    expect(result.statements[0]).toMatchObject({
      format: "CAMT053",
      file_name: "releve-novembre.xml",
      account_iban: "BE68539007547034",
      statement_id: "STMT-1",
      counts: { lines: 5, matched: 2, unmatched: 3, ignored: 0 },
    });
    expect(
      result.lines.map((line: { status: string; reason: string | null }) => [
        line.status,
        line.reason,
      ]),
    ).toEqual([
      ["MATCHED", null],
      ["MATCHED", null],
      ["UNMATCHED", "UNKNOWN_REFERENCE"],
      ["UNMATCHED", "NO_REFERENCE"],
      ["UNMATCHED", "DEBIT"],
    ]);
    expect(result.lines[0].transfer.target).toEqual({
      type: "CART",
      cuid: paidInFull!.cuid,
      reference: paidInFull!.reference,
    });
    expect(result.lines[2].structured_reference).toBe(unknownReference);

    // The first cart is settled: off the outstanding list, its registrations paid in full.
    const after = await outstanding();
    expect(after.map((cart) => cart.cuid)).not.toContain(paidInFull!.cuid);
    expect(after.find((cart) => cart.cuid === partly!.cuid)?.amount_due).toBe(partlyDue - 5_000);
    const [cart] = await t.db.select().from(carts).where(eq(carts.cuid, paidInFull!.cuid));
    const settled = await t.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.cartId, cart!.id), eq(registrations.cancelled, false)));
    expect(settled.length).toBeGreaterThan(0);
    for (const registration of settled) {
      expect(registration.paidAmount).toBe(registration.totalAmount);
    }

    // The same file again: every line is known, nothing is stored or credited twice.
    const again = await upload("releve-novembre.xml", file);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      read: 5,
      imported: 0,
      duplicates: 5,
      matched: 0,
      unmatched: 0,
      statements: [],
      lines: [],
    });
    expect(await dueOf(partly!.cuid)).toBe(partlyDue - 5_000);

    // A re-downloaded copy of the statement (other message and statement ids): nothing new.
    const copy = camt053(entries, { number: "301", messageId: "DOWNLOAD-2", statementId: "X-9" });
    const copied = await upload("releve-novembre (1).xml", copy);
    expect(copied.json()).toMatchObject({ read: 5, imported: 0, duplicates: 5, statements: [] });

    // The next statement: its new line pays more than its cart owes, the surplus goes to the
    // customer's wallet; it opens where the first one closed, so it carries no warning.
    const walletBefore = await walletOf(overpaid!.customer.cuid);
    const closing = entries.reduce((sum, entry) => sum + entry.amount, 0);
    const next = await upload(
      "releve-2.xml",
      camt053(
        [
          {
            amount: overpaid!.amount_due + 1_500,
            bankReference: bankReference(),
            structured: overpaid!.reference,
          },
        ],
        { statementId: "STMT-2", number: "302", opening: closing },
      ),
    );
    expect(next.json()).toMatchObject({ read: 1, imported: 1, duplicates: 0, matched: 1 });
    expect(next.json().statements[0]).toMatchObject({
      statement_key: "2026/302",
      balance_check: "BALANCED",
      warnings: [],
    });
    expect(next.json().lines[0].transfer.wallet_credit).toBe(1_500);
    expect(await dueOf(overpaid!.cuid)).toBe(0);
    expect(await walletOf(overpaid!.customer.cuid)).toBe(walletBefore + 1_500);

    const list = await owner.get("/api/admin/bank-statements");
    expect(list.json().count).toBe(2);
    const transfers = await owner.get("/api/admin/payments?type=TRANSFER&page_size=100");
    const sources = transfers
      .json()
      .data.filter((p: { source: string }) => p.source === "STATEMENT")
      .map((p: { source: string; status: string }) => [p.source, p.status]);
    expect(sources).toEqual([
      ["STATEMENT", "RECEIVED"],
      ["STATEMENT", "RECEIVED"],
      ["STATEMENT", "RECEIVED"],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "bank_statement.imported"))
      .limit(1);
    expect(audit?.after).toMatchObject({ file_name: "releve-novembre.xml", imported: 5 });
  });

  it("warns when the file is for another account than the organiser's IBAN, and imports it", async () => {
    const response = await upload(
      "autre-compte.xml",
      camt053([{ amount: 1_000, bankReference: bankReference(), communication: "Don" }], {
        iban: "BE71096123456769",
        statementId: "OTHER-1",
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().account_warning).toEqual({
      file_iban: "BE71096123456769",
      organiser_iban: "BE68539007547034",
    });
    expect(response.json().imported).toBe(1);
  });
});

describe("unmatched lines", () => {
  async function unmatchedLine(entry: Omit<StatementEntry, "bankReference">) {
    const response = await upload(
      "manuel.xml",
      camt053([{ ...entry, bankReference: bankReference() }], { statementId: bankReference() }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [line] = response.json().lines;
    expect(line.status).toBe("UNMATCHED");
    return line as { cuid: string; amount: number };
  }

  it("are listed with their reason, matched to a cart by hand, ignored, and undone", async () => {
    const line = await unmatchedLine({ amount: 2_000, communication: "Virement Lucas stage" });
    const debit = await unmatchedLine({ amount: -4_000, communication: "Frais bancaires" });
    const listed = await owner.get(
      "/api/admin/bank-statement-lines?status=UNMATCHED&page_size=100",
    );
    expect(listed.statusCode).toBe(200);
    const byCuid = new Map(
      listed.json().data.map((row: { cuid: string; reason: string }) => [row.cuid, row.reason]),
    );
    expect(byCuid.get(line.cuid)).toBe("NO_REFERENCE");
    expect(byCuid.get(debit.cuid)).toBe("DEBIT");
    const search = await owner.get("/api/admin/bank-statement-lines?q=Lucas");
    expect(search.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([line.cuid]);

    const [target] = await owingCarts();
    const dueBefore = target!.amount_due;
    const candidates = await owner.get(
      `/api/admin/bank-statement-lines/${line.cuid}/carts?q=${encodeURIComponent(target!.reference)}`,
    );
    expect(candidates.json().data.map((cart: { cuid: string }) => cart.cuid)).toEqual([
      target!.cuid,
    ]);

    const matched = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/match`, {
      cart: target!.cuid,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({
      status: "MATCHED",
      reason: null,
      transfer: { target: { cuid: target!.cuid }, wallet_credit: 0 },
    });
    expect(await dueOf(target!.cuid)).toBe(dueBefore - 2_000);
    const twice = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/match`, {
      cart: target!.cuid,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: "BANK_STATEMENT_LINE_HANDLED" });

    const debitMatch = await owner.post(`/api/admin/bank-statement-lines/${debit.cuid}/match`, {
      cart: target!.cuid,
    });
    expect(debitMatch.json()).toEqual({ error: "BANK_STATEMENT_LINE_DEBIT" });
    const ignored = await owner.post(`/api/admin/bank-statement-lines/${debit.cuid}/ignore`);
    expect(ignored.json()).toMatchObject({ status: "IGNORED" });
    const ignoredTwice = await owner.post(`/api/admin/bank-statement-lines/${debit.cuid}/ignore`);
    expect(ignoredTwice.json()).toEqual({ error: "BANK_STATEMENT_LINE_HANDLED" });

    // Undo: the transfer is cancelled, the cart owes again, the line can be matched again.
    const undone = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: "UNMATCHED", transfer: null });
    expect(await dueOf(target!.cuid)).toBe(dueBefore);
    const undoneTwice = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/undo`);
    expect(undoneTwice.json()).toEqual({ error: "BANK_STATEMENT_LINE_NOT_HANDLED" });
    const rematched = await owner.post(`/api/admin/bank-statement-lines/${line.cuid}/match`, {
      cart: target!.cuid,
    });
    expect(rematched.statusCode, rematched.body).toBe(200);
    expect(await dueOf(target!.cuid)).toBe(dueBefore - 2_000);
    const reopened = await owner.post(`/api/admin/bank-statement-lines/${debit.cuid}/undo`);
    expect(reopened.json()).toMatchObject({ status: "UNMATCHED" });

    const detail = await owner.get(`/api/admin/bank-statements/${line.cuid}`);
    expect(detail.json()).toEqual({ error: "BANK_STATEMENT_NOT_FOUND" });
    const unknownCart = await owner.post(`/api/admin/bank-statement-lines/${debit.cuid}/match`, {
      cart: "nope",
    });
    expect(unknownCart.json()).toEqual({ error: "CART_NOT_FOUND" });
    const unknownLine = await owner.post("/api/admin/bank-statement-lines/nope/ignore");
    expect(unknownLine.json()).toEqual({ error: "BANK_STATEMENT_LINE_NOT_FOUND" });
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, line.cuid));
    expect(actions.map((row) => row.action)).toEqual([
      "bank_statement_line.matched",
      "bank_statement_line.reopened",
      "bank_statement_line.matched",
    ]);
  });

  it("shows a statement with its lines in file order", async () => {
    const response = await upload(
      "detail.xml",
      camt053(
        [
          { amount: 100, bankReference: bankReference(), communication: "un" },
          { amount: 200, bankReference: bankReference(), communication: "deux" },
        ],
        { statementId: "DETAIL" },
      ),
    );
    const [statement] = response.json().statements;
    const detail = await owner.get(`/api/admin/bank-statements/${statement.cuid}`);
    expect(detail.statusCode).toBe(200);
    expect(
      detail.json().lines.map((line: { communication: string }) => line.communication),
    ).toEqual(["un", "deux"]);
    expect(detail.json().counts).toEqual({ lines: 2, matched: 0, unmatched: 2, ignored: 0 });
  });
});

describe("CODA import", () => {
  it("reads a Latin-1 CODA file and matches its structured communication", async () => {
    const owing = await owingCarts();
    const target = owing[owing.length - 1]!;
    const file = coda([
      {
        amount: target.amount_due,
        bankReference: bankReference().slice(-21),
        structured: target.reference,
        counterparty: "Société Générale Sàrl",
      },
      { amount: 1_234, bankReference: bankReference().slice(-21), communication: "Don été" },
    ]);
    const response = await upload("extrait.cod", file, owner, "latin1");
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ imported: 2, matched: 1, unmatched: 1 });
    expect(result.statements[0].format).toBe("CODA");
    expect(result.lines[0]).toMatchObject({
      status: "MATCHED",
      counterparty_name: "Société Générale Sàrl",
      transfer: { target: { cuid: target.cuid } },
    });
    expect(result.lines[1].communication).toBe("Don été");
    expect(await dueOf(target.cuid)).toBe(0);
  });
});

describe("an invalid statement upload", () => {
  it("is refused with a clear code and stores nothing", async () => {
    const before = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bankStatementLines);
    const garbage = await upload("photo.xml", "<html><body>not a statement</body></html>");
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ error: "BANK_STATEMENT_INVALID" });
    expect(garbage.json().detail).toMatch(/^photo\.xml: .*CAMT\.053/);
    const truncated = coda([{ amount: 100, bankReference: "TRUNC", communication: "x" }])
      .split("\r\n")
      .slice(0, 3)
      .join("\r\n");
    const cut = await upload("cut.cod", truncated);
    expect(cut.json()).toMatchObject({ error: "BANK_STATEMENT_INVALID" });
    expect(cut.json().detail).toBe(
      "cut.cod: The CODA file ends before its trailer record 9 (truncated)",
    );
    const noFile = await owner.post("/api/admin/bank-statements", {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ error: "VALIDATION_ERROR", fields: { file: "REQUIRED" } });
    const huge = await upload("huge.xml", "x".repeat(5 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: "PAYLOAD_TOO_LARGE" });
    const after = await t.db.select({ count: sql<number>`count(*)::int` }).from(bankStatementLines);
    expect(after).toEqual(before);
  });
});

describe("a bank transfer recorded by hand", () => {
  it("credits the cart, sends a surplus to the wallet, and is cancelled with everything it credited", async () => {
    const [target] = await owingCarts();
    const dueBefore = target!.amount_due;
    const url = `/api/admin/carts/${target!.cuid}/bank-transfers`;
    // The demo orders' own transfers (seeded) are not this test's.
    const transfersOf = async () =>
      (
        await owner.get(
          `/api/admin/payments?type=TRANSFER&q=${encodeURIComponent(target!.reference)}`,
        )
      ).json().data as Array<{ cuid: string; source: string; status: string; amount: number }>;
    const seeded = new Set((await transfersOf()).map((p) => p.cuid));
    const partial = await owner.post(url, {
      amount: 1_000,
      received_on: "2026-11-18",
      note: "Virement reçu, extrait papier",
    });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json()).toMatchObject({
      amount: 1_000,
      wallet_credit: 0,
      received_on: "2026-11-18",
      note: "Virement reçu, extrait papier",
      statement_line: null,
      cancelled_at: null,
      target: { cuid: target!.cuid, amount_due: dueBefore - 1_000 },
    });

    const walletBefore = await walletOf(target!.customer.cuid);
    const surplus = await owner.post(url, {
      amount: dueBefore - 1_000 + 700,
      received_on: "2026-11-19",
    });
    expect(surplus.json()).toMatchObject({ wallet_credit: 700, target: { amount_due: 0 } });
    expect(await walletOf(target!.customer.cuid)).toBe(walletBefore + 700);

    const cancelled = await owner.delete(`/api/admin/bank-transfers/${surplus.json().cuid}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().cancelled_at).not.toBeNull();
    expect(cancelled.json().target.amount_due).toBe(dueBefore - 1_000);
    expect(await walletOf(target!.customer.cuid)).toBe(walletBefore);
    const again = await owner.delete(`/api/admin/bank-transfers/${surplus.json().cuid}`);
    expect(again.json()).toEqual({ error: "BANK_TRANSFER_CANCELLED" });

    // A surplus spent from the wallet meanwhile cannot be taken back.
    const spent = await owner.post(url, {
      amount: dueBefore - 1_000 + 300,
      received_on: "2026-11-19",
    });
    await t.db
      .update(customers)
      .set({ walletAmount: 0 })
      .where(eq(customers.cuid, target!.customer.cuid));
    const refused = await owner.delete(`/api/admin/bank-transfers/${spent.json().cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "WALLET_CREDIT_SPENT", wallet_credit: 300 });

    const byHand = (await transfersOf())
      .filter((p) => p.source === "HAND" && !seeded.has(p.cuid))
      .map((p) => [p.status, p.amount]);
    expect(byHand).toEqual([
      ["RECEIVED", dueBefore - 1_000 + 300],
      ["CANCELLED", dueBefore - 1_000 + 700],
      ["RECEIVED", 1_000],
    ]);
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, surplus.json().cuid));
    expect(audit.map((row) => row.action)).toEqual([
      "bank_transfer.created",
      "bank_transfer.cancelled",
    ]);
  });

  it("is refused for bad input and for a cart that is not a processed cart of the organiser", async () => {
    const [target] = await owingCarts();
    const url = `/api/admin/carts/${target!.cuid}/bank-transfers`;
    const bad = await owner.post(url, { amount: 0, received_on: "2026-02-30" });
    expect(bad.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { amount: "TOO_SMALL", received_on: "INVALID_DATE" },
    });
    const unknown = await owner.post("/api/admin/carts/nope/bank-transfers", {
      amount: 100,
      received_on: "2026-11-18",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "CART_NOT_FOUND" });
    const [open] = await t.db
      .select({ cuid: carts.cuid })
      .from(carts)
      .where(and(eq(carts.organiserId, demoId), sql`${carts.processedAt} is null`))
      .limit(1);
    if (open) {
      const response = await owner.post(`/api/admin/carts/${open.cuid}/bank-transfers`, {
        amount: 100,
        received_on: "2026-11-18",
      });
      expect(response.json()).toEqual({ error: "CART_NOT_FOUND" });
    }
    const missing = await owner.delete("/api/admin/bank-transfers/nope");
    expect(missing.json()).toEqual({ error: "BANK_TRANSFER_NOT_FOUND" });
  });
});

describe("online payments", () => {
  /** A customer's cart of 120.00 paid online through the test provider's page. */
  async function paidOnline(price = 12_000) {
    await t.db
      .update(organisers)
      .set({
        settings: sql`${organisers.settings} || '{"online_payments_activated": true}'::jsonb`,
      })
      .where(eq(organisers.id, demoId));
    sequence += 1;
    const who = await sessionCustomer(t, {
      organiserId: demoId,
      host: DEMO_HOST,
      customer: {
        firstname: "Client",
        lastname: `Remboursé${sequence}`,
        email: `refund-${sequence}@example.org`,
      },
      participant: { firstname: "Enfant", lastname: `Remboursé${sequence}` },
    });
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: `Stage remboursé ${sequence}`,
      capacity: 5,
      price,
      deposit: 0,
      dateHours: 3,
      dates: [{ capacity: 5 }],
    });
    const added = await who.client.post(
      "/api/carts/items",
      registrationBody(availability.id, who.participantId, [dates[0]!.id]),
    );
    const cartId = added.json().cart.id;
    const checkout = await who.client.post("/api/carts/checkout", {
      cart_id: cartId,
      payment_strategy: "IMMEDIATE",
      terms: true,
    });
    expect(checkout.json().next_action).toBe("payment");
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId));
    await who.client.get(`/payments/test/${payment!.cuid}`);
    const token = who.client.cookies.get("XSRF-TOKEN")!;
    const paid = await who.client.request("POST", `/payments/test/${payment!.cuid}`, {
      rawBody: `_xsrf=${encodeURIComponent(token)}&action=pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      xsrf: false,
    });
    expect(paid.statusCode).toBe(303);
    return { who, cartId, payment: payment! };
  }

  it("are listed, and refunded through their provider, wholly or in part, once", async () => {
    const { who, cartId, payment } = await paidOnline();
    const listed = await owner.get("/api/admin/payments?type=ONLINE&status=paid");
    expect(listed.json().data.map((p: { cuid: string }) => p.cuid)).toContain(payment.cuid);

    const url = `/api/admin/payments/${payment.cuid}/refund`;
    const above = await owner.post(url, { amount: 12_001, reason: "Trop" });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ error: "REFUND_ABOVE_PAID", refundable: 12_000 });
    const noReason = await owner.post(url, { amount: 100 });
    expect(noReason.json()).toEqual({ error: "VALIDATION_ERROR", fields: { reason: "REQUIRED" } });

    const refunded = await owner.post(url, { amount: 4_500, reason: "Une journée annulée" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The customer is told how much comes back, without the staff's internal reason.
    const [mail] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.toAddress, refunded.json().customer.email))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(mail!.subject).toMatch(/^Remboursement de votre paiement/);
    expect(mail!.text).toMatch(
      /Sur votre paiement en ligne de 120\s€.*, 45\s€ vous ont été remboursés\./,
    );
    expect(mail!.text).not.toContain("Une journée annulée");
    expect(refunded.json()).toMatchObject({
      type: "ONLINE",
      status: "refunded",
      amount: 12_000,
      refunded_amount: 4_500,
      refund_note: "Une journée annulée",
      provider: "test",
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.providerState).toMatchObject({ refunded: 4_500 });
    // The order stands: for the storefront the payment is still paid (not "bought nothing").
    expect(row).toMatchObject({ status: "paid", refundedAmount: 4_500, refundReason: null });
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart!.paidAmount).toBe(12_000 - 4_500);
    const [registration] = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.cartId, cartId));
    expect(registration!.paidAmount).toBe(12_000 - 4_500);
    expect(await dueOf(cart!.cuid)).toBe(4_500);

    const twice = await owner.post(url, { reason: "Encore" });
    expect(twice.json()).toEqual({ error: "PAYMENT_ALREADY_REFUNDED" });

    // What it owes again can be paid from the wallet: a wallet use in the list.
    await t.db
      .update(customers)
      .set({ walletAmount: 2_000 })
      .where(eq(customers.id, who.customerId));
    const fromWallet = await who.client.post("/api/transactions/wallet", {
      amount: 2_000,
      destination: { type: "CART", id: cartId },
    });
    expect(fromWallet.statusCode, fromWallet.body).toBe(200);
    const walletUses = await owner.get(
      `/api/admin/payments?type=WALLET&q=${encodeURIComponent(cart!.reference!)}`,
    );
    expect(walletUses.json().data).toMatchObject([
      { type: "WALLET", status: "PAYMENT", amount: 2_000, cart: { cuid: cart!.cuid } },
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, payment.cuid), eq(auditLogs.action, "payment.refunded")));
    expect(audit?.after).toMatchObject({ refunded_amount: 4_500 });
  });

  it("refunds everything by default, and refuses unpaid payments and unconfigured providers", async () => {
    const { cartId, payment } = await paidOnline(8_000);
    const full = await owner.post(`/api/admin/payments/${payment.cuid}/refund`, {
      reason: "Séjour annulé",
    });
    expect(full.json()).toMatchObject({ status: "refunded", refunded_amount: 8_000 });
    const [mail] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.toAddress, full.json().customer.email))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(mail!.text).toMatch(
      /Votre paiement en ligne de 80\s€ \(commande \+{3}[\d/]+\+{3}\) vous a été remboursé\./,
    );
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart!.paidAmount).toBe(0);

    const other = await paidOnline(5_000);
    await t.db
      .update(payments)
      .set({ status: "open", paidAt: null })
      .where(eq(payments.id, other.payment.id));
    const open = await owner.post(`/api/admin/payments/${other.payment.cuid}/refund`, {
      reason: "x",
    });
    expect(open.json()).toEqual({ error: "PAYMENT_NOT_PAID" });
    await t.db
      .update(payments)
      .set({ status: "paid", paidAt: new Date(), provider: "mollie" })
      .where(eq(payments.id, other.payment.id));
    const mollie = await owner.post(`/api/admin/payments/${other.payment.cuid}/refund`, {
      reason: "x",
    });
    expect(mollie.json()).toEqual({ error: "PAYMENT_PROVIDER_UNAVAILABLE" });
    const unknown = await owner.post("/api/admin/payments/nope/refund", { reason: "x" });
    expect(unknown.json()).toEqual({ error: "PAYMENT_NOT_FOUND" });
  });

  it("filters the list by type, status, period and search", async () => {
    for (const type of ["ONLINE", "TRANSFER", "WALLET"]) {
      const listed = await owner.get(`/api/admin/payments?type=${type}&page_size=100`);
      expect(listed.statusCode).toBe(200);
      const types = new Set(listed.json().data.map((p: { type: string }) => p.type));
      expect(types).toEqual(new Set([type]));
    }
    const wallet = await owner.get("/api/admin/payments?type=WALLET&page_size=100");
    for (const p of wallet.json().data) {
      expect(["CHECKOUT", "PAYMENT"]).toContain(p.status);
      expect(p.amount).toBeGreaterThan(0);
    }
    const future = await owner.get("/api/admin/payments?from=2099-01-01");
    expect(future.json()).toMatchObject({ data: [], count: 0 });
    const backwards = await owner.get("/api/admin/payments?from=2026-02-01&to=2026-01-01");
    expect(backwards.json()).toEqual({ error: "VALIDATION_ERROR", fields: { to: "TOO_SMALL" } });
    const byAmount = await owner.get("/api/admin/payments?sort=-amount&page_size=3");
    const amounts = byAmount.json().data.map((p: { amount: number }) => p.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });
});

describe("tenant isolation", () => {
  it("keeps another organiser's statements, lines, transfers, carts and payments out of reach", async () => {
    const other = await collaboratorWith(t, "owner", "demo-en");
    const imported = await uploadStatement(
      t.app,
      other.client,
      "other.xml",
      Buffer.from(
        camt053([{ amount: 700, bankReference: "SHARED-REF", communication: "Other" }], {
          iban: "GB33BUKB20201555555555",
        }),
      ),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const otherLine = imported.json().lines[0].cuid;
    const otherStatement = imported.json().statements[0].cuid;

    // The same movement in the demo organiser's account is its own line.
    const mine = await upload(
      "mine.xml",
      camt053([{ amount: 700, bankReference: "SHARED-REF", communication: "Other" }], {
        iban: "GB33BUKB20201555555555",
      }),
    );
    expect(mine.json().imported).toBe(1);

    const admin = await collaboratorWith(t, "owner", "demo");
    expect(
      (await admin.client.get(`/api/admin/bank-statements/${otherStatement}`)).statusCode,
    ).toBe(404);
    const lines = await admin.client.get("/api/admin/bank-statement-lines?page_size=100");
    expect(lines.json().data.map((line: { cuid: string }) => line.cuid)).not.toContain(otherLine);
    for (const action of ["ignore", "undo"]) {
      const response = await admin.client.post(
        `/api/admin/bank-statement-lines/${otherLine}/${action}`,
      );
      expect(response.statusCode).toBe(404);
    }
    const [target] = await outstanding(admin.client);
    const match = await other.client.post(`/api/admin/bank-statement-lines/${otherLine}/match`, {
      cart: target!.cuid,
    });
    expect(match.json()).toEqual({ error: "CART_NOT_FOUND" });
    const transfer = await other.client.post(`/api/admin/carts/${target!.cuid}/bank-transfers`, {
      amount: 100,
      received_on: "2026-11-18",
    });
    expect(transfer.json()).toEqual({ error: "CART_NOT_FOUND" });
    expect(await outstanding(other.client)).toEqual([]);
    const theirPayments = await other.client.get("/api/admin/payments?page_size=100");
    expect(theirPayments.json().count).toBe(0);
  });
});
