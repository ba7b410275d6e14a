import { type Database, organisers } from "@booking/db";
import { and, eq } from "@booking/db/orm";

export type Organiser = typeof organisers.$inferSelect;

/** The organiser an event, a job or a message names, by id; null when it no longer exists. */
export async function findOrganiserById(db: Database, id: number): Promise<Organiser | null> {
  const [organiser] = await db.select().from(organisers).where(eq(organisers.id, id));
  return organiser ?? null;
}

/**
 * `{slug}.{platformDomain}` names a platform sub-domain; any other host is looked up as an
 * organiser's own domain.
 */
export async function findOrganiserByHost(
  db: Database,
  hostname: string,
  platformDomain: string,
): Promise<Organiser | null> {
  const suffix = `.${platformDomain}`;
  if (hostname.endsWith(suffix)) {
    const slug = hostname.slice(0, -suffix.length);
    if (!/^[a-z0-9-]{1,63}$/.test(slug)) return null;
    const [row] = await db.select().from(organisers).where(eq(organisers.slug, slug)).limit(1);
    return row ?? null;
  }
  if (hostname.length === 0 || hostname.length > 253) return null;
  // Only a verified domain serves (decision 0044): a claimed one may belong to someone else.
  const [row] = await db
    .select()
    .from(organisers)
    .where(and(eq(organisers.domain, hostname), eq(organisers.domainStatus, "VERIFIED")))
    .limit(1);
  return row ?? null;
}
