import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { carts, customers, organisers, registrations, transactionProofs } from "@booking/db";
import { and, desc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, registrationBody } from "./cart-fixtures.ts";
import { collaboratorWith, demoConsole, lastAuditOf, organiserIdOf } from "./console-fixtures.ts";
import { type Client, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Staff erase a customer at the family's request (customers.customers.delete, decision 0104),
// with the account deletion's own anonymisation; both erase the proofs of payment, rows and
// files; refused while something is owed, in the wallet or to come; raced against itself.

let t: TestApp;
let owner: Client;
let organiserId: number;
let organiserCuid: string;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
/** The proofs' folder of the app built without DATA_DIR (app.ts). */
const PROOFS_DIR = path.join(tmpdir(), "booking-transaction-proofs");

const newCustomer = numberedCustomers({
  firstname: "Éloïse",
  lastname: "Efface",
  email: "customer-erasure",
  participant: "Petit",
});
type Customer = Awaited<ReturnType<typeof newCustomer>>;

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
  const [row] = await t.db
    .select({ cuid: organisers.cuid })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  organiserCuid = row!.cuid;
});
afterAll(async () => {
  await t.close();
});

let activities = 0;
/** A customer of `slug` with a processed order: one place at 40.00, owed, its date to come. */
async function customerWithOrder(slug = "demo", host = DEMO_HOST) {
  const id = slug === "demo" ? organiserId : await organiserIdOf(t.db, slug);
  activities += 1;
  const availability = await availabilityWithDates(t, {
    organiserId: id,
    title: `Stage effacement ${activities}`,
    capacity: 5,
    price: 4_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 5 }],
  });
  const customer = await newCustomer(t, id, host);
  const added = await customer.client.post(
    "/api/carts/items",
    registrationBody(availability.availability.id, customer.participantId, [
      availability.dates[0]!.id,
    ]),
  );
  expect(added.statusCode, added.body).toBe(201);
  const [cart] = await t.db
    .select()
    .from(carts)
    .where(eq(carts.customerId, customer.customerId))
    .orderBy(desc(carts.id))
    .limit(1);
  await checkoutByTransfer(customer.client, cart!.id);
  const [customerRow] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, customer.customerId));
  return { ...customer, cuid: customerRow!.cuid, cart: cart! };
}

async function sendProof(customer: Customer, cartCuid: string) {
  const sent = await customer.client.postFile(
    `/api/carts/${cartCuid}/transaction-proofs`,
    "releve banque.pdf",
    PDF,
  );
  expect(sent.statusCode, sent.body).toBe(201);
}

const storedFiles = () => readdir(path.join(PROOFS_DIR, organiserCuid)).catch(() => []);

async function proofsOfCart(cartId: number) {
  return t.db
    .select({ path: transactionProofs.storagePath })
    .from(transactionProofs)
    .where(
      and(eq(transactionProofs.organiserId, organiserId), eq(transactionProofs.cartId, cartId)),
    );
}

async function customerRow(id: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

const erase = (client: Client, cuid: string, confirmation: unknown) =>
  client.request("DELETE", `/api/admin/customers/${cuid}`, { body: { confirmation } });

/** Settles the order by a transfer staff record, then cancels its registration (nothing owed). */
async function settleAndCancel(customer: Awaited<ReturnType<typeof customerWithOrder>>) {
  const recorded = await owner.post(`/api/admin/carts/${customer.cart.cuid}/bank-transfers`, {
    amount: 4_000,
    received_on: new Date().toISOString().slice(0, 10),
    note: "reçu",
  });
  expect(recorded.statusCode, recorded.body).toBe(201);
  const [registration] = await t.db
    .select({ cuid: registrations.cuid })
    .from(registrations)
    .where(eq(registrations.customerId, customer.customerId));
  const cancelled = await owner.post(`/api/admin/registrations/${registration!.cuid}/cancel`, {});
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

describe("staff's erasure of a customer", () => {
  it("is refused with what to do first while something is owed, in the wallet or to come", async () => {
    const customer = await customerWithOrder();
    const before = await customerRow(customer.customerId);

    const owed = await erase(owner, customer.cuid, customer.fullname);
    expect(owed.statusCode, owed.body).toBe(409);
    expect(owed.json()).toMatchObject({ error: "CUSTOMER_HAS_DEBT", amount: 4_000 });

    await owner.post(`/api/admin/carts/${customer.cart.cuid}/bank-transfers`, {
      amount: 4_000,
      received_on: new Date().toISOString().slice(0, 10),
      note: "reçu",
    });
    const upcoming = await erase(owner, customer.cuid, customer.fullname);
    expect(upcoming.statusCode, upcoming.body).toBe(409);
    expect(upcoming.json()).toMatchObject({
      error: "CUSTOMER_HAS_UPCOMING_REGISTRATIONS",
      count: 1,
    });

    const rich = await newCustomer(t, organiserId, DEMO_HOST, 1_500);
    const [richRow] = await t.db
      .select({ cuid: customers.cuid })
      .from(customers)
      .where(eq(customers.id, rich.customerId));
    const wallet = await erase(owner, richRow!.cuid, rich.fullname);
    expect(wallet.statusCode, wallet.body).toBe(409);
    expect(wallet.json()).toMatchObject({ error: "CUSTOMER_HAS_WALLET_BALANCE", amount: 1_500 });

    expect(await customerRow(customer.customerId)).toEqual(before);
    expect((await customerRow(rich.customerId)).anonymisedAt).toBeNull();
  });

  it("needs the full name typed, erases the person, their proofs' rows and files, and audits no personal data", async () => {
    const customer = await customerWithOrder();
    await sendProof(customer, customer.cart.cuid);
    await sendProof(customer, customer.cart.cuid);
    const stored = (await proofsOfCart(customer.cart.id)).map((row) => row.path.split("/")[1]!);
    expect(stored).toHaveLength(2);
    expect(await storedFiles()).toEqual(expect.arrayContaining(stored));
    await settleAndCancel(customer);

    for (const wrong of ["", "Éloïse", "someone else", 42, null, "a\u0000b", undefined]) {
      const refused = await erase(owner, customer.cuid, wrong);
      expect(refused.statusCode, `${wrong}: ${refused.body}`).toBe(400);
    }
    expect((await customerRow(customer.customerId)).anonymisedAt).toBeNull();
    expect(await proofsOfCart(customer.cart.id)).toHaveLength(2);

    // Spaces and case do not matter, as in the account's own deletion.
    const typed = customer.fullname.toUpperCase().replace(" ", "  ");
    const erased = await erase(owner, customer.cuid, typed);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      cuid: customer.cuid,
      anonymised: true,
      firstname: "Deleted",
      email: `deleted-${customer.cuid}@anonymised.invalid`,
    });

    const row = await customerRow(customer.customerId);
    expect(row).toMatchObject({ firstname: "Deleted", lastname: "customer", phone: "" });
    expect(row.anonymisedAt).not.toBeNull();
    expect(row.passwordHash).toBeNull();
    // The order stays, with when its proofs were erased; the rows and files are gone.
    expect(await proofsOfCart(customer.cart.id)).toEqual([]);
    const [order] = await t.db.select().from(carts).where(eq(carts.id, customer.cart.id));
    expect(order!.proofsErasedAt).toBeInstanceOf(Date);
    expect(order!.totalAmount).toBe(4_000);
    const files = await storedFiles();
    for (const file of stored) expect(files).not.toContain(file);
    // Staff read it on the customer's Paniers tab.
    const orders = (await owner.get(`/api/admin/customers/${customer.cuid}/carts`)).json().data;
    expect(orders.find((cart: { cuid: string }) => cart.cuid === customer.cart.cuid)).toMatchObject(
      {
        proofs_erased_at: order!.proofsErasedAt!.toISOString(),
      },
    );
    // Their session is closed.
    const session = await customer.client.get("/api/session");
    expect(session.json().customer).toBeNull();

    const audit = await lastAuditOf(t.db, customer.cuid);
    expect(audit).toMatchObject({
      action: "customer.erased",
      before: { anonymised: false },
      after: { anonymised: true, proofs_erased: 2 },
    });
    const text = JSON.stringify(audit);
    expect(text).not.toContain("Efface");
    expect(text).not.toContain("customer-erasure");

    const again = await erase(owner, customer.cuid, "Deleted customer");
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toBe("CUSTOMER_ANONYMISED");
  });

  it("takes customers.customers.delete, and another organiser's customer is not found", async () => {
    const customer = await customerWithOrder();
    await settleAndCancel(customer);
    const reader = await collaboratorWith(t, ["customers.customers.read"]);
    const denied = await erase(reader.client, customer.cuid, customer.fullname);
    expect(denied.statusCode).toBe(403);

    const elsewhere = await customerWithOrder("demo-en", DEMO_EN_HOST);
    await t.db
      .update(registrations)
      .set({ cancelled: true, totalAmount: 0 })
      .where(eq(registrations.customerId, elsewhere.customerId));
    const foreign = await erase(owner, elsewhere.cuid, elsewhere.fullname);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await customerRow(elsewhere.customerId)).anonymisedAt).toBeNull();
    expect((await erase(owner, "nope", "x")).statusCode).toBe(404);
    // The customer is looked up before the body is read: another's id is 404 without one too.
    const bare = await owner.request("DELETE", `/api/admin/customers/${elsewhere.cuid}`);
    expect(bare.statusCode, bare.body).toBe(404);
    expect((await customerRow(customer.customerId)).anonymisedAt).toBeNull();
  });

  it("runs once when two staff erase the same customer at once", async () => {
    const customer = await customerWithOrder();
    await settleAndCancel(customer);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => erase(owner, customer.cuid, customer.fullname)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join("\n")).toEqual([200, 409, 409, 409]);
  });
});

describe("the account's own deletion", () => {
  it("erases the proofs of payment sent to its orders too, rows and files", async () => {
    const customer = await customerWithOrder();
    await sendProof(customer, customer.cart.cuid);
    const [stored] = await proofsOfCart(customer.cart.id);
    const file = stored!.path.split("/")[1]!;
    expect(await storedFiles()).toContain(file);

    const deleted = await customer.client.delete("/api/session");
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await proofsOfCart(customer.cart.id)).toEqual([]);
    expect(await storedFiles()).not.toContain(file);
    const [order] = await t.db.select().from(carts).where(eq(carts.id, customer.cart.id));
    expect(order!.proofsErasedAt).toBeInstanceOf(Date);
    // The order itself, still owed, stays the organiser's.
    expect(order!.processedAt).not.toBeNull();
  });
});
