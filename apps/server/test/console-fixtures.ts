import {
  auditLogs,
  collaboratorRoles,
  collaborators,
  customFields,
  type Database,
  organiserCollaborators,
  organisers,
} from "@booking/db";
import { and, desc, eq } from "@booking/db/orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hashPassword } from "../src/modules/accounts/passwords.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import {
  Client,
  createTestApp,
  DEMO_PASSWORD,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

export const ADMIN_HOST = "admin.localhost";
export const DEMO_OWNER_EMAIL = "owner@demo.test";

/** A browser on the console's host, with its XSRF cookie already taken. */
export async function consoleBrowser(app: FastifyInstance): Promise<Client> {
  const client = new Client(app, ADMIN_HOST);
  await client.get("/api/admin/session");
  return client;
}

export async function consoleLogin(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Client> {
  const client = await consoleBrowser(app);
  const response = await client.post("/api/admin/auth/login", { email, password });
  if (response.statusCode !== 200) throw new Error(`console log-in failed: ${response.body}`);
  return client;
}

export async function organiserIdOf(db: Database, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, slug));
  if (!row) throw new Error(`no organiser ${slug}`);
  return row.id;
}

/** A test app, the demo organiser's id and its owner logged in to the console. */
export async function demoConsole(): Promise<{ t: TestApp; organiserId: number; owner: Client }> {
  const t = await createTestApp();
  const organiserId = await organiserIdOf(t.db, "demo");
  const owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  return { t, organiserId, owner };
}

/** The id of the organiser's custom field titled `title` (the seed's fields are unique by title). */
export async function customFieldIdOf(
  db: Database,
  organiserId: number,
  title: string,
): Promise<number> {
  const [row] = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(eq(customFields.organiserId, organiserId), eq(customFields.title, title)));
  if (!row) throw new Error(`no custom field ${title}`);
  return row.id;
}

let sequence = 0;

/**
 * A collaborator of `slug` whose role holds exactly `permissions` ("owner": the owner role),
 * written straight to the database, and logged in to the console.
 */
export async function collaboratorWith(
  t: { app: FastifyInstance; db: Database },
  permissions: string[] | "owner",
  slug = "demo",
): Promise<{ client: Client; email: string; collaboratorId: number; roleId: number }> {
  sequence += 1;
  const organiserId = await organiserIdOf(t.db, slug);
  const email = `staff-${sequence}-${Date.now()}@example.org`;
  const [collaborator] = await t.db
    .insert(collaborators)
    .values({
      email,
      firstname: "Staff",
      lastname: `Member ${sequence}`,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning();
  const [role] = await t.db
    .insert(collaboratorRoles)
    .values({
      organiserId,
      name: `Role ${sequence} ${email}`,
      permissions: permissions === "owner" ? [] : permissions,
      isOwner: permissions === "owner",
    })
    .returning();
  await t.db
    .insert(organiserCollaborators)
    .values({ organiserId, collaboratorId: collaborator!.id, roleId: role!.id });
  return {
    client: await consoleLogin(t.app, email),
    email,
    collaboratorId: collaborator!.id,
    roleId: role!.id,
  };
}

/** The organiser as the storefront's pages at `host` receive it now (what SSR renders from). */
export async function storefrontOrganiserAt(db: Database, host: string) {
  const organiser = await findOrganiserByHost(db, host, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const context = await storefrontContextFactory(db)(request);
  if (context.kind !== "storefront") throw new Error("expected a storefront context");
  return context.organiser;
}

/** The latest audit entry of `action` at the organiser. */
export async function lastAuditByAction(db: Database, organiserId: number, action: string) {
  const [row] = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.organiserId, organiserId), eq(auditLogs.action, action)))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

/** The latest audit entry about the entity `entityId`. */
export async function lastAuditOf(db: Database, entityId: string) {
  const [row] = await db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, entityId))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}
