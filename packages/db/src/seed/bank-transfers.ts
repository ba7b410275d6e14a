import { sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import type { SeedCounts } from "./writer.ts";

/**
 * The bank transfers behind the demo orders' paid amounts: the orders are paid by transfer
 * (DELAYED), so what they show as paid (beyond the wallet) arrived as a transfer, three days
 * after the order, as the console's payments list shows them.
 */
export async function writeDemoBankTransfers(
  tx: Transaction,
  organiserId: number,
  counts: SeedCounts,
): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const result = await tx.execute(sql`
    insert into bank_transfers (organiser_id, cuid, cart_id, amount, received_on, note, created_at)
    select organiser_id,
           'c' || substr(md5(${`transfer-${organiserId}-`} || id::text), 1, 23),
           id,
           paid_amount - wallet_used,
           (processed_at + interval '3 days')::date,
           ${"Virement"},
           processed_at + interval '3 days'
      from carts
     where organiser_id = ${organiserId}
       and processed_at is not null
       and payment_strategy = 'DELAYED'
       and paid_amount > wallet_used`);
  counts.bank_transfers = (counts.bank_transfers ?? 0) + (result.rowCount ?? 0);
}
