import { customerVouchers, type TenantTx } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";

// The console's reads and writes of customers' vouchers (decision 0087).

export type CustomerVoucherRow = {
  id: number;
  cuid: string;
  customer_id: number;
  cart_id: number;
  title: string;
  code: string;
  amount: number;
  bundle: string | null;
  bundle_for_participants: boolean;
  total_amount: number;
  paid_amount: number;
  expires_at: string | null;
  redeemed_at: string | null;
  recipient_id: number | null;
  recipient: string | null;
  refunded_amount: number | null;
  refunded_at: string | null;
  created_at: string;
};

const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = sql.raw(`select x.id, x.cuid, x.customer_id, x.cart_id, v.title, x.code, v.amount,
       b.title as bundle, coalesce(b.entity = 'PARTICIPANTS', false) as bundle_for_participants,
       x.total_amount, x.paid_amount, ${iso("x.expires_at")} as expires_at,
       ${iso("x.redeemed_at")} as redeemed_at, x.recipient_id,
       nullif(trim(concat_ws(' ', r.firstname, r.lastname)), '') as recipient,
       x.refunded_amount, ${iso("x.refunded_at")} as refunded_at,
       ${iso("x.created_at")} as created_at
  from customer_vouchers x
  join vouchers v on v.organiser_id = x.organiser_id and v.id = x.voucher_id
  left join bundles b on b.organiser_id = v.organiser_id and b.id = v.bundle_id
  left join customers r on r.organiser_id = x.organiser_id and r.id = x.recipient_id`);

/** The vouchers a customer bought, newest first. */
export async function listBoughtVouchers(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<CustomerVoucherRow[]> {
  const result = await tx.execute<CustomerVoucherRow>(
    sql`${SELECT} where x.organiser_id = ${organiserId} and x.customer_id = ${customerId}
         order by x.created_at desc, x.id desc`,
  );
  return result.rows;
}

/** One customer voucher by cuid; `lock` takes its row. */
export async function findBoughtVoucher(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<CustomerVoucherRow | null> {
  const lock = options.lock ? sql.raw("for update of x") : sql.raw("");
  const result = await tx.execute<CustomerVoucherRow>(
    sql`${SELECT} where x.organiser_id = ${organiserId} and x.cuid = ${cuid} ${lock}`,
  );
  return result.rows[0] ?? null;
}

/** Records the refund of a voucher nobody redeemed nor refunded; true when this call did. */
export async function markVoucherRefunded(
  tx: TenantTx,
  organiserId: number,
  id: number,
  refund: { amount: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(customerVouchers)
    .set({ refundedAmount: refund.amount, refundedAt: refund.at })
    .where(
      and(
        eq(customerVouchers.organiserId, organiserId),
        eq(customerVouchers.id, id),
        sql`${customerVouchers.refundedAt} is null and ${customerVouchers.redeemedAt} is null
          and ${customerVouchers.recipientId} is null`,
      ),
    )
    .returning({ id: customerVouchers.id });
  return rows.length > 0;
}
