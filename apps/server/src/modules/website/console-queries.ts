import type { TextPage } from "@booking/contracts";
import {
  activities,
  categories,
  categoryGroups,
  type OrganiserWebsite,
  organisers,
  type PageTextsSettings,
  pages,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, sql } from "@booking/db/orm";
import type { Organiser } from "../organisers/queries.ts";

/** The published pages, activities and categories a layout link may point to. */
export async function linkTargetRows(tx: TenantTx, organiserId: number) {
  // One after the other: statements cannot overlap on the transaction's one connection.
  const pageRows = await tx
    .select({ path: pages.path, title: pages.title })
    .from(pages)
    .where(
      and(eq(pages.organiserId, organiserId), eq(pages.type, "DEFAULT"), eq(pages.published, true)),
    )
    .orderBy(asc(pages.path));
  const activityRows = await tx
    .select({ cuid: activities.cuid, title: activities.title })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.published, true)))
    .orderBy(asc(activities.title));
  const categoryRows = await tx
    .select({
      cuid: categories.cuid,
      title: categories.title,
      groupCuid: categoryGroups.cuid,
      groupTitle: categoryGroups.title,
    })
    .from(categories)
    .innerJoin(
      categoryGroups,
      and(
        eq(categoryGroups.organiserId, categories.organiserId),
        eq(categoryGroups.id, categories.groupId),
      ),
    )
    .where(eq(categories.organiserId, organiserId))
    .orderBy(asc(categoryGroups.order), asc(categories.order), asc(categories.title));
  return { pageRows, activityRows, categoryRows };
}

/**
 * Replaces the given top-level keys of the website object, and the given pages' texts inside
 * pages_settings (register, newsletter_unsubscribe), leaving every other key (the catalogue settings, what another save wrote) as
 * stored. The caller holds the organiser's row lock.
 */
export async function updateWebsite(
  tx: TenantTx,
  organiserId: number,
  changes: Partial<
    Pick<OrganiserWebsite, "theme" | "css" | "accent_color" | "favicon_url" | "layout">
  >,
  pageTexts: Partial<Record<TextPage, PageTextsSettings>> = {},
): Promise<Organiser> {
  let website = sql`${organisers.website} || ${JSON.stringify(changes)}::jsonb`;
  if (Object.keys(pageTexts).length > 0) {
    website = sql`jsonb_set(${website}, '{pages_settings}', coalesce(${organisers.website} -> 'pages_settings', '{}'::jsonb) || ${JSON.stringify(pageTexts)}::jsonb)`;
  }
  const [row] = await tx
    .update(organisers)
    .set({ website })
    .where(eq(organisers.id, organiserId))
    .returning();
  if (!row) throw new Error(`organiser ${organiserId} vanished`);
  return row;
}
