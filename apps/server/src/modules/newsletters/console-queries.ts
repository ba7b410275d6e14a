import {
  containsPattern,
  customers,
  type Database,
  messages,
  type NewsletterStatus,
  newsletters,
  segments,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from "@booking/db/orm";

// Every query filters by organiser explicitly; row-level security is the second wall.

export type Newsletter = typeof newsletters.$inferSelect;
export type NewsletterRow = Newsletter & {
  segmentCuid: string;
  segmentName: string;
  segmentEntity: (typeof segments.$inferSelect)["entity"];
};

const rowColumns = {
  newsletter: newsletters,
  segmentCuid: segments.cuid,
  segmentName: segments.name,
  segmentEntity: segments.entity,
};

/** Newsletters joined to their segment; each caller's `where` names the organiser. */
function withSegment(tx: TenantTx) {
  return tx
    .select(rowColumns)
    .from(newsletters)
    .innerJoin(
      segments,
      and(
        eq(segments.organiserId, newsletters.organiserId),
        eq(segments.id, newsletters.segmentId),
      ),
    )
    .$dynamic();
}

const flatten = (row: { newsletter: Newsletter } & Omit<NewsletterRow, keyof Newsletter>) => ({
  ...row.newsletter,
  segmentCuid: row.segmentCuid,
  segmentName: row.segmentName,
  segmentEntity: row.segmentEntity,
});

export async function listNewsletters(
  tx: TenantTx,
  organiserId: number,
  query: { status?: NewsletterStatus; limit: number; offset: number },
): Promise<{ rows: NewsletterRow[]; total: number }> {
  const where = and(
    eq(newsletters.organiserId, organiserId),
    query.status ? eq(newsletters.status, query.status) : undefined,
  );
  const rows = await withSegment(tx)
    .where(where)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await tx.select({ n: count() }).from(newsletters).where(where);
  return { rows: rows.map(flatten), total: total!.n };
}

export async function findNewsletter(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  lock = false,
): Promise<NewsletterRow | null> {
  const query = withSegment(tx).where(
    and(eq(newsletters.organiserId, organiserId), eq(newsletters.cuid, cuid)),
  );
  const [row] = lock ? await query.for("update", { of: newsletters }) : await query;
  return row ? flatten(row) : null;
}

export async function insertNewsletter(
  tx: TenantTx,
  values: typeof newsletters.$inferInsert,
): Promise<Newsletter> {
  const [row] = await tx.insert(newsletters).values(values).returning();
  return row!;
}

export async function updateNewsletter(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: Partial<typeof newsletters.$inferInsert>,
): Promise<void> {
  await tx
    .update(newsletters)
    .set(values)
    .where(and(eq(newsletters.organiserId, organiserId), eq(newsletters.id, id)));
}

export async function deleteNewsletter(tx: TenantTx, organiserId: number, id: number) {
  await tx
    .delete(newsletters)
    .where(and(eq(newsletters.organiserId, organiserId), eq(newsletters.id, id)));
}

/** The delivery log's statuses of each newsletter's messages. */
export async function deliveryCounts(
  tx: TenantTx,
  organiserId: number,
  newsletterIds: number[],
): Promise<Map<number, Record<string, number>>> {
  const result = new Map<number, Record<string, number>>();
  if (newsletterIds.length === 0) return result;
  const rows = await tx
    .select({ newsletterId: messages.newsletterId, status: messages.status, n: count() })
    .from(messages)
    .where(
      and(eq(messages.organiserId, organiserId), inArray(messages.newsletterId, newsletterIds)),
    )
    .groupBy(messages.newsletterId, messages.status);
  for (const row of rows) {
    const counts = result.get(row.newsletterId!) ?? {};
    counts[row.status] = row.n;
    result.set(row.newsletterId!, counts);
  }
  return result;
}

/** Newsletters of every organiser with work to do now (the sender's scan, owner connection). */
export async function pendingNewsletters(
  db: Database,
  now: Date,
): Promise<{ id: number; organiserId: number }[]> {
  return db
    .select({ id: newsletters.id, organiserId: newsletters.organiserId })
    .from(newsletters)
    .where(
      or(
        eq(newsletters.status, "SENDING"),
        and(eq(newsletters.status, "SCHEDULED"), lte(newsletters.scheduledAt, now)),
      ),
    )
    .orderBy(asc(newsletters.scheduledAt), asc(newsletters.id));
}

/** A newsletter the sender may work on now, row locked; null when another sender holds it. */
export async function lockDueNewsletter(
  tx: TenantTx,
  organiserId: number,
  id: number,
  now: Date,
): Promise<NewsletterRow | null> {
  const [row] = await withSegment(tx)
    .where(
      and(
        eq(newsletters.organiserId, organiserId),
        eq(newsletters.id, id),
        or(
          eq(newsletters.status, "SENDING"),
          and(eq(newsletters.status, "SCHEDULED"), lte(newsletters.scheduledAt, now)),
        ),
      ),
    )
    .for("update", { of: newsletters, skipLocked: true });
  return row ? flatten(row) : null;
}

/** The organiser's consenting customers, newest consent first. */
export async function listSubscribers(
  tx: TenantTx,
  organiserId: number,
  query: { q?: string; limit: number; offset: number },
) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    eq(customers.organiserId, organiserId),
    eq(customers.newsletterSubscribed, true),
    pattern
      ? or(
          ilike(customers.email, pattern),
          ilike(sql`${customers.firstname} || ' ' || ${customers.lastname}`, pattern),
        )
      : undefined,
  );
  const rows = await tx
    .select({
      cuid: customers.cuid,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      subscribedAt: customers.newsletterSubscribedAt,
      source: customers.newsletterSource,
    })
    .from(customers)
    .where(where)
    .orderBy(desc(customers.newsletterSubscribedAt), desc(customers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await tx.select({ n: count() }).from(customers).where(where);
  return { rows, total: total!.n };
}
