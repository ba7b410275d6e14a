import {
  availabilities,
  locations,
  notificationTemplates,
  organisers,
  withTenant,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTemplateData,
  sampleTemplateData,
  TEMPLATE_VARIABLES,
} from "../src/modules/notifications/template-data.ts";
import { DEFAULT_TEMPLATES, resolveTemplate } from "../src/modules/notifications/template-store.ts";
import type { Organiser } from "../src/modules/organisers/queries.ts";
import {
  availabilityWithDates,
  giftVoucher,
  registrationBody,
  sessionCustomer,
} from "./cart-fixtures.ts";
import { createTestApp, DEMO_HOST, lastEmailTo, type TestApp } from "./harness.ts";

// §3.4's data read from real rows, the editor's sample data, and the resolution of a default
// template to the organiser's edited version (row-level secured per organiser).

let t: TestApp;
let demo: Organiser;
let demoEn: Organiser;

async function organiser(slug: string): Promise<Organiser> {
  const [row] = await t.db.select().from(organisers).where(eq(organisers.slug, slug));
  return row!;
}

let checkoutCount = 0;

/** A checkout on demo of a registration on two dates, at a location; returns its cuids. */
async function checkedOut(title: string) {
  checkoutCount += 1;
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId: demo.id,
    title,
    capacity: 10,
    price: 9_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 10 }, { capacity: 10 }],
  });
  const [location] = await t.db
    .insert(locations)
    .values({
      organiserId: demo.id,
      title: "Salle omnisports",
      street: "Rue du Stade",
      number: "12",
      postcode: "1300",
      city: "Wavre",
    })
    .returning();
  await t.db
    .update(availabilities)
    .set({ locationId: location!.id })
    .where(eq(availabilities.id, availability.id));
  const email = `template-data-${checkoutCount}@example.org`;
  const { client, customerId, participantId } = await sessionCustomer(t, {
    organiserId: demo.id,
    host: DEMO_HOST,
    customer: { firstname: "Inès", lastname: "<Lambert>", email },
    participant: { firstname: "Tom", lastname: "Lambert" },
  });
  const added = await client.post(
    "/api/carts/items",
    registrationBody(
      availability.id,
      participantId,
      dates.map((date) => date.id),
    ),
  );
  expect(added.statusCode, added.body).toBe(201);
  const cart = added.json().cart as { id: number; cuid: string };
  const done = await client.post("/api/carts/checkout", {
    cart_id: cart.id,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  const view = (await client.get(`/api/carts/${cart.cuid}`)).json().cart;
  return { cart, email, customerId, availability, dates, view };
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await organiser("demo");
  demoEn = await organiser("demo-en");
});
afterAll(() => t.close());

describe("buildTemplateData", () => {
  it("reads the cart, its registrations with their dates, availability and location, and its customer", async () => {
    const { cart, email, availability, view } = await checkedOut("Stage <d'été>");
    const data = await withTenant(t.db, demo.id, (tx) =>
      buildTemplateData(tx, demo, { urls: t.app.publicUrls, cartCuid: cart.cuid }),
    );
    expect(data.customer).toEqual({
      firstname: "Inès",
      lastname: "<Lambert>",
      fullname: "Inès <Lambert>",
      email,
      phone: "+32 470 00 00 00",
    });
    expect(data.cart).toMatchObject({
      cuid: cart.cuid,
      reference: view.reference,
      url: `http://demo.localhost/fr/account/carts/${cart.cuid}`,
      total_amount: "90\u00a0€",
      total_amount_minor: 9_000,
      paid_amount_minor: 0,
      outstanding_amount: "90\u00a0€",
      bank_transfer: {
        beneficiary: "Les Petits Explorateurs ASBL",
        iban: "BE68539007547034",
        amount: "90\u00a0€",
        reference: view.reference,
        reference_kind: "STRUCTURED_COMMUNICATION",
      },
    });
    expect(data.cart!.instructions).toContain(`Communication structurée\u00a0: ${view.reference}`);
    expect(data.registrations).toHaveLength(1);
    const [registration] = data.registrations;
    expect(registration).toMatchObject({
      cuid: view.registrations[0].cuid,
      reference: view.reference,
      url: `http://demo.localhost/fr/account/registrations/${view.registrations[0].cuid}`,
      activity: { title: "Stage <d'été>" },
      participant: { firstname: "Tom", lastname: "Lambert", fullname: "Tom Lambert" },
      total_amount: "90\u00a0€",
    });
    expect(registration!.dates).toHaveLength(2);
    expect(registration!.dates[0]!.period).toMatch(/\d{2}:\d{2}/);
    expect(data.availabilities).toEqual([registration!.availability]);
    expect(registration!.availability).toMatchObject({
      cuid: availability.cuid,
      url: `http://demo.localhost/fr/availabilities/${availability.cuid}`,
      location: { title: "Salle omnisports", address: "Rue du Stade 12, 1300 Wavre" },
    });
    expect(data.account.registrations_url).toBe("http://demo.localhost/fr/account/registrations");
  });

  it("reads registrations and availabilities by cuid without a cart, and leaves out what does not exist", async () => {
    const { customerId, view, availability } = await checkedOut("Atelier");
    const data = await withTenant(t.db, demo.id, (tx) =>
      buildTemplateData(tx, demo, {
        urls: t.app.publicUrls,
        customerId,
        registrationCuids: [view.registrations[0].cuid, "nonexistent"],
        availabilityCuids: [availability.cuid],
        membershipCuids: ["nonexistent"],
        message: { subject: "Info", content: "<p>Hello</p>" },
      }),
    );
    expect(data.cart).toBeNull();
    expect(data.registrations.map((registration) => registration.cuid)).toEqual([
      view.registrations[0].cuid,
    ]);
    expect(data.availabilities.map((row) => row.cuid)).toEqual([availability.cuid]);
    expect(data.memberships).toEqual([]);
    expect(data.customer?.firstname).toBe("Inès");
    expect(data.message).toEqual({ subject: "Info", content: "<p>Hello</p>" });
    const unknown = await withTenant(t.db, demo.id, (tx) =>
      buildTemplateData(tx, demo, { urls: t.app.publicUrls, cartCuid: "nonexistent" }),
    );
    expect(unknown.cart).toBeNull();
    expect(unknown.customer).toBeNull();
  });

  it("does not read another organiser's cart", async () => {
    const { cart } = await checkedOut("Cours");
    const data = await withTenant(t.db, demoEn.id, (tx) =>
      buildTemplateData(tx, demoEn, { urls: t.app.publicUrls, cartCuid: cart.cuid }),
    );
    expect(data.cart).toBeNull();
    expect(data.registrations).toEqual([]);
  });
});

describe("sampleTemplateData", () => {
  it("is the organiser's latest processed cart with an example message", async () => {
    const { cart } = await checkedOut("Dernier stage");
    const data = await withTenant(t.db, demo.id, (tx) =>
      sampleTemplateData(tx, demo, t.app.publicUrls),
    );
    expect(data.cart?.cuid).toBe(cart.cuid);
    expect(data.customer?.firstname).toBe("Inès");
    expect(data.message?.subject).toBeTruthy();
    expect(data.unsubscribe_url).toContain("/newsletters/unsubscribe");
  });

  it("prefers an order with registrations to a later one of a gift voucher alone", async () => {
    const { cart } = await checkedOut("Stage avant le bon");
    const voucher = await giftVoucher(t, demo.id);
    const { client } = await sessionCustomer(t, {
      organiserId: demo.id,
      host: DEMO_HOST,
      customer: { firstname: "Bon", lastname: "Seul", email: "voucher-only@example.org" },
      participant: { firstname: "Zoé", lastname: "Seul" },
    });
    const added = await client.post("/api/carts/items", { vouchers: [{ voucher_id: voucher.id }] });
    expect(added.statusCode, added.body).toBe(201);
    const done = await client.post("/api/carts/checkout", {
      cart_id: added.json().cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const data = await withTenant(t.db, demo.id, (tx) =>
      sampleTemplateData(tx, demo, t.app.publicUrls),
    );
    expect(data.cart?.cuid).toBe(cart.cuid);
    expect(data.registrations).toHaveLength(1);
    expect(data.vouchers).toEqual([]);
  });

  it("is an example in the organiser's language and currency when it has no processed cart", async () => {
    const [fresh] = await t.db
      .insert(organisers)
      .values({ slug: "fresh-sample", name: "Fresh", language: "en", currency: "GBP" })
      .returning();
    const data = await withTenant(t.db, fresh!.id, (tx) =>
      sampleTemplateData(tx, fresh!, t.app.publicUrls),
    );
    expect(data.customer?.fullname).toBe("Alice Martin");
    expect(data.registrations[0]?.activity.title).toBe("Multisport camp");
    expect(data.cart?.total_amount).toBe("£120");
    expect(data.cart?.url).toBe("http://fresh-sample.localhost/en/account/carts");
    expect(data.organiser.name).toBe("Fresh");
  });
});

describe("TEMPLATE_VARIABLES", () => {
  it("names only paths the data has (lists: in their first entry, when the sample has one)", async () => {
    const data = await withTenant(t.db, demo.id, (tx) =>
      sampleTemplateData(tx, demo, t.app.publicUrls),
    );
    const scope: Record<string, unknown> = { ...data };
    const paths = (variables: typeof TEMPLATE_VARIABLES, items: Record<string, unknown>) =>
      variables.flatMap(
        (variable): Array<[string, Record<string, unknown>]> => [
          [variable.path, items],
          ...(variable.children ?? []).flatMap((child) => {
            if (!variable.item) return paths([child], items);
            const [first] = read(items, variable.path) as unknown[];
            return first === undefined ? [] : paths([child], { ...items, [variable.item]: first });
          }),
        ],
      );
    for (const [path, items] of paths(TEMPLATE_VARIABLES, scope)) {
      expect(read(items, path), path).not.toBeUndefined();
    }
  });
});

function read(scope: Record<string, unknown>, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], scope);
}

describe("resolveTemplate", () => {
  it("gives the organiser's edited default, else the default in its language; staff e-mails stay as written; organisers do not see each other's", async () => {
    const resolve = (organiserId: number, key: string, language: "fr" | "en") =>
      withTenant(t.db, organiserId, (tx) => resolveTemplate(tx, organiserId, key, language));
    const confirmation = DEFAULT_TEMPLATES.find(
      (template) => template.key === "cart-confirmation",
    )!;
    expect(await resolve(demo.id, "cart-confirmation", "fr")).toEqual(confirmation.fr);
    expect(await resolve(demoEn.id, "cart-confirmation", "en")).toEqual(confirmation.en);
    await withTenant(t.db, demo.id, (tx) =>
      tx.insert(notificationTemplates).values([
        {
          organiserId: demo.id,
          name: "Confirmation",
          type: "EMAIL",
          defaultKey: "cart-confirmation",
          subject: "Merci {{ customer.firstname }} !",
          content: "<p>À bientôt {{ customer.fullname }}, commande {{ cart.reference }}.</p>",
        },
        {
          organiserId: demo.id,
          name: "Invitation",
          type: "EMAIL",
          defaultKey: "collaborator-invitation",
          subject: "Hacked",
          content: "<p>Hacked</p>",
        },
      ]),
    );
    expect((await resolve(demo.id, "cart-confirmation", "fr")).subject).toBe(
      "Merci {{ customer.firstname }} !",
    );
    expect((await resolve(demo.id, "collaborator-invitation", "fr")).subject).not.toBe("Hacked");
    expect(await resolve(demoEn.id, "cart-confirmation", "en")).toEqual(confirmation.en);
    await expect(resolve(demo.id, "no-such-key", "fr")).rejects.toThrow(/no default/);

    // The default rule now sends the edited text, the customer's data escaped in its HTML.
    const { email, view } = await checkedOut("Stage édité");
    const queued = await lastEmailTo(t, email);
    expect(queued!.subject).toBe("Merci Inès !");
    expect(queued!.text).toContain(`À bientôt Inès <Lambert>, commande ${view.reference}.`);
    expect(queued!.html).toContain("Inès &lt;Lambert&gt;");
    await t.db.delete(notificationTemplates).where(eq(notificationTemplates.organiserId, demo.id));
  });
});
