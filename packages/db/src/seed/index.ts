import { hash } from "@node-rs/argon2";
import { eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { collaborators, organisers, platformMeta } from "../schema/index.ts";
import { writeDemoAccountHistory } from "./account-history.ts";
import { writeDemoAttendanceBilling } from "./attendance-billing.ts";
import { writeDemoBankTransfers } from "./bank-transfers.ts";
import { writeDemoBlog } from "./blog.ts";
import { writeDemoCustomerVouchers } from "./customer-vouchers.ts";
import { demoEn } from "./demo-en.ts";
import { demoFr } from "./demo-fr.ts";
import { writeDemoDocuments } from "./documents.ts";
import { writeDemoManualMessage } from "./manual-messages.ts";
import { writeDemoNewsletters } from "./newsletters.ts";
import { writeDemoNotificationRules } from "./notification-rules.ts";
import { writeDemoNotificationTemplates } from "./notification-templates.ts";
import { writeDemoRegistrationConstraints } from "./registration-constraints.ts";
import { writeDemoRegistrationRequestTiers } from "./registration-request-tiers.ts";
import { writeDemoResourceGroups } from "./resource-groups.ts";
import { writeDemoStaff } from "./staff.ts";
import { DEMO_VIEWER_EMAIL, writeDemoTeam } from "./team.ts";
import { type SeedCounts, writeDemoOrganiser } from "./writer.ts";

export { demoEn } from "./demo-en.ts";
export { demoFr } from "./demo-fr.ts";
export { type DemoDocumentModel, demoDocumentModels } from "./documents.ts";
export { DEMO_IMAGE_NAMES, DEMO_IMAGES, type DemoImageName } from "./images.ts";
export { DEMO_PAGES_BY_LANGUAGE } from "./pages-data.ts";
export { type DemoCatalogueRefs, resolveDemoPages, type SeededRef } from "./pages-writer.ts";
export type { DemoOrganiser } from "./types.ts";

export const DEMO_SLUGS = ["demo", "demo-en"] as const;
export const DEMO_PASSWORD = "demo1234";
export const DEMO_OWNER_EMAIL = "owner@demo.test";
export const DEMO_CUSTOMER_EMAIL = "parent@demo.test";
export const DEMO_EN_CUSTOMER_EMAIL = "parent@demo-en.test";

/** The `platform_meta` key that records the seed. */
export const DEMO_SEED_KEY = "demo_seed";
/**
 * The `platform_meta` key that records the demo's flows: what its customers and staff did through
 * the product's services once the organisers were set up (apps/server/src/demo, decision 0073).
 */
export const DEMO_FLOWS_KEY = "demo_flows";
/**
 * The version of the demo data, recorded under DEMO_SEED_KEY. Bump it when the demo data changes, so
 * that a database seeded by an older version says so (and `--force` replaces it). Markers
 * without a version are version 1. 2: catalogs, segments, calendar periods, resources, the
 * school-holiday camps and the weekly classes of the storefront catalogue. 3: volume-discount
 * tiers and the activities each bundle pays for. 4: document models, and the demo parent's
 * registrations (one camp over and paid, one to come and unpaid). 5: gift vouchers bought by the
 * demo customers. 6: the demo parent's orders of a club, memberships (one cancelled) and a
 * bundle, registration requests in every status, bookings and an attendance charge. 7: a
 * read-only collaborator of the demo organiser (console). 8: the bank transfers that paid the
 * demo orders. 9: the demo blogs' articles. 10: the demo organisers' own message templates.
 * 11: a third July week of the Multisports camp and its registration constraint (two per child).
 * 12: the seeded bookings hold their periods. 13: the swimming classes' request tiers, recorded
 * by the demo parent's requests. 14: the attendance charge made from recorded arrival and
 * departure times (attendance-billing.ts). 15: the registration requests and bookings are no longer
 * written here: the server's demo flows make them through its services (apps/server/src/demo).
 * 16: catalogs, staff's segments, calendar periods, volume discounts, document models and the
 * pages that show them are no longer written here either: the demo flows make them through the
 * console's services (catalogue-steps.ts, document-steps.ts), and the demo's reviews.
 */
export const DEMO_SEED_VERSION = 16;
// Serialises concurrent seeds (two server processes starting on an empty database).
const SEED_LOCK_KEY = 727_002;

export type SeedOptions = {
  /**
   * Replace the demo organisers (deleting them and all their data) and seed again, whatever the
   * database holds: other organisers, or demo data from this or an older seed version.
   */
  force?: boolean;
  /** "Today" for the relative dates; defaults to now. */
  now?: Date;
};

export type SeedSummary =
  | { skipped: string }
  | {
      seeded: true;
      organisers: { id: number; cuid: string; slug: string }[];
      counts: SeedCounts;
      logins: {
        owner: string;
        viewer: string;
        customers: Record<string, string>;
        password: string;
      };
    };

/**
 * Writes the demo data once. Does nothing when the database was already seeded, and refuses a
 * database that holds other organisers (real data) unless `force`. Runs in one transaction on the
 * owner connection, so a failure leaves nothing half-written.
 */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  // Hashing is slow on purpose: done once, before the transaction, for every demo log-in.
  const passwordHash = await hash(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (options.force) {
      // Every tenant table cascades from its organiser: this removes all the demo data.
      await tx.delete(organisers).where(inArray(organisers.slug, [...DEMO_SLUGS]));
      await tx
        .delete(platformMeta)
        .where(inArray(platformMeta.key, [DEMO_SEED_KEY, DEMO_FLOWS_KEY]));
    }
    const [seeded] = await tx
      .select({ value: platformMeta.value })
      .from(platformMeta)
      .where(eq(platformMeta.key, DEMO_SEED_KEY));
    if (seeded) {
      const version = (seeded.value as { version?: number }).version ?? 1;
      return version === DEMO_SEED_VERSION
        ? { skipped: "already seeded" }
        : {
            skipped: `seeded by demo seed version ${version}, this is version ${DEMO_SEED_VERSION}: re-seed with --force`,
          };
    }
    const others = await tx
      .select({ id: organisers.id })
      .from(organisers)
      .where(notInArray(organisers.slug, [...DEMO_SLUGS]))
      .limit(1);
    if (others.length > 0 && !options.force) return { skipped: "database holds non-demo data" };
    const demos = await tx
      .select({ slug: organisers.slug })
      .from(organisers)
      .where(inArray(organisers.slug, [...DEMO_SLUGS]));
    if (demos.length > 0) return { skipped: "demo organisers exist but were not seeded here" };

    const counts: SeedCounts = {};
    const [owner] = await tx
      .insert(collaborators)
      .values({
        email: DEMO_OWNER_EMAIL,
        firstname: "Claire",
        lastname: "Martin",
        phone: "+32 475 00 11 22",
        passwordHash,
      })
      .onConflictDoUpdate({ target: collaborators.email, set: { passwordHash } })
      .returning({ id: collaborators.id });
    counts.collaborators = 1;

    const written = [];
    for (const demo of [demoFr(now), demoEn(now)]) {
      written.push(
        await writeDemoOrganiser(
          tx,
          demo,
          { passwordHash, ownerCollaboratorId: owner!.id },
          counts,
        ),
      );
    }
    // A second collaborator with a read-only role at the demo organiser (team.ts).
    await writeDemoTeam(tx, written[0]!.id, passwordHash, counts);
    // The demo parent's camps that show the document models (made by the demo flows).
    await writeDemoDocuments(tx, written[0]!.id, DEMO_CUSTOMER_EMAIL, now, counts);
    // Gift vouchers bought by the demo customers, some to redeem (customer-vouchers.ts).
    await writeDemoCustomerVouchers(tx, written[0]!.id, now, counts);
    // The demo parent's orders (account-history.ts); the server's demo flows make the requests and
    // bookings once this is committed (apps/server/src/demo).
    await writeDemoAccountHistory(tx, written[0]!.id, now, counts);
    // The nature club's after-club care billed from last month's recorded times (attendance-billing.ts).
    await writeDemoAttendanceBilling(tx, written[0]!.id, now, counts);
    // The swimming classes' request tiers, which the demo parent's requests go through.
    await writeDemoRegistrationRequestTiers(tx, written[0]!.id, counts);
    // The tennis courts' group and booking rules (decision 0071).
    await writeDemoResourceGroups(tx, written[0]!.id, counts);
    // The transfers behind what those orders show as paid (bank-transfers.ts).
    for (const organiser of written) await writeDemoBankTransfers(tx, organiser.id, counts);
    // The demo blogs, each in its organiser's language (blog.ts).
    for (const organiser of written) await writeDemoBlog(tx, organiser, owner!.id, now, counts);
    // Each demo organiser's own message templates (notification-templates.ts).
    for (const organiser of written) await writeDemoNotificationTemplates(tx, organiser, counts);
    // A segment of the organiser's own and last week's newsletter (newsletters.ts).
    for (const organiser of written) {
      await writeDemoNewsletters(tx, organiser.id, owner!.id, now, counts);
    }
    // The default cart confirmation and the demo reminder and thank-you rules (notification-rules.ts).
    for (const organiser of written) await writeDemoNotificationRules(tx, organiser.id, counts);
    // A message the owner wrote by hand to an availability's families (manual-messages.ts).
    for (const organiser of written) {
      await writeDemoManualMessage(tx, organiser.id, owner!.id, now, counts);
    }
    // At most two Multisports camps per child in July (registration-constraints.ts).
    await writeDemoRegistrationConstraints(tx, written[0]!.id, now, counts);
    // Staff assigned to the next availabilities with their role (staff.ts).
    for (const organiser of written) await writeDemoStaff(tx, organiser.id, now, counts);
    await tx.insert(platformMeta).values({
      key: DEMO_SEED_KEY,
      value: {
        version: DEMO_SEED_VERSION,
        seeded_at: now.toISOString(),
        organisers: written.map((o) => o.slug),
      },
    });
    return {
      seeded: true as const,
      organisers: written,
      counts,
      logins: {
        owner: DEMO_OWNER_EMAIL,
        viewer: DEMO_VIEWER_EMAIL,
        customers: { demo: DEMO_CUSTOMER_EMAIL, "demo-en": DEMO_EN_CUSTOMER_EMAIL },
        password: DEMO_PASSWORD,
      },
    };
  });
}
