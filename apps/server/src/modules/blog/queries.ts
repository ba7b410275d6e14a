import { blogArticles, collaborators, type TenantTx } from "@booking/db";
import { and, asc, count, desc, eq, lte, or, type SQL, sql } from "@booking/db/orm";

// The blog's SQL, for the console and the storefront. Every statement filters by organiser_id.

export type Article = typeof blogArticles.$inferSelect;
export type ArticleValues = Pick<
  typeof blogArticles.$inferInsert,
  "slug" | "title" | "content" | "publishedAt"
>;

/** What visitors may see: published, and its publication date has come. */
function visibleAt(now: Date): SQL {
  return and(eq(blogArticles.published, true), lte(blogArticles.publishedAt, now))!;
}

const latestFirst = [desc(blogArticles.publishedAt), desc(blogArticles.id)];

/** One page of the visible articles, the latest first, with their total. */
export async function listVisibleArticles(
  tx: TenantTx,
  organiserId: number,
  now: Date,
  page: { limit: number; offset: number },
) {
  const where = and(eq(blogArticles.organiserId, organiserId), visibleAt(now));
  const rows = await tx
    .select()
    .from(blogArticles)
    .where(where)
    .orderBy(...latestFirst)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(blogArticles).where(where);
  return { rows, count: total?.n ?? 0 };
}

/** A visible article by its slug or its cuid. */
export async function findVisibleArticle(
  tx: TenantTx,
  organiserId: number,
  slugOrCuid: string,
  now: Date,
): Promise<Article | null> {
  const [row] = await tx
    .select()
    .from(blogArticles)
    .where(
      and(
        eq(blogArticles.organiserId, organiserId),
        or(eq(blogArticles.slug, slugOrCuid), eq(blogArticles.cuid, slugOrCuid)),
        visibleAt(now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type ArticleStatusFilter = "DRAFT" | "SCHEDULED" | "PUBLISHED";

function statusCondition(status: ArticleStatusFilter | undefined, now: Date): SQL | undefined {
  if (status === "DRAFT") return eq(blogArticles.published, false);
  if (status === "PUBLISHED") return visibleAt(now);
  if (status === "SCHEDULED") {
    return and(eq(blogArticles.published, true), sql`${blogArticles.publishedAt} > ${now}`);
  }
  return undefined;
}

const SORTS: Record<string, SQL[]> = {
  // Drafts without a date first when the latest come first: they are the work in progress.
  published_at: [sql`${blogArticles.publishedAt} asc nulls last`, asc(blogArticles.id)],
  "-published_at": [sql`${blogArticles.publishedAt} desc nulls first`, desc(blogArticles.id)],
  title: [asc(sql`lower(${blogArticles.title})`), asc(blogArticles.id)],
  "-title": [desc(sql`lower(${blogArticles.title})`), desc(blogArticles.id)],
  updated_at: [asc(blogArticles.updatedAt), asc(blogArticles.id)],
  "-updated_at": [desc(blogArticles.updatedAt), desc(blogArticles.id)],
};

/** The console's list: searched in the title and slug, filtered by status, with the author. */
export async function listArticles(
  tx: TenantTx,
  organiserId: number,
  filters: { search: SQL | undefined; status: ArticleStatusFilter | undefined },
  sort: string,
  page: { limit: number; offset: number },
  now: Date,
) {
  const where = and(
    eq(blogArticles.organiserId, organiserId),
    filters.search,
    statusCondition(filters.status, now),
  );
  const rows = await tx
    .select({
      article: blogArticles,
      author: sql<string | null>`${collaborators.firstname} || ' ' || ${collaborators.lastname}`,
    })
    .from(blogArticles)
    .leftJoin(collaborators, eq(collaborators.id, blogArticles.authorId))
    .where(where)
    .orderBy(...(SORTS[sort] ?? SORTS["-published_at"]!))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(blogArticles).where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function findArticle(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({
      article: blogArticles,
      author: sql<string | null>`${collaborators.firstname} || ' ' || ${collaborators.lastname}`,
    })
    .from(blogArticles)
    .leftJoin(collaborators, eq(collaborators.id, blogArticles.authorId))
    .where(and(eq(blogArticles.organiserId, organiserId), eq(blogArticles.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts an article unless its slug is taken (by a committed article, or one being inserted
 * by a concurrent transaction, whose outcome PostgreSQL waits for): null then.
 */
export async function insertArticleUnlessSlugTaken(
  tx: TenantTx,
  organiserId: number,
  values: ArticleValues & { authorId: number },
): Promise<Article | null> {
  const [row] = await tx
    .insert(blogArticles)
    .values({ ...values, organiserId })
    .onConflictDoNothing({ target: [blogArticles.organiserId, blogArticles.slug] })
    .returning();
  return row ?? null;
}

/** Whether another article of the organiser has the slug. */
export async function slugTaken(
  tx: TenantTx,
  organiserId: number,
  slug: string,
  exceptId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: blogArticles.id })
    .from(blogArticles)
    .where(
      and(
        eq(blogArticles.organiserId, organiserId),
        eq(blogArticles.slug, slug),
        sql`${blogArticles.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function updateArticle(
  tx: TenantTx,
  id: number,
  values: Partial<ArticleValues> & { published?: boolean },
): Promise<Article> {
  const [row] = await tx
    .update(blogArticles)
    .set(values)
    .where(eq(blogArticles.id, id))
    .returning();
  return row!;
}

/** Deletes the article; its image links go with it. */
export async function deleteArticle(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(blogArticles).where(eq(blogArticles.id, id));
}

/** The visible articles' paths data for the sitemap, the latest first. */
export async function sitemapArticles(tx: TenantTx, organiserId: number, now: Date) {
  return tx
    .select({ slug: blogArticles.slug, updatedAt: blogArticles.updatedAt })
    .from(blogArticles)
    .where(and(eq(blogArticles.organiserId, organiserId), visibleAt(now)))
    .orderBy(...latestFirst)
    .limit(10_000);
}
