import { pageElements, pages, type TenantTx } from "@booking/db";
import { and, asc, desc, eq, max, sql } from "@booking/db/orm";

// Pages of the storefront and their element trees. Every statement filters by organiser_id first.

export type PageRow = typeof pages.$inferSelect;
export type PageElementRow = typeof pageElements.$inferSelect;

/** The published page shown at `path`: a DEFAULT page (AVAILABILITY pages are templates). */
export async function findPublishedPage(
  tx: TenantTx,
  organiserId: number,
  path: string,
): Promise<PageRow | null> {
  const [row] = await tx
    .select()
    .from(pages)
    .where(
      and(
        eq(pages.organiserId, organiserId),
        eq(pages.path, path),
        eq(pages.published, true),
        eq(pages.type, "DEFAULT"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The published AVAILABILITY page that lays out availability pages: the last one changed. */
export async function findPublishedAvailabilityTemplate(
  tx: TenantTx,
  organiserId: number,
): Promise<PageRow | null> {
  const [row] = await tx
    .select()
    .from(pages)
    .where(
      and(
        eq(pages.organiserId, organiserId),
        eq(pages.type, "AVAILABILITY"),
        eq(pages.published, true),
      ),
    )
    .orderBy(desc(pages.updatedAt), desc(pages.id))
    .limit(1);
  return row ?? null;
}

/** All elements of a page in one read: parents before children, siblings by position. */
export async function loadPageElements(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
): Promise<PageElementRow[]> {
  return tx
    .select()
    .from(pageElements)
    .where(and(eq(pageElements.organiserId, organiserId), eq(pageElements.pageId, pageId)))
    .orderBy(asc(pageElements.parentId), asc(pageElements.position), asc(pageElements.id));
}

/** Published DEFAULT pages with the latest change of the page or one of its elements. */
export async function sitemapPages(
  tx: TenantTx,
  organiserId: number,
): Promise<Array<{ path: string; updatedAt: Date }>> {
  const rows = await tx
    .select({
      path: pages.path,
      updatedAt: sql<Date>`greatest(${pages.updatedAt}, ${max(pageElements.updatedAt)})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(pages)
    .leftJoin(
      pageElements,
      and(eq(pageElements.organiserId, pages.organiserId), eq(pageElements.pageId, pages.id)),
    )
    .where(
      and(eq(pages.organiserId, organiserId), eq(pages.published, true), eq(pages.type, "DEFAULT")),
    )
    .groupBy(pages.organiserId, pages.id)
    .orderBy(asc(pages.path))
    .limit(10_000);
  return rows;
}
