import {
  TRANSACTION_PROOF_UPLOAD,
  type TransactionProofAdminView,
  type TransactionProofView,
} from "@booking/contracts";
import { type ProofContentType, proofFileName, sniffProofType } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { findCustomerCart } from "../carts/queries.ts";
import { requireCustomer as requireConsoleCustomer } from "../customers/console-service.ts";
import {
  countCartProofs,
  findProof,
  insertProof,
  listCartProofs,
  listCustomerProofs,
  type ProofRow,
} from "./queries.ts";
import type { ProofStore } from "./storage.ts";

/** A checked upload: its real type, read from its bytes, and the name staff will see. */
export interface ProofUpload {
  bytes: Uint8Array;
  contentType: ProofContentType;
  fileName: string;
}

/** A proof's bytes with what the answer says about them. */
export interface ProofFile {
  bytes: Buffer;
  contentType: ProofContentType;
  fileName: string;
}

/** The sent file as a proof: a PDF, JPEG or PNG by its bytes, else PROOF_TYPE_UNSUPPORTED. */
export function checkProofUpload(file: { name: string; bytes: Uint8Array }): ProofUpload {
  const contentType = sniffProofType(file.bytes);
  if (!contentType) throw new AppError("PROOF_TYPE_UNSUPPORTED");
  return { bytes: file.bytes, contentType, fileName: proofFileName(file.name, contentType) };
}

const view =
  (prefix: string) =>
  (row: ProofRow): TransactionProofView => ({
    cuid: row.cuid,
    cart_cuid: row.cart_cuid,
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    created_at: row.created_at,
    file_url: `${prefix}/transaction-proofs/${row.cuid}/file`,
  });
const customerView = view("/api");
const consoleView = view("/api/admin");

/** A proof's bytes once its row was found (null: not found, as a file gone from disk). */
export async function readProofFile(store: ProofStore, row: ProofRow | null): Promise<ProofFile> {
  const bytes = row ? await store.read(row.storage_path) : null;
  if (!row || !bytes) throw new AppError("TRANSACTION_PROOF_NOT_FOUND");
  return { bytes, contentType: row.content_type, fileName: row.file_name };
}

/** The customer's side: their orders' proofs (storefront host, their session). */
export const customerProofs = {
  /**
   * POST /api/carts/:cuid/transaction-proofs: the file joins the customer's processed cart.
   * The file is written before the transaction and removed when it fails (someone else's
   * order, the limit reached…), so that a retried transaction never leaves a second copy.
   */
  async upload(
    store: ProofStore,
    run: <T>(fn: (context: ServiceContext) => Promise<T>) => Promise<T>,
    cartCuid: string,
    upload: ProofUpload,
  ): Promise<TransactionProofView> {
    let storagePath: string | null = null;
    try {
      return await run(async (context) => {
        const customer = requireCustomer(context);
        const organiserId = context.organiser.id;
        // Locked: two uploads at once to one order count each other's proofs.
        const cart = await findCustomerCart(context.db, organiserId, customer.customerId, {
          cuid: cartCuid,
          state: "processed",
          lock: true,
        });
        if (!cart) throw new AppError("CART_NOT_FOUND");
        const count = await countCartProofs(context.db, organiserId, cart.id);
        if (count >= TRANSACTION_PROOF_UPLOAD.maxPerOrder) {
          throw new AppError("PROOF_LIMIT_REACHED");
        }
        storagePath ??= await store.save(context.organiser.cuid, upload.bytes);
        const cuid = await insertProof(context.db, {
          organiserId,
          cartId: cart.id,
          fileName: upload.fileName,
          contentType: upload.contentType,
          sizeBytes: upload.bytes.length,
          storagePath,
        });
        const row = await findProof(context.db, organiserId, cuid);
        return customerView(row!);
      });
    } catch (error) {
      if (storagePath) await store.remove(storagePath);
      throw error;
    }
  },

  /** GET /api/carts/:cuid/transaction-proofs: the proofs sent for one of the customer's orders. */
  async ofCart(context: ServiceContext, cartCuid: string): Promise<TransactionProofView[]> {
    const customer = requireCustomer(context);
    const cart = await findCustomerCart(context.db, context.organiser.id, customer.customerId, {
      cuid: cartCuid,
      state: "processed",
    });
    if (!cart) throw new AppError("CART_NOT_FOUND");
    const rows = await listCartProofs(context.db, context.organiser.id, cart.id);
    return rows.map(customerView);
  },

  /** The row of a proof of the customer's own order (another's is not found). */
  async row(context: ServiceContext, cuid: string): Promise<ProofRow | null> {
    const customer = requireCustomer(context);
    const row = await findProof(context.db, context.organiser.id, cuid);
    return row && row.customer_id === customer.customerId ? row : null;
  },
};

/** Staff's side (customers.transaction_proofs.read). */
export const consoleProofs = {
  /** GET /api/admin/customers/:cuid/transaction-proofs: every proof of the customer's orders. */
  async ofCustomer(
    context: ConsoleContext,
    customerCuid: string,
  ): Promise<TransactionProofAdminView[]> {
    const customer = await requireConsoleCustomer(context, customerCuid);
    const rows = await listCustomerProofs(context.db, context.organiser.id, customer.id);
    return rows.map((row) => ({
      ...consoleView(row),
      order: { reference: row.cart_reference, amount_due: row.amount_due },
    }));
  },

  row(context: ConsoleContext, cuid: string): Promise<ProofRow | null> {
    return findProof(context.db, context.organiser.id, cuid);
  },
};
