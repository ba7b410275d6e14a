import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { carts } from "./carts.ts";
import { createdAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/** The file types a proof of payment may be, sniffed from its bytes (decision 0098). */
export type TransactionProofType = "application/pdf" | "image/jpeg" | "image/png";

/**
 * A proof of payment a customer uploaded to one of their orders (decision 0098): the file lives
 * under DATA_DIR (`storage_path`), never public; the organiser's staff with
 * customers.transaction_proofs.read and the customer who owns the order read it.
 */
export const transactionProofs = pgTable(
  "transaction_proofs",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    cartId: integer().notNull(),
    /** the name the file had on the customer's device, shown to staff */
    fileName: text().notNull(),
    contentType: text().$type<TransactionProofType>().notNull(),
    sizeBytes: integer().notNull(),
    /** `{organiser cuid}/{random key}`, relative to the proofs' folder */
    storagePath: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("transaction_proofs", t),
    tenantForeignKey(
      "transaction_proofs_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
      "cascade",
    ),
    check(
      "transaction_proofs_content_type",
      sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    check("transaction_proofs_size", sql`${t.sizeBytes} > 0`),
    // An order's proofs, newest first.
    index("transaction_proofs_cart_idx").on(t.organiserId, t.cartId, t.createdAt),
  ],
);
