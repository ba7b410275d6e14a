import { randomBytes } from "node:crypto";
import { auditLogs, memberships } from "@booking/db";
import { eq } from "@booking/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// The console's resource groups, resource and group images, and booking configurations
// (docs/decisions/0071-booking-configurations.md).

let t: TestApp;
let staff: Awaited<ReturnType<typeof collaboratorWith>>;
let membershipCuid: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await collaboratorWith(t, [
    "resources.resources.create",
    "resources.resources.read",
    "resources.resources.update",
    "resources.resources.delete",
    "resources.groups.create",
    "resources.groups.read",
    "resources.groups.update",
    "resources.groups.delete",
    "bookings.configurations.create",
    "bookings.configurations.read",
    "bookings.configurations.update",
    "bookings.configurations.delete",
  ]);
  const [membership] = await t.db
    .select({ cuid: memberships.cuid })
    .from(memberships)
    .where(eq(memberships.organiserId, await organiserIdOf(t.db, "demo")))
    .limit(1);
  membershipCuid = membership!.cuid;
});
afterAll(async () => {
  await t.close();
});

const court = (extra: Record<string, unknown> = {}) => ({
  name: "Padel 1",
  description: null,
  opening_hours: [],
  ...extra,
});
const config = (extra: Record<string, unknown> = {}) => ({
  name: "Membres",
  audience: "MEMBERS",
  memberships: [membershipCuid],
  days_ahead: 7,
  cancellation_hours: 24,
  max_per_week: 2,
  ...extra,
});

async function auditActions(cuid: string) {
  const rows = await t.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(eq(auditLogs.entityId, cuid))
    .orderBy(auditLogs.id);
  return rows.map((row) => row.action);
}

/** A multipart upload of one PNG as a browser sends it. */
async function upload(client: Client, url: string) {
  const file = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#27a" } })
    .png()
    .toBuffer();
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  return t.app.inject({
    method: "POST",
    url,
    headers: {
      host: client.host,
      cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
      "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe("resource groups", () => {
  it("creates, edits and lists a group with its resources and images, audited", async () => {
    const created = await staff.client.post("/api/admin/resource-groups", {
      name: "Terrains de padel",
      description: "Quatre terrains couverts",
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: "Terrains de padel", location: null, resources: [] });

    const resource = await staff.client.post("/api/admin/resources", court({ group: group.cuid }));
    expect(resource.statusCode).toBe(201);
    expect(resource.json().group).toEqual({ cuid: group.cuid, name: "Terrains de padel" });

    const image = await upload(staff.client, `/api/admin/resource-groups/${group.cuid}/images`);
    expect(image.statusCode).toBe(201);
    const edited = await staff.client.put(`/api/admin/resource-groups/${group.cuid}`, {
      name: "Padel",
      description: null,
    });
    expect(edited.json()).toMatchObject({
      name: "Padel",
      description: null,
      resources: [{ cuid: resource.json().cuid, name: "Padel 1" }],
      images: [{ cuid: image.json().cuid }],
    });
    // The storefront names the resource's group, with its pictures.
    const storefront = await new Client(t.app, DEMO_HOST).get(
      `/api/resources?id=${resource.json().id}`,
    );
    expect(storefront.json().data[0].group).toMatchObject({
      cuid: group.cuid,
      name: "Padel",
      description: null,
      images: [{ public_url: image.json().public_url }],
    });
    const list = (await staff.client.get("/api/admin/resource-groups")).json();
    expect(list.data.map((one: { cuid: string }) => one.cuid)).toContain(group.cuid);
    const planning = (await staff.client.get("/api/admin/resources")).json();
    expect(
      planning.data.find((one: { cuid: string }) => one.cuid === resource.json().cuid),
    ).toMatchObject({ group: "Padel" });
    expect(await auditActions(group.cuid)).toEqual([
      "resource_group.created",
      "resource_group.image_added",
      "resource_group.updated",
    ]);
  });

  it("refuses to delete a group with resources until they are moved", async () => {
    const group = (
      await staff.client.post("/api/admin/resource-groups", { name: "Salles" })
    ).json();
    const resource = (
      await staff.client.post("/api/admin/resources", court({ group: group.cuid }))
    ).json();
    const refused = await staff.client.delete(`/api/admin/resource-groups/${group.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("RESOURCE_GROUP_IN_USE");
    await staff.client.put(`/api/admin/resources/${resource.cuid}`, court({ group: null }));
    const deleted = await staff.client.delete(`/api/admin/resource-groups/${group.cuid}`);
    expect(deleted.statusCode).toBe(200);
    expect((await staff.client.get(`/api/admin/resource-groups/${group.cuid}`)).statusCode).toBe(
      404,
    );
  });

  it("uploads, orders and removes a resource's images", async () => {
    const resource = (await staff.client.post("/api/admin/resources", court())).json();
    const base = `/api/admin/resources/${resource.cuid}/images`;
    const first = (await upload(staff.client, base)).json();
    const second = (await upload(staff.client, base)).json();
    const ordered = await staff.client.put(`${base}/order`, { cuids: [second.cuid, first.cuid] });
    expect(ordered.statusCode).toBe(200);
    const read = (await staff.client.get(`/api/admin/resources/${resource.cuid}`)).json();
    expect(read.images.map((image: { cuid: string }) => image.cuid)).toEqual([
      second.cuid,
      first.cuid,
    ]);
    expect((await staff.client.delete(`${base}/${second.cuid}`)).statusCode).toBe(200);
    const after = (await staff.client.get(`/api/admin/resources/${resource.cuid}`)).json();
    expect(after.images.map((image: { cuid: string }) => image.cuid)).toEqual([first.cuid]);
    expect(await auditActions(resource.cuid)).toEqual([
      "resource.created",
      "resource.image_added",
      "resource.image_added",
      "resource.images_reordered",
      "resource.image_removed",
    ]);
  });
});

describe("booking configurations", () => {
  it("creates and edits a configuration shared by resources; in use, it is not deleted", async () => {
    const created = await staff.client.post("/api/admin/booking-configurations", config());
    expect(created.statusCode).toBe(201);
    const configuration = created.json();
    expect(configuration).toMatchObject({
      audience: "MEMBERS",
      memberships: [{ cuid: membershipCuid }],
      days_ahead: 7,
      cancellation_hours: 24,
      max_per_week: 2,
    });
    const one = (
      await staff.client.post(
        "/api/admin/resources",
        court({ booking_configuration: configuration.cuid }),
      )
    ).json();
    const two = (
      await staff.client.post(
        "/api/admin/resources",
        court({ name: "Padel 2", booking_configuration: configuration.cuid }),
      )
    ).json();
    expect(one.booking_configuration).toEqual({ cuid: configuration.cuid, name: "Membres" });
    const edited = await staff.client.put(
      `/api/admin/booking-configurations/${configuration.cuid}`,
      config({ name: "Tout le monde", audience: "EVERYONE", memberships: [], max_per_week: null }),
    );
    expect(edited.json()).toMatchObject({
      name: "Tout le monde",
      audience: "EVERYONE",
      memberships: [],
      max_per_week: null,
      resources: [
        { cuid: one.cuid, name: "Padel 1" },
        { cuid: two.cuid, name: "Padel 2" },
      ],
    });
    const refused = await staff.client.delete(
      `/api/admin/booking-configurations/${configuration.cuid}`,
    );
    expect(refused.json().error).toBe("BOOKING_CONFIGURATION_IN_USE");
    for (const resource of [one, two]) {
      await staff.client.put(
        `/api/admin/resources/${resource.cuid}`,
        court({ name: resource.name }),
      );
    }
    const deleted = await staff.client.delete(
      `/api/admin/booking-configurations/${configuration.cuid}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await auditActions(configuration.cuid)).toEqual([
      "booking_configuration.created",
      "booking_configuration.updated",
      "booking_configuration.deleted",
    ]);
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    const configuration = (
      await staff.client.post("/api/admin/booking-configurations", config())
    ).json();
    const before = await databaseDigest(t.db);
    const bad: [unknown, string][] = [
      [null, ""],
      [config({ name: "" }), "name"],
      [config({ audience: "FRIENDS" }), "audience"],
      [config({ memberships: [] }), "memberships"],
      [config({ memberships: ["zzzzzzzzzzzzzzzzzzzzzzzz"] }), "memberships"],
      [config({ days_ahead: 0 }), "days_ahead"],
      [config({ cancellation_hours: -1 }), "cancellation_hours"],
      [config({ max_per_week: 0 }), "max_per_week"],
      [config({ max_per_week: 1.5 }), "max_per_week"],
    ];
    for (const [body, field] of bad) {
      for (const response of [
        await staff.client.post("/api/admin/booking-configurations", body),
        await staff.client.put(`/api/admin/booking-configurations/${configuration.cuid}`, body),
      ]) {
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        if (field) expect(Object.keys(response.json().fields ?? {})).toContain(field);
      }
    }
    for (const response of [
      await staff.client.post("/api/admin/resource-groups", { name: "" }),
      await staff.client.post("/api/admin/resource-groups", { name: "A", location: "zzz" }),
      await staff.client.post("/api/admin/resources", court({ group: "zzz" })),
      await staff.client.post("/api/admin/resources", court({ booking_configuration: "zzz" })),
    ]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("does not find another organiser's group or configuration", async () => {
    const other = await collaboratorWith(
      t,
      ["resources.groups.create", "bookings.configurations.create"],
      "demo-en",
    );
    const group = (await other.client.post("/api/admin/resource-groups", { name: "X" })).json();
    const configuration = (
      await other.client.post(
        "/api/admin/booking-configurations",
        config({ audience: "EVERYONE", memberships: [] }),
      )
    ).json();
    const before = await databaseDigest(t.db);
    for (const response of [
      await staff.client.get(`/api/admin/resource-groups/${group.cuid}`),
      await staff.client.put(`/api/admin/resource-groups/${group.cuid}`, { name: "Y" }),
      await staff.client.delete(`/api/admin/resource-groups/${group.cuid}`),
      await staff.client.get(`/api/admin/booking-configurations/${configuration.cuid}`),
      await staff.client.delete(`/api/admin/booking-configurations/${configuration.cuid}`),
      await staff.client.post("/api/admin/resources", court({ group: group.cuid })),
      await staff.client.post(
        "/api/admin/resources",
        court({ booking_configuration: configuration.cuid }),
      ),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});
