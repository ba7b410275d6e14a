import { type Database, platformUsage, type TenantTx, withTenant } from "@booking/db";
import { sql } from "@booking/db/orm";
import { type PlatformBillingItem, smsLength } from "@booking/domain";
import type { PublishedEvent } from "../../jobs/events-relay.ts";

// Usage metering (issue 16 §3; docs/decisions/0078-platform-billing.md): each use is written as
// it happens, once per item and source (the unique key of `platform_usage`), so a retried event,
// a replayed delivery or two workers at once meter nothing twice.

export type MeteredUse = {
  item: PlatformBillingItem;
  /** the cuid of what was used (registration, invoice, message, payment) */
  sourceKey: string;
  quantity: number;
  /** the amount a percentage applies to, minor units */
  baseAmount: number;
  occurredAt: Date;
};

/** Writes a use unless it is already metered; answers whether it was new. */
export async function meterUse(
  tx: TenantTx,
  organiserId: number,
  use: MeteredUse,
): Promise<boolean> {
  const rows = await tx
    .insert(platformUsage)
    .values({ organiserId, ...use })
    .onConflictDoNothing({
      target: [platformUsage.organiserId, platformUsage.item, platformUsage.sourceKey],
    })
    .returning({ id: platformUsage.id });
  return rows.length > 0;
}

/** The issued customer invoice an event names (credit notes are not billed). */
async function issuedInvoice(tx: TenantTx, organiserId: number, cuid: string) {
  const { rows } = await tx.execute<{ total_amount: number; issued_at: string }>(
    sql`select total_amount, issued_at from customer_invoices
      where organiser_id = ${organiserId} and cuid = ${cuid} and type = 'INVOICE'`,
  );
  return rows[0] ?? null;
}

/** The `events` handler metering registrations created and customer invoices issued. */
export async function meteringHandler(db: Database, event: PublishedEvent): Promise<void> {
  if (event.type !== "registration.created" && event.type !== "customer-invoice.created") return;
  await withTenant(db, event.organiser_id, async (tx) => {
    if (event.type === "registration.created") {
      await meterUse(tx, event.organiser_id, {
        item: "registrations",
        sourceKey: event.payload.registration_cuid!,
        quantity: 1,
        baseAmount: 0,
        occurredAt: new Date(event.occurred_at),
      });
      return;
    }
    const cuid = event.payload.invoice_cuid!;
    const invoice = await issuedInvoice(tx, event.organiser_id, cuid);
    if (!invoice) return;
    await meterUse(tx, event.organiser_id, {
      item: "invoices",
      sourceKey: cuid,
      quantity: 1,
      baseAmount: invoice.total_amount,
      occurredAt: new Date(invoice.issued_at),
    });
  });
}

/** Meters an SMS the delivery just handed to the provider: one unit per segment. */
export async function meterSentSms(
  db: Database,
  message: { cuid: string; organiserId: number | null; channel: string; text: string },
  sentAt: Date,
): Promise<void> {
  const organiserId = message.organiserId;
  if (message.channel !== "SMS" || organiserId === null) return;
  await withTenant(db, organiserId, (tx) =>
    meterUse(tx, organiserId, {
      item: "sms",
      sourceKey: message.cuid,
      quantity: smsLength(message.text).segments,
      baseAmount: 0,
      occurredAt: sentAt,
    }),
  );
}

/** Meters an online payment its provider confirmed, in the transaction that records it. */
export async function meterOnlinePayment(
  tx: TenantTx,
  organiserId: number,
  paymentId: number,
): Promise<void> {
  await tx.execute(sql`insert into platform_usage
      (cuid, organiser_id, item, source_key, quantity, base_amount, occurred_at)
    select ${platformUsage.cuid.defaultFn!()}, organiser_id, 'online_payments', cuid, 1, amount,
      coalesce(paid_at, now())
    from payments where organiser_id = ${organiserId} and id = ${paymentId} and status = 'paid'
    on conflict (organiser_id, item, source_key) do nothing`);
}
