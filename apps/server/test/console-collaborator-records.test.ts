import { collaborators } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditOf,
} from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";

// Collaborators' custom fields and notes (issue 17 §4, decision 0088): the customers' custom
// fields with entity COLLABORATORS, values on the membership; staff notes.

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(() => t.close());

async function member() {
  const made = await collaboratorWith(t, ["registrations.registrations.read"]);
  const [row] = await t.db
    .select({ cuid: collaborators.cuid })
    .from(collaborators)
    .where(eq(collaborators.id, made.collaboratorId));
  return { ...made, cuid: row!.cuid };
}

describe("collaborators' custom fields", () => {
  it("are the custom fields of entity COLLABORATORS, filled on a collaborator's record and checked like a customer's", async () => {
    const field = await owner.post("/api/admin/custom-fields", {
      entity: "COLLABORATORS",
      type: "TEXT",
      title: "Brevet",
      required: true,
      pattern: "^[A-Z]{2}-\\d{4}$",
    });
    expect(field.statusCode, field.body).toBe(201);
    const fieldId = field.json().id as number;
    const who = await member();
    const url = `/api/admin/collaborators/${who.cuid}`;

    const record = await owner.get(`${url}/record`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({
      custom_fields: [expect.objectContaining({ id: fieldId, entity: "COLLABORATORS" })],
      custom_data: [],
      notes: [],
    });
    const bad = await owner.put(`${url}/custom-data`, {
      custom_data: [{ field_id: fieldId, data: "brevet" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ [`custom_data.${fieldId}`]: "INVALID_FORMAT" });
    const saved = await owner.put(`${url}/custom-data`, {
      custom_data: [{ field_id: fieldId, data: "BE-1234" }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().custom_data).toEqual([{ field_id: fieldId, data: "BE-1234" }]);
    expect((await lastAuditOf(t.db, who.cuid))?.action).toBe("collaborator.custom_data_updated");
    // The customers' forms do not ask it.
    const customers = await owner.get("/api/admin/custom-fields?entity=CUSTOMERS");
    expect(customers.json().data.map((row: { id: number }) => row.id)).not.toContain(fieldId);
  });

  it("take the collaborators' custom fields permission besides the page's", async () => {
    const only = await collaboratorWith(t, [
      "customers.custom_fields.read",
      "customers.custom_fields.create",
    ]);
    const refused = await only.client.post("/api/admin/custom-fields", {
      entity: "COLLABORATORS",
      type: "TEXT",
      title: "Taille de t-shirt",
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await only.client.get("/api/admin/custom-fields?entity=COLLABORATORS")).statusCode,
    ).toBe(403);
    const customerField = await only.client.post("/api/admin/custom-fields", {
      entity: "CUSTOMERS",
      type: "TEXT",
      title: `Profession ${Date.now()}`,
    });
    expect(customerField.statusCode).toBe(201);
  });
});

describe("collaborators' notes", () => {
  it("are written, edited and deleted on a collaborator's record, audited; another organiser's collaborator is 404", async () => {
    const who = await member();
    const url = `/api/admin/collaborators/${who.cuid}/notes`;
    const created = await owner.post(url, { body: "Disponible le mercredi" });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json();
    expect((await lastAuditOf(t.db, note.cuid))?.action).toBe("collaborator_note.created");
    const edited = await owner.put(`${url}/${note.cuid}`, { body: "Disponible le mercredi matin" });
    expect(edited.json().body).toBe("Disponible le mercredi matin");
    expect(
      (await owner.get(`/api/admin/collaborators/${who.cuid}/record`)).json().notes,
    ).toMatchObject([{ body: "Disponible le mercredi matin" }]);
    expect((await owner.delete(`${url}/${note.cuid}`)).statusCode).toBe(200);
    expect((await owner.delete(`${url}/${note.cuid}`)).statusCode).toBe(404);

    const stranger = await collaboratorWith(t, [], "demo-en");
    const [row] = await t.db
      .select({ cuid: collaborators.cuid })
      .from(collaborators)
      .where(eq(collaborators.id, stranger.collaboratorId));
    expect(
      (await owner.post(`/api/admin/collaborators/${row!.cuid}/notes`, { body: "x" })).statusCode,
    ).toBe(404);
  });
});
