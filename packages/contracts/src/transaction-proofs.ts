import { z } from "zod";

/**
 * A proof of payment a customer uploads to an order (decision 0098): a PDF, JPEG or PNG (the
 * type read from its bytes), at most `maxBytes`, at most `maxPerOrder` per order.
 */
export const TRANSACTION_PROOF_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  maxPerOrder: 10,
  accept: "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png",
} as const;

export const TRANSACTION_PROOF_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

export const transactionProofParams = z.object({ cuid: z.string().min(1).max(64) });

export const transactionProofView = z.object({
  cuid: z.string(),
  /** the order it was sent for */
  cart_cuid: z.string(),
  file_name: z.string(),
  content_type: z.enum(TRANSACTION_PROOF_TYPES),
  size_bytes: z.int(),
  created_at: z.string(),
  /** where the file opens, on the host that listed it (the account's or the console's API) */
  file_url: z.string(),
});
export type TransactionProofView = z.infer<typeof transactionProofView>;

export const transactionProofList = z.object({ data: z.array(transactionProofView) });
export type TransactionProofList = z.infer<typeof transactionProofList>;

/** A proof as staff read it, with what its order still owes (to record the transfer it shows). */
export const transactionProofAdminView = transactionProofView.extend({
  order: z.object({ reference: z.string(), amount_due: z.int() }),
});
export type TransactionProofAdminView = z.infer<typeof transactionProofAdminView>;

export const transactionProofAdminList = z.object({ data: z.array(transactionProofAdminView) });
export type TransactionProofAdminList = z.infer<typeof transactionProofAdminList>;
