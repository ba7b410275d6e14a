import type { TenantTx } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { InvoiceProductKind, InvoiceSourceKind } from "@booking/domain";

// What an invoice bills, read from the rows it is issued for (docs/decisions/0074-customer-invoices.md,
// 0083-invoices-for-every-debt.md): a processed cart, an attendance charge, a registration request
// paid on itself or a booking share. Lines are VAT-inclusive amounts, as customers saw them.

export interface SourceLine {
  kind: InvoiceProductKind;
  label: string;
  /** Who or when: the participant and the dates. */
  description: string;
  amount: number;
}

export interface InvoiceSource {
  kind: InvoiceSourceKind;
  id: number;
  cuid: string;
  customerId: number;
  reference: string | null;
  /** What the customer is asked to pay for it, VAT-inclusive, service fees included. */
  total: number;
  /** The service fees within `total`. */
  serviceFees: number;
  /** Paid so far (wallet, deposit online, transfers). */
  paid: number;
  lines: SourceLine[];
}

const ITEM_KIND: Record<string, InvoiceProductKind> = {
  REGISTRATION: "registrations",
  BOOKING: "bookings",
  BUNDLE: "bundles",
  VOUCHER: "vouchers",
  MEMBERSHIP: "memberships",
  REGISTRATION_REQUEST: "registrations",
};

type CartRow = {
  id: number;
  cuid: string;
  customer_id: number;
  reference: string | null;
  total_amount: number | null;
  service_fees: number;
  paid_amount: number;
  processed: boolean;
  items: Array<{
    type: string;
    amount: number;
    label: string | null;
    participant: string | null;
    start_at: string | null;
    end_at: string | null;
  }>;
};

/**
 * A processed cart with its items' lines (a registration at its own price after bundles and
 * volume discounts, any other item at its price; requests awaiting a price bill nothing); null
 * when not found or not processed.
 */
export async function findCartSource(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<InvoiceSource | null> {
  const { rows } = await tx.execute<CartRow>(sql`
    select c.id, c.cuid, c.customer_id, c.reference, c.total_amount, c.service_fees,
      c.paid_amount, c.processed_at is not null as processed,
      coalesce((select json_agg(json_build_object(
          'type', i.type,
          'amount', coalesce(r.total_amount, i.price),
          'label', coalesce(act.title, b.title, v.title, m.title, i.payload->'booking'->'resource'->>'name'),
          'participant', nullif(trim(p.firstname || ' ' || p.lastname), ''),
          'start_at', coalesce(a.start_at, (i.payload->'booking'->'dates'->0->>'start_at')::timestamptz),
          'end_at', coalesce(a.end_at, (i.payload->'booking'->'dates'->-1->>'end_at')::timestamptz)
        ) order by i.id)
        from cart_items i
        left join registrations r on r.organiser_id = i.organiser_id and r.cart_item_id = i.id
        left join availabilities a on a.organiser_id = i.organiser_id and a.id = i.availability_id
        left join activities act on act.organiser_id = a.organiser_id and act.id = a.activity_id
        left join bundles b on b.organiser_id = i.organiser_id and b.id = i.bundle_id
        left join vouchers v on v.organiser_id = i.organiser_id and v.id = i.voucher_id
        left join memberships m on m.organiser_id = i.organiser_id and m.id = i.membership_id
        left join participants p on p.organiser_id = i.organiser_id and p.id = i.participant_id
        where i.organiser_id = c.organiser_id and i.cart_id = c.id
          and (i.type <> 'REGISTRATION' or r.id is not null)), '[]') as items
    from carts c
    where c.organiser_id = ${organiserId} and c.id = ${cartId}`);
  const row = rows[0];
  if (!row?.processed || row.total_amount === null) return null;
  return {
    kind: "CART",
    id: row.id,
    cuid: row.cuid,
    customerId: row.customer_id,
    reference: row.reference,
    total: row.total_amount + row.service_fees,
    serviceFees: row.service_fees,
    paid: row.paid_amount,
    lines: row.items
      .filter((item) => item.amount > 0)
      .map((item) => ({
        kind: ITEM_KIND[item.type] ?? "registrations",
        label: item.label ?? "",
        description: describe(item.participant, item.start_at, item.end_at),
        amount: item.amount,
      })),
  };
}

/** "Participant · YYYY-MM-DD – YYYY-MM-DD": who and when, as far as known. */
function describe(participant: string | null, startAt: string | null, endAt: string | null) {
  const day = (value: string | null) => (value ? new Date(value).toISOString().slice(0, 10) : "");
  const from = day(startAt);
  const to = day(endAt);
  const period = from && to && from !== to ? `${from} – ${to}` : from;
  return [participant, period].filter(Boolean).join(" · ");
}

type ChargeRow = {
  id: number;
  cuid: string;
  customer_id: number;
  reference: string | null;
  total_amount: number;
  paid_amount: number;
  title: string;
  start_at: string;
  end_at: string;
};

/** An attendance charge as one line: the activity's billing title and the cycle's period. */
export async function findAttendanceChargeSource(
  tx: TenantTx,
  organiserId: number,
  chargeId: number,
): Promise<InvoiceSource | null> {
  const { rows } = await tx.execute<ChargeRow>(sql`
    select ch.id, ch.cuid, ch.customer_id, ch.reference, ch.total_amount, ch.paid_amount,
      conf.title, cy.start_at, cy.end_at
    from attendance_charges ch
    join attendance_billing_cycles cy on cy.organiser_id = ch.organiser_id and cy.id = ch.billing_cycle_id
    join attendance_billing_configurations conf
      on conf.organiser_id = cy.organiser_id and conf.id = cy.configuration_id
    where ch.organiser_id = ${organiserId} and ch.id = ${chargeId}`);
  const row = rows[0];
  if (!row) return null;
  // The cycle ends at the start of the next month: its last day is the day before.
  const lastDay = new Date(new Date(row.end_at).getTime() - 1).toISOString();
  return {
    kind: "ATTENDANCE_CHARGE",
    id: row.id,
    cuid: row.cuid,
    customerId: row.customer_id,
    reference: row.reference,
    total: row.total_amount,
    serviceFees: 0,
    paid: row.paid_amount,
    lines: [
      {
        kind: "attendance",
        label: row.title,
        description: describe(null, row.start_at, lastDay),
        amount: row.total_amount,
      },
    ],
  };
}

type RequestRow = {
  id: number;
  cuid: string;
  customer_id: number;
  reference: string;
  total_amount: number;
  paid_amount: number;
  title: string;
  participant: string | null;
  start_at: string | null;
  end_at: string | null;
};

/**
 * An approved registration request paid on itself (approved before approvals made an order,
 * decision 0061) as one line: the activity, the participant and the requested sessions' span.
 * Null for any other request: a pending or rejected one owes nothing, and an approved one with
 * an order is billed by that order's invoice.
 */
export async function findRegistrationRequestSource(
  tx: TenantTx,
  organiserId: number,
  requestId: number,
): Promise<InvoiceSource | null> {
  const { rows } = await tx.execute<RequestRow>(sql`
    select q.id, q.cuid, q.customer_id, q.reference, q.total_amount, q.paid_amount,
      act.title, nullif(trim(p.firstname || ' ' || p.lastname), '') as participant,
      (select min(a.start_at) from registration_request_availabilities ra
        join availabilities a on a.organiser_id = ra.organiser_id and a.id = ra.availability_id
        where ra.organiser_id = q.organiser_id and ra.registration_request_id = q.id) as start_at,
      (select max(a.end_at) from registration_request_availabilities ra
        join availabilities a on a.organiser_id = ra.organiser_id and a.id = ra.availability_id
        where ra.organiser_id = q.organiser_id and ra.registration_request_id = q.id) as end_at
    from registration_requests q
    join activities act on act.organiser_id = q.organiser_id and act.id = q.activity_id
    join participants p on p.organiser_id = q.organiser_id and p.id = q.participant_id
    where q.organiser_id = ${organiserId} and q.id = ${requestId}
      and q.status = 'APPROVED' and q.cart_id is null`);
  const row = rows[0];
  if (!row) return null;
  return {
    kind: "REGISTRATION_REQUEST",
    id: row.id,
    cuid: row.cuid,
    customerId: row.customer_id,
    reference: row.reference,
    total: row.total_amount,
    serviceFees: 0,
    paid: row.paid_amount,
    lines: [
      {
        kind: "registrations",
        label: row.title,
        description: describe(row.participant, row.start_at, row.end_at),
        amount: row.total_amount,
      },
    ],
  };
}

type ShareRow = {
  id: number;
  cuid: string;
  customer_id: number;
  reference: string | null;
  total_amount: number;
  paid_amount: number;
  resource: string;
  participant: string | null;
  start_at: string;
  end_at: string;
};

/**
 * A booking share paid by its own participant as one line: the resource, the participant and
 * the booking's period. Null for the booker's share of a booking checked out in an order: that
 * order's invoice bills it (the BOOKING item costs the booker's share, decision 0063).
 */
export async function findBookingShareSource(
  tx: TenantTx,
  organiserId: number,
  participationId: number,
): Promise<InvoiceSource | null> {
  const { rows } = await tx.execute<ShareRow>(sql`
    select bp.id, bp.cuid, bp.customer_id, bp.reference, bp.total_amount, bp.paid_amount,
      r.name as resource, nullif(trim(p.firstname || ' ' || p.lastname), '') as participant,
      (select min(d.start_at) from booking_dates d
        where d.organiser_id = b.organiser_id and d.booking_id = b.id) as start_at,
      (select max(d.end_at) from booking_dates d
        where d.organiser_id = b.organiser_id and d.booking_id = b.id) as end_at
    from booking_participations bp
    join bookings b on b.organiser_id = bp.organiser_id and b.id = bp.booking_id
    join resources r on r.organiser_id = b.organiser_id and r.id = b.resource_id
    join participants p on p.organiser_id = bp.organiser_id and p.id = bp.participant_id
    where bp.organiser_id = ${organiserId} and bp.id = ${participationId}
      and not (b.cart_item_id is not null and bp.id = (select min(o.id) from booking_participations o
        where o.organiser_id = b.organiser_id and o.booking_id = b.id))`);
  const row = rows[0];
  if (!row) return null;
  return {
    kind: "BOOKING_SHARE",
    id: row.id,
    cuid: row.cuid,
    customerId: row.customer_id,
    // A share gets its reference when its page is first read (decision 0072).
    reference: row.reference,
    total: row.total_amount,
    serviceFees: 0,
    paid: row.paid_amount,
    lines: [
      {
        kind: "bookings",
        label: row.resource,
        description: describe(row.participant, row.start_at, row.end_at),
        amount: row.total_amount,
      },
    ],
  };
}

/** Loads a source by its kind and id. */
export function findSource(
  tx: TenantTx,
  organiserId: number,
  ref: { kind: InvoiceSourceKind; id: number },
): Promise<InvoiceSource | null> {
  switch (ref.kind) {
    case "CART":
      return findCartSource(tx, organiserId, ref.id);
    case "ATTENDANCE_CHARGE":
      return findAttendanceChargeSource(tx, organiserId, ref.id);
    case "REGISTRATION_REQUEST":
      return findRegistrationRequestSource(tx, organiserId, ref.id);
    case "BOOKING_SHARE":
      return findBookingShareSource(tx, organiserId, ref.id);
  }
}
