import { type Database, type TenantTx, withTenant } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { InvoiceSettings, InvoiceSourceKind } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { PublishedEvent } from "../../jobs/events-relay.ts";
import { findOrganiserById, type Organiser } from "../organisers/queries.ts";
import { issueInvoice } from "./issue.ts";
import { findInvoiceSettings } from "./settings-queries.ts";
import { findSource, type InvoiceSource } from "./sources.ts";

// Invoices issued by the settings' rule (docs/decisions/0074-customer-invoices.md), as a consumer
// of the events outbox: just after the checkout's commit, never inside it, so a registration-day
// rush does not queue on the counter row (DESIGN.md "Numbering"). Idempotent: a source has at
// most one invoice, and a replayed event or a racing worker finds it (`issueInvoice`).

type SourceRef = { kind: InvoiceSourceKind; id: number };

/**
 * The sources an event is about: a processed order and the shares its bookings' partners owe,
 * a charge, or what a payment paid (a registration's order, an approved request's order).
 */
async function sourcesOfEvent(tx: TenantTx, event: PublishedEvent): Promise<SourceRef[]> {
  const organiserId = event.organiser_id;
  const { rows } = await tx.execute<SourceRef>(
    event.type === "cart.processed"
      ? sql`select 'CART' as kind, c.id from carts c
            where c.organiser_id = ${organiserId} and c.cuid = ${event.payload.cart_cuid}
          union all
          select 'BOOKING_SHARE', bp.id from carts c
            join cart_items i on i.organiser_id = c.organiser_id and i.cart_id = c.id
            join bookings b on b.organiser_id = i.organiser_id and b.cart_item_id = i.id
            join booking_participations bp on bp.organiser_id = b.organiser_id and bp.booking_id = b.id
            where c.organiser_id = ${organiserId} and c.cuid = ${event.payload.cart_cuid}`
      : event.type === "attendance-charge.created"
        ? sql`select 'ATTENDANCE_CHARGE' as kind, id from attendance_charges
            where organiser_id = ${organiserId} and cuid = ${event.payload.attendance_charge_cuid}`
        : paidSource(organiserId, event.payload.destination_cuid!),
  );
  return rows;
}

/** The source a payment destination (named by its cuid) belongs to. */
function paidSource(organiserId: number, cuid: string) {
  return sql`
    select 'CART' as kind, id from carts where organiser_id = ${organiserId} and cuid = ${cuid}
    union all
    select 'CART', cart_id from registrations where organiser_id = ${organiserId} and cuid = ${cuid}
    union all
    select case when cart_id is null then 'REGISTRATION_REQUEST' else 'CART' end,
      coalesce(cart_id, id)
    from registration_requests where organiser_id = ${organiserId} and cuid = ${cuid}
    union all
    select 'ATTENDANCE_CHARGE', id from attendance_charges where organiser_id = ${organiserId} and cuid = ${cuid}
    union all
    select 'BOOKING_SHARE', id from booking_participations where organiser_id = ${organiserId} and cuid = ${cuid}`;
}

const TRIGGERS = new Set(["cart.processed", "attendance-charge.created", "payment.received"]);

/**
 * Whether the settings issue an invoice for `source` at this event: with each order or charge
 * as it is made, or once paid in full however it was paid (online, wallet, bank transfer
 * recorded by hand or reconciled: each emits `payment.received`).
 */
export function issuesNow(
  settings: InvoiceSettings,
  eventType: string,
  source: Pick<InvoiceSource, "total" | "paid">,
): boolean {
  if (settings.issue_on === "ON_REQUEST") return false;
  if (settings.issue_on === "FULLY_PAID") return source.paid >= source.total;
  return eventType !== "payment.received";
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
    for (const ref of await sourcesOfEvent(tx, event)) {
      const source = await findSource(tx, organiser.id, ref);
      if (!source || !issuesNow(settings, event.type, source)) continue;
      await issueInvoice(tx, issueContextOf(organiser, settings, deps), source);
    }
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
