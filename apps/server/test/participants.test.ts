import { customFields, participants, registrations, waitingListEntries } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/http/cookies.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, organiserIdOf, registrationBody } from "./cart-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  registeredClient,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
let parent: Client;
let demoId: number;
let demoEnId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
  parent = new Client(t.app, DEMO_HOST);
  const login = await parent.post("/api/auth/login", {
    email: "parent@demo.test",
    password: DEMO_PASSWORD,
  });
  expect(login.statusCode).toBe(200);
});
afterAll(() => t.close());

async function newCustomer(host: string, email: string): Promise<Client> {
  return (await registeredClient(t.app, host, email)).client;
}

const newSessionCustomer = numberedCustomers({
  firstname: "Client",
  lastname: "Participants",
  email: "participants",
  participant: "Enfant",
});

/** A customer of `organiserId` with one participant and an open session (written in the DB). */
const sessionOf = (organiserId = demoId, host = DEMO_HOST) =>
  newSessionCustomer(t, organiserId, host);

async function create(client: Client, firstname: string, lastname = "Martin") {
  const response = await client.post("/api/participants", {
    firstname,
    lastname,
    birthdate: "2016-04-12",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().participant as { id: number; cuid: string; fullname: string };
}

async function fieldId(organiserId: number, title: string): Promise<number> {
  const [row] = await t.db
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(eq(customFields.organiserId, organiserId), eq(customFields.title, title)));
  return row!.id;
}

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((row) => row.id);

describe("participants of the logged-in customer", () => {
  it("creates, lists, searches, updates and deletes a participant", async () => {
    const created = await parent.post("/api/participants", {
      firstname: " Zoé ",
      lastname: "Lambert",
      birthdate: "2018-09-30T00:00:00.000Z",
      custom_data: [],
    });
    expect(created.statusCode).toBe(201);
    const participant = created.json().participant;
    expect(participant).toMatchObject({
      firstname: "Zoé",
      fullname: "Zoé Lambert",
      birthdate: "2018-09-30",
      customer: { email: "parent@demo.test" },
    });
    expect(participant.cuid).toMatch(/^[a-z0-9]{20,}$/);

    const list = (await parent.get("/api/participants")).json();
    expect(list).toMatchObject({ limit: 20, offset: 0 });
    expect(list.count).toBe(list.data.length);
    expect(ids(list)).toContain(participant.id);

    const search = (await parent.get("/api/participants?search=zoé%20lamb")).json();
    expect(ids(search)).toEqual([participant.id]);

    const updated = await parent.put("/api/participants", {
      participant_id: participant.id,
      firstname: "Zoé",
      lastname: "Lambert-Dubois",
      birthdate: "2018-09-30",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().participant.lastname).toBe("Lambert-Dubois");

    // Nothing refers to this participant: deleting erases it.
    const removed = await parent.delete(`/api/participants?participant_id=${participant.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true, archived: false });
    const after = (await parent.get("/api/participants")).json();
    expect(ids(after)).not.toContain(participant.id);
    const rows = await t.db.select().from(participants).where(eq(participants.id, participant.id));
    expect(rows).toEqual([]);
    const again = await parent.delete(`/api/participants?participant_id=${participant.id}`);
    expect(again.statusCode).toBe(404);
  });

  it("checks participant custom fields by type and keeps values of inactive fields", async () => {
    const photos = await fieldId(demoId, "Autorisation de photos");
    const interests = await fieldId(demoId, "Centres d'intérêt");
    const tshirt = await fieldId(demoId, "Taille de t-shirt"); // inactive in the demo
    const bad = await parent.post("/api/participants", {
      firstname: "Nina",
      lastname: "Martin",
      birthdate: "2017-02-03",
      custom_data: [
        { field_id: photos, data: "Peut-être" },
        { field_id: interests, data: "Nature, Cuisine" },
        { field_id: tshirt, data: "4-6 ans" },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      [`custom_data.${photos}`]: "INVALID_CHOICE",
      [`custom_data.${interests}`]: "INVALID_CHOICE",
      [`custom_data.${tshirt}`]: "UNKNOWN_FIELD",
    });

    const created = await parent.post("/api/participants", {
      firstname: "Nina",
      lastname: "Martin",
      birthdate: "2017-02-03",
      custom_data: [
        { field_id: photos, data: "Oui" },
        { field_id: interests, data: "Sport, Nature" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const nina = created.json().participant;
    expect(nina.custom_data).toEqual(
      expect.arrayContaining([
        { field_id: photos, data: "Oui" },
        // stored in the order of the field's choices, joined with ", "
        { field_id: interests, data: "Nature, Sport" },
      ]),
    );

    // A value the organiser stored for a field since deactivated survives the customer's edit.
    await t.db
      .update(participants)
      .set({ customData: [...nina.custom_data, { field_id: tshirt, data: "7-9 ans" }] })
      .where(eq(participants.id, nina.id));
    const edited = await parent.put("/api/participants", {
      participant_id: nina.id,
      firstname: "Nina",
      lastname: "Martin",
      birthdate: "2017-02-03",
      custom_data: [{ field_id: photos, data: "Non" }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().participant.custom_data).toEqual(
      expect.arrayContaining([
        { field_id: photos, data: "Non" },
        { field_id: interests, data: null },
        { field_id: tshirt, data: "7-9 ans" },
      ]),
    );
  });

  it("applies the required and pattern rules of a participant field", async () => {
    const mutual = await fieldId(demoId, "Mutualité");
    await t.db
      .update(customFields)
      .set({ required: true, pattern: "^\\d{3}$" })
      .where(eq(customFields.id, mutual));
    try {
      const missing = await parent.post("/api/participants", {
        firstname: "Max",
        lastname: "Martin",
        birthdate: "2017-02-03",
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ [`custom_data.${mutual}`]: "REQUIRED" });
      const wrong = await parent.post("/api/participants", {
        firstname: "Max",
        lastname: "Martin",
        birthdate: "2017-02-03",
        custom_data: [{ field_id: mutual, data: "31x" }],
      });
      expect(wrong.json().fields).toEqual({ [`custom_data.${mutual}`]: "INVALID_FORMAT" });
      const right = await parent.post("/api/participants", {
        firstname: "Max",
        lastname: "Martin",
        birthdate: "2017-02-03",
        custom_data: [{ field_id: mutual, data: "310" }],
      });
      expect(right.statusCode, right.body).toBe(201);
    } finally {
      await t.db
        .update(customFields)
        .set({ required: false, pattern: null })
        .where(eq(customFields.id, mutual));
    }
  });

  it("validates the payloads", async () => {
    const response = await parent.post("/api/participants", {
      firstname: "",
      lastname: "x".repeat(10_000),
      birthdate: "31/12/2015",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      firstname: "REQUIRED",
      lastname: "TOO_LONG",
      birthdate: "INVALID_DATE",
    });
    const missing = await parent.post("/api/participants", {});
    expect(missing.json().fields).toEqual({
      firstname: "REQUIRED",
      lastname: "REQUIRED",
      birthdate: "REQUIRED",
    });
    const future = await parent.post("/api/participants", {
      firstname: "Futur",
      lastname: "Bébé",
      birthdate: `${new Date().getFullYear() + 1}-01-01`,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ birthdate: "INVALID_DATE" });
    const badId = await parent.delete("/api/participants?participant_id=abc");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toEqual({ participant_id: "INVALID_TYPE" });
    for (const [query, code] of [
      ["", "REQUIRED"],
      ["?participant_id=0", "INVALID_TYPE"],
      ["?participant_id=1.5", "INVALID_TYPE"],
      ["?participant_id=99999999999", "INVALID_TYPE"],
    ]) {
      const response = await parent.delete(`/api/participants${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toEqual({ participant_id: code });
    }
    const stringId = await parent.put("/api/participants", {
      participant_id: "12",
      firstname: "A",
      lastname: "B",
      birthdate: "2015-01-01",
    });
    expect(stringId.json().fields).toEqual({ participant_id: "INVALID_TYPE" });
    const noId = await parent.put("/api/participants", {
      firstname: "A",
      lastname: "B",
      birthdate: "2015-01-01",
    });
    expect(noId.json().fields).toEqual({ participant_id: "REQUIRED" });
  });

  it("validates the query of GET /api/participants", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["page_size=0", { page_size: "TOO_SMALL" }],
      ["page_size=101", { page_size: "TOO_BIG" }],
      ["page_number=0", { page_number: "TOO_SMALL" }],
      ["page_number=abc", { page_number: "INVALID_TYPE" }],
      [`search=${"a".repeat(101)}`, { search: "TOO_LONG" }],
      ["selected=1,x", { selected: "INVALID_TYPE" }],
      ["selected=0", { selected: "INVALID_TYPE" }],
      ["selected=-3", { selected: "INVALID_TYPE" }],
      ["selected=99999999999", { selected: "INVALID_TYPE" }],
      [
        `selected=${Array.from({ length: 101 }, (_, index) => index + 1).join(",")}`,
        { selected: "TOO_BIG" },
      ],
      ["response_type=list", { response_type: "INVALID_CHOICE" }],
      ["response_type=multiselect-search&value_key=email", { value_key: "INVALID_CHOICE" }],
    ];
    for (const [query, fields] of cases) {
      const response = await parent.get(`/api/participants?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: "VALIDATION_ERROR", fields });
    }
  });

  it("pages the list with page_number and page_size", async () => {
    const { client, participantId } = await sessionOf();
    await create(client, "Alice");
    await create(client, "Bruno");
    const all = (await client.get("/api/participants")).json();
    expect(all).toMatchObject({ count: 3, limit: 20, offset: 0 });
    // sorted by first name, then last name
    expect(all.data.map((row: { firstname: string }) => row.firstname)).toEqual([
      "Alice",
      "Bruno",
      "Enfant",
    ]);
    const first = (await client.get("/api/participants?page_size=2")).json();
    expect(first).toMatchObject({ count: 3, limit: 2, offset: 0 });
    expect(first.data).toHaveLength(2);
    const second = (await client.get("/api/participants?page_size=2&page_number=2")).json();
    expect(second).toMatchObject({ count: 3, limit: 2, offset: 2 });
    expect(ids(second)).toEqual([participantId]);
    const beyond = (await client.get("/api/participants?page_size=2&page_number=3")).json();
    expect(beyond).toMatchObject({ data: [], count: 3, offset: 4 });
    const searched = (await client.get("/api/participants?search=BRU&page_size=1")).json();
    expect(searched.count).toBe(1);
    expect(searched.data[0].firstname).toBe("Bruno");
  });
});

describe("GET /api/participants?response_type=multiselect-search", () => {
  it("answers the selected participants first, then the matches, with value and label", async () => {
    const { client, participantId } = await sessionOf();
    const alice = await create(client, "Alice", "Renard");
    const bruno = await create(client, "Bruno", "Renard");
    const chloe = await create(client, "Chloé", "Dupuis");

    const base = "/api/participants?response_type=multiselect-search";
    const found = (await client.get(`${base}&search=renard&selected=${chloe.id}`)).json();
    expect(Object.keys(found)).toEqual(["data"]);
    expect(ids(found)).toEqual([chloe.id, alice.id, bruno.id]);
    expect(found.data[0]).toMatchObject({
      value: chloe.id,
      label: "Chloé Dupuis",
      cuid: chloe.cuid,
      fullname: "Chloé Dupuis",
    });

    // A selected participant that also matches is listed once.
    const once = (await client.get(`${base}&search=alice&selected=${alice.id}`)).json();
    expect(ids(once)).toEqual([alice.id]);

    // value_key=cuid; selected as repeated parameters; page_size bounds the matches only.
    const byCuid = (
      await client.get(
        `${base}&value_key=cuid&selected=${bruno.id}&selected=${chloe.id}&page_size=1`,
      )
    ).json();
    expect(ids(byCuid)).toEqual([bruno.id, chloe.id, alice.id]);
    expect(byCuid.data.map((row: { value: string }) => row.value)).toEqual([
      bruno.cuid,
      chloe.cuid,
      alice.cuid,
    ]);

    // No search: the first matches in name order; the next page has the next ones only.
    const all = (await client.get(`${base}&page_size=20`)).json();
    expect(ids(all)).toEqual([alice.id, bruno.id, chloe.id, participantId]);
    const next = (
      await client.get(`${base}&page_size=2&page_number=2&selected=${alice.id}`)
    ).json();
    expect(ids(next)).toEqual([chloe.id, participantId]);
  });

  it("never answers another customer's or another organiser's participants", async () => {
    const mine = await sessionOf();
    const other = await sessionOf();
    const english = await sessionOf(demoEnId, DEMO_EN_HOST);
    const base = "/api/participants?response_type=multiselect-search";
    const foreign = [other.participantId, english.participantId];
    const answer = (
      await mine.client.get(`${base}&search=nomatch&selected=${foreign.join(",")}`)
    ).json();
    expect(answer.data).toEqual([]);
    const list = (await mine.client.get(`/api/participants?selected=${foreign.join(",")}`)).json();
    expect(ids(list)).toEqual([mine.participantId]);
    // The same id on the English host, with the demo session: nothing either.
    const crossHost = new Client(t.app, DEMO_EN_HOST);
    for (const [name, value] of mine.client.cookies) crossHost.cookies.set(name, value);
    const cross = await crossHost.get(`${base}&selected=${mine.participantId}`);
    expect(cross.statusCode).toBe(401);
  });
});

describe("deleting a participant with records", () => {
  async function bookedParticipant() {
    const who = await sessionOf();
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Stage nature",
      capacity: 10,
      price: 8_000,
      deposit: 0,
      dateHours: 3,
      dates: [{ capacity: 10 }],
    });
    const added = await who.client.post(
      "/api/carts/items",
      registrationBody(availability.id, who.participantId, [dates[0]!.id]),
    );
    expect(added.statusCode, added.body).toBe(201);
    return { ...who, availability, dates, cartId: added.json().cart.id as number };
  }

  it("refuses while the participant is on a live item of the open cart", async () => {
    const who = await bookedParticipant();
    const response = await who.client.delete(
      `/api/participants?participant_id=${who.participantId}`,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "PARTICIPANT_IN_CART" });
    const [row] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.id, who.participantId));
    expect(row!.deletedAt).toBeNull();
  });

  it("archives a registered participant: the organiser's records keep it, the customer no longer sees it", async () => {
    const who = await bookedParticipant();
    await checkoutByTransfer(who.client, who.cartId);
    // On a waiting list elsewhere too.
    const other = await availabilityWithDates(t, {
      organiserId: demoId,
      title: "Stage complet",
      capacity: 1,
      price: 8_000,
      deposit: 0,
      dateHours: 3,
      dates: [{ capacity: 1, registered: 1 }],
    });
    await t.db.insert(waitingListEntries).values({
      organiserId: demoId,
      availabilityId: other.availability.id,
      participantId: who.participantId,
      customerId: who.customerId,
    });

    const removed = await who.client.delete(
      `/api/participants?participant_id=${who.participantId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true, archived: true });

    const [row] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.id, who.participantId));
    expect(row).toMatchObject({ firstname: "Enfant", lastname: expect.any(String) });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const kept = await t.db
      .select({ participantId: registrations.participantId })
      .from(registrations)
      .where(eq(registrations.participantId, who.participantId));
    expect(kept).toHaveLength(1);
    const waiting = await t.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.participantId, who.participantId));
    expect(waiting).toEqual([]);

    // Gone for the customer: lists, selects, counters, edits and a second delete.
    expect((await who.client.get("/api/participants")).json()).toMatchObject({
      data: [],
      count: 0,
    });
    const options = await who.client.get(
      `/api/participants?response_type=multiselect-search&selected=${who.participantId}`,
    );
    expect(options.json().data).toEqual([]);
    expect((await who.client.get("/api/session")).json().counters.participants).toBe(0);
    const edit = await who.client.put("/api/participants", {
      participant_id: who.participantId,
      firstname: "Back",
      lastname: "Again",
      birthdate: "2015-01-01",
    });
    expect(edit.statusCode).toBe(404);
    const again = await who.client.delete(`/api/participants?participant_id=${who.participantId}`);
    expect(again.statusCode).toBe(404);
    // …and it cannot be registered again.
    const add = await who.client.post(
      "/api/carts/items",
      registrationBody(who.availability.id, who.participantId, [who.dates[0]!.id]),
    );
    expect(add.statusCode).toBe(404);
  });

  it("every foreign key to participants blocks the delete (no cascade erases a record)", async () => {
    // Erasing an unreferenced participant relies on the foreign keys: a table whose rows would
    // silently go with the participant must be listed here on purpose.
    const cascading = await t.db.execute<{ table: string }>(sql`
      select conrelid::regclass::text as table
      from pg_constraint
      where contype = 'f' and confrelid = 'participants'::regclass and confdeltype <> 'a'
      order by 1`);
    // A participant's badges and tags describe the participant only: they go with it.
    expect(cascading.rows.map((row) => row.table)).toEqual([
      "participant_badges",
      "participant_tags",
      "waiting_list_entries",
    ]);
  });
});

describe("participants are private to their customer and organiser", () => {
  it("another customer of the same organiser gets 404 and changes nothing", async () => {
    const mine = (await parent.get("/api/participants")).json().data[0];
    const other = await newCustomer(DEMO_HOST, "someone-else@example.org");
    const update = await other.put("/api/participants", {
      participant_id: mine.id,
      firstname: "Stolen",
      lastname: "Child",
      birthdate: "2015-01-01",
    });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ error: "PARTICIPANT_NOT_FOUND" });
    const removal = await other.delete(`/api/participants?participant_id=${mine.id}`);
    expect(removal.statusCode).toBe(404);
    const options = (
      await other.get(`/api/participants?selected=${mine.id}&response_type=multiselect-search`)
    ).json();
    expect(ids(options)).not.toContain(mine.id);
    const [row] = await t.db.select().from(participants).where(eq(participants.id, mine.id));
    expect(row).toMatchObject({ firstname: mine.firstname, deletedAt: null });
  });

  it("a participant id of organiser A gives 404 on organiser B's host", async () => {
    const mine = (await parent.get("/api/participants")).json().data[0];
    const english = await newCustomer(DEMO_EN_HOST, "english-parent@example.org");
    const update = await english.put("/api/participants", {
      participant_id: mine.id,
      firstname: "Cross",
      lastname: "Tenant",
      birthdate: "2015-01-01",
    });
    expect(update.statusCode).toBe(404);
    const removal = await english.delete(`/api/participants?participant_id=${mine.id}`);
    expect(removal.statusCode).toBe(404);
    const list = (
      await english.get(`/api/participants?search=${encodeURIComponent(mine.firstname)}`)
    ).json();
    expect(list.data.map((p: { cuid: string }) => p.cuid)).not.toContain(mine.cuid);
    const [row] = await t.db.select().from(participants).where(eq(participants.id, mine.id));
    expect(row).toMatchObject({ firstname: mine.firstname, deletedAt: null });
  });

  it("needs a customer session", async () => {
    const visitor = new Client(t.app, DEMO_HOST);
    expect((await visitor.get("/api/participants")).statusCode).toBe(401);
    const created = await visitor.post("/api/participants", {
      firstname: "A",
      lastname: "B",
      birthdate: "2015-01-01",
    });
    expect(created.statusCode).toBe(401);
  });
});

describe("the account pages' reads (SSR reader)", () => {
  /** The storefront reader of a page request on `host` carrying `client`'s session cookie. */
  async function readerOf(client: Client | null, host = DEMO_HOST) {
    const organiser = await findOrganiserByHost(t.db, host, "localhost");
    const token = client?.cookies.get(SESSION_COOKIE);
    const request = {
      tenant: { kind: "storefront", organiser },
      cookies: token ? { [SESSION_COOKIE]: token } : {},
      cspNonce: "nonce",
      log: { error: () => undefined },
    } as unknown as FastifyRequest;
    const context = await storefrontContextFactory(t.db)(request);
    if (context.kind !== "storefront") throw new Error("expected a storefront context");
    return context.reader;
  }

  it("pages the customer's participants and finds one by cuid, only their own", async () => {
    const mine = await sessionOf();
    const alice = await create(mine.client, "Alice");
    const other = await sessionOf();
    const theirs = await create(other.client, "Bruno");
    const reader = await readerOf(mine.client);

    const page = await reader.participantsPage({ page_number: "2", page_size: "1" });
    expect(page).toMatchObject({ count: 2, limit: 1, offset: 1 });
    expect(ids(page)).toEqual([mine.participantId]);
    await expect(reader.participantsPage({ page_size: "0" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { page_size: "TOO_SMALL" },
    });

    expect(await reader.participant(alice.cuid)).toMatchObject({ id: alice.id });
    expect(await reader.participant(theirs.cuid)).toBeNull();
    expect(await reader.participant("not a cuid")).toBeNull();
    const english = await readerOf(mine.client, DEMO_EN_HOST);
    expect(await english.participant(alice.cuid)).toBeNull();

    const visitor = await readerOf(null);
    expect(await visitor.participant(alice.cuid)).toBeNull();
    expect(await visitor.participantsPage({})).toMatchObject({ data: [], count: 0 });
  });
});
