import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { TRANSACTION_PROOF_UPLOAD } from "@booking/contracts";
import { carts, customers, organisers, transactionProofs } from "@booking/db";
import { and, desc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, registrationBody } from "./cart-fixtures.ts";
import { collaboratorWith, demoConsole, organiserIdOf } from "./console-fixtures.ts";
import { Client, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Proofs of payment (issue 17 §4, decision 0098): a customer sends one to their order and opens
// it; staff with customers.transaction_proofs.read list and open them; every hostile upload is
// a 4xx that leaves no row and no file behind; the per-order limit holds under racing uploads.

let t: TestApp;
let owner: Client;
let organiserId: number;
let organiserCuid: string;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
/** The proofs' folder of the app built without DATA_DIR (app.ts). */
const PROOFS_DIR = path.join(tmpdir(), "booking-transaction-proofs");

const newCustomer = numberedCustomers({
  firstname: "Paula",
  lastname: "Preuve",
  email: "transaction-proofs",
  participant: "Enfant",
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

let activityCount = 0;
/** A customer of `slug` with a processed order (one place at 40.00 paid by transfer, owed). */
async function customerWithOrder(slug = "demo", host = DEMO_HOST) {
  const id = slug === "demo" ? organiserId : await organiserIdOf(t.db, slug);
  activityCount += 1;
  const availability = await availabilityWithDates(t, {
    organiserId: id,
    title: `Stage preuve ${activityCount}`,
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
  const cart = await lastCart(customer);
  await checkoutByTransfer(customer.client, cart.id);
  return { ...customer, cart: await lastCart(customer) };
}

async function lastCart(customer: Customer) {
  const [cart] = await t.db
    .select()
    .from(carts)
    .where(eq(carts.customerId, customer.customerId))
    .orderBy(desc(carts.id))
    .limit(1);
  return cart!;
}

async function customerCuid(customer: Customer) {
  const [row] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, customer.customerId));
  return row!.cuid;
}

async function storedFiles(): Promise<string[]> {
  return readdir(path.join(PROOFS_DIR, organiserCuid)).catch(() => []);
}

async function proofRows(cartId?: number) {
  return t.db
    .select()
    .from(transactionProofs)
    .where(
      cartId === undefined
        ? eq(transactionProofs.organiserId, organiserId)
        : and(eq(transactionProofs.organiserId, organiserId), eq(transactionProofs.cartId, cartId)),
    );
}

const send = (client: Client, cartCuid: string, name: string, bytes: Buffer, type?: string) =>
  client.postFile(`/api/carts/${cartCuid}/transaction-proofs`, name, bytes, type);

describe("a customer's proof of payment", () => {
  it("joins their order; they list it and open it, as a PDF never sniffed otherwise", async () => {
    const customer = await customerWithOrder();
    const sent = await send(customer.client, customer.cart.cuid, "../virement juin.PDF", PDF);
    expect(sent.statusCode, sent.body).toBe(201);
    const proof = sent.json();
    expect(proof).toMatchObject({
      cart_cuid: customer.cart.cuid,
      file_name: "virement juin.pdf",
      content_type: "application/pdf",
      size_bytes: PDF.length,
      file_url: `/api/transaction-proofs/${proof.cuid}/file`,
    });

    const list = await customer.client.get(`/api/carts/${customer.cart.cuid}/transaction-proofs`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([proof]);

    const file = await customer.client.get(proof.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cache-control"]).toBe("private, no-store");
    expect(file.headers["content-disposition"]).toContain("virement juin.pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const [row] = await proofRows(customer.cart.id);
    expect((await storedFiles()).includes(row!.storagePath.split("/")[1]!)).toBe(true);
  });

  it("is read from its bytes: an image named .pdf is a PNG", async () => {
    const customer = await customerWithOrder();
    const sent = await send(customer.client, customer.cart.cuid, "preuve.pdf", PNG, "text/html");
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ content_type: "image/png", file_name: "preuve.png" });
  });
});

describe("hostile uploads", () => {
  it("answer 4xx and store nothing", async () => {
    const customer = await customerWithOrder();
    const other = await customerWithOrder();
    const foreign = await customerWithOrder("demo-en", DEMO_EN_HOST);
    const [openCart] = await t.db
      .insert(carts)
      .values({ organiserId, customerId: customer.customerId })
      .returning();
    const rowsBefore = (await proofRows()).length;
    const filesBefore = (await storedFiles()).length;
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    const tooLarge = Buffer.concat([PDF, Buffer.alloc(TRANSACTION_PROOF_UPLOAD.maxBytes)]);
    const cuid = customer.cart.cuid;
    const anonymous = new Client(t.app, DEMO_HOST);

    const cases: Array<[string, Promise<{ statusCode: number; json(): unknown }>, number, string]> =
      [
        [
          "HTML named .pdf",
          send(customer.client, cuid, "x.pdf", html, "application/pdf"),
          415,
          "PROOF_TYPE_UNSUPPORTED",
        ],
        [
          "SVG",
          send(customer.client, cuid, "x.svg", Buffer.from("<svg onload=alert(1)/>")),
          415,
          "PROOF_TYPE_UNSUPPORTED",
        ],
        ["too large", send(customer.client, cuid, "big.pdf", tooLarge), 413, "PROOF_TOO_LARGE"],
        [
          "empty file",
          send(customer.client, cuid, "empty.pdf", Buffer.alloc(0)),
          400,
          "PROOF_FILE_REQUIRED",
        ],
        [
          "JSON instead of a form",
          customer.client.post(`/api/carts/${cuid}/transaction-proofs`, { file: "x" }),
          400,
          "PROOF_FILE_REQUIRED",
        ],
        ["another customer's order", send(other.client, cuid, "x.pdf", PDF), 404, "CART_NOT_FOUND"],
        [
          "an order not checked out",
          send(customer.client, openCart!.cuid, "x.pdf", PDF),
          404,
          "CART_NOT_FOUND",
        ],
        [
          "another organiser's order",
          send(customer.client, foreign.cart.cuid, "x.pdf", PDF),
          404,
          "CART_NOT_FOUND",
        ],
        [
          "from another organiser's site",
          send(foreign.client, cuid, "x.pdf", PDF),
          404,
          "CART_NOT_FOUND",
        ],
        ["without a session", send(anonymous, cuid, "x.pdf", PDF), 401, "UNAUTHENTICATED"],
      ];
    for (const [label, pending, status, code] of cases) {
      const response = await pending;
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toMatchObject({ error: code });
    }
    expect(await proofRows()).toHaveLength(rowsBefore);
    expect(await storedFiles()).toHaveLength(filesBefore);
  });

  it("never let another customer or another organiser open a proof", async () => {
    const customer = await customerWithOrder();
    const other = await customerWithOrder();
    const foreign = await customerWithOrder("demo-en", DEMO_EN_HOST);
    const proof = (await send(customer.client, customer.cart.cuid, "p.pdf", PDF)).json();
    expect((await other.client.get(proof.file_url)).statusCode).toBe(404);
    expect((await foreign.client.get(proof.file_url)).statusCode).toBe(404);
    expect(
      (await other.client.get(`/api/carts/${customer.cart.cuid}/transaction-proofs`)).statusCode,
    ).toBe(404);
    const foreignOwner = (await collaboratorWith(t, "owner", "demo-en")).client;
    expect(
      (await foreignOwner.get(`/api/admin/transaction-proofs/${proof.cuid}/file`)).statusCode,
    ).toBe(404);
    expect(
      (
        await foreignOwner.get(
          `/api/admin/customers/${await customerCuid(customer)}/transaction-proofs`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("stop at the limit per order, also when sent all at once", async () => {
    const customer = await customerWithOrder();
    const extra = 4;
    const responses = await Promise.all(
      Array.from({ length: TRANSACTION_PROOF_UPLOAD.maxPerOrder + extra }, (_, index) =>
        send(customer.client, customer.cart.cuid, `p${index}.pdf`, PDF),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(
      TRANSACTION_PROOF_UPLOAD.maxPerOrder,
    );
    expect(statuses.filter((status) => status === 409)).toHaveLength(extra);
    const rows = await proofRows(customer.cart.id);
    expect(rows).toHaveLength(TRANSACTION_PROOF_UPLOAD.maxPerOrder);
    const files = await storedFiles();
    for (const row of rows) expect(files).toContain(row.storagePath.split("/")[1]);
  });
});

describe("staff reading proofs", () => {
  it("list a customer's proofs and open them with customers.transaction_proofs.read only", async () => {
    const customer = await customerWithOrder();
    const proof = (await send(customer.client, customer.cart.cuid, "recu.png", PNG)).json();
    const customerPath = `/api/admin/customers/${await customerCuid(customer)}/transaction-proofs`;

    const list = await owner.get(customerPath);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      {
        ...proof,
        file_url: `/api/admin/transaction-proofs/${proof.cuid}/file`,
        order: { reference: customer.cart.reference, amount_due: 4_000 },
      },
    ]);
    const file = await owner.get(`/api/admin/transaction-proofs/${proof.cuid}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const reader = (await collaboratorWith(t, ["customers.transaction_proofs.read"])).client;
    expect((await reader.get(customerPath)).statusCode).toBe(200);
    expect((await reader.get(`/api/admin/transaction-proofs/${proof.cuid}/file`)).statusCode).toBe(
      200,
    );
    const other = (await collaboratorWith(t, ["customers.carts.read", "customers.customers.read"]))
      .client;
    expect((await other.get(customerPath)).statusCode).toBe(403);
    expect((await other.get(`/api/admin/transaction-proofs/${proof.cuid}/file`)).statusCode).toBe(
      403,
    );
    // The customer's own address is not the console's: staff's session does not open it there.
    expect((await owner.get(proof.file_url)).statusCode).toBe(404);
  });

  it("record the transfer the proof shows with the existing action, settling the order", async () => {
    const customer = await customerWithOrder();
    await send(customer.client, customer.cart.cuid, "recu.pdf", PDF);
    const recorded = await owner.post(`/api/admin/carts/${customer.cart.cuid}/bank-transfers`, {
      amount: 4_000,
      received_on: new Date().toISOString().slice(0, 10),
      note: "preuve reçue",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().target.amount_due).toBe(0);
    const proofs = await owner.get(
      `/api/admin/customers/${await customerCuid(customer)}/transaction-proofs`,
    );
    expect(proofs.json().data[0].order.amount_due).toBe(0);
  });
});
