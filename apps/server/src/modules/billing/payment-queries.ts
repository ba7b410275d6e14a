import type { PaymentProviderName } from "@booking/db";
import { type Database, platformInvoices, platformPayments, type TenantTx } from "@booking/db";
import { and, desc, eq, isNull } from "@booking/db/orm";

// Every statement of platform_payments (docs/decisions/0082-platform-invoice-payments.md).

export type PlatformPaymentRow = typeof platformPayments.$inferSelect;

export async function insertPlatformPayment(
  tx: TenantTx,
  values: typeof platformPayments.$inferInsert,
): Promise<PlatformPaymentRow> {
  const [row] = await tx.insert(platformPayments).values(values).returning();
  return row!;
}

/**
 * The organiser a provider's payment belongs to, read on the owner connection: the provider's
 * webhook and the test page name a payment, never an organiser.
 */
export async function findPaymentOrganiser(
  db: Database,
  provider: PaymentProviderName,
  providerPaymentId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ organiserId: platformPayments.organiserId })
    .from(platformPayments)
    .where(
      and(
        eq(platformPayments.provider, provider),
        eq(platformPayments.providerPaymentId, providerPaymentId),
      ),
    );
  return row?.organiserId ?? null;
}

/** The organiser's payment the provider knows by this id, locked (`FOR UPDATE`) with `lock`. */
export async function findPlatformPayment(
  tx: TenantTx,
  organiserId: number,
  provider: PaymentProviderName,
  providerPaymentId: string,
  options: { lock?: boolean } = {},
): Promise<PlatformPaymentRow | null> {
  const query = tx
    .select()
    .from(platformPayments)
    .where(
      and(
        eq(platformPayments.organiserId, organiserId),
        eq(platformPayments.provider, provider),
        eq(platformPayments.providerPaymentId, providerPaymentId),
      ),
    );
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The organiser's payment of this cuid, with its invoice's number. */
export async function findPlatformPaymentByCuid(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await paymentsWithNumbers(tx, organiserId).where(
    and(eq(platformPayments.organiserId, organiserId), eq(platformPayments.cuid, cuid)),
  );
  return row ?? null;
}

/** The invoice's open payment, if one is under way (its page is offered again). */
export async function findOpenInvoicePayment(tx: TenantTx, organiserId: number, invoiceId: number) {
  const [row] = await tx
    .select()
    .from(platformPayments)
    .where(
      and(
        eq(platformPayments.organiserId, organiserId),
        eq(platformPayments.invoiceId, invoiceId),
        eq(platformPayments.status, "open"),
      ),
    )
    .orderBy(desc(platformPayments.id))
    .limit(1);
  return row ?? null;
}

export async function setPlatformProviderState(
  tx: TenantTx,
  organiserId: number,
  paymentId: number,
  state: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(platformPayments)
    .set({ providerState: state })
    .where(and(eq(platformPayments.organiserId, organiserId), eq(platformPayments.id, paymentId)));
}

export async function setPlatformPaymentStatus(
  tx: TenantTx,
  payment: PlatformPaymentRow,
  status: PlatformPaymentRow["status"],
  paidAt: Date | null,
): Promise<void> {
  await tx
    .update(platformPayments)
    .set({ status, paidAt })
    .where(
      and(
        eq(platformPayments.organiserId, payment.organiserId),
        eq(platformPayments.id, payment.id),
      ),
    );
}

/** Marks the invoice paid at `paidAt` unless it already was; true when this call marked it. */
export async function markPlatformInvoicePaid(
  tx: TenantTx,
  organiserId: number,
  invoiceId: number,
  paidAt: Date,
): Promise<boolean> {
  const rows = await tx
    .update(platformInvoices)
    .set({ paidAt })
    .where(
      and(
        eq(platformInvoices.organiserId, organiserId),
        eq(platformInvoices.id, invoiceId),
        isNull(platformInvoices.paidAt),
      ),
    )
    .returning({ id: platformInvoices.id });
  return rows.length > 0;
}

const paymentsWithNumbers = (tx: TenantTx, organiserId: number) =>
  tx
    .select({ payment: platformPayments, number: platformInvoices.number })
    .from(platformPayments)
    .innerJoin(
      platformInvoices,
      and(
        eq(platformInvoices.organiserId, organiserId),
        eq(platformInvoices.id, platformPayments.invoiceId),
      ),
    )
    .$dynamic();

/** The organiser's payments of platform invoices, newest first, with their invoice's number. */
export function listPlatformPayments(tx: TenantTx, organiserId: number) {
  return paymentsWithNumbers(tx, organiserId)
    .where(eq(platformPayments.organiserId, organiserId))
    .orderBy(desc(platformPayments.createdAt), desc(platformPayments.id));
}
