import { collaborators } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { ALL_PERMISSIONS, isPermission } from "@booking/domain";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsoleRouteGuard } from "../src/http/console-routes.ts";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { databaseDigest as digestOf } from "./database-digest.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "./harness.ts";

/**
 * The console's permission wall, route by route: every /api/admin route the app registers is
 * called by a collaborator holding every permission but the route's (403, nothing changes) and
 * by one holding only it (allowed through). New routes are covered as soon as they exist.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const placeholder = "zzzzzzzzzzzzzzzzzzzzzzzz";

/** The table behind a URL segment followed by an id, where the names differ. */
const TABLE_OF_SEGMENT: Record<string, string> = {
  roles: "collaborator_roles",
  "audit-logs": "audit_logs",
  notes: "customer_notes",
  "bank-statements": "bank_statements",
  "bank-transfers": "bank_transfers",
  "bank-statement-lines": "bank_statement_lines",
  "category-groups": "category_groups",
  "calendar-periods": "calendar_periods",
  "custom-fields": "custom_fields",
  "document-models": "document_models",
  "document-images": "document_images",
  "waiting-list": "waiting_list_entries",
  requests: "registration_requests",
  "resource-groups": "resource_groups",
  "booking-configurations": "booking_configurations",
  "customer-bundles": "customer_bundles",
  "cart-items": "cart_items",
  "transaction-proofs": "transaction_proofs",
  "volume-discounts": "volume_discounts",
  "customer-vouchers": "customer_vouchers",
  "customer-memberships": "customer_memberships",
  "customer-discounts": "customer_discounts",
  reviews: "registration_reviews",
  webhooks: "webhook_endpoints",
  "api-keys": "api_keys",
};
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, placeholder);

const databaseDigest = () => digestOf(t.db);

describe("console permissions, every /api/admin route", () => {
  it("declares a known permission (or a documented public/session rule) on every route", () => {
    expect(t.app.consoleRoutes.length).toBeGreaterThan(10);
    for (const route of t.app.consoleRoutes) {
      const valid =
        route.access === "public" ||
        route.access === "session" ||
        // the platform area's calls: an operator's session (operators.test.ts walks them)
        route.access === "operator" ||
        isPermission(route.access);
      expect(valid, `${route.method} ${route.url}: ${route.access}`).toBe(true);
    }
  });

  it("refuses each call without its permission (403, nothing written) and admits it with only that permission", async () => {
    const guarded = t.app.consoleRoutes.filter((route) => isPermission(route.access));
    const permissions = [...new Set(guarded.map((route) => route.access))];
    const without = new Map<string, Awaited<ReturnType<typeof collaboratorWith>>>();
    const only = new Map<string, Awaited<ReturnType<typeof collaboratorWith>>>();
    for (const permission of permissions) {
      without.set(
        permission,
        await collaboratorWith(
          t,
          ALL_PERMISSIONS.filter((p) => p !== permission),
        ),
      );
      only.set(permission, await collaboratorWith(t, [permission]));
    }

    const before = await databaseDigest();
    for (const route of guarded) {
      const { client } = without.get(route.access)!;
      const response = await client.request(route.method as "GET", concrete(route.url), {
        body: route.method === "GET" ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ error: "FORBIDDEN" });
    }
    expect(await databaseDigest()).toBe(before);

    for (const route of guarded) {
      const { client } = only.get(route.access)!;
      const response = await client.request(route.method as "GET", concrete(route.url), {
        body: route.method === "GET" ? undefined : {},
      });
      expect([401, 403], `${route.method} ${route.url}: ${response.body}`).not.toContain(
        response.statusCode,
      );
    }
    // Two logged-in collaborators per permission: password hashing takes its time.
  }, 180_000);

  it("answers 401 to every guarded route without a session", async () => {
    for (const route of t.app.consoleRoutes.filter((r) => r.access !== "public")) {
      const response = await t.app.inject({
        method: route.method as "GET",
        url: concrete(route.url),
        headers: { host: "admin.localhost" },
      });
      // State-changing calls without the XSRF header stop there (403), before anything else.
      const expected = route.method === "GET" ? 401 : 403;
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(expected);
    }
  });

  it("gives a collaborator of one organiser nothing of another's, whatever id they send", async () => {
    const ownerA = await collaboratorWith(t, "owner", "demo");
    const memberB = await collaboratorWith(t, [], "demo-en");
    const organiserB = await organiserIdOf(t.db, "demo-en");
    const tablesWithCuid = await t.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'cuid'
            and table_name in (select table_name from information_schema.columns
                               where table_schema = 'public' and column_name = 'organiser_id')`,
    );
    const cuidOfB = async (segment: string): Promise<string | null> => {
      if (segment === "collaborators") {
        const [row] = await t.db
          .select({ cuid: collaborators.cuid })
          .from(collaborators)
          .where(eq(collaborators.id, memberB.collaboratorId));
        return row?.cuid ?? null;
      }
      const table = TABLE_OF_SEGMENT[segment] ?? segment;
      if (!tablesWithCuid.rows.some((row) => row.name === table)) return null;
      const result = await t.db.execute<{ cuid: string }>(
        sql`select cuid from ${sql.identifier(table)} where organiser_id = ${organiserB} limit 1`,
      );
      return result.rows[0]?.cuid ?? null;
    };

    const before = await databaseDigest();
    let checked = 0;
    for (const route of t.app.consoleRoutes.filter((r) => isPermission(r.access))) {
      const match = /\/([a-z-]+)\/:[A-Za-z_]+/.exec(route.url);
      if (!match) continue;
      const cuid = await cuidOfB(match[1]!);
      if (!cuid) continue;
      const url = route.url.replace(/:[A-Za-z_]+/, cuid).replace(/:[A-Za-z_]+/g, placeholder);
      const response = await ownerA.client.request(route.method as "GET", url, {
        body: route.method === "GET" ? undefined : {},
      });
      expect(
        response.statusCode,
        `${route.method} ${url}: ${response.body}`,
      ).toBeGreaterThanOrEqual(400);
      if (route.method === "GET" || route.method === "DELETE") {
        expect(response.statusCode, `${route.method} ${url}`).toBe(404);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
    expect(await databaseDigest()).toBe(before);
  });

  it("refuses to start with a console route that declares no access rule", async () => {
    const app = Fastify();
    registerConsoleRouteGuard(app, { db: t.db, secret: TEST_SECRET });
    expect(() => app.get("/api/admin/unguarded", async () => ({}))).toThrow(
      /declares no console access rule/,
    );
    await app.close();
  });
});
