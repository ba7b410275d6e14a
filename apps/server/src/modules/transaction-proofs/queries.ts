import type { TransactionProofView } from "@booking/contracts";
import { type TenantTx, transactionProofs } from "@booking/db";
import { type SQL, sql } from "@booking/db/orm";
import type { ProofContentType } from "@booking/domain";
import { cartsWithDue } from "../payments/console-queries.ts";

// Proofs of payment uploaded to orders (decision 0098), read with the order they were sent for.

export type ProofRow = Omit<TransactionProofView, "file_url"> & {
  storage_path: string;
  /** the customer who owns the order */
  customer_id: number;
  cart_reference: string;
};

const SELECT = sql`select p.cuid, k.cuid as cart_cuid, k.reference as cart_reference,
    p.file_name, p.content_type, p.size_bytes,
    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    p.storage_path, k.customer_id
  from transaction_proofs p
  join carts k on k.organiser_id = p.organiser_id and k.id = p.cart_id`;

async function select(tx: TenantTx, where: SQL): Promise<ProofRow[]> {
  const result = await tx.execute<ProofRow>(
    sql`${SELECT} where ${where} order by p.created_at desc, p.id desc`,
  );
  return result.rows;
}

/** The proofs of every order of a customer, the latest first, with what each order owes. */
export async function listCustomerProofs(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<Array<ProofRow & { amount_due: number }>> {
  const result = await tx.execute<ProofRow & { amount_due: number }>(
    sql`select proof.*, due.amount_due
          from (${SELECT} where p.organiser_id = ${organiserId} and k.customer_id = ${customerId}
                order by p.created_at desc, p.id desc) proof
          join (${cartsWithDue(organiserId)}) due on due.cuid = proof.cart_cuid`,
  );
  return result.rows;
}

export async function insertProof(
  tx: TenantTx,
  proof: {
    organiserId: number;
    cartId: number;
    fileName: string;
    contentType: ProofContentType;
    sizeBytes: number;
    storagePath: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(transactionProofs)
    .values(proof)
    .returning({ cuid: transactionProofs.cuid });
  return row!.cuid;
}

export async function countCartProofs(
  tx: TenantTx,
  organiserId: number,
  cartId: number,
): Promise<number> {
  const result = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count from transaction_proofs
         where organiser_id = ${organiserId} and cart_id = ${cartId}`,
  );
  return result.rows[0]!.count;
}

/** An order's proofs, the latest first. */
export function listCartProofs(tx: TenantTx, organiserId: number, cartId: number) {
  return select(tx, sql`p.organiser_id = ${organiserId} and p.cart_id = ${cartId}`);
}

export async function findProof(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ProofRow | null> {
  const [row] = await select(tx, sql`p.organiser_id = ${organiserId} and p.cuid = ${cuid}`);
  return row ?? null;
}

/**
 * Erases the proofs of every order of a customer (account deletion and staff's erasure, decision
 * 0104): the rows go, each order keeps when its proofs were erased, and the files' storage paths
 * are answered for removal once the transaction commits.
 */
export async function eraseCustomerProofs(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  now: Date,
): Promise<string[]> {
  // One statement: the rows deleted, then their orders marked.
  const erased = await tx.execute<{ storage_path: string }>(
    sql`with erased as (
          delete from transaction_proofs p
           using carts k
           where p.organiser_id = ${organiserId} and k.organiser_id = p.organiser_id
             and k.id = p.cart_id and k.customer_id = ${customerId}
          returning p.storage_path, p.cart_id),
        marked as (
          update carts set proofs_erased_at = ${now}
           where organiser_id = ${organiserId} and id in (select cart_id from erased))
        select storage_path from erased`,
  );
  return erased.rows.map((row) => row.storage_path);
}
