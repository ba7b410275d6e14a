import { randomBytes } from "node:crypto";
import { organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCredentialsCipher,
  sealPaymentCredentials,
} from "../src/modules/organisers/credentials.ts";
import type { MollieApi } from "../src/modules/payments/mollie.ts";
import { mollieApiKeyFor } from "../src/modules/payments/service.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditByAction,
  organiserIdOf,
  storefrontOrganiserAt,
} from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, TEST_SECRET, type TestApp } from "./harness.ts";

let t: TestApp;
let owner: Client;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t.db, "demo");
});
afterAll(() => t.close());

const MOLLIE_KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";

async function demoRow() {
  const [row] = await t.db.select().from(organisers).where(eq(organisers.id, demoId));
  return row!;
}

const storefrontOrganiser = () => storefrontOrganiserAt(t.db, DEMO_HOST);

const lastAudit = (action: string) => lastAuditByAction(t.db, demoId, action);

const account = {
  name: "Les Petits Explorateurs",
  language: "fr",
  currency: "EUR",
  timezone: "Europe/Brussels",
  contact_email: "bonjour@petits-explorateurs.test",
  contact_phone: "+32 2 123 45 67",
};

describe("account settings", () => {
  it("reads and saves name, language, time zone and contact, auditing only what changed", async () => {
    const read = await owner.get("/api/admin/settings/account");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      ...account,
      logo_url: "/demo-images/logo-petits-explorateurs.svg",
      currency_locked: true,
    });

    const saved = await owner.put("/api/admin/settings/account", {
      ...account,
      name: "  Les Explorateurs  ",
      language: "en",
      timezone: "Europe/Paris",
      contact_email: " Hello@Example.ORG ",
      contact_phone: "",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: "Les Explorateurs",
      language: "en",
      timezone: "Europe/Paris",
      contact_email: "hello@example.org",
      contact_phone: null,
    });
    const audit = await lastAudit("organiser.account_updated");
    expect(audit).toMatchObject({ entity: "organiser" });
    expect(audit!.before).toEqual({
      name: "Les Petits Explorateurs",
      language: "fr",
      timezone: "Europe/Brussels",
      contact_email: "bonjour@petits-explorateurs.test",
      contact_phone: "+32 2 123 45 67",
    });
    expect(audit!.after).toEqual({
      name: "Les Explorateurs",
      language: "en",
      timezone: "Europe/Paris",
      contact_email: "hello@example.org",
      contact_phone: null,
    });
    // The storefront follows at once.
    expect(await storefrontOrganiser()).toMatchObject({ name: "Les Explorateurs", language: "en" });

    await owner.put("/api/admin/settings/account", account);
  });

  it("refuses an unknown time zone or currency, and a bad e-mail or phone", async () => {
    const response = await owner.put("/api/admin/settings/account", {
      ...account,
      currency: "EUX",
      timezone: "Europe/Atlantis",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { currency: "INVALID_CURRENCY", timezone: "INVALID_TIMEZONE" },
    });
    const shapes = await owner.put("/api/admin/settings/account", {
      ...account,
      name: " ",
      language: "de",
      currency: "EURO",
      contact_email: "nope",
      contact_phone: "0470",
    });
    expect(shapes.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        name: "REQUIRED",
        language: "INVALID_CHOICE",
        currency: "TOO_LONG",
        contact_email: "INVALID_EMAIL",
        contact_phone: "INVALID_FORMAT",
      },
    });
  });

  it("keeps the currency once money was recorded in it, and lets a new organiser change it", async () => {
    const locked = await owner.put("/api/admin/settings/account", { ...account, currency: "CHF" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ error: "CURRENCY_IN_USE" });
    expect((await demoRow()).currency).toBe("EUR");

    const [fresh] = await t.db
      .insert(organisers)
      .values({ slug: `fresh-${randomBytes(4).toString("hex")}`, name: "Fresh" })
      .returning();
    const { client } = await collaboratorWith(t, "owner", fresh!.slug);
    const body = { ...account, name: "Fresh", currency: "chf" };
    const changed = await client.put("/api/admin/settings/account", body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ currency: "CHF", currency_locked: false });
  });

  describe("logo", () => {
    async function uploadLogo(client: Client, file: Buffer) {
      const boundary = `----test${randomBytes(8).toString("hex")}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
            "Content-Type: image/png\r\n\r\n",
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: "POST",
        url: "/api/admin/settings/account/logo",
        headers: {
          host: client.host,
          cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
          "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    }
    const png = (width: number) =>
      sharp({ create: { width, height: width, channels: 4, background: "#e67e22" } })
        .png()
        .toBuffer();

    it("uploads a logo resized, replaces it (the old file goes) and removes it", async () => {
      const storefront = new Client(t.app, DEMO_HOST);
      const first = await uploadLogo(owner, await png(2000));
      expect(first.statusCode, first.body).toBe(200);
      const demo = await demoRow();
      const firstUrl = first.json().logo_url as string;
      expect(firstUrl).toMatch(new RegExp(`^/uploads/${demo.cuid}/[a-f0-9]{32}\\.webp$`));
      const served = await storefront.get(firstUrl);
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);
      expect((await storefrontOrganiser()).logo).toBe(firstUrl);
      expect((await lastAudit("organiser.logo_updated"))!.before).toEqual({
        logo_url: "/demo-images/logo-petits-explorateurs.svg",
      });

      const second = await uploadLogo(owner, await png(300));
      const secondUrl = second.json().logo_url as string;
      expect(secondUrl).not.toBe(firstUrl);
      expect((await storefront.get(firstUrl)).statusCode).toBe(404);

      const removed = await owner.delete("/api/admin/settings/account/logo");
      expect(removed.json().logo_url).toBeNull();
      expect((await storefront.get(secondUrl)).statusCode).toBe(404);
      expect((await lastAudit("organiser.logo_removed"))!.before).toEqual({ logo_url: secondUrl });
    });

    it("refuses what is not an image", async () => {
      const response = await uploadLogo(owner, Buffer.from("not a picture"));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: "IMAGE_TYPE_UNSUPPORTED" });
      const empty = await owner.post("/api/admin/settings/account/logo", {});
      expect(empty.json()).toEqual({ error: "IMAGE_FILE_REQUIRED" });
    });
  });
});

describe("business settings", () => {
  const business = {
    legal_name: "Les Petits Explorateurs ASBL",
    vat_number: "BE0123456749",
    enterprise_number: null,
    iban: "BE68539007547034",
    bic: "GKCCBEBB",
    street: "Rue de la Forêt",
    number: "12",
    postcode: "1000",
    city: "Bruxelles",
    country: "BE",
  };

  it("reads and saves the business, IBAN, BIC and VAT number stored compact", async () => {
    expect((await owner.get("/api/admin/settings/business")).json()).toEqual(business);
    const saved = await owner.put("/api/admin/settings/business", {
      ...business,
      vat_number: "be 0477.472.701",
      iban: "fr14 2004 1010 0505 0001 3m02 606",
      bic: "bnpa fr pp",
      country: "fr",
      postcode: "",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      ...business,
      vat_number: "BE0477472701",
      iban: "FR1420041010050500013M02606",
      bic: "BNPAFRPP",
      country: "FR",
      postcode: null,
    });
    const audit = await lastAudit("organiser.business_updated");
    expect(Object.keys(audit!.after!).sort()).toEqual(
      ["bic", "country", "iban", "postcode", "vat_number"].sort(),
    );
    expect(audit!.before).toMatchObject({ iban: "BE68539007547034", postcode: "1000" });
  });

  it("refuses an IBAN whose check fails, a malformed BIC and a wrong Belgian VAT number", async () => {
    const response = await owner.put("/api/admin/settings/business", {
      ...business,
      iban: "BE68 5390 0754 7035",
      bic: "GKCC1",
      vat_number: "BE0477472702",
      country: "Belgium",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { country: "TOO_LONG" },
    });
    const checks = await owner.put("/api/admin/settings/business", {
      ...business,
      iban: "BE68 5390 0754 7035",
      bic: "GKCC1",
      vat_number: "BE0477472702",
    });
    expect(checks.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { iban: "INVALID_IBAN", bic: "INVALID_BIC", vat_number: "INVALID_VAT_NUMBER" },
    });
  });

  it("clears optional fields", async () => {
    const empty = Object.fromEntries(Object.keys(business).map((key) => [key, ""]));
    const saved = await owner.put("/api/admin/settings/business", empty);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Object.values(saved.json()).every((value) => value === null)).toBe(true);
    await owner.put("/api/admin/settings/business", business);
  });
});

describe("preferences", () => {
  const preferences = {
    carts_expiration_delay: 900,
    create_customers_participant: true,
    payments_references_prefix: "42",
    formats: {
      ages: [
        {
          type: "days",
          number_of_days: 1,
          limit: 30,
          rounding_interval: 1,
          rounding_method: "down",
        },
        {
          type: "weeks",
          number_of_days: 7,
          limit: 12,
          rounding_interval: 1,
          rounding_method: "down",
        },
        {
          type: "months",
          number_of_days: 30.4375,
          limit: 36,
          rounding_interval: 0.5,
          rounding_method: "down",
        },
        {
          type: "years",
          number_of_days: 365.25,
          limit: 18,
          rounding_interval: 0.5,
          rounding_method: "down",
        },
        {
          type: "years",
          number_of_days: 365.25,
          limit: null,
          rounding_interval: 1,
          rounding_method: "down",
        },
      ],
    },
  };

  it("reads the §9 defaults and saves a new delay that new cart holds then use", async () => {
    expect((await owner.get("/api/admin/settings/preferences")).json()).toEqual({
      ...preferences,
      // the demo's account is Belgian, in euros
      payment_reference_kind: "STRUCTURED_COMMUNICATION",
    });
    const ages = [preferences.formats.ages[0], { ...preferences.formats.ages[4], limit: null }];
    const saved = await owner.put("/api/admin/settings/preferences", {
      ...preferences,
      carts_expiration_delay: 1800,
      create_customers_participant: false,
      payments_references_prefix: " 1234567 ",
      formats: { ages },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      carts_expiration_delay: 1800,
      create_customers_participant: false,
      payments_references_prefix: "1234567",
      payment_reference_kind: "STRUCTURED_COMMUNICATION",
      formats: { ages },
    });
    const audit = await lastAudit("organiser.preferences_updated");
    expect(audit!.before).toMatchObject({ carts_expiration_delay: 900 });
    expect(audit!.after).toMatchObject({ carts_expiration_delay: 1800 });
    // Other settings in the same object are untouched.
    expect((await demoRow()).settings.online_payments_activated).toBe(true);
    expect((await storefrontOrganiser()).settings).toEqual({
      create_customers_participant: false,
      formats: { ages },
    });

    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Stage du délai",
      capacity: 10,
      price: 10_000,
      deposit: 0,
      dateHours: 3,
      dates: [{ capacity: 10 }],
    });
    const who = await sessionCustomer(t, {
      organiserId: demoId,
      host: DEMO_HOST,
      customer: { firstname: "Délai", lastname: "Test", email: "delay@example.org" },
      participant: { firstname: "Enfant", lastname: "Test" },
    });
    const before = Date.now();
    const added = await who.client.post(
      "/api/carts/items",
      registrationBody(availability.id, who.participantId, [dates[0]!.id]),
    );
    expect(added.statusCode, added.body).toBe(201);
    const expiresAt = Date.parse(added.json().cart.items[0].expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(1800_000 - 1000);
    expect(expiresAt - before).toBeLessThan(1800_000 + 60_000);

    await owner.put("/api/admin/settings/preferences", preferences);
  });

  it("refuses a delay out of 1 min – 24 h and a prefix the reference cannot hold", async () => {
    const short = await owner.put("/api/admin/settings/preferences", {
      ...preferences,
      carts_expiration_delay: 59,
      payments_references_prefix: "12a",
    });
    expect(short.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { carts_expiration_delay: "TOO_SMALL", payments_references_prefix: "INVALID_FORMAT" },
    });
    const long = await owner.put("/api/admin/settings/preferences", {
      ...preferences,
      carts_expiration_delay: 86_401,
      payments_references_prefix: "12345678",
    });
    expect(long.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { carts_expiration_delay: "TOO_BIG", payments_references_prefix: "TOO_LONG" },
    });
    const fraction = await owner.put("/api/admin/settings/preferences", {
      ...preferences,
      carts_expiration_delay: 90.5,
    });
    expect(fraction.json().fields).toEqual({ carts_expiration_delay: "INVALID_TYPE" });
  });

  it("refuses age rules that would never be used, naming the rule", async () => {
    const [days, weeks, , , beyond] = preferences.formats.ages;
    const response = await owner.put("/api/admin/settings/preferences", {
      ...preferences,
      formats: {
        ages: [days, { ...weeks!, limit: 4 }, beyond, { ...days!, limit: 5 }],
      },
    });
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        "formats.ages.1.limit": "AGE_LIMIT_NOT_INCREASING",
        "formats.ages.3.limit": "AGE_RULE_UNREACHABLE",
      },
    });
    const shapes = await owner.put("/api/admin/settings/preferences", {
      ...preferences,
      formats: { ages: [{ ...days!, type: "decades", rounding_interval: 0 }] },
    });
    expect(shapes.json().fields).toEqual({
      "formats.ages.0.type": "INVALID_CHOICE",
      "formats.ages.0.rounding_interval": "TOO_SMALL",
    });
  });
});

describe("payment settings", () => {
  const methods = { bank_transfers_payments_activated: true, online_payments_activated: true };

  it("stores the organiser's own Mollie key encrypted, answers only its last 4 and audits no key", async () => {
    const initial = await owner.get("/api/admin/settings/payments");
    expect(initial.json()).toEqual({ ...methods, own_provider: null, platform_provider: true });

    const saved = await owner.put("/api/admin/settings/payments", {
      ...methods,
      mollie_api_key: ` ${MOLLIE_KEY} `,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().own_provider).toEqual({
      provider: "mollie",
      configured: true,
      api_key_last4: MOLLIE_KEY.slice(-4),
      mode: "test",
    });
    expect(saved.body).not.toContain(MOLLIE_KEY);
    expect((await owner.get("/api/admin/settings/payments")).body).not.toContain(MOLLIE_KEY);

    const stored = (await demoRow()).paymentCredentialsEncrypted!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(MOLLIE_KEY.slice(5));
    const audit = await lastAudit("organiser.payments_updated");
    expect(audit!.before).toEqual({ api_key: null });
    expect(audit!.after).toEqual({ api_key: "set" });
    const logs = await owner.get("/api/admin/audit-logs?entity=organiser");
    expect(logs.body).not.toContain(MOLLIE_KEY.slice(5));

    // A settings save without the key keeps it.
    const kept = await owner.put("/api/admin/settings/payments", {
      ...methods,
      bank_transfers_payments_activated: false,
    });
    expect(kept.json().own_provider).toMatchObject({ api_key_last4: MOLLIE_KEY.slice(-4) });
    expect((await lastAudit("organiser.payments_updated"))!.after).toEqual({
      bank_transfers_payments_activated: false,
    });

    const removed = await owner.put("/api/admin/settings/payments", {
      ...methods,
      mollie_api_key: null,
    });
    expect(removed.json().own_provider).toBeNull();
    expect((await demoRow()).paymentCredentialsEncrypted).toBeNull();
    expect((await lastAudit("organiser.payments_updated"))!.after).toEqual({
      bank_transfers_payments_activated: true,
      api_key: "removed",
    });
  });

  it("refuses a value that is not a Mollie API key", async () => {
    for (const key of [
      "pfl_abcdefghijklmnopqrstuv",
      "test_short",
      "live_abc def ghijklmnopqrstuvwxyz",
    ]) {
      const response = await owner.put("/api/admin/settings/payments", {
        ...methods,
        mollie_api_key: key,
      });
      expect(response.json(), key).toEqual({
        error: "VALIDATION_ERROR",
        fields: { mollie_api_key: "INVALID_MOLLIE_API_KEY" },
      });
    }
  });

  it("makes the organiser's payments go through its own key, the platform's otherwise", async () => {
    const payments = {
      mollieApiKey: "live_platformplatformplatformplatform",
      credentials: createCredentialsCipher(TEST_SECRET),
    };
    expect(mollieApiKeyFor(await demoRow(), payments)).toBe(payments.mollieApiKey);
    await owner.put("/api/admin/settings/payments", { ...methods, mollie_api_key: MOLLIE_KEY });
    expect(mollieApiKeyFor(await demoRow(), payments)).toBe(MOLLIE_KEY);
    expect(mollieApiKeyFor(await demoRow(), { credentials: payments.credentials })).toBe(
      MOLLIE_KEY,
    );

    // A key sealed with another secret never falls back to the platform's account.
    const other = createCredentialsCipher("another-secret-another-secret-0123456");
    const foreign = {
      ...(await demoRow()),
      paymentCredentialsEncrypted: sealPaymentCredentials(other, demoId, {
        provider: "mollie",
        api_key: MOLLIE_KEY,
      }),
    };
    expect(() => mollieApiKeyFor(foreign, payments)).toThrow("PAYMENT_PROVIDER_UNAVAILABLE");
    await owner.put("/api/admin/settings/payments", { ...methods, mollie_api_key: null });
  });

  it("sends the checkout to Mollie once the organiser set its own key, with no platform key", async () => {
    const created: unknown[] = [];
    const mollie = {
      payments: {
        async create(parameters: { amount: { value: string } }) {
          created.push(parameters);
          return {
            id: `tr_own${created.length}`,
            status: "open",
            amount: { ...parameters.amount, currency: "EUR" },
            getCheckoutUrl: () => `https://www.mollie.com/checkout/own${created.length}`,
          };
        },
        async get() {
          throw new Error("not called");
        },
      },
      paymentRefunds: { create: async () => ({}) },
    } as unknown as MollieApi;
    const own = await createTestApp({ payments: { mollie } });
    try {
      const client = await consoleLogin(own.app, DEMO_OWNER_EMAIL);
      const checkoutOnline = async (email: string) => {
        const { availability, dates } = await availabilityWithDates(own, {
          organiserId: demoId,
          title: `Stage ${email}`,
          capacity: 10,
          price: 10_000,
          deposit: 0,
          dateHours: 3,
          dates: [{ capacity: 10 }],
        });
        const who = await sessionCustomer(own, {
          organiserId: demoId,
          host: DEMO_HOST,
          customer: { firstname: "Own", lastname: "Key", email },
          participant: { firstname: "Enfant", lastname: "Key" },
        });
        const added = await who.client.post(
          "/api/carts/items",
          registrationBody(availability.id, who.participantId, [dates[0]!.id]),
        );
        const response = await who.client.post("/api/carts/checkout", {
          cart_id: added.json().cart.id,
          payment_strategy: "IMMEDIATE",
          terms: true,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().next_action_url as string;
      };
      // The platform has no Mollie key: the built-in test provider takes the payment.
      expect(await checkoutOnline("platform@example.org")).toMatch(/\/payments\/test\//);
      expect(created).toHaveLength(0);

      await client.put("/api/admin/settings/payments", { ...methods, mollie_api_key: MOLLIE_KEY });
      expect(await checkoutOnline("own@example.org")).toBe("https://www.mollie.com/checkout/own1");
      expect(created).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it("refuses online payments without a provider, in production without a platform key", async () => {
    const production = await createTestApp({ production: true });
    try {
      const client = await consoleLogin(production.app, DEMO_OWNER_EMAIL);
      expect((await client.get("/api/admin/settings/payments")).json()).toMatchObject({
        platform_provider: false,
      });
      const refused = await client.put("/api/admin/settings/payments", methods);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: "VALIDATION_ERROR",
        fields: { online_payments_activated: "PAYMENT_PROVIDER_REQUIRED" },
      });
      const own = await client.put("/api/admin/settings/payments", {
        ...methods,
        mollie_api_key: MOLLIE_KEY,
      });
      expect(own.statusCode, own.body).toBe(200);
      const removing = await client.put("/api/admin/settings/payments", {
        ...methods,
        mollie_api_key: null,
      });
      expect(removing.json().fields).toEqual({
        online_payments_activated: "PAYMENT_PROVIDER_REQUIRED",
      });
      const off = await client.put("/api/admin/settings/payments", {
        ...methods,
        online_payments_activated: false,
        mollie_api_key: null,
      });
      expect(off.json()).toMatchObject({ online_payments_activated: false, own_provider: null });
    } finally {
      await production.close();
    }
  });
});

describe("section permissions", () => {
  it("lets a role read and save only the sections it holds", async () => {
    const { client } = await collaboratorWith(t, [
      "organiser.business.read",
      "organiser.preferences.read",
      "organiser.preferences.update",
    ]);
    expect((await client.get("/api/admin/settings/business")).statusCode).toBe(200);
    expect((await client.put("/api/admin/settings/business", {})).statusCode).toBe(403);
    expect((await client.get("/api/admin/settings/account")).statusCode).toBe(403);
    expect((await client.get("/api/admin/settings/payments")).statusCode).toBe(403);
    const preferences = (await client.get("/api/admin/settings/preferences")).json();
    const saved = await client.put("/api/admin/settings/preferences", preferences);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
