import {
  auditLogs,
  collaboratorRoles,
  collaborators,
  collaboratorTokens,
  type Database,
  DEFAULT_ORGANISER_WEBSITE,
  DEFAULT_SEGMENTS,
  defaultNotificationRule,
  type Language,
  notificationRules,
  organiserCollaborators,
  organisers,
  type PageTree,
  segments,
  type Transaction,
  type WebsiteLayout,
  writePageTrees,
} from "@booking/db";
import { eq, sql } from "@booking/db/orm";

/** The organiser of a referral link's slug, if there is one. */
export async function organiserIdBySlug(
  db: Database | Transaction,
  slug: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, slug))
    .limit(1);
  return row?.id ?? null;
}

export async function slugTaken(db: Database | Transaction, slug: string): Promise<boolean> {
  return (await organiserIdBySlug(db, slug)) !== null;
}

export async function collaboratorEmailTaken(
  db: Database | Transaction,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: collaborators.id })
    .from(collaborators)
    .where(eq(collaborators.email, email))
    .limit(1);
  return row !== undefined;
}

export interface NewOrganiser {
  organiser: { name: string; slug: string; language: Language; currency: string; timezone: string };
  owner: { firstname: string; lastname: string; email: string; passwordHash: string };
  website: { pages: PageTree[]; layout: WebsiteLayout };
  /** the hashed one-time log-in token that hands the owner over to the console */
  login: { tokenHash: string; expiresAt: Date };
  /** the organiser whose referral link it signed up with (decision 0078) */
  referredByOrganiserId: number | null;
}

const OWNER_ROLE_NAME: Record<Language, string> = { fr: "Propriétaire", en: "Owner" };

/**
 * Writes a new organiser and everything it starts with, in the caller's transaction (on the owner
 * connection: the organiser's id is only known once inserted, so the tenant rows are scoped by
 * setting it for the rest of the transaction, as the demo seed does).
 */
export async function insertOrganiser(tx: Transaction, input: NewOrganiser) {
  const [organiser] = await tx
    .insert(organisers)
    .values({
      ...input.organiser,
      // The owner's address until they set another in Settings › Account (contact page, top bar).
      contactEmail: input.owner.email,
      referredByOrganiserId: input.referredByOrganiserId,
      website: { ...DEFAULT_ORGANISER_WEBSITE, layout: input.website.layout },
    })
    .returning();
  const organiserId = organiser!.id;
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);

  const [owner] = await tx
    .insert(collaborators)
    .values({
      email: input.owner.email,
      firstname: input.owner.firstname,
      lastname: input.owner.lastname,
      passwordHash: input.owner.passwordHash,
    })
    .returning({ id: collaborators.id, cuid: collaborators.cuid });
  const [role] = await tx
    .insert(collaboratorRoles)
    .values({
      organiserId,
      name: OWNER_ROLE_NAME[input.organiser.language],
      permissions: [],
      isOwner: true,
    })
    .returning({ id: collaboratorRoles.id });
  await tx
    .insert(organiserCollaborators)
    .values({ organiserId, collaboratorId: owner!.id, roleId: role!.id });
  await tx.insert(segments).values(
    DEFAULT_SEGMENTS[input.organiser.language].map((segment) => ({
      organiserId,
      entity: segment.entity,
      name: segment.name,
      isDefault: true,
      conditions: {},
    })),
  );
  await tx
    .insert(notificationRules)
    .values({ organiserId, ...defaultNotificationRule(input.organiser.language) });
  await writePageTrees(tx, organiserId, input.website.pages);
  await tx.insert(collaboratorTokens).values({
    collaboratorId: owner!.id,
    purpose: "CONSOLE_LOGIN",
    organiserId,
    ...input.login,
  });
  await tx.insert(auditLogs).values({
    organiserId,
    collaboratorId: owner!.id,
    action: "organiser.created",
    entity: "organiser",
    entityId: organiser!.cuid,
    after: { name: organiser!.name, slug: organiser!.slug, by: "sign-up" },
  });
  return organiser!;
}
