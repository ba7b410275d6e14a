import { type SQL, sql } from "@booking/db/orm";
import { peopleSearch, SEARCH_FOLDS } from "@booking/domain";

// The console's one people search (packages/domain people-search.ts) in SQL, shared by the
// customers list and the register-by-hand search.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** `column` folded as `foldForSearch` folds what was typed: accents dropped, lower case. */
const folded = (column: SQL) =>
  sql`lower(translate(${column}, ${SEARCH_FOLDS.from}, ${SEARCH_FOLDS.to}))`;

/** The digits of a phone column, spaces and signs dropped. */
const phoneDigits = (column: SQL) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

const contains = (text: string) => `%${escapeLike(text)}%`;

/**
 * The customers of the row alias `customer` (its columns named as in the customers table) that
 * `q` finds: by phone digits, or each word in a first name, last name or e-mail of the customer
 * or in a first or last name of one of its participants (not deleted), accents and case ignored;
 * undefined for an empty search.
 */
export function customerSearchCondition(
  q: string | null | undefined,
  customer: "c" | "customers" = "c",
): SQL | undefined {
  const search = peopleSearch(q);
  if (search === null) return undefined;
  const column = (name: string) => sql.raw(`${customer}.${name}`);
  if (search.kind === "phone") {
    return sql`${phoneDigits(column("phone"))} like ${contains(search.digits)}`;
  }
  const conditions = search.words.map(({ text, phoneDigits: digits }) => {
    const pattern = contains(text);
    const phone =
      digits === null ? sql`` : sql` or ${phoneDigits(column("phone"))} like ${contains(digits)}`;
    return sql`(${folded(column("firstname"))} like ${pattern}
      or ${folded(column("lastname"))} like ${pattern}
      or ${folded(column("email"))} like ${pattern}${phone}
      or exists (select 1 from participants p
        where p.organiser_id = ${column("organiser_id")} and p.customer_id = ${column("id")}
          and p.deleted_at is null
          and (${folded(sql`p.firstname`)} like ${pattern} or ${folded(sql`p.lastname`)} like ${pattern})))`;
  });
  return sql.join(conditions, sql` and `);
}
