import { carts, organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import { normaliseCreditorReference } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { camt053, uploadStatement } from "./bank-statement-files.ts";
import {
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { collaboratorWith } from "./console-fixtures.ts";
import {
  type Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  emailsTo,
  type TestApp,
} from "./harness.ts";

// Payment references by the organiser's bank account (docs/decisions/0032-payment-references.md):
// the English demo, a London club paying in pounds to a GB IBAN, gets ISO 11649 creditor
// references and instructions to enter them as the transfer's reference, and its bank statements
// are matched by them; a Belgian account in euros keeps the structured communication.

let t: TestApp;
let customers = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A customer of `slug` who checks out one registration of `price` by bank transfer. */
async function checkedOutCart(slug: "demo" | "demo-en", price: number) {
  const organiserId = await organiserIdOf(t, slug);
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId,
    title: `References ${slug}`,
    capacity: 10,
    price,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 10 }],
  });
  customers += 1;
  const email = `references-${customers}@example.org`;
  const { client, participantId } = await sessionCustomer(t, {
    organiserId,
    host: slug === "demo" ? DEMO_HOST : DEMO_EN_HOST,
    customer: { firstname: "Léa", lastname: `Payer${customers}`, email },
    participant: { firstname: "Tom", lastname: `Payer${customers}` },
  });
  const added = await client.post(
    "/api/carts/items",
    registrationBody(availability.id, participantId, [dates[0]!.id]),
  );
  expect(added.statusCode, added.body).toBe(201);
  const cart = added.json().cart as { id: number; cuid: string };
  const checkout = await client.post("/api/carts/checkout", {
    cart_id: cart.id,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const view = (await client.get(`/api/carts/${cart.cuid}`)).json().cart;
  const [mail] = await emailsTo(t, email);
  return { client, cart, view, mail: mail! };
}

async function setAccount(slug: string, account: { iban: string; currency: string }) {
  await t.db.update(organisers).set(account).where(eq(organisers.slug, slug));
}

describe("the English demo (GB account, pounds)", () => {
  it("gives a checkout an ISO 11649 creditor reference with instructions for a reference field", async () => {
    const { view, mail } = await checkedOutCart("demo-en", 4_200);
    expect(view.reference).toMatch(/^RF\d{12}$/);
    expect(normaliseCreditorReference(view.reference)).toBe(view.reference);
    expect(view.bank_transfer).toMatchObject({
      iban: "GB33BUKB20201555555555",
      amount: 4_200,
      reference: view.reference,
    });
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(view.reference);
      expect(body).toContain("Payment reference");
      expect(body).toContain("exactly as shown and on its own, in the transfer");
      expect(body).not.toContain("+++");
      expect(body).not.toContain("Structured reference");
    }
  });

  it("shows the account's creditor reference kind in the console's preferences", async () => {
    const owner = await collaboratorWith(t, "owner", "demo-en");
    const preferences = (await owner.client.get("/api/admin/settings/preferences")).json();
    expect(preferences.payment_reference_kind).toBe("CREDITOR_REFERENCE");
  });

  it("seeds the demo's carts with creditor references (the demo-fr ones stay structured)", async () => {
    const seeded = async (slug: string) =>
      (
        await t.db
          .select({ reference: carts.reference })
          .from(carts)
          .where(eq(carts.organiserId, await organiserIdOf(t, slug)))
      )
        .map((row) => row.reference)
        .filter((reference) => reference !== null);
    const english = await seeded("demo-en");
    expect(english.length).toBeGreaterThan(0);
    for (const reference of english) {
      expect(normaliseCreditorReference(reference!)).toBe(reference);
    }
    for (const reference of await seeded("demo")) {
      expect(reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    }
  });
});

describe("bank statements of a GB account", () => {
  let owner: Client;
  beforeAll(async () => {
    owner = (await collaboratorWith(t, "owner", "demo-en")).client;
  });

  const statement = (name: string, entry: Parameters<typeof camt053>[0][number]) =>
    uploadStatement(
      t.app,
      owner,
      name,
      Buffer.from(
        camt053([entry], {
          iban: "GB33BUKB20201555555555",
          currency: "GBP",
          statementId: name,
        }),
      ),
    );

  it("matches a transfer whose reference field carries the cart's RF reference", async () => {
    const { view } = await checkedOutCart("demo-en", 3_000);
    const imported = await statement("rf-structured.xml", {
      amount: 3_000,
      bankReference: `RF-S-${view.cuid}`,
      bookingDate: "2026-11-20",
      structured: view.reference,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ matched: 1, unmatched: 0, account_warning: null });
    expect(imported.json().lines[0]).toMatchObject({
      structured_reference: view.reference,
      status: "MATCHED",
      transfer: { target: { type: "CART", cuid: view.cuid, reference: view.reference } },
    });
  });

  it("matches the RF reference a payer typed in the free text, spaced and in lower case", async () => {
    const { view, client } = await checkedOutCart("demo-en", 2_500);
    const spaced = view.reference
      .toLowerCase()
      .replace(/(.{4})/g, "$1 ")
      .trim();
    const imported = await statement("rf-free-text.xml", {
      amount: 2_500,
      bankReference: `RF-F-${view.cuid}`,
      bookingDate: "2026-11-21",
      communication: `Summer camp Tom ${spaced} thanks`,
    });
    expect(imported.json(), imported.body).toMatchObject({ matched: 1, unmatched: 0 });
    const paid = (await client.get(`/api/carts/${view.cuid}`)).json().cart;
    expect(paid.totals.outstanding).toBe(0);
    expect(paid.bank_transfer).toBeNull();
  });

  it("leaves a line whose RF check fails for manual matching", async () => {
    const { view } = await checkedOutCart("demo-en", 1_000);
    const wrong = `${view.reference.slice(0, -1)}${(Number(view.reference.at(-1)) + 1) % 10}`;
    const imported = await statement("rf-wrong.xml", {
      amount: 1_000,
      bankReference: `RF-W-${view.cuid}`,
      bookingDate: "2026-11-22",
      communication: wrong,
    });
    expect(imported.json()).toMatchObject({ matched: 0, unmatched: 1 });
    expect(imported.json().lines[0]).toMatchObject({ reason: "NO_REFERENCE" });
  });
});

describe("the kind follows the organiser's account", () => {
  it("keeps the structured communication for a Belgian account in euros", async () => {
    const { view, mail } = await checkedOutCart("demo", 5_000);
    expect(view.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(mail.text).toContain("Communication structurée");
  });

  it.each([
    ["a French account in euros", { iban: "FR1420041010050500013M02606", currency: "EUR" }],
    ["a Belgian account in dollars", { iban: "BE68539007547034", currency: "USD" }],
  ])("gives a creditor reference to %s, in French", async (_name, account) => {
    const demo = await t.db
      .select({ iban: organisers.iban, currency: organisers.currency })
      .from(organisers)
      .where(eq(organisers.slug, "demo"));
    await setAccount("demo", account);
    try {
      const { view, mail } = await checkedOutCart("demo", 5_000);
      expect(normaliseCreditorReference(view.reference)).toBe(view.reference);
      // The text part lays the transfer's rows out as a table: label, then value.
      expect(mail.text).toMatch(new RegExp(`Référence de paiement +${view.reference}\n`));
      expect(mail.text).toContain("dans le champ « référence » (ou « communication »)");
    } finally {
      await setAccount("demo", { iban: demo[0]!.iban!, currency: demo[0]!.currency });
    }
  });
});
