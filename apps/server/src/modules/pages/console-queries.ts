import type { DraftElement } from "@booking/contracts";
import {
  collaborators,
  type PageVersionStatus,
  pageElements,
  pages,
  pageVersions,
  type TenantTx,
} from "@booking/db";
import { and, asc, desc, eq, inArray, notInArray, sql } from "@booking/db/orm";

// The console's pages and their versions. Every statement filters by organiser_id first.

export type Page = typeof pages.$inferSelect;
export type PageVersion = typeof pageVersions.$inferSelect;
export type PageValues = Pick<
  typeof pages.$inferInsert,
  "title" | "path" | "type" | "seoTitle" | "description"
>;

/** The organiser's pages with whether each has a draft. */
export async function listPages(tx: TenantTx, organiserId: number) {
  return (
    tx
      .select({
        page: pages,
        hasDraft: sql<boolean>`exists(
        select 1 from ${pageVersions}
        where ${pageVersions.organiserId} = ${pages.organiserId}
          and ${pageVersions.pageId} = ${pages.id} and ${pageVersions.status} = 'DRAFT')`,
      })
      .from(pages)
      .where(eq(pages.organiserId, organiserId))
      // The home page, the other pages by path, then the availability template.
      .orderBy(sql`${pages.path} <> '/'`, desc(pages.type), asc(pages.path))
      .limit(1000)
  );
}

export async function findPage(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.organiserId, organiserId), eq(pages.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** Locks the page row: publishing, saving and restoring one page's content take turns. */
export async function lockPage(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.organiserId, organiserId), eq(pages.cuid, cuid)))
    .limit(1)
    .for("update");
  return row ?? null;
}

export async function insertPage(
  tx: TenantTx,
  organiserId: number,
  values: PageValues,
): Promise<Page> {
  const [row] = await tx
    .insert(pages)
    .values({ ...values, organiserId, published: false })
    .returning();
  return row!;
}

export async function updatePage(
  tx: TenantTx,
  id: number,
  values: Partial<PageValues> & { published?: boolean },
): Promise<Page> {
  const [row] = await tx
    .update(pages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(pages.id, id))
    .returning();
  return row!;
}

export async function deletePage(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(pages).where(eq(pages.id, id));
}

/** How many pages of a type the organiser has (the AVAILABILITY template must stay). */
export async function countPagesOfType(tx: TenantTx, organiserId: number, type: Page["type"]) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(pages)
    .where(and(eq(pages.organiserId, organiserId), eq(pages.type, type)));
  return row?.n ?? 0;
}

export async function findVersion(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
  where: { status: PageVersionStatus } | { cuid: string },
) {
  const [row] = await tx
    .select()
    .from(pageVersions)
    .where(
      and(
        eq(pageVersions.organiserId, organiserId),
        eq(pageVersions.pageId, pageId),
        "status" in where
          ? eq(pageVersions.status, where.status)
          : eq(pageVersions.cuid, where.cuid),
      ),
    )
    .orderBy(desc(pageVersions.createdAt), desc(pageVersions.id))
    .limit(1);
  return row ?? null;
}

/** The page's published and archived versions, newest first, with who made them. */
export async function listVersions(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
  limit: number,
) {
  return tx
    .select({
      version: pageVersions,
      firstname: collaborators.firstname,
      lastname: collaborators.lastname,
    })
    .from(pageVersions)
    .leftJoin(collaborators, eq(collaborators.id, pageVersions.createdBy))
    .where(
      and(
        eq(pageVersions.organiserId, organiserId),
        eq(pageVersions.pageId, pageId),
        inArray(pageVersions.status, ["PUBLISHED", "ARCHIVED"]),
      ),
    )
    .orderBy(desc(pageVersions.createdAt), desc(pageVersions.id))
    .limit(limit);
}

/** Writes the page's one draft (insert or replace). */
export async function upsertDraft(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
  content: DraftElement[],
  createdBy: number,
): Promise<PageVersion> {
  const [row] = await tx
    .insert(pageVersions)
    .values({ organiserId, pageId, status: "DRAFT", content, createdBy })
    .onConflictDoUpdate({
      target: [pageVersions.organiserId, pageVersions.pageId],
      targetWhere: sql`${pageVersions.status} = 'DRAFT'`,
      set: { content, createdBy, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteDraft(tx: TenantTx, organiserId: number, pageId: number) {
  await tx
    .delete(pageVersions)
    .where(
      and(
        eq(pageVersions.organiserId, organiserId),
        eq(pageVersions.pageId, pageId),
        eq(pageVersions.status, "DRAFT"),
      ),
    );
}

/** Keeps `content` as an earlier (ARCHIVED) version of the page. */
export async function recordArchived(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
  content: DraftElement[],
): Promise<void> {
  await tx
    .insert(pageVersions)
    .values({ organiserId, pageId, status: "ARCHIVED", content, createdBy: null });
}

/**
 * Makes `content` the page's PUBLISHED version: the previous one becomes ARCHIVED, the draft goes,
 * and only the newest `keep` archived versions stay.
 */
export async function recordPublished(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
  content: DraftElement[],
  createdBy: number,
  keep: number,
): Promise<void> {
  const ofPage = and(eq(pageVersions.organiserId, organiserId), eq(pageVersions.pageId, pageId));
  await tx
    .update(pageVersions)
    .set({ status: "ARCHIVED", updatedAt: new Date() })
    .where(and(ofPage, eq(pageVersions.status, "PUBLISHED")));
  await deleteDraft(tx, organiserId, pageId);
  await tx
    .insert(pageVersions)
    .values({ organiserId, pageId, status: "PUBLISHED", content, createdBy });
  const kept = tx
    .select({ id: pageVersions.id })
    .from(pageVersions)
    .where(and(ofPage, eq(pageVersions.status, "ARCHIVED")))
    .orderBy(desc(pageVersions.createdAt), desc(pageVersions.id))
    .limit(keep);
  await tx
    .delete(pageVersions)
    .where(and(ofPage, eq(pageVersions.status, "ARCHIVED"), notInArray(pageVersions.id, kept)));
}

/**
 * Replaces the page's live elements (what the storefront renders) by `content`, keeping each
 * element's cuid: one delete, then one insert per tree level.
 */
export async function writePageElements(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
  content: readonly DraftElement[],
): Promise<void> {
  await tx
    .delete(pageElements)
    .where(and(eq(pageElements.organiserId, organiserId), eq(pageElements.pageId, pageId)));
  let level = content.map((node, position) => ({
    node,
    position,
    parentId: null as number | null,
  }));
  while (level.length > 0) {
    const rows = await tx
      .insert(pageElements)
      .values(
        level.map(({ node, position, parentId }) => ({
          organiserId,
          pageId,
          parentId,
          position,
          cuid: node.cuid,
          element: node.element,
          family: node.family,
          type: node.type,
          name: node.name,
          settings: node.settings,
        })),
      )
      .returning({ id: pageElements.id, cuid: pageElements.cuid });
    const ids = new Map(rows.map((row) => [row.cuid, row.id]));
    level = level.flatMap(({ node }) =>
      (node.children ?? []).map((child, position) => ({
        node: child,
        position,
        parentId: ids.get(node.cuid)!,
      })),
    );
  }
}
