import { PassThrough } from "node:stream";
import {
  activities,
  availabilities,
  availabilityDates,
  cartItems,
  carts,
  organisers,
} from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { formatMoney, isValidStructuredCommunication } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftVoucher, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { createTestApp, DEMO_EN_HOST, DEMO_HOST, emailsTo, type TestApp } from "./harness.ts";
import { decodeQr } from "./qr-decode.ts";

const DAY = 24 * 3600 * 1000;

let t: TestApp;
const logs: string[] = [];
const organiserIds = new Map<string, number>();

type Slug = "demo" | "demo-en";
const HOSTS: Record<Slug, string> = { demo: DEMO_HOST, "demo-en": DEMO_EN_HOST };

/** A published activity with one OPEN availability in 30 days and one date of 3 hours. */
async function availabilityOf(slug: Slug, title: string, price = 12_000) {
  const organiserId = organiserIds.get(slug)!;
  const start = new Date(Date.now() + 30 * DAY);
  start.setUTCHours(9, 0, 0, 0);
  const [activity] = await t.db
    .insert(activities)
    .values({ organiserId, title, published: true })
    .returning();
  const [availability] = await t.db
    .insert(availabilities)
    .values({
      organiserId,
      activityId: activity!.id,
      startAt: start,
      endAt: new Date(start.getTime() + 3 * 3600 * 1000),
      capacity: 10,
      price,
      deposit: 0,
    })
    .returning();
  const [date] = await t.db
    .insert(availabilityDates)
    .values({
      organiserId,
      availabilityId: availability!.id,
      startAt: start,
      endAt: new Date(start.getTime() + 3 * 3600 * 1000),
      capacity: 10,
      status: "OPEN" as const,
    })
    .returning();
  return { availability: availability!, date: date! };
}

let customerCount = 0;

/** A customer with a participant and an open session on `slug`, with `wallet` credit. */
async function customer(slug: Slug, wallet = 0) {
  customerCount += 1;
  const email = `confirmation-${customerCount}@example.org`;
  const { client, participantId } = await sessionCustomer(t, {
    organiserId: organiserIds.get(slug)!,
    host: HOSTS[slug],
    customer: {
      firstname: "Camille",
      lastname: `Mail${customerCount}`,
      email,
      walletAmount: wallet,
    },
    participant: { firstname: "Noa", lastname: `Participant${customerCount}` },
  });
  return {
    client,
    email,
    participantId,
    participantName: `Noa Participant${customerCount}`,
  };
}

type Customer = Awaited<ReturnType<typeof customer>>;

async function addRegistration(who: Customer, availabilityId: number, dateId: number) {
  const response = await who.client.post(
    "/api/carts/items",
    registrationBody(availabilityId, who.participantId, [dateId]),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().cart as { id: number; cuid: string };
}

function checkout(who: Customer, cartId: number) {
  return who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });
}

async function referenceOf(cartId: number) {
  const [row] = await t.db
    .select({ reference: carts.reference })
    .from(carts)
    .where(eq(carts.id, cartId));
  return row!.reference!;
}

async function setPrefix(slug: Slug, prefix: string | null) {
  await t.db
    .update(organisers)
    .set({
      settings: sql`${organisers.settings} || ${JSON.stringify({ payments_references_prefix: prefix })}::jsonb`,
    })
    .where(eq(organisers.id, organiserIds.get(slug)!));
}

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => logs.push(...chunk.toString("utf8").split("\n")));
  t = await createTestApp({ logLevel: "warn", logStream: stream });
  for (const slug of ["demo", "demo-en"] as const) {
    const [row] = await t.db
      .select({ id: organisers.id })
      .from(organisers)
      .where(eq(organisers.slug, slug));
    organiserIds.set(slug, row!.id);
  }
  await setPrefix("demo", "42");
  await setPrefix("demo-en", "7");
});
afterAll(() => t.close());

describe("confirmation e-mail of a processed cart", () => {
  it("is queued once in French for demo, with items, amounts and the bank transfer", async () => {
    const { availability, date } = await availabilityOf("demo", "Stage <de> voile");
    const who = await customer("demo", 2_000);
    const cart = await addRegistration(who, availability.id, date.id);
    const response = await checkout(who, cart.id);
    expect(response.statusCode, response.body).toBe(200);

    const rows = await emailsTo(t, who.email);
    expect(rows).toHaveLength(1);
    const email = rows[0]!;
    expect(email.organiserId).toBe(organiserIds.get("demo"));
    expect(email.status).toBe("QUEUED");
    expect(t.dispatchedEmails.filter((id) => id === email.id)).toHaveLength(1);

    const reference = await referenceOf(cart.id);
    expect(reference.startsWith("+++42")).toBe(true);
    expect(email.subject).toContain("Confirmation de votre commande");
    expect(email.subject).toContain(reference);
    const euros = (minor: number) => formatMoney(minor, "EUR", "fr-BE");
    for (const body of [email.html, email.text]) {
      expect(body).toContain(reference);
      expect(body).toContain("BE68539007547034");
      expect(body).toContain("GKCCBEBB");
      expect(body).toContain("Les Petits Explorateurs ASBL");
      expect(body).toContain(who.participantName);
      expect(body).toContain("Bonjour Camille");
      expect(body).toContain(euros(12_000)); // total
      expect(body).toContain(euros(2_000)); // wallet used, paid
      expect(body).toContain(euros(10_000)); // outstanding, to transfer
      expect(body).toContain("Reste à payer");
      expect(body).toContain("Portefeuille utilisé");
      const day = new Intl.DateTimeFormat("fr-BE", {
        day: "numeric",
        month: "long",
        timeZone: "Europe/Brussels",
      }).format(date.startAt);
      expect(body).toContain(day);
    }
    // Values are escaped in the HTML, raw in the text.
    expect(email.html).toContain("Stage &lt;de&gt; voile");
    expect(email.html).not.toContain("Stage <de> voile");
    expect(email.text).toContain("Stage <de> voile");
    expect(email.html).toContain('width="600"');
    expect(email.html).toContain(`/fr/account/carts/${cart.cuid}`);
  });

  it("is not sent again by a double submit, sequential or concurrent", async () => {
    const { availability, date } = await availabilityOf("demo", "Atelier cuisine");
    const who = await customer("demo");
    const cart = await addRegistration(who, availability.id, date.id);
    expect((await checkout(who, cart.id)).statusCode).toBe(200);
    expect((await checkout(who, cart.id)).statusCode).toBe(200);
    const rows = await emailsTo(t, who.email);
    expect(rows).toHaveLength(1);
    expect(t.dispatchedEmails.filter((id) => id === rows[0]!.id)).toHaveLength(1);

    const other = await customer("demo");
    const otherCart = await addRegistration(other, availability.id, date.id);
    const answers = await Promise.all([
      checkout(other, otherCart.id),
      checkout(other, otherCart.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const otherRows = await emailsTo(t, other.email);
    expect(otherRows).toHaveLength(1);
    expect(t.dispatchedEmails.filter((id) => id === otherRows[0]!.id)).toHaveLength(1);
  });

  it("is in English for demo-en, with its currency, account and timezone", async () => {
    const { availability, date } = await availabilityOf("demo-en", "Tennis camp", 4_550);
    const who = await customer("demo-en");
    const cart = await addRegistration(who, availability.id, date.id);
    expect((await checkout(who, cart.id)).statusCode).toBe(200);
    const [email, ...more] = await emailsTo(t, who.email);
    expect(more).toHaveLength(0);
    expect(t.dispatchedEmails).toContain(email!.id);
    const reference = await referenceOf(cart.id);
    expect(email!.subject).toContain("Your order confirmation");
    for (const body of [email!.html ?? "", email!.text]) {
      expect(body).toContain(reference);
      expect(body).toContain("Hello Camille");
      expect(body).toContain("GB33BUKB20201555555555");
      expect(body).toContain("Riverside Sports Club Ltd");
      expect(body).toContain(who.participantName);
      expect(body).toContain("Tennis camp");
      expect(body).toContain(formatMoney(4_550, "GBP", "en-GB"));
      expect(body).toContain("Outstanding");
      const day = new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        timeZone: "Europe/London",
      }).format(date.startAt);
      expect(body).toContain(day);
    }
    expect(email!.html).toContain(`/en/account/carts/${cart.cuid}`);
    expect(email!.text).not.toContain("Reste à payer");
  });

  it("carries the transfer's EPC QR code (euros, an IBAN) in the cart and the e-mail, readable back", async () => {
    const { availability, date } = await availabilityOf("demo", "Stage QR", 14_850);
    const who = await customer("demo");
    const cart = await addRegistration(who, availability.id, date.id);
    expect((await checkout(who, cart.id)).statusCode).toBe(200);
    const transfer = (await who.client.get(`/api/carts/${cart.cuid}`)).json().cart.bank_transfer;
    const reference = await referenceOf(cart.id);
    expect(transfer.epc_qr).toBe(
      `BCD\n002\n1\nSCT\nGKCCBEBB\nLes Petits Explorateurs ASBL\nBE68539007547034\nEUR148.50\n\n\n${reference}`,
    );
    const [email] = await emailsTo(t, who.email);
    const image = /<img src="(data:image\/png;base64,[^"]+)"[^>]*alt="Code QR du virement"/.exec(
      email!.html ?? "",
    );
    expect(image, "the QR image in the e-mail").not.toBeNull();
    expect(decodeQr(image![1]!)).toBe(transfer.epc_qr);
    const due = new Intl.DateTimeFormat("fr-BE", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Europe/Brussels",
    }).format(new Date(`${transfer.due_on}T12:00:00Z`));
    expect(email!.text).toContain(`À payer au plus tard le`);
    expect(email!.text).toContain(due);

    // An organiser in pounds: instructions, no QR code.
    const { availability: camp, date: day } = await availabilityOf("demo-en", "No QR camp", 4_550);
    const british = await customer("demo-en");
    const britishCart = await addRegistration(british, camp.id, day.id);
    expect((await checkout(british, britishCart.id)).statusCode).toBe(200);
    const britishTransfer = (await british.client.get(`/api/carts/${britishCart.cuid}`)).json().cart
      .bank_transfer;
    expect(britishTransfer.reference).toMatch(/^RF/);
    expect(britishTransfer.epc_qr).toBeNull();
    const [britishEmail] = await emailsTo(t, british.email);
    expect(britishEmail!.html).not.toContain("data:image/png");
  });

  it("lists voucher codes and gives no transfer instructions when nothing is owed", async () => {
    const organiserId = organiserIds.get("demo")!;
    const voucher = await giftVoucher(t, organiserId);
    const who = await customer("demo", 5_000);
    const added = await who.client.post("/api/carts/items", {
      vouchers: [{ voucher_id: voucher.id }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = added.json().cart;
    expect((await checkout(who, cart.id)).statusCode).toBe(200);
    const [email] = await emailsTo(t, who.email);
    const page = (await who.client.get(`/api/carts/${cart.cuid}`)).json().cart;
    expect(email!.text).toContain(page.vouchers[0].code);
    expect(email!.html).toContain(page.vouchers[0].code);
    expect(email!.text).toContain("Bon cadeau");
    expect(email!.text).not.toContain("BE68539007547034");
    expect(email!.text).not.toContain("virement");
  });
});

/** Presses a button of the test provider's page at `path` (as the customer would). */
async function onTestPage(who: Customer, path: string, action: "pay" | "fail") {
  await who.client.get(path);
  const token = who.client.cookies.get("XSRF-TOKEN")!;
  const response = await who.client.request("POST", path, {
    rawBody: `_xsrf=${encodeURIComponent(token)}&action=${action}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    xsrf: false,
  });
  expect(response.statusCode).toBe(303);
}

/** Checks the cart out online: the path of the test provider's page of its payment. */
async function checkoutOnline(
  who: Customer,
  cartId: number,
  strategy: "IMMEDIATE" | "IMMEDIATE_DEPOSIT",
) {
  const response = await who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: strategy,
    terms: true,
  });
  expect(response.json().next_action, response.body).toBe("payment");
  return new URL(response.json().next_action_url).pathname;
}

/** Pays a cart online on the test provider's page. */
async function payOnline(
  who: Customer,
  cartId: number,
  strategy: "IMMEDIATE" | "IMMEDIATE_DEPOSIT",
) {
  await onTestPage(who, await checkoutOnline(who, cartId, strategy), "pay");
}

async function setOnlinePayments(slug: Slug, on: boolean) {
  await t.db
    .update(organisers)
    .set({
      settings: sql`${organisers.settings} || ${JSON.stringify({ online_payments_activated: on })}::jsonb`,
    })
    .where(eq(organisers.id, organiserIds.get(slug)!));
}

describe("confirmation e-mail of a cart paid online", () => {
  it("is sent once the payment is confirmed, says paid and gives no transfer instructions", async () => {
    await setOnlinePayments("demo-en", true);
    const { availability, date } = await availabilityOf("demo-en", "Sailing week", 8_000);
    const who = await customer("demo-en");
    const cart = await addRegistration(who, availability.id, date.id);
    await payOnline(who, cart.id, "IMMEDIATE");
    const [email, ...more] = await emailsTo(t, who.email);
    expect(more).toHaveLength(0);
    expect(t.dispatchedEmails.filter((id) => id === email!.id)).toHaveLength(1);
    const amount = formatMoney(8_000, "GBP", "en-GB");
    for (const body of [email!.html ?? "", email!.text]) {
      expect(body).toContain(`Your online payment of ${amount} has been received`);
      expect(body).toContain("paid in full");
      expect(body).not.toContain("GB33BUKB20201555555555");
      expect(body.toLowerCase()).not.toContain("payment by bank transfer");
    }
  });

  it("after a deposit paid online, asks for the remainder by bank transfer", async () => {
    await setOnlinePayments("demo", true);
    const organiserId = organiserIds.get("demo")!;
    const { availability, date } = await availabilityOf("demo", "Stage acompte", 10_000);
    await t.db
      .update(availabilities)
      .set({ deposit: 2_500 })
      .where(eq(availabilities.id, availability.id));
    const who = await customer("demo");
    const cart = await addRegistration(who, availability.id, date.id);
    await payOnline(who, cart.id, "IMMEDIATE_DEPOSIT");
    const [email] = await emailsTo(t, who.email);
    const euros = (minor: number) => formatMoney(minor, "EUR", "fr-BE");
    const reference = await referenceOf(cart.id);
    expect(email!.organiserId).toBe(organiserId);
    for (const body of [email!.html ?? "", email!.text]) {
      expect(body).toContain(`Votre paiement en ligne de ${euros(2_500)} est bien reçu.`);
      expect(body).not.toContain("entièrement payée");
      expect(body.toLowerCase()).toContain("paiement par virement");
      expect(body).toContain("BE68539007547034");
      expect(body).toContain(euros(7_500));
      expect(body).toContain(reference);
    }
  });
});

describe("refund e-mail", () => {
  it("tells the customer, in the organiser's language, why a late payment was refunded", async () => {
    await setOnlinePayments("demo-en", true);
    const { availability, date } = await availabilityOf("demo-en", "Last place", 6_000);
    await t.db
      .update(availabilityDates)
      .set({ capacity: 1 })
      .where(eq(availabilityDates.id, date.id));
    const who = await customer("demo-en");
    const cart = await addRegistration(who, availability.id, date.id);
    const path = await checkoutOnline(who, cart.id, "IMMEDIATE");
    // The hold expires before the payment is confirmed, and someone else takes the place.
    await t.db
      .update(cartItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cartItems.cartId, cart.id));
    const other = await customer("demo-en");
    await addRegistration(other, availability.id, date.id);
    await onTestPage(who, path, "pay");
    const [email, ...more] = await emailsTo(t, who.email);
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe("Your payment has been refunded – Riverside Sports Club");
    for (const body of [email!.html ?? "", email!.text]) {
      expect(body).toContain("Hello Camille");
      expect(body).toContain(formatMoney(6_000, "GBP", "en-GB"));
      expect(body).toContain("they were taken in the meantime");
      expect(body).not.toContain("remboursé");
    }
    expect(email!.html).toContain('href="http://demo-en.localhost/en"');
  });
});

describe("payment reference prefix", () => {
  it.each([["LPE"], ["12345678"], ["1 2"]])(
    "ignores an invalid stored prefix %j with a warning instead of failing",
    async (prefix) => {
      await setPrefix("demo", prefix);
      try {
        const { availability, date } = await availabilityOf("demo", "Stage prefix");
        const who = await customer("demo");
        const cart = await addRegistration(who, availability.id, date.id);
        const response = await checkout(who, cart.id);
        expect(response.statusCode, response.body).toBe(200);
        const reference = await referenceOf(cart.id);
        expect(isValidStructuredCommunication(reference)).toBe(true);
        expect(reference.startsWith("+++000")).toBe(true);
        expect(
          logs.some(
            (line) =>
              line.includes("payments_references_prefix") && line.includes(JSON.stringify(prefix)),
          ),
        ).toBe(true);
      } finally {
        await setPrefix("demo", "42");
      }
    },
  );

  it("uses a valid prefix of 7 digits", async () => {
    await setPrefix("demo", "1234567");
    try {
      const { availability, date } = await availabilityOf("demo", "Stage prefix 7");
      const who = await customer("demo");
      const cart = await addRegistration(who, availability.id, date.id);
      expect((await checkout(who, cart.id)).statusCode).toBe(200);
      expect((await referenceOf(cart.id)).startsWith("+++123/4567/")).toBe(true);
    } finally {
      await setPrefix("demo", "42");
    }
  });
});
