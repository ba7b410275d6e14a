import type { BankStatementLineStatusName, TransferTargetType } from "@booking/contracts";
import {
  attendanceCharges,
  type BankStatementBalanceCheck,
  type BankStatementLineReview,
  bankStatementLines,
  bankStatements,
  bankTransfers,
  bookingParticipations,
  carts,
  containsPattern,
  customers,
  type StoredBalance,
  type StoredStatementWarning,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from "@booking/db/orm";
import { attendanceChargeAmountDue } from "@booking/domain";
import { searchCondition } from "../payments/console-queries.ts";

// Every statement of bank statements, their lines and bank transfers (issue 6 item 6). Every
// statement filters on the organiser besides row-level security. Lock order, as in every cart
// change: the carts (by id), their parts, then the statement lines and transfers, the customer
// (the wallet) last.

export type StatementRow = typeof bankStatements.$inferSelect;
export type LineRow = typeof bankStatementLines.$inferSelect;
export type TransferRow = typeof bankTransfers.$inferSelect;

/**
 * The organiser's statement of this account and key, created if it is not stored yet: a second
 * import of the same statement (or a concurrent one, which waits for the first's commit) finds
 * the first's row. `created` tells which.
 */
export async function findOrInsertStatement(
  tx: TenantTx,
  values: typeof bankStatements.$inferInsert & { statementKey: string },
): Promise<{ row: StatementRow; created: boolean }> {
  const [created] = await tx
    .insert(bankStatements)
    .values(values)
    .onConflictDoNothing({
      target: [bankStatements.organiserId, bankStatements.accountIban, bankStatements.statementKey],
      where: sql`${bankStatements.statementKey} is not null`,
    })
    .returning();
  if (created) return { row: created, created: true };
  const [found] = await tx
    .select()
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.organiserId, values.organiserId),
        values.accountIban == null
          ? isNull(bankStatements.accountIban)
          : eq(bankStatements.accountIban, values.accountIban),
        eq(bankStatements.statementKey, values.statementKey),
      ),
    );
  if (!found) throw new Error(`statement ${values.statementKey} vanished`);
  return { row: found, created: false };
}

/** The statements of an account stored with a key whose period ends or starts near `period`. */
export async function listAccountStatements(
  tx: TenantTx,
  organiserId: number,
  account: string,
  period: { from: string; to: string },
): Promise<StatementRow[]> {
  return tx
    .select()
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.organiserId, organiserId),
        eq(bankStatements.accountIban, account),
        isNotNull(bankStatements.statementKey),
        sql`${bankStatements.periodTo} >= ${period.from}::date - 93`,
        sql`${bankStatements.periodFrom} <= ${period.to}::date + 93`,
      ),
    );
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * Lines stored before decision 0038 take the identity of the line they are: the first line of
 * each legacy fingerprint claims the row holding it (once: the legacy fingerprint is cleared).
 * Answers the new fingerprints now stored, which the insert then skips.
 */
export async function claimLegacyLines(
  tx: TenantTx,
  organiserId: number,
  lines: Array<{ fingerprint: string; legacyFingerprint: string }>,
): Promise<Set<string>> {
  const first = new Map<string, string>();
  for (const line of lines) {
    if (!first.has(line.legacyFingerprint)) first.set(line.legacyFingerprint, line.fingerprint);
  }
  if (first.size === 0) return new Set();
  const result = await tx.execute<{ fingerprint: string }>(sql`
    update bank_statement_lines l
       set fingerprint = v.fingerprint, legacy_fingerprint = null
      from unnest(${textArray([...first.keys()])}, ${textArray([...first.values()])})
           as v(legacy, fingerprint)
     where l.organiser_id = ${organiserId} and l.legacy_fingerprint = v.legacy
       and not exists (select 1 from bank_statement_lines x
                        where x.organiser_id = ${organiserId} and x.fingerprint = v.fingerprint)
    returning l.fingerprint`);
  return new Set(result.rows.map((row) => row.fingerprint));
}

/**
 * Stores the lines whose fingerprint the organiser has not stored yet and answers them: a line
 * imported before (the same file again, an overlapping statement) is skipped — and a concurrent
 * import of the same line waits for the first one's commit, then skips it too.
 */
export async function insertNewLines(
  tx: TenantTx,
  values: Array<typeof bankStatementLines.$inferInsert>,
): Promise<LineRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(bankStatementLines)
    .values(values)
    .onConflictDoNothing({
      target: [bankStatementLines.organiserId, bankStatementLines.fingerprint],
    })
    .returning();
}

/** A statement none of whose lines was new: nothing to keep. */
export async function deleteStatement(
  tx: TenantTx,
  organiserId: number,
  statementId: number,
): Promise<void> {
  await tx
    .delete(bankStatements)
    .where(and(eq(bankStatements.organiserId, organiserId), eq(bankStatements.id, statementId)));
}

/** The processed carts with one of these payment references, locked in id order. */
export async function lockCartsByReference(
  tx: TenantTx,
  organiserId: number,
  references: string[],
): Promise<Array<{ id: number; reference: string }>> {
  if (references.length === 0) return [];
  const rows = await tx
    .select({ id: carts.id, reference: carts.reference })
    .from(carts)
    .where(
      and(
        eq(carts.organiserId, organiserId),
        inArray(carts.reference, references),
        isNotNull(carts.processedAt),
      ),
    )
    .orderBy(asc(carts.id))
    .for("update");
  return rows.map((row) => ({ id: row.id, reference: row.reference ?? "" }));
}

/**
 * What a transfer may pay besides a cart: an attendance charge (decision 0067) or a booking share
 * (decision 0072). Both rows carry a customer, a payment reference and what they cost and were
 * paid, so one set of queries serves both.
 */
export type ReferencedDebt = "ATTENDANCE_CHARGE" | "BOOKING_PARTICIPATION";
const DEBT_TABLES = {
  ATTENDANCE_CHARGE: attendanceCharges,
  BOOKING_PARTICIPATION: bookingParticipations,
} as const;
const DEBT_TABLE_NAMES = {
  ATTENDANCE_CHARGE: sql.raw("attendance_charges"),
  BOOKING_PARTICIPATION: sql.raw("booking_participations"),
} as const;

/** The charges or shares with one of these payment references, locked in id order. */
export async function lockDebtsByReference(
  tx: TenantTx,
  kind: ReferencedDebt,
  organiserId: number,
  references: string[],
): Promise<Array<{ id: number; reference: string }>> {
  if (references.length === 0) return [];
  const table = DEBT_TABLES[kind];
  const rows = await tx
    .select({ id: table.id, reference: table.reference })
    .from(table)
    .where(and(eq(table.organiserId, organiserId), inArray(table.reference, references)))
    .orderBy(asc(table.id))
    .for("update");
  return rows.map((row) => ({ id: row.id, reference: row.reference ?? "" }));
}

/** What the charges or shares with one of these payment references owe. */
export async function listDebtDuesByReference(
  tx: TenantTx,
  kind: ReferencedDebt,
  organiserId: number,
  references: string[],
): Promise<Array<{ id: number; reference: string; amount_due: number }>> {
  if (references.length === 0) return [];
  const table = DEBT_TABLES[kind];
  const rows = await tx
    .select({
      id: table.id,
      reference: table.reference,
      total: table.totalAmount,
      paid: table.paidAmount,
    })
    .from(table)
    .where(and(eq(table.organiserId, organiserId), inArray(table.reference, references)))
    .orderBy(asc(table.id));
  // A charge and a share owe alike: what they cost less what was paid, never below 0.
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference ?? "",
    amount_due: attendanceChargeAmountDue(row),
  }));
}

export type DebtDueRow = {
  cuid: string;
  reference: string;
  created_at: Date;
  total_amount: number;
  paid_amount: number;
  amount_due: number;
  customer_cuid: string;
  firstname: string;
  lastname: string;
  email: string;
};

/**
 * Charges or shares still owing money, those owing exactly `amountFirst` first, then the newest;
 * `q` over the reference (also as its digits) or the customer's name or e-mail.
 */
export async function listDebtsWithDue(
  tx: TenantTx,
  kind: ReferencedDebt,
  organiserId: number,
  filters: { q: string | undefined; amountFirst: number; limit: number },
): Promise<DebtDueRow[]> {
  const conditions: SQL[] = [
    sql`ac.organiser_id = ${organiserId}`,
    sql`ac.reference is not null`,
    sql`ac.total_amount > greatest(0, ac.paid_amount)`,
  ];
  if (filters.q) conditions.push(searchCondition(filters.q, sql`ac.reference`, "cu"));
  const result = await tx.execute<DebtDueRow>(sql`
    select ac.cuid, ac.reference, ac.created_at, ac.total_amount, ac.paid_amount,
           (ac.total_amount - greatest(0, ac.paid_amount))::int as amount_due,
           cu.cuid as customer_cuid, cu.firstname, cu.lastname, cu.email
      from ${DEBT_TABLE_NAMES[kind]} ac
      join customers cu on cu.organiser_id = ac.organiser_id and cu.id = ac.customer_id
     where ${sql.join(conditions, sql` and `)}
     order by (ac.total_amount - greatest(0, ac.paid_amount) = ${filters.amountFirst}) desc,
              ac.created_at desc, ac.id desc
     limit ${filters.limit}`);
  return result.rows;
}

/** A charge's or share's id by cuid. */
export async function findDebtId(
  tx: TenantTx,
  kind: ReferencedDebt,
  organiserId: number,
  cuid: string,
): Promise<number | null> {
  const table = DEBT_TABLES[kind];
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organiserId, organiserId), eq(table.cuid, cuid)));
  return row?.id ?? null;
}

/** A processed cart's id by cuid. */
export async function findProcessedCartId(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(
      and(eq(carts.organiserId, organiserId), eq(carts.cuid, cuid), isNotNull(carts.processedAt)),
    );
  return row?.id ?? null;
}

export async function findCustomerRef(tx: TenantTx, organiserId: number, customerId: number) {
  const [row] = await tx
    .select({
      cuid: customers.cuid,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
    })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.id, customerId)));
  if (!row) throw new Error(`customer ${customerId} vanished`);
  return row;
}

export async function insertTransfer(
  tx: TenantTx,
  values: typeof bankTransfers.$inferInsert,
): Promise<TransferRow> {
  const [row] = await insertTransfers(tx, [values]);
  return row!;
}

/** Transfers in multi-row statements (1,000 a statement), answered in their order. */
export async function insertTransfers(
  tx: TenantTx,
  values: Array<typeof bankTransfers.$inferInsert>,
): Promise<TransferRow[]> {
  const rows: TransferRow[] = [];
  for (let start = 0; start < values.length; start += 1000) {
    const chunk = values.slice(start, start + 1000);
    const cuids = chunk.map((value) => value.cuid ?? String(bankTransfers.cuid.defaultFn!()));
    const inserted = await tx
      .insert(bankTransfers)
      .values(chunk.map((value, index) => ({ ...value, cuid: cuids[index]! })))
      .returning();
    const byCuid = new Map(inserted.map((row) => [row.cuid, row] as const));
    rows.push(...cuids.map((cuid) => byCuid.get(cuid)!));
  }
  return rows;
}

export async function findTransfer(
  tx: TenantTx,
  organiserId: number,
  where: { cuid: string } | { liveOfLine: number },
  options: { lock?: boolean } = {},
): Promise<TransferRow | null> {
  const condition =
    "cuid" in where
      ? eq(bankTransfers.cuid, where.cuid)
      : and(eq(bankTransfers.statementLineId, where.liveOfLine), isNull(bankTransfers.cancelledAt));
  const query = tx
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.organiserId, organiserId), condition));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function markTransferCancelled(
  tx: TenantTx,
  organiserId: number,
  transferId: number,
  at: Date,
): Promise<void> {
  await tx
    .update(bankTransfers)
    .set({ cancelledAt: at })
    .where(and(eq(bankTransfers.organiserId, organiserId), eq(bankTransfers.id, transferId)));
}

export async function findLine(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<LineRow | null> {
  const query = tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.organiserId, organiserId), eq(bankStatementLines.cuid, cuid)));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function setLineStatus(
  tx: TenantTx,
  organiserId: number,
  lineId: number,
  status: BankStatementLineStatusName,
): Promise<void> {
  await tx
    .update(bankStatementLines)
    .set({ status })
    .where(and(eq(bankStatementLines.organiserId, organiserId), eq(bankStatementLines.id, lineId)));
}

export type StatementListRow = {
  id: number;
  cuid: string;
  format: "CAMT053" | "CODA";
  file_name: string;
  account_iban: string | null;
  statement_id: string | null;
  statement_key: string | null;
  period_from: string | null;
  period_to: string | null;
  opening_balance: StoredBalance | null;
  closing_balance: StoredBalance | null;
  balance_check: BankStatementBalanceCheck | null;
  balance_difference: string | null;
  warnings: StoredStatementWarning[];
  created_at: Date;
  imported_by_firstname: string | null;
  imported_by_lastname: string | null;
  lines: number;
  matched: number;
  unmatched: number;
  ignored: number;
  total_count: number;
};

/** Statements, newest first, with their line counts by status (all of them, or some by id). */
export async function listStatements(
  tx: TenantTx,
  organiserId: number,
  filters: { ids?: number[]; cuid?: string; limit: number; offset: number },
): Promise<StatementListRow[]> {
  const conditions: SQL[] = [sql`s.organiser_id = ${organiserId}`];
  if (filters.ids) conditions.push(inArray(sql`s.id`, filters.ids));
  if (filters.cuid !== undefined) conditions.push(sql`s.cuid = ${filters.cuid}`);
  const result = await tx.execute<StatementListRow>(sql`
    select s.id, s.cuid, s.format, s.file_name, s.account_iban, s.statement_id, s.statement_key,
           s.period_from::text, s.period_to::text, s.opening_balance, s.closing_balance,
           s.balance_check, s.balance_difference, s.warnings, s.created_at,
           co.firstname as imported_by_firstname, co.lastname as imported_by_lastname,
           l.lines, l.matched, l.unmatched, l.ignored,
           count(*) over ()::int as total_count
      from bank_statements s
      left join collaborators co on co.id = s.collaborator_id
      cross join lateral (
        select count(*)::int as lines,
               (count(*) filter (where x.status = 'MATCHED'))::int as matched,
               (count(*) filter (where x.status = 'UNMATCHED'))::int as unmatched,
               (count(*) filter (where x.status = 'IGNORED'))::int as ignored
          from bank_statement_lines x
         where x.organiser_id = s.organiser_id and x.statement_id = s.id
      ) l
     where ${sql.join(conditions, sql` and `)}
     order by s.created_at desc, s.id desc
     limit ${filters.limit} offset ${filters.offset}`);
  return result.rows;
}

export type LineListRow = {
  id: number;
  cuid: string;
  statement_cuid: string;
  file_name: string;
  booking_date: string;
  amount: number;
  currency: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  communication: string | null;
  structured_reference: string | null;
  position: string | null;
  exact_amount: string | null;
  review: BankStatementLineReview | null;
  status: BankStatementLineStatusName;
  transfer_cuid: string | null;
  wallet_credit: number | null;
  target_type: TransferTargetType | null;
  target_cuid: string | null;
  target_reference: string | null;
  customer_cuid: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  total_count: number;
};

/**
 * Statement lines with their statement and, once matched, the transfer they became (its cart or
 * attendance charge and customer): those of a statement or some by id in file order, else the newest booking first.
 */
export async function listLines(
  tx: TenantTx,
  organiserId: number,
  filters: {
    statementId?: number;
    ids?: number[];
    status?: BankStatementLineStatusName | undefined;
    q?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<LineListRow[]> {
  const conditions: SQL[] = [sql`l.organiser_id = ${organiserId}`];
  if (filters.statementId !== undefined) {
    conditions.push(sql`l.statement_id = ${filters.statementId}`);
  }
  if (filters.ids) conditions.push(inArray(sql`l.id`, filters.ids));
  if (filters.status) conditions.push(sql`l.status = ${filters.status}`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    const digits = filters.q.replace(/\D/g, "");
    conditions.push(sql`(l.counterparty_name ilike ${pattern} or l.communication ilike ${pattern}
      or l.counterparty_iban ilike ${pattern}
      ${digits.length >= 3 ? sql`or l.structured_reference like ${`%${digits}%`}` : sql``})`);
  }
  const inFileOrder = filters.statementId !== undefined || filters.ids !== undefined;
  const result = await tx.execute<LineListRow>(sql`
    select l.id, l.cuid, s.cuid as statement_cuid, s.file_name, l.booking_date::text,
           l.amount, l.currency, l.counterparty_name, l.counterparty_iban, l.communication,
           l.structured_reference, l.position, l.exact_amount, l.review, l.status,
           t.cuid as transfer_cuid, t.wallet_credit,
           case when t.id is null then null
                when ac.id is not null then 'ATTENDANCE_CHARGE'
                when bp.id is not null then 'BOOKING_PARTICIPATION' else 'CART' end as target_type,
           coalesce(ca.cuid, ac.cuid, bp.cuid) as target_cuid,
           coalesce(ca.reference, ac.reference, bp.reference) as target_reference,
           cu.cuid as customer_cuid, cu.firstname, cu.lastname, cu.email,
           count(*) over ()::int as total_count
      from bank_statement_lines l
      join bank_statements s on s.organiser_id = l.organiser_id and s.id = l.statement_id
      left join bank_transfers t
        on t.organiser_id = l.organiser_id and t.statement_line_id = l.id and t.cancelled_at is null
      left join carts ca on ca.organiser_id = l.organiser_id and ca.id = t.cart_id
      left join attendance_charges ac
        on ac.organiser_id = l.organiser_id and ac.id = t.attendance_charge_id
      left join booking_participations bp
        on bp.organiser_id = l.organiser_id and bp.id = t.booking_participation_id
      left join customers cu
        on cu.organiser_id = l.organiser_id
       and cu.id = coalesce(ca.customer_id, ac.customer_id, bp.customer_id)
     where ${sql.join(conditions, sql` and `)}
     order by ${inFileOrder ? sql`l.id` : sql`l.booking_date desc, l.id desc`}
     limit ${filters.limit} offset ${filters.offset}`);
  return result.rows;
}
