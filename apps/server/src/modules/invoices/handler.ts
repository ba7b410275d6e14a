import { type Database, type TenantTx, withTenant } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { InvoiceSettings } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { PublishedEvent } from "../../jobs/events-relay.ts";
import { findOrganiserById, type Organiser } from "../organisers/queries.ts";
import { issueInvoice } from "./issue.ts";
import { findInvoiceSettings } from "./settings-queries.ts";
import { findAttendanceChargeSource, findCartSource, type InvoiceSource } from "./sources.ts";

// Invoices issued by the settings' rule (docs/decisions/0074-customer-invoices.md), as a consumer
// of the events outbox: just after the checkout's commit, never inside it, so a registration-day
// rush does not queue on the counter row (DESIGN.md "Numbering"). Idempotent: a source has at
// most one invoice, and a replayed event finds it.

type SourceRef = { kind: InvoiceSource["kind"]; id: number };

/** The source an event is about: the processed cart, the charge, or what a transfer paid. */
async function sourceOfEvent(tx: TenantTx, event: PublishedEvent): Promise<SourceRef | null> {
  const { rows } = await tx.execute<{ kind: InvoiceSource["kind"]; id: number }>(
    event.type === "cart.processed"
      ? sql`select 'CART' as kind, id from carts where organiser_id = ${event.organiser_id} and cuid = ${event.payload.cart_cuid}`
      : event.type === "attendance-charge.created"
        ? sql`select 'ATTENDANCE_CHARGE' as kind, id from attendance_charges where organiser_id = ${event.organiser_id} and cuid = ${event.payload.attendance_charge_cuid}`
        : sql`select case when cart_id is not null then 'CART' else 'ATTENDANCE_CHARGE' end as kind,
              coalesce(cart_id, attendance_charge_id) as id
            from bank_transfers where organiser_id = ${event.organiser_id} and cuid = ${event.payload.transfer_cuid}`,
  );
  return rows[0] ?? null;
}

const TRIGGERS = new Set([
  "cart.processed",
  "attendance-charge.created",
  "bank_statement.transfer.reconciled",
]);

/** Whether the settings issue an invoice for `source` at this event. */
export function issuesNow(
  settings: InvoiceSettings,
  eventType: string,
  source: Pick<InvoiceSource, "total" | "paid">,
): boolean {
  if (settings.issue_on === "ON_REQUEST") return false;
  if (settings.issue_on === "FULLY_PAID") return source.paid >= source.total;
  return eventType !== "bank_statement.transfer.reconciled";
}

/** Loads a source by its kind and id. */
export function findSource(tx: TenantTx, organiserId: number, ref: SourceRef) {
  return ref.kind === "CART"
    ? findCartSource(tx, organiserId, ref.id)
    : findAttendanceChargeSource(tx, organiserId, ref.id);
}

/** The `events` handler issuing invoices. */
export async function invoicesHandler(
  db: Database,
  event: PublishedEvent,
  deps: { urls: PublicUrls; now(): Date },
): Promise<void> {
  if (!TRIGGERS.has(event.type)) return;
  const organiser = await findOrganiserById(db, event.organiser_id);
  if (!organiser) return;
  await withTenant(db, organiser.id, async (tx) => {
    const settings = await findInvoiceSettings(tx, organiser.id);
    if (settings.issue_on === "ON_REQUEST") return;
    const ref = await sourceOfEvent(tx, event);
    const source = ref && (await findSource(tx, organiser.id, ref));
    if (!source || !issuesNow(settings, event.type, source)) return;
    await issueInvoice(tx, issueContextOf(organiser, settings, deps), source);
  });
}

/** What issuing needs of the organiser and the clock, for a rule (no collaborator). */
export function issueContextOf(
  organiser: Organiser,
  settings: InvoiceSettings,
  deps: { urls: PublicUrls; now(): Date },
  collaboratorId: number | null = null,
) {
  return {
    organiser,
    settings,
    website: deps.urls.storefront(organiser),
    now: deps.now(),
    collaboratorId,
  };
}
