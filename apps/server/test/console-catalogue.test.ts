import { availabilities, locations } from "@booking/db";
import { and, count, eq, isNotNull } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditOf,
  organiserIdOf,
} from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, registration, type TestApp } from "./harness.ts";

/**
 * The console's catalogue settings: locations, category groups and categories, custom fields of
 * customers and participants (API, real PostgreSQL).
 */

let t: TestApp;
let owner: Client;
let organiserId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  organiserId = await organiserIdOf(t.db, "demo");
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
});
afterAll(async () => {
  await t.close();
});

const lastAudit = (entityId: string) => lastAuditOf(t.db, entityId);

describe("locations", () => {
  it("creates, reads, lists with search, edits and deletes an unused location, with an audit trail", async () => {
    const created = await owner.post("/api/admin/locations", {
      title: "Salle Étoile",
      name: "Centre sportif",
      street: "Rue du Stade",
      number: "12",
      postcode: "1000",
      city: "Bruxelles",
      country: "be",
    });
    expect(created.statusCode).toBe(201);
    const location = created.json();
    expect(location).toMatchObject({
      title: "Salle Étoile",
      country: "BE",
      availabilities_count: 0,
    });
    expect((await lastAudit(location.cuid))?.action).toBe("location.created");

    // The search folds accents and case, word by word.
    const found = (await owner.get("/api/admin/locations?q=etoile%20bruxelles")).json();
    expect(found.data.map((item: { cuid: string }) => item.cuid)).toEqual([location.cuid]);
    expect(found.count).toBe(1);
    const paged = (await owner.get("/api/admin/locations?page_size=1&page_number=2")).json();
    expect(paged).toMatchObject({ limit: 1, offset: 1 });
    expect(paged.data).toHaveLength(1);

    const updated = await owner.put(`/api/admin/locations/${location.cuid}`, {
      title: "Salle Étoile",
      city: "Ixelles",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ city: "Ixelles", street: null, name: null });
    const audit = await lastAudit(location.cuid);
    expect(audit?.action).toBe("location.updated");
    expect(audit?.before).toMatchObject({ city: "Bruxelles" });
    expect(audit?.after).toMatchObject({ city: "Ixelles" });

    expect((await owner.get(`/api/admin/locations/${location.cuid}`)).json().city).toBe("Ixelles");
    expect((await owner.delete(`/api/admin/locations/${location.cuid}`)).statusCode).toBe(200);
    const gone = await owner.get(`/api/admin/locations/${location.cuid}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "LOCATION_NOT_FOUND" });
  });

  it("refuses bad input on its fields", async () => {
    const response = await owner.post("/api/admin/locations", { title: " ", country: "BEL" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { title: "REQUIRED", country: "TOO_LONG" },
    });
    const digits = await owner.post("/api/admin/locations", { title: "X", country: "1A" });
    expect(digits.json().fields).toEqual({ country: "INVALID_FORMAT" });
  });

  it("refuses to delete a location where availabilities take place (409 LOCATION_IN_USE)", async () => {
    const [used] = await t.db
      .select({ cuid: locations.cuid })
      .from(locations)
      .innerJoin(availabilities, eq(availabilities.locationId, locations.id))
      .where(and(eq(locations.organiserId, organiserId), isNotNull(availabilities.locationId)))
      .limit(1);
    const [held] = await t.db
      .select({ n: count() })
      .from(availabilities)
      .innerJoin(locations, eq(locations.id, availabilities.locationId))
      .where(eq(locations.cuid, used!.cuid));
    const detail = (await owner.get(`/api/admin/locations/${used!.cuid}`)).json();
    expect(detail.availabilities_count).toBe(held!.n);
    const listed = (await owner.get("/api/admin/locations?page_size=100")).json().data;
    expect(
      listed.find((item: { cuid: string }) => item.cuid === used!.cuid).availabilities_count,
    ).toBe(held!.n);
    const response = await owner.delete(`/api/admin/locations/${used!.cuid}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "LOCATION_IN_USE" });
    expect((await owner.get(`/api/admin/locations/${used!.cuid}`)).statusCode).toBe(200);
  });
});

describe("category groups and categories", () => {
  it("creates groups and categories at the end, reorders them, moves and deletes categories", async () => {
    const before = (await owner.get("/api/admin/category-groups")).json().data;
    const group = (
      await owner.post("/api/admin/category-groups", { title: "Niveau", scope: "SECONDARY" })
    ).json();
    expect(group).toMatchObject({ title: "Niveau", scope: "SECONDARY", categories: [] });
    expect(group.order).toBe(
      before.length === 0 ? 0 : Math.max(...before.map((g: { order: number }) => g.order)) + 1,
    );

    const names = ["Débutant", "Confirmé", "Expert"];
    const created = [];
    for (const title of names) {
      const response = await owner.post("/api/admin/categories", { group: group.cuid, title });
      expect(response.statusCode).toBe(201);
      created.push(response.json());
    }
    expect(created.map((category) => category.order)).toEqual([0, 1, 2]);

    const reordered = await owner.put("/api/admin/categories/order", {
      group: group.cuid,
      cuids: [created[2].cuid, created[0].cuid, created[1].cuid],
    });
    expect(reordered.statusCode).toBe(200);
    const inGroup = reordered
      .json()
      .data.find((g: { cuid: string }) => g.cuid === group.cuid)
      .categories.map((c: { title: string }) => c.title);
    expect(inGroup).toEqual(["Expert", "Débutant", "Confirmé"]);

    // A list that leaves one out, or names another group's category, is a MISMATCH.
    const partial = await owner.put("/api/admin/categories/order", {
      group: group.cuid,
      cuids: [created[0].cuid],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({ error: "VALIDATION_ERROR", fields: { cuids: "MISMATCH" } });

    const groups = [...before.map((g: { cuid: string }) => g.cuid), group.cuid];
    const moved = await owner.put("/api/admin/category-groups/order", {
      cuids: [group.cuid, ...groups.slice(0, -1)],
    });
    expect(moved.json().data[0].cuid).toBe(group.cuid);

    // Moving a category to another group puts it last there.
    const other = before[0];
    const move = await owner.put(`/api/admin/categories/${created[0].cuid}`, {
      group: other.cuid,
      title: "Débutants",
    });
    expect(move.statusCode).toBe(200);
    const after = (await owner.get("/api/admin/category-groups")).json().data;
    const otherAfter = after.find((g: { cuid: string }) => g.cuid === other.cuid);
    expect(otherAfter.categories.at(-1)).toMatchObject({ title: "Débutants" });

    const notEmpty = await owner.delete(`/api/admin/category-groups/${group.cuid}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json()).toEqual({ error: "CATEGORY_GROUP_NOT_EMPTY" });
    for (const category of created.slice(1)) {
      expect((await owner.delete(`/api/admin/categories/${category.cuid}`)).statusCode).toBe(200);
    }
    expect((await owner.delete(`/api/admin/category-groups/${group.cuid}`)).statusCode).toBe(200);
    expect((await lastAudit(group.cuid))?.action).toBe("category_group.deleted");
  });

  it("answers 404 for unknown groups and categories, and validates titles and scopes", async () => {
    const unknownGroup = await owner.post("/api/admin/categories", {
      group: "nope",
      title: "Orpheline",
    });
    expect(unknownGroup.statusCode).toBe(404);
    expect(unknownGroup.json()).toEqual({ error: "CATEGORY_GROUP_NOT_FOUND" });
    const unknownCategory = await owner.delete("/api/admin/categories/nope");
    expect(unknownCategory.json()).toEqual({ error: "CATEGORY_NOT_FOUND" });
    const invalid = await owner.post("/api/admin/category-groups", { title: "", scope: "MAIN" });
    expect(invalid.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { title: "REQUIRED", scope: "INVALID_CHOICE" },
    });
  });
});

describe("custom fields", () => {
  it("adds a required customer field that the storefront's registration then asks, and keeps its values safe", async () => {
    const created = await owner.post("/api/admin/custom-fields", {
      entity: "CUSTOMERS",
      type: "CHOICES_SINGLE",
      title: "Comment nous avez-vous connus ?",
      required: true,
      choices: [{ label: "Bouche à oreille" }, { label: "Internet" }],
    });
    expect(created.statusCode).toBe(201);
    const field = created.json();
    expect(field.choices).toEqual([
      { id: 1, label: "Bouche à oreille" },
      { id: 2, label: "Internet" },
    ]);
    expect(field.values_count).toBe(0);

    const storefront = new Client(t.app, DEMO_HOST);
    const missing = await storefront.post(
      "/api/auth/register",
      registration({ email: "field-missing@example.org" }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ [`custom_data.${field.id}`]: "REQUIRED" });
    const answered = await storefront.post(
      "/api/auth/register",
      registration({
        email: "field-answered@example.org",
        custom_data: [{ field_id: field.id, data: "Internet" }],
      }),
    );
    expect(answered.statusCode).toBe(201);

    const listed = (await owner.get("/api/admin/custom-fields?entity=CUSTOMERS")).json().data;
    expect(listed.find((item: { cuid: string }) => item.cuid === field.cuid).values_count).toBe(1);

    // Values were checked against the type: it stays; the field cannot be deleted either.
    const body = {
      entity: "CUSTOMERS",
      type: "CHOICES_SINGLE",
      title: field.title,
      required: false,
      active: false,
      choices: [
        { id: 2, label: "Internet" },
        { id: 1, label: "Bouche à oreille" },
        { label: "Presse" },
      ],
    };
    const retype = await owner.put(`/api/admin/custom-fields/${field.cuid}`, {
      ...body,
      type: "TEXT",
    });
    expect(retype.statusCode).toBe(409);
    expect(retype.json()).toEqual({ error: "CUSTOM_FIELD_HAS_VALUES" });
    const removal = await owner.delete(`/api/admin/custom-fields/${field.cuid}`);
    expect(removal.json()).toEqual({ error: "CUSTOM_FIELD_HAS_VALUES" });

    // Deactivated instead: registration no longer asks it; choices keep their ids.
    const deactivated = await owner.put(`/api/admin/custom-fields/${field.cuid}`, body);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({
      active: false,
      choices: [
        { id: 2, label: "Internet" },
        { id: 1, label: "Bouche à oreille" },
        { id: 3, label: "Presse" },
      ],
    });
    const afterwards = await storefront.post(
      "/api/auth/register",
      registration({ email: "field-inactive@example.org" }),
    );
    expect(afterwards.statusCode).toBe(201);
    const audit = await lastAudit(field.cuid);
    expect(audit?.action).toBe("custom_field.updated");
    expect(audit?.after).toMatchObject({ active: false });
  });

  it("validates patterns, choices and the entity, reorders per entity and deletes an unused field", async () => {
    const badPattern = await owner.post("/api/admin/custom-fields", {
      entity: "PARTICIPANTS",
      type: "TEXT",
      title: "Numéro national",
      pattern: "([0-9]{11}",
    });
    expect(badPattern.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { pattern: "INVALID_FORMAT" },
    });
    const noChoices = await owner.post("/api/admin/custom-fields", {
      entity: "PARTICIPANTS",
      type: "CHOICES_MULTIPLE",
      title: "Allergies",
    });
    expect(noChoices.json().fields).toEqual({ choices: "REQUIRED" });
    const duplicate = await owner.post("/api/admin/custom-fields", {
      entity: "PARTICIPANTS",
      type: "CHOICES_MULTIPLE",
      title: "Allergies",
      choices: [{ label: "Gluten" }, { label: "gluten" }],
    });
    expect(duplicate.json().fields).toEqual({ "choices.1.label": "DUPLICATE" });

    const text = (
      await owner.post("/api/admin/custom-fields", {
        entity: "PARTICIPANTS",
        type: "TEXT",
        title: "Numéro national",
        pattern: "[0-9]{11}",
      })
    ).json();
    expect(text.pattern).toBe("[0-9]{11}");
    const unknownChoice = await owner.put(`/api/admin/custom-fields/${text.cuid}`, {
      entity: "PARTICIPANTS",
      type: "CHOICES_SINGLE",
      title: "Numéro national",
      choices: [{ id: 9, label: "A" }],
    });
    expect(unknownChoice.json().fields).toEqual({ "choices.0.id": "INVALID_CHOICE" });
    const otherEntity = await owner.put(`/api/admin/custom-fields/${text.cuid}`, {
      entity: "CUSTOMERS",
      type: "TEXT",
      title: "Numéro national",
    });
    expect(otherEntity.json().fields).toEqual({ entity: "MISMATCH" });

    const participants = (await owner.get("/api/admin/custom-fields?entity=PARTICIPANTS")).json()
      .data as Array<{ cuid: string; entity: string }>;
    expect(participants.every((item) => item.entity === "PARTICIPANTS")).toBe(true);
    const reversed = participants.map((item) => item.cuid).reverse();
    const reorder = await owner.put("/api/admin/custom-fields/order", {
      entity: "PARTICIPANTS",
      cuids: reversed,
    });
    expect(reorder.statusCode).toBe(200);
    expect(reorder.json().data.map((item: { cuid: string }) => item.cuid)).toEqual(reversed);
    const wrongEntity = await owner.put("/api/admin/custom-fields/order", {
      entity: "CUSTOMERS",
      cuids: reversed,
    });
    expect(wrongEntity.json().fields).toEqual({ cuids: "MISMATCH" });

    expect((await owner.delete(`/api/admin/custom-fields/${text.cuid}`)).statusCode).toBe(200);
    const gone = await owner.put(`/api/admin/custom-fields/${text.cuid}`, {
      entity: "PARTICIPANTS",
      type: "TEXT",
      title: "X",
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "CUSTOM_FIELD_NOT_FOUND" });
  });

  it("lets a collaborator with read access only read", async () => {
    const reader = await collaboratorWith(t, ["customers.custom_fields.read"]);
    expect((await reader.client.get("/api/admin/custom-fields")).statusCode).toBe(200);
    const refused = await reader.client.post("/api/admin/custom-fields", {
      entity: "CUSTOMERS",
      type: "TEXT",
      title: "Interdit",
    });
    expect(refused.statusCode).toBe(403);
  });
});
