import { containsPattern } from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";
import { peopleSearch, SEARCH_FOLDS } from "@booking/domain";

// The console's one people search (packages/domain people-search.ts) in SQL: the customers list
// and the register-by-hand search (`customerSearchCondition`), the registrations and
// participants lists (`peopleSearchCondition` on their own columns).

/** `column` folded as `foldForSearch` folds what was typed: accents dropped, lower case. */
const folded = (column: SQL) =>
  sql`lower(translate(${column}, ${SEARCH_FOLDS.from}, ${SEARCH_FOLDS.to}))`;

/** The digits of a phone column, spaces and signs dropped. */
const phoneDigits = (column: SQL) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/** The columns a search looks in. */
export interface SearchedColumns {
  /** first and last names (of the customer, of participants) */
  names: SQL[];
  email?: SQL;
  phone?: SQL;
  /** more places a word may be found in, given its LIKE pattern (folded) */
  more?: (pattern: string) => SQL;
}

/**
 * The rows `q` finds: by phone digits when it looks like a phone number (and a phone is
 * searched), else each word in one of the names, the e-mail (accents and case ignored) or, for a
 * word of digits, the phone; undefined for an empty search.
 */
export function peopleSearchCondition(
  q: string | null | undefined,
  columns: SearchedColumns,
): SQL | undefined {
  const { phone } = columns;
  const search = peopleSearch(q, { phones: phone !== undefined });
  if (search === null) return undefined;
  if (search.kind === "phone")
    return sql`${phoneDigits(phone!)} like ${containsPattern(search.digits)}`;
  const conditions = search.words.map(({ text, phoneDigits: digits }) => {
    const pattern = containsPattern(text);
    const places = [...columns.names, ...(columns.email ? [columns.email] : [])].map(
      (column) => sql`${folded(column)} like ${pattern}`,
    );
    if (phone && digits !== null)
      places.push(sql`${phoneDigits(phone)} like ${containsPattern(digits)}`);
    if (columns.more) places.push(columns.more(pattern));
    return sql`(${sql.join(places, sql` or `)})`;
  });
  return sql.join(conditions, sql` and `);
}

/**
 * The customers of the row alias `customer` (its columns named as in the customers table) that
 * `q` finds: by phone digits, or each word in a first name, last name or e-mail of the customer
 * or in a first or last name of one of its participants (not deleted).
 */
export function customerSearchCondition(
  q: string | null | undefined,
  customer: "c" | "customers" = "c",
): SQL | undefined {
  const column = (name: string) => sql.raw(`${customer}.${name}`);
  return peopleSearchCondition(q, {
    names: [column("firstname"), column("lastname")],
    email: column("email"),
    phone: column("phone"),
    more: (pattern) => sql`exists (select 1 from participants p
      where p.organiser_id = ${column("organiser_id")} and p.customer_id = ${column("id")}
        and p.deleted_at is null
        and (${folded(sql`p.firstname`)} like ${pattern} or ${folded(sql`p.lastname`)} like ${pattern}))`,
  });
}
