import { randomBytes } from "node:crypto";
import type { SsrRequestContext } from "@booking/contracts";
import { activities, auditLogs, availabilities, registrations } from "@booking/db";
import { and, count, desc, eq, sql } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  organiserIdOf,
} from "./console-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

/** The console's activities with their options, questions and images (API, real PostgreSQL). */

let t: TestApp;
let owner: Client;
let organiserId: number;
let storefront: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  organiserId = await organiserIdOf(t.db, "demo");
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
  storefront = new Client(t.app, DEMO_HOST);
});
afterAll(async () => {
  await t.close();
});

const activityInput = (overrides: Record<string, unknown> = {}) => ({
  title: "Stage de voile",
  description: '<p>Sur le lac <strong>de Genval</strong>.</p><script>alert("x")</script>',
  instructions: "<p>Apporter un maillot.</p>",
  age_minimum: 8,
  age_maximum: 12,
  default_capacity: 10,
  default_price: 15000,
  default_deposit: 5000,
  registration_flow: "DIRECT",
  settings: {
    allow_registrations_after_start: true,
    partial_registrations: false,
    waiting_list: true,
  },
  categories: [],
  ...overrides,
});

async function createActivity(overrides: Record<string, unknown> = {}) {
  const response = await owner.post("/api/admin/activities", activityInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function auditsOf(entityId: string) {
  return t.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, entityId))
    .orderBy(desc(auditLogs.id));
}

/** The storefront's view of an activity (GET /api/activities?id=…), or undefined. */
async function onStorefront(id: number) {
  const response = await storefront.get(`/api/activities?id=${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().data[0];
}

/** What the storefront's registration form of an availability offers (its reader). */
async function registrationForm(availabilityCuid: string) {
  const organiser = await findOrganiserByHost(t.db, DEMO_HOST, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const context = (await storefrontContextFactory(t.db)(request)) as Extract<
    SsrRequestContext,
    { kind: "storefront" }
  >;
  return context.reader.registrationForm(availabilityCuid);
}

async function addAvailability(activityId: number): Promise<string> {
  const start = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const [row] = await t.db
    .insert(availabilities)
    .values({
      organiserId,
      activityId,
      startAt: start,
      endAt: new Date(start.getTime() + 2 * 3600 * 1000),
      price: 15000,
    })
    .returning({ cuid: availabilities.cuid });
  return row!.cuid;
}

/** A demo registration made to refer to these option prices or answer these questions. */
async function markChosen(values: { options?: number[]; questions?: number[] }) {
  const [registration] = await t.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.organiserId, organiserId))
    .limit(1);
  await t.db
    .update(registrations)
    .set({
      options: (values.options ?? []).map((id) => ({ price_id: id, content: null })),
      questions: (values.questions ?? []).map((id) => ({ question_id: id, content: 1 })),
    })
    .where(eq(registrations.id, registration!.id));
}

describe("activities", () => {
  it("creates an unpublished activity with sanitised rich text, publishes it to the storefront and archives it again", async () => {
    const groups = (await owner.get("/api/admin/category-groups")).json().data;
    const category = groups[0].categories[0];
    const activity = await createActivity({ categories: [category.cuid] });
    expect(activity).toMatchObject({
      title: "Stage de voile",
      description: "<p>Sur le lac <strong>de Genval</strong>.</p>",
      instructions: "<p>Apporter un maillot.</p>",
      published: false,
      default_price: 15000,
      settings: { allow_registrations_after_start: true },
      categories: [{ cuid: category.cuid, group: { cuid: groups[0].cuid } }],
      options_count: 0,
      availabilities_count: 0,
    });
    expect(await onStorefront(activity.id)).toBeUndefined();

    const published = await owner.put(`/api/admin/activities/${activity.cuid}/published`, {
      published: true,
    });
    expect(published.json().published).toBe(true);
    expect(await onStorefront(activity.id)).toMatchObject({
      cuid: activity.cuid,
      title: "Stage de voile",
      description: "<p>Sur le lac <strong>de Genval</strong>.</p>",
      age_minimum: 8,
      categories: [{ cuid: category.cuid }],
    });

    await owner.put(`/api/admin/activities/${activity.cuid}/published`, { published: false });
    expect(await onStorefront(activity.id)).toBeUndefined();
    const actions = (await auditsOf(activity.cuid)).map((row) => row.action);
    expect(actions).toEqual(["activity.unpublished", "activity.published", "activity.created"]);
  });

  it("edits an activity, logging only the fields that changed", async () => {
    const activity = await createActivity();
    const response = await owner.put(
      `/api/admin/activities/${activity.cuid}`,
      activityInput({ default_price: 18000, registration_flow: "REQUEST", instructions: "  " }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      default_price: 18000,
      registration_flow: "REQUEST",
      instructions: null,
    });
    const [audit] = await auditsOf(activity.cuid);
    expect(audit?.action).toBe("activity.updated");
    expect(audit?.before).toEqual({
      default_price: 15000,
      registration_flow: "DIRECT",
      instructions: "<p>Apporter un maillot.</p>",
    });
    expect(audit?.after).toEqual({
      default_price: 18000,
      registration_flow: "REQUEST",
      instructions: null,
    });
  });

  it("refuses incoherent input with field codes, and unknown activities with 404", async () => {
    const invalid = await owner.post(
      "/api/admin/activities",
      activityInput({ title: "", age_minimum: 12, age_maximum: 8, default_deposit: 20000 }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      title: "REQUIRED",
      age_maximum: "TOO_SMALL",
      default_deposit: "TOO_BIG",
    });
    const unknownCategory = await owner.post(
      "/api/admin/activities",
      activityInput({ categories: ["doesnotexist"] }),
    );
    expect(unknownCategory.json().fields).toEqual({ "categories.0": "INVALID_CHOICE" });
    const flow = await owner.post(
      "/api/admin/activities",
      activityInput({ registration_flow: "X" }),
    );
    expect(flow.json().fields).toEqual({ registration_flow: "INVALID_CHOICE" });
    const missing = await owner.get("/api/admin/activities/doesnotexist");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ACTIVITY_NOT_FOUND" });
  });

  it("lists with search, category and published filters, sorting and paging", async () => {
    const groups = (await owner.get("/api/admin/category-groups")).json().data;
    const category = groups[0].categories.at(-1);
    const tagged = await createActivity({ title: "Éveil Zébulon", categories: [category.cuid] });
    await createActivity({ title: "Eveil Zorglub" });

    const search = (await owner.get("/api/admin/activities?q=EVEIL%20Z")).json();
    expect(search.data.map((item: { title: string }) => item.title)).toEqual([
      "Éveil Zébulon",
      "Eveil Zorglub",
    ]);
    const byCategory = (
      await owner.get(`/api/admin/activities?q=eveil%20z&category=${category.cuid}`)
    ).json();
    const filed = (await owner.get("/api/admin/category-groups")).json().data[0].categories.at(-1);
    expect(filed.activities_count).toBe(category.activities_count + 1);
    expect(byCategory.data.map((item: { cuid: string }) => item.cuid)).toEqual([tagged.cuid]);
    const drafts = (await owner.get("/api/admin/activities?published=false&page_size=100")).json();
    expect(drafts.data.every((item: { published: boolean }) => !item.published)).toBe(true);
    const live = (await owner.get("/api/admin/activities?published=true&page_size=100")).json();
    // Each row counts its own availabilities, as its detail does.
    for (const item of live.data.slice(0, 5)) {
      const detail = (await owner.get(`/api/admin/activities/${item.cuid}`)).json();
      const [held] = await t.db
        .select({ n: count() })
        .from(availabilities)
        .where(eq(availabilities.activityId, item.id));
      expect([item.availabilities_count, detail.availabilities_count]).toEqual([held!.n, held!.n]);
    }
    expect(live.count).toBeGreaterThan(0);
    expect(live.data.every((item: { published: boolean }) => item.published)).toBe(true);
    // Demo activities have availabilities and images: the list shows them at a glance.
    expect(
      live.data.some((item: { availabilities_count: number }) => item.availabilities_count > 0),
    ).toBe(true);
    expect(live.data.some((item: { thumbnail_url: string | null }) => item.thumbnail_url)).toBe(
      true,
    );

    const sorted = (await owner.get("/api/admin/activities?q=eveil%20z&sort=-title")).json();
    expect(sorted.data.map((item: { title: string }) => item.title)).toEqual([
      "Eveil Zorglub",
      "Éveil Zébulon",
    ]);
    const page = (await owner.get("/api/admin/activities?page_size=2&page_number=2")).json();
    expect(page).toMatchObject({ limit: 2, offset: 2 });
    const badSort = await owner.get("/api/admin/activities?sort=price");
    expect(badSort.json().fields).toEqual({ sort: "INVALID_CHOICE" });
  });

  it("deletes an activity nothing refers to, and refuses one with availabilities (409 ACTIVITY_IN_USE)", async () => {
    const activity = await createActivity();
    await owner.post(`/api/admin/activities/${activity.cuid}/options`, {
      title: "Repas",
      prices: [{ label: "Repas", amount: 500 }],
    });
    expect((await owner.delete(`/api/admin/activities/${activity.cuid}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/admin/activities/${activity.cuid}`)).statusCode).toBe(404);

    const [used] = await t.db
      .select({ cuid: activities.cuid })
      .from(activities)
      .where(
        and(
          eq(activities.organiserId, organiserId),
          sql`exists (select 1 from availabilities a where a.activity_id = ${activities.id})`,
        ),
      )
      .limit(1);
    const refused = await owner.delete(`/api/admin/activities/${used!.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "ACTIVITY_IN_USE" });
  });
});

describe("options", () => {
  it("creates options with fixed and percentage prices that the storefront's registration form offers", async () => {
    const activity = await createActivity();
    const meal = await owner.post(`/api/admin/activities/${activity.cuid}/options`, {
      title: "Garderie",
      description: "Avant et après le stage",
      answer_required: true,
      prices: [
        { label: "Matin", amount: 1000 },
        { label: "Journée", percentage: 12.5 },
      ],
    });
    expect(meal.statusCode).toBe(201);
    expect(meal.json()).toMatchObject({
      title: "Garderie",
      order: 0,
      answer_required: true,
      prices: [
        { label: "Matin", amount: 1000, percentage: null },
        { label: "Journée", amount: null, percentage: 12.5 },
      ],
    });
    const second = (
      await owner.post(`/api/admin/activities/${activity.cuid}/options`, {
        title: "Transport",
        prices: [{ label: "Bus", amount: 300 }],
      })
    ).json();
    expect(second.order).toBe(1);

    await owner.put(`/api/admin/activities/${activity.cuid}/published`, { published: true });
    const availability = await addAvailability(activity.id);
    const form = await registrationForm(availability);
    expect(form?.options.map((option) => option.title)).toEqual(["Garderie", "Transport"]);
    expect(form?.options[0]?.prices).toEqual([
      expect.objectContaining({ label: "Matin", amount: 1000, percentage: null }),
      expect.objectContaining({ label: "Journée", amount: null, percentage: 12.5 }),
    ]);

    const reordered = await owner.put(`/api/admin/activities/${activity.cuid}/options/order`, {
      cuids: [second.cuid, meal.json().cuid],
    });
    expect(reordered.json().data.map((option: { title: string }) => option.title)).toEqual([
      "Transport",
      "Garderie",
    ]);
    expect((await registrationForm(availability))?.options[0]?.title).toBe("Transport");
  });

  it("validates prices: an amount or a percentage, never both, two decimals at most", async () => {
    const activity = await createActivity();
    const response = await owner.post(`/api/admin/activities/${activity.cuid}/options`, {
      title: "Repas",
      prices: [
        { label: "Aucun" },
        { label: "Les deux", amount: 100, percentage: 10 },
        { label: "Trop précis", percentage: 12.345 },
        { label: "Négatif", amount: -1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      "prices.0.amount": "REQUIRED",
      "prices.1.percentage": "MISMATCH",
      "prices.2.percentage": "INVALID_FORMAT",
      "prices.3.amount": "TOO_SMALL",
    });
    const none = await owner.post(`/api/admin/activities/${activity.cuid}/options`, {
      title: "Repas",
      prices: [],
    });
    expect(none.json().fields).toEqual({ prices: "REQUIRED" });
  });

  it("keeps, edits, adds and removes prices, but never one a registration chose (409 OPTION_IN_USE)", async () => {
    const activity = await createActivity();
    const option = (
      await owner.post(`/api/admin/activities/${activity.cuid}/options`, {
        title: "Repas",
        prices: [
          { label: "Midi", amount: 500 },
          { label: "Soir", amount: 700 },
        ],
      })
    ).json();
    const [noon, evening] = option.prices;
    const url = `/api/admin/activities/${activity.cuid}/options/${option.cuid}`;
    const edited = await owner.put(url, {
      title: "Repas chauds",
      prices: [
        { cuid: noon.cuid, label: "Midi", amount: 550 },
        { label: "Goûter", percentage: 5 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const prices = edited.json().prices;
    expect(prices).toMatchObject([
      { id: noon.id, label: "Midi", amount: 550 },
      { label: "Goûter", percentage: 5 },
    ]);
    expect(prices.map((price: { id: number }) => price.id)).not.toContain(evening.id);
    const foreign = await owner.put(url, {
      title: "Repas",
      prices: [{ cuid: "notaprice", label: "X", amount: 1 }],
    });
    expect(foreign.json().fields).toEqual({ "prices.0.cuid": "INVALID_CHOICE" });

    await markChosen({ options: [noon.id] });
    const dropChosen = await owner.put(url, {
      title: "Repas",
      prices: [{ cuid: prices[1].cuid, label: "Goûter", percentage: 5 }],
    });
    expect(dropChosen.statusCode).toBe(409);
    expect(dropChosen.json()).toEqual({ error: "OPTION_IN_USE" });
    const deleteChosen = await owner.delete(url);
    expect(deleteChosen.json()).toEqual({ error: "OPTION_IN_USE" });

    await markChosen({});
    expect((await owner.delete(url)).statusCode).toBe(200);
    const gone = await owner.delete(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "OPTION_NOT_FOUND" });
    expect((await auditsOf(option.cuid)).map((row) => row.action)).toEqual([
      "activity_option.deleted",
      "activity_option.updated",
      "activity_option.created",
    ]);
  });
});

describe("questions", () => {
  it("asks questions of every storefront type, keeps choice ids across edits and protects answered ones", async () => {
    const activity = await createActivity();
    const base = `/api/admin/activities/${activity.cuid}/questions`;
    const noChoices = await owner.post(base, { type: "CHOICES_SINGLE", title: "Taille" });
    expect(noChoices.json().fields).toEqual({ choices: "REQUIRED" });
    const duplicate = await owner.post(base, {
      type: "CHOICES_SINGLE",
      title: "Taille",
      choices: [{ label: "S" }, { label: "s" }],
    });
    expect(duplicate.json().fields).toEqual({ "choices.1.label": "DUPLICATE" });
    const unknownType = await owner.post(base, { type: "NUMBER", title: "Âge" });
    expect(unknownType.json().fields).toEqual({ type: "INVALID_CHOICE" });

    const size = (
      await owner.post(base, {
        type: "CHOICES_SINGLE",
        title: "Taille de t-shirt",
        required: true,
        choices: [{ label: "S" }, { label: "M" }, { label: "L" }],
      })
    ).json();
    expect(size.choices).toEqual([
      { id: 1, label: "S" },
      { id: 2, label: "M" },
      { id: 3, label: "L" },
    ]);
    const text = (
      await owner.post(base, { type: "TEXT", title: "Allergies", choices: [{ label: "ignored" }] })
    ).json();
    expect(text).toMatchObject({ order: 1, choices: [], required: false });
    const date = (await owner.post(base, { type: "DATE", title: "Dernier vaccin" })).json();
    expect(date.order).toBe(2);

    await owner.put(`/api/admin/activities/${activity.cuid}/published`, { published: true });
    const form = await registrationForm(await addAvailability(activity.id));
    expect(form?.questions.map((question) => [question.type, question.title])).toEqual([
      ["CHOICES_SINGLE", "Taille de t-shirt"],
      ["TEXT", "Allergies"],
      ["DATE", "Dernier vaccin"],
    ]);

    const sizeUrl = `${base}/${size.cuid}`;
    const edited = await owner.put(sizeUrl, {
      type: "CHOICES_SINGLE",
      title: "Taille",
      required: true,
      choices: [{ id: 3, label: "L" }, { label: "XL" }, { id: 1, label: "S" }],
    });
    expect(edited.json().choices).toEqual([
      { id: 3, label: "L" },
      { id: 4, label: "XL" },
      { id: 1, label: "S" },
    ]);
    const badId = await owner.put(sizeUrl, {
      type: "CHOICES_SINGLE",
      title: "Taille",
      choices: [{ id: 42, label: "XXL" }],
    });
    expect(badId.json().fields).toEqual({ "choices.0.id": "INVALID_CHOICE" });

    await markChosen({ questions: [size.id] });
    const retype = await owner.put(sizeUrl, { type: "TEXT", title: "Taille" });
    expect(retype.statusCode).toBe(409);
    expect(retype.json()).toEqual({ error: "QUESTION_ANSWERED" });
    expect((await owner.delete(sizeUrl)).json()).toEqual({ error: "QUESTION_ANSWERED" });
    await markChosen({});

    const reorder = await owner.put(`${base}/order`, { cuids: [date.cuid, text.cuid] });
    expect(reorder.json().fields).toEqual({ cuids: "MISMATCH" });
    expect((await owner.delete(`${base}/${text.cuid}`)).statusCode).toBe(200);
    expect((await owner.get(base)).json().data.map((q: { title: string }) => q.title)).toEqual([
      "Taille",
      "Dernier vaccin",
    ]);
    const gone = await owner.delete(`${base}/${text.cuid}`);
    expect(gone.json()).toEqual({ error: "QUESTION_NOT_FOUND" });
  });
});

describe("images", () => {
  async function picture(width: number, height: number, format: "png" | "jpeg" = "png") {
    return sharp({ create: { width, height, channels: 3, background: "#2a7" } })
      .toFormat(format)
      .toBuffer();
  }

  /** POST /api/admin/activities/:cuid/images as a browser's form upload. */
  async function upload(
    client: Client,
    activityCuid: string,
    file: Buffer,
    name = "photo.png",
    type = "image/png",
  ) {
    const boundary = `----test${randomBytes(8).toString("hex")}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: "POST",
      url: `/api/admin/activities/${activityCuid}/images`,
      headers: {
        host: client.host,
        cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
        "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  }

  it("resizes an upload to at most 1600 px with a thumbnail, serves it on the organiser's hosts and shows it on the storefront", async () => {
    const activity = await createActivity();
    const response = await upload(
      owner,
      activity.cuid,
      await picture(3200, 2000, "jpeg"),
      "big.jpg",
      "image/jpeg",
    );
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({ width: 1600, height: 1000, alt: null });
    const demo = (await owner.get("/api/admin/session")).json().organiser;
    expect(image.public_url).toMatch(new RegExp(`^/uploads/${demo.cuid}/[a-f0-9]{32}\\.webp$`));
    expect(image.thumbnail_url).toBe(image.public_url.replace(".webp", ".thumb.webp"));

    const served = await storefront.get(image.public_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toContain("immutable");
    const size = await sharp(served.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(["webp", 1600, 1000]);
    const thumbnail = await sharp(
      (await storefront.get(image.thumbnail_url)).rawPayload,
    ).metadata();
    expect(Math.max(thumbnail.width ?? 0, thumbnail.height ?? 0)).toBe(400);
    expect((await owner.get(image.public_url)).statusCode).toBe(200);
    // Another organiser's storefront does not serve it.
    expect((await new Client(t.app, DEMO_EN_HOST).get(image.public_url)).statusCode).toBe(404);

    const small = (await upload(owner, activity.cuid, await picture(300, 200))).json();
    expect(small).toMatchObject({ width: 300, height: 200 });
    const alt = await owner.put(`/api/admin/activities/${activity.cuid}/images/${small.cuid}`, {
      alt: "Les voiliers",
    });
    expect(alt.json().alt).toBe("Les voiliers");
    const reorder = await owner.put(`/api/admin/activities/${activity.cuid}/images/order`, {
      cuids: [small.cuid, image.cuid],
    });
    expect(reorder.json().data.map((item: { cuid: string }) => item.cuid)).toEqual([
      small.cuid,
      image.cuid,
    ]);
    await owner.put(`/api/admin/activities/${activity.cuid}/published`, { published: true });
    expect((await onStorefront(activity.id)).images).toEqual([
      { id: small.id, public_url: small.public_url, alt: "Les voiliers" },
      { id: image.id, public_url: image.public_url, alt: null },
    ]);

    const removed = await owner.delete(
      `/api/admin/activities/${activity.cuid}/images/${image.cuid}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await storefront.get(image.public_url)).statusCode).toBe(404);
    expect((await storefront.get(image.thumbnail_url)).statusCode).toBe(404);
    const again = await owner.delete(`/api/admin/activities/${activity.cuid}/images/${image.cuid}`);
    expect(again.json()).toEqual({ error: "IMAGE_NOT_FOUND" });
    expect((await auditsOf(activity.cuid)).map((row) => row.action)).toContain(
      "activity.image_added",
    );

    // Deleting the activity deletes its uploads.
    await owner.put(`/api/admin/activities/${activity.cuid}/published`, { published: false });
    expect((await owner.delete(`/api/admin/activities/${activity.cuid}`)).statusCode).toBe(200);
    expect((await storefront.get(small.public_url)).statusCode).toBe(404);
  });

  it("refuses what is not an image, too large a file, a missing file, and more than 20 images", async () => {
    const activity = await createActivity();
    const text = await upload(owner, activity.cuid, Buffer.from("not a picture"), "a.png");
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: "IMAGE_TYPE_UNSUPPORTED" });
    const svg = await upload(
      owner,
      activity.cuid,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      "a.svg",
      "image/svg+xml",
    );
    expect(svg.json()).toEqual({ error: "IMAGE_TYPE_UNSUPPORTED" });
    const huge = await upload(owner, activity.cuid, randomBytes(10 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: "IMAGE_TOO_LARGE" });
    const none = await owner.post(`/api/admin/activities/${activity.cuid}/images`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: "IMAGE_FILE_REQUIRED" });
    const unknown = await upload(owner, "doesnotexist", await picture(10, 10));
    expect(unknown.json()).toEqual({ error: "ACTIVITY_NOT_FOUND" });

    const tiny = await picture(10, 10);
    for (let index = 0; index < 20; index++) {
      expect((await upload(owner, activity.cuid, tiny)).statusCode).toBe(201);
    }
    const over = await upload(owner, activity.cuid, tiny);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: "IMAGE_LIMIT_REACHED" });
  });

  it("lets only collaborators who may edit activities upload", async () => {
    const activity = await createActivity();
    const reader = await collaboratorWith(t, ["activities.activities.read"]);
    const refused = await upload(reader.client, activity.cuid, await picture(10, 10));
    expect(refused.statusCode).toBe(403);
    expect((await owner.get(`/api/admin/activities/${activity.cuid}`)).json().images).toEqual([]);
  });
});
