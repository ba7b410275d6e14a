import { randomBytes } from "node:crypto";
import {
  type Database,
  DEMO_FLOWS_KEY,
  DEMO_OWNER_EMAIL,
  DEMO_SEED_KEY,
  DEMO_SEED_VERSION,
  events,
  platformMeta,
  type TenantTx,
} from "@booking/db";
import { and, eq, isNull, sql } from "@booking/db/orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { type PublicUrls, publicUrlsOf } from "../http/public-urls.ts";
import {
  deleteSession,
  findLiveSession,
  findRoleAt,
  insertSession,
} from "../modules/collaborators/queries.ts";
import type { Organiser } from "../modules/organisers/queries.ts";
import { demoActors } from "./actors.ts";
import { collaboratorIdByEmail, organiserBySlug } from "./lookups.ts";
import { DEMO_ORGANISER_FLOWS } from "./organisers.ts";
import { demoWorld } from "./world.ts";

// The demo's flows (decision 0073): once the demo seed has set the organisers up
// (packages/db/src/seed), what their customers and staff did is made through the product's own
// services, in the order it happened, each step at its time (the services' clock). All of it in
// one transaction, recorded under DEMO_FLOWS_KEY: a second start finds the record and does
// nothing; a failure leaves nothing half-made and the next start tries again.

// Serialises two server processes starting on the same database.
const FLOWS_LOCK_KEY = 727_003;

export type DemoFlowsOptions = {
  /** the addresses the payments return to; by default the development ones */
  urls?: PublicUrls;
  log?: FastifyBaseLogger;
};

export type DemoFlowsSummary = { skipped: string } | { made: { steps: number } };

type SeedRecord = { version?: number; seeded_at?: string };

async function seedRecord(db: Database | TenantTx, key: string): Promise<SeedRecord | null> {
  const [row] = await db
    .select({ value: platformMeta.value })
    .from(platformMeta)
    .where(eq(platformMeta.key, key));
  return (row?.value as SeedRecord | undefined) ?? null;
}

/** Why the flows must not run now, or null. */
async function skipReason(db: Database | TenantTx): Promise<string | null> {
  const seed = await seedRecord(db, DEMO_SEED_KEY);
  if (!seed || (seed.version ?? 1) !== DEMO_SEED_VERSION) return "no demo seed of this version";
  if (await seedRecord(db, DEMO_FLOWS_KEY)) return "already made";
  return null;
}

/**
 * Makes what the demo's staff and customers did through the services (organisers.ts), once,
 * after `seedDemo`. The
 * story's "now" is the seed's, so that it fits the seeded dates however late it runs.
 */
export async function seedDemoFlows(
  db: Database,
  options: DemoFlowsOptions = {},
): Promise<DemoFlowsSummary> {
  const skipped = await skipReason(db);
  if (skipped) return { skipped };
  const log = options.log ?? (pino({ level: "warn" }) as unknown as FastifyBaseLogger);
  const urls = options.urls ?? publicUrlsOf({ platformDomain: "localhost" });
  // Staff act through console sessions of the demo owner at each organiser, closed at the end.
  const ownerId = await collaboratorIdByEmail(db, DEMO_OWNER_EMAIL);
  const sessions: SessionFound[] = [];
  try {
    for (const { slug } of DEMO_ORGANISER_FLOWS) {
      sessions.push(await openOwnerSession(db, ownerId, await organiserBySlug(db, slug)));
    }
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FLOWS_LOCK_KEY})`);
      const again = await skipReason(tx);
      if (again) return { skipped: again };
      const seed = (await seedRecord(tx, DEMO_SEED_KEY))!;
      const now = new Date(seed.seeded_at ?? Date.now());
      let made = 0;
      for (const [index, flows] of DEMO_ORGANISER_FLOWS.entries()) {
        const organiser = await organiserBySlug(tx, flows.slug);
        // Row-level security admits the organiser's rows, as in a tenant transaction.
        await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiser.id)}, true)`);
        const role = await findRoleAt(tx, organiser.id, ownerId);
        if (!role) throw new Error(`demo flows: the owner has no role at ${flows.slug}`);
        const session = sessions[index]!;
        const actors = demoActors(tx, organiser, { session, organiser, role }, log);
        const steps = flows
          .steps(demoWorld(tx, organiser, actors, urls), now)
          .sort((a, b) => a.at.getTime() - b.at.getTime());
        for (const step of steps) await step.run();
        made += steps.length;
        // Their notifications belong to the past: the relay does not publish them now.
        await tx
          .update(events)
          .set({ publishedAt: events.occurredAt })
          .where(and(eq(events.organiserId, organiser.id), isNull(events.publishedAt)));
      }
      await tx.insert(platformMeta).values({
        key: DEMO_FLOWS_KEY,
        value: { version: DEMO_SEED_VERSION, made_at: new Date().toISOString() },
      });
      return { made: { steps: made } };
    });
  } finally {
    for (const session of sessions) await deleteSession(db, session.session.id);
  }
}

type SessionFound = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** A console session of the owner at `organiser`, as a log-in opens one. */
async function openOwnerSession(
  db: Database,
  collaboratorId: number,
  organiser: Organiser,
): Promise<SessionFound> {
  const tokenHash = randomBytes(32).toString("hex");
  await insertSession(db, {
    collaboratorId,
    organiserId: organiser.id,
    tokenHash,
    expiresAt: new Date(Date.now() + 3600 * 1000),
    userAgent: "demo seed",
  });
  const session = await findLiveSession(db, tokenHash, new Date());
  if (!session) throw new Error("demo flows: the owner's console session is missing");
  return session;
}
