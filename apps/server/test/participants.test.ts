import { participants } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  registeredClient,
  type TestApp,
} from "./harness.ts";

let t: TestApp;
let parent: Client;
beforeAll(async () => {
  t = await createTestApp();
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
    expect(list.data.map((p: { id: number }) => p.id)).toContain(participant.id);

    const search = (await parent.get("/api/participants?search=zoé%20lamb")).json();
    expect(search.data.map((p: { id: number }) => p.id)).toEqual([participant.id]);

    const options = (
      await parent.get(
        `/api/participants?search=nomatch&selected=${participant.id}&response_type=multiselect-search&value_key=cuid`,
      )
    ).json();
    expect(options.data).toHaveLength(1);
    expect(options.data[0]).toMatchObject({ value: participant.cuid, label: "Zoé Lambert" });

    const updated = await parent.put("/api/participants", {
      participant_id: participant.id,
      firstname: "Zoé",
      lastname: "Lambert-Dubois",
      birthdate: "2018-09-30",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().participant.lastname).toBe("Lambert-Dubois");

    const removed = await parent.delete(`/api/participants?participant_id=${participant.id}`);
    expect(removed.statusCode).toBe(200);
    const after = (await parent.get("/api/participants")).json();
    expect(after.data.map((p: { id: number }) => p.id)).not.toContain(participant.id);
    const [row] = await t.db.select().from(participants).where(eq(participants.id, participant.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
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
    const badId = await parent.delete("/api/participants?participant_id=abc");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toEqual({ participant_id: "INVALID_TYPE" });
  });

  it("needs a customer session", async () => {
    const response = await new Client(t.app, DEMO_HOST).get("/api/participants");
    expect(response.statusCode).toBe(401);
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
    expect(options.data.map((p: { id: number }) => p.id)).not.toContain(mine.id);
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
    const list = (
      await english.get(`/api/participants?search=${encodeURIComponent(mine.firstname)}`)
    ).json();
    expect(list.data.map((p: { cuid: string }) => p.cuid)).not.toContain(mine.cuid);
  });
});
