import { registrationReviews, reviewModerations, type TenantTx } from "@booking/db";
import { and, eq, type SQL, sql } from "@booking/db/orm";

// Reviews of registrations as staff and the storefront read them (decision 0087): the customer's
// review joined with the organiser's moderation (answer, hidden), when there is one.

export type ReviewRow = {
  id: number;
  cuid: string;
  score: number;
  message: string | null;
  private: boolean;
  hidden: boolean;
  answer: string | null;
  answered_at: string | null;
  activity_cuid: string;
  activity_title: string;
  customer_cuid: string;
  customer_firstname: string;
  customer_lastname: string;
  participant: string;
  created_at: string;
  total_count: number;
  average: number | null;
};

export interface ReviewFilters {
  activity?: string;
  score?: number;
  show?: "public" | "private" | "hidden" | "unanswered";
  q?: string;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const FROM = sql.raw(`from registration_reviews w
  join registrations r on r.organiser_id = w.organiser_id and r.id = w.registration_id
  join availabilities v on v.organiser_id = r.organiser_id and v.id = r.availability_id
  join activities a on a.organiser_id = v.organiser_id and a.id = v.activity_id
  join customers c on c.organiser_id = w.organiser_id and c.id = w.customer_id
  join participants p on p.organiser_id = r.organiser_id and p.id = r.participant_id
  left join review_moderations m on m.organiser_id = w.organiser_id and m.review_id = w.id`);

/** Shown on the storefront: the customer made it public and staff did not hide it. */
const PUBLIC = sql.raw("not w.private and not coalesce(m.hidden, false)");

function where(organiserId: number, filters: ReviewFilters): SQL {
  const parts: SQL[] = [sql`w.organiser_id = ${organiserId}`];
  if (filters.activity) parts.push(sql`a.cuid = ${filters.activity}`);
  if (filters.score) parts.push(sql`w.score = ${filters.score}`);
  if (filters.show === "public") parts.push(PUBLIC);
  if (filters.show === "private") parts.push(sql`w.private`);
  if (filters.show === "hidden") parts.push(sql`coalesce(m.hidden, false)`);
  if (filters.show === "unanswered") parts.push(sql`m.answer is null`);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, "\\$&")}%`;
    parts.push(
      sql`(w.message ilike ${like} or a.title ilike ${like} or concat_ws(' ', c.firstname, c.lastname) ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql`w.id, w.cuid, w.score, w.message, w.private, coalesce(m.hidden, false) as hidden,
  m.answer, ${iso("m.answered_at")} as answered_at, a.cuid as activity_cuid,
  a.title as activity_title, c.cuid as customer_cuid, c.firstname as customer_firstname,
  c.lastname as customer_lastname, trim(concat_ws(' ', p.firstname, p.lastname)) as participant,
  ${iso("w.created_at")} as created_at`;

/** A page of the organiser's reviews, newest first, with the count and average of all matching. */
export async function listReviews(
  tx: TenantTx,
  organiserId: number,
  filters: ReviewFilters,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  const result = await tx.execute<ReviewRow>(
    sql`select ${COLUMNS}, count(*) over ()::int as total_count,
               round(avg(w.score) over (), 2)::float as average
          ${FROM} where ${where(organiserId, filters)}
         order by w.created_at desc, w.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  return result.rows;
}

/** The count and average of the filters' reviews when the page asked is past the last one. */
export async function reviewTotals(tx: TenantTx, organiserId: number, filters: ReviewFilters) {
  const result = await tx.execute<{ count: number; average: number | null }>(
    sql`select count(*)::int as count, round(avg(w.score), 2)::float as average
          ${FROM} where ${where(organiserId, filters)}`,
  );
  return result.rows[0]!;
}

export async function findReview(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ReviewRow | null> {
  const result = await tx.execute<ReviewRow>(
    sql`select ${COLUMNS}, 1 as total_count, null as average
          ${FROM} where w.organiser_id = ${organiserId} and w.cuid = ${cuid}`,
  );
  return result.rows[0] ?? null;
}

/** Writes the organiser's moderation of a review (made on the first action, updated after). */
export async function saveModeration(
  tx: TenantTx,
  organiserId: number,
  reviewId: number,
  values: { answer?: string | null; answeredAt?: Date | null; hidden?: boolean },
): Promise<void> {
  await tx
    .insert(reviewModerations)
    .values({ organiserId, reviewId, ...values })
    .onConflictDoUpdate({
      target: [reviewModerations.organiserId, reviewModerations.reviewId],
      set: { ...values, updatedAt: new Date() },
    });
}

/**
 * Deletes a review; its moderation row goes with it (foreign key on cascade). False when it was
 * gone already: a concurrent delete that committed first (this one waited for its row lock).
 */
export async function deleteReview(
  tx: TenantTx,
  organiserId: number,
  reviewId: number,
): Promise<boolean> {
  const deleted = await tx
    .delete(registrationReviews)
    .where(
      and(eq(registrationReviews.organiserId, organiserId), eq(registrationReviews.id, reviewId)),
    )
    .returning({ id: registrationReviews.id });
  return deleted.length > 0;
}

/** The public reviews of an activity: the newest `limit`, their count and average. */
export async function activityReviews(
  tx: TenantTx,
  organiserId: number,
  activityCuid: string,
  limit: number,
): Promise<{ rows: ReviewRow[]; count: number; average: number | null }> {
  const filters = { activity: activityCuid };
  const condition = sql`${where(organiserId, filters)} and ${PUBLIC}`;
  const totals = await tx.execute<{ count: number; average: number | null }>(
    sql`select count(*)::int as count, round(avg(w.score), 1)::float as average
          ${FROM} where ${condition}`,
  );
  const { count, average } = totals.rows[0]!;
  if (count === 0) return { rows: [], count, average: null };
  const rows = await tx.execute<ReviewRow>(
    sql`select ${COLUMNS}, 0 as total_count, null as average ${FROM} where ${condition}
         order by w.created_at desc, w.id desc limit ${limit}`,
  );
  return { rows: rows.rows, count, average };
}
