import {
  type Database,
  type OperatorAction,
  operatorAuditLogs,
  organisers,
  platformInvoices,
} from "@booking/db";
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from "@booking/db/orm";
import type { Organiser } from "../organisers/queries.ts";

// The operators' statements of the platform's billing (decision 0082): across every organiser,
// on the owner connection, as the operators' other reads (decision 0040).

/** When an unpaid invoice turns overdue: its due date plus its organiser's overdue delay. */
const overdueFrom = sql`${platformInvoices.dueAt} + make_interval(days => coalesce((${organisers.billing}->>'delay_before_overdue')::int, 14))`;

const STATUS_CONDITIONS = {
  PAID: () => isNotNull(platformInvoices.paidAt),
  OVERDUE: (now: Date) =>
    and(isNull(platformInvoices.paidAt), sql`${overdueFrom} <= ${now.toISOString()}::timestamptz`),
  OPEN: (now: Date) =>
    and(isNull(platformInvoices.paidAt), sql`${overdueFrom} > ${now.toISOString()}::timestamptz`),
} as const;

/** Every organiser's platform invoices, newest first, of one status if asked. */
export async function searchPlatformInvoices(
  db: Database,
  search: { status?: keyof typeof STATUS_CONDITIONS; limit: number; offset: number; now: Date },
) {
  const where: SQL | undefined = search.status
    ? STATUS_CONDITIONS[search.status](search.now)
    : undefined;
  const join = eq(organisers.id, platformInvoices.organiserId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ invoice: platformInvoices, organiser: organisers })
      .from(platformInvoices)
      .innerJoin(organisers, join)
      .where(where)
      .orderBy(desc(platformInvoices.issuedAt), desc(platformInvoices.id))
      .limit(search.limit)
      .offset(search.offset),
    db.select({ count: count() }).from(platformInvoices).innerJoin(organisers, join).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function findAnyPlatformInvoice(db: Database, cuid: string) {
  const [row] = await db.select().from(platformInvoices).where(eq(platformInvoices.cuid, cuid));
  return row ?? null;
}

/**
 * Sets the organiser's billing items and taxes and writes the operator's audit row (what they
 * were, what they are) in the same transaction.
 */
export async function updateOrganiserBilling(
  db: Database,
  input: {
    organiser: Organiser;
    operatorId: number;
    billing: Pick<Organiser["billing"], "items" | "taxes">;
  },
): Promise<Organiser> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ billing: organisers.billing })
      .from(organisers)
      .where(eq(organisers.id, input.organiser.id))
      .for("update");
    const before = locked!.billing;
    const [row] = await tx
      .update(organisers)
      .set({ billing: { ...before, ...input.billing } })
      .where(eq(organisers.id, input.organiser.id))
      .returning();
    await tx.insert(operatorAuditLogs).values({
      operatorId: input.operatorId,
      organiserId: input.organiser.id,
      action: "organiser.billing_changed" satisfies OperatorAction,
      details: {
        before: { items: before.items, taxes: before.taxes },
        after: input.billing,
      },
    });
    return row!;
  });
}

export async function auditOperatorAction(
  db: Database,
  values: {
    operatorId: number;
    organiserId: number;
    action: OperatorAction;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(operatorAuditLogs).values(values);
}
