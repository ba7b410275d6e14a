import { auditLogs } from "@booking/db";
import { desc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collaboratorWith } from "./console-fixtures.ts";
import { createTestApp, type TestApp } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/admin/exports/:kind.:format", () => {
  it("downloads a file for a collaborator with the export's permission, and audits it", async () => {
    const { client } = await collaboratorWith(t, ["exports.customers.read"]);
    const csv = await client.get("/api/admin/exports/customers.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.body).toContain("parent@demo.test");

    const xlsx = await client.get("/api/admin/exports/customers.xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");

    expect((await client.get("/api/admin/exports/registrations.csv")).statusCode).toBe(403);
    expect((await client.get("/api/admin/exports/customers.pdf")).statusCode).toBe(400);
    const [log] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "export.downloaded"))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(log).toMatchObject({ entity: "customers", after: { format: "xlsx" } });
  });
});
