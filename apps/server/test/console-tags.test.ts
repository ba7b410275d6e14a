import { auditLogs, customers, customerTags, participants, participantTags } from "@booking/db";
import { and, desc, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Tags of customers, participants and collaborators (issue 17 §4, decision 0088): CRUD per
// organiser, assignment, the lists' `?tag=` filter, segment conditions, account deletion.

let t: TestApp;
let owner: Client;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
});
afterAll(() => t.close());

let sequence = 0;
async function family() {
  sequence += 1;
  const made = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Tag${sequence}`,
      email: `tag-${sequence}-${Date.now()}@example.org`,
    },
    participant: { firstname: "Enfant", lastname: `Tag${sequence}` },
  });
  const [customer] = await t.db
    .select({ cuid: customers.cuid })
    .from(customers)
    .where(eq(customers.id, made.customerId));
  const [participant] = await t.db
    .select({ cuid: participants.cuid })
    .from(participants)
    .where(eq(participants.id, made.participantId));
  return { ...made, cuid: customer!.cuid, participantCuid: participant!.cuid };
}

async function tag(kind: string, name: string, color = "#2E86DE") {
  const response = await owner.post(`/api/admin/tags/${kind}`, { name, color });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { cuid: string; name: string; color: string; count: number };
}

describe("tags", () => {
  it("are created per kind with a colour, renamed and deleted, audited; a duplicate name or a bad colour is 400", async () => {
    const created = await tag("customers", "Fidèle", "#AA3300");
    expect(created).toMatchObject({ name: "Fidèle", color: "#aa3300", count: 0 });
    const duplicate = await owner.post("/api/admin/tags/customers", {
      name: "fidèle",
      color: "#000000",
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ fields: { name: "DUPLICATE" } });
    // The same name is free for another kind.
    await tag("participants", "Fidèle");
    const badColour = await owner.post("/api/admin/tags/customers", { name: "X", color: "red" });
    expect(badColour.statusCode).toBe(400);

    const renamed = await owner.put(`/api/admin/tags/customers/${created.cuid}`, {
      name: "Très fidèle",
      color: "#00aa00",
    });
    expect(renamed.json()).toMatchObject({ name: "Très fidèle", color: "#00aa00" });
    const list = await owner.get("/api/admin/tags/customers");
    expect(list.json().data.map((row: { name: string }) => row.name)).toContain("Très fidèle");
    // A customer tag is not a collaborator tag.
    expect((await owner.delete(`/api/admin/tags/collaborators/${created.cuid}`)).statusCode).toBe(
      404,
    );
    expect((await owner.delete(`/api/admin/tags/customers/${created.cuid}`)).statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, created.cuid))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.action).toBe("tag.deleted");
  });

  it("are assigned to customers and participants, filter their lists by URL, and refuse a tag of another kind", async () => {
    const vip = await tag("customers", `VIP ${Date.now()}`);
    const swimmer = await tag("participants", `Nageur ${Date.now()}`);
    const tagged = await family();
    const other = await family();

    const assigned = await owner.put(`/api/admin/customers/${tagged.cuid}/tags`, {
      tags: [vip.cuid],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().tags).toEqual([{ cuid: vip.cuid, name: vip.name, color: vip.color }]);
    const wrongKind = await owner.put(`/api/admin/customers/${other.cuid}/tags`, {
      tags: [swimmer.cuid],
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(
      (
        await owner.put(`/api/admin/participants/${tagged.participantCuid}/tags`, {
          tags: [swimmer.cuid],
        })
      ).statusCode,
    ).toBe(200);

    const customersList = await owner.get(`/api/admin/customers?tag=${vip.cuid}`);
    expect(customersList.statusCode, customersList.body).toBe(200);
    expect(customersList.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([
      tagged.cuid,
    ]);
    const participantsList = await owner.get(`/api/admin/participants?tag=${swimmer.cuid}`);
    expect(participantsList.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([
      tagged.participantCuid,
    ]);
    expect((await owner.get("/api/admin/tags/customers")).json().data).toContainEqual({
      ...vip,
      count: 1,
    });
    // The whole set: an empty list removes them.
    await owner.put(`/api/admin/customers/${tagged.cuid}/tags`, { tags: [] });
    expect((await owner.get(`/api/admin/customers/${tagged.cuid}/tags`)).json().tags).toEqual([]);
  });

  it("are assigned to collaborators and filter the team", async () => {
    const trainer = await tag("collaborators", `Moniteur ${Date.now()}`);
    const member = await collaboratorWith(t, ["registrations.registrations.read"]);
    const [row] = await t.db
      .execute<{ cuid: string }>(
        // the collaborator's cuid, as the team list names them
        sqlCollaboratorCuid(member.collaboratorId),
      )
      .then((result) => result.rows);
    const assigned = await owner.put(`/api/admin/collaborators/${row!.cuid}/tags`, {
      tags: [trainer.cuid],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const team = await owner.get(`/api/admin/collaborators?tag=${trainer.cuid}`);
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().data.map((entry: { cuid: string }) => entry.cuid)).toEqual([row!.cuid]);
  });

  it("are segment conditions: customers carrying a customer tag, participants carrying a participant tag", async () => {
    const vip = await tag("customers", `Segment VIP ${Date.now()}`);
    const swimmer = await tag("participants", `Segment nageur ${Date.now()}`);
    const a = await family();
    const b = await family();
    await owner.put(`/api/admin/customers/${a.cuid}/tags`, { tags: [vip.cuid] });
    await owner.put(`/api/admin/participants/${b.participantCuid}/tags`, { tags: [swimmer.cuid] });

    const count = async (entity: string, conditions: object) => {
      const response = await owner.post("/api/admin/segments/count", { entity, conditions });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().count as number;
    };
    expect(await count("CUSTOMERS", { customer_tags: [vip.cuid] })).toBe(1);
    expect(await count("CUSTOMERS", { participant_tags: [swimmer.cuid] })).toBe(1);
    expect(await count("PARTICIPANTS", { participant_tags: [swimmer.cuid] })).toBe(1);
    expect(
      await count("CUSTOMERS", { customer_tags: [vip.cuid], participant_tags: [swimmer.cuid] }),
    ).toBe(0);
    // A participant tag given as a customer tag is refused.
    const wrong = await owner.post("/api/admin/segments/count", {
      entity: "CUSTOMERS",
      conditions: { customer_tags: [swimmer.cuid] },
    });
    expect(wrong.statusCode).toBe(400);
    const saved = await owner.post("/api/admin/segments", {
      entity: "CUSTOMERS",
      name: `VIP ${Date.now()}`,
      conditions: { customer_tags: [vip.cuid] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it("leave with a deleted account: the customer's and their participants' tags are erased", async () => {
    const vip = await tag("customers", `Supprimé ${Date.now()}`);
    const swimmer = await tag("participants", `Supprimé ${Date.now()}`);
    const leaving = await family();
    await owner.put(`/api/admin/customers/${leaving.cuid}/tags`, { tags: [vip.cuid] });
    await owner.put(`/api/admin/participants/${leaving.participantCuid}/tags`, {
      tags: [swimmer.cuid],
    });
    const deleted = await leaving.client.delete("/api/session");
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.db
      .select()
      .from(customerTags)
      .where(
        and(eq(customerTags.organiserId, demoId), eq(customerTags.customerId, leaving.customerId)),
      );
    expect(left).toEqual([]);
    const leftKids = await t.db
      .select()
      .from(participantTags)
      .where(eq(participantTags.participantId, leaving.participantId));
    expect(leftKids).toEqual([]);
  });
});

function sqlCollaboratorCuid(id: number) {
  return sql`select cuid from collaborators where id = ${id}`;
}
