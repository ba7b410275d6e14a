import {
  customerCuidParams,
  processedCartParams,
  TRANSACTION_PROOF_UPLOAD,
  transactionProofAdminList,
  transactionProofList,
  transactionProofParams,
  transactionProofView,
} from "@booking/contracts";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.ts";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { contentDisposition } from "../documents/routes.ts";
import {
  checkProofUpload,
  consoleProofs,
  customerProofs,
  type ProofFile,
  readProofFile,
} from "./service.ts";
import type { ProofStore } from "./storage.ts";

/**
 * The one `file` part of a multipart form: none (or not multipart, or empty) is
 * PROOF_FILE_REQUIRED, above TRANSACTION_PROOF_UPLOAD.maxBytes PROOF_TOO_LARGE.
 */
async function readProofUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError("PROOF_FILE_REQUIRED");
  try {
    const file = await request.file();
    if (!file) throw new AppError("PROOF_FILE_REQUIRED");
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw new AppError("PROOF_FILE_REQUIRED");
    return checkProofUpload({ name: file.filename, bytes });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const tooLarge = (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE";
    throw new AppError(tooLarge ? "PROOF_TOO_LARGE" : "BAD_REQUEST");
  }
}

/**
 * A proof opened in the browser: its sniffed type only (nosniff), never cached, never framed
 * nor loaded by another site, and no script may run in it.
 */
function sendProof(reply: FastifyReply, file: ProofFile) {
  const dot = file.fileName.lastIndexOf(".");
  return reply
    .header("content-type", file.contentType)
    .header(
      "content-disposition",
      contentDisposition(file.fileName.slice(0, dot), file.fileName.slice(dot + 1)),
    )
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .header("cross-origin-resource-policy", "same-origin")
    .header("content-security-policy", "default-src 'none'; img-src 'self'; object-src 'self'")
    .send(file.bytes);
}

/**
 * Proofs of payment (decision 0098): a customer sends one to an order and opens theirs on the
 * storefront's host; staff list a customer's and open them (customers.transaction_proofs.read).
 */
export async function registerTransactionProofRoutes(
  app: FastifyInstance,
  deps: ContextDeps & ConsoleDeps & { store: ProofStore },
): Promise<void> {
  const { store } = deps;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: TRANSACTION_PROOF_UPLOAD.maxBytes, files: 1, fields: 5, parts: 6 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ["transaction proofs"];

    api.post(
      "/api/carts/:cuid/transaction-proofs",
      { schema: { tags, params: processedCartParams, response: { 201: transactionProofView } } },
      async (request, reply) => {
        const upload = await readProofUpload(request);
        const proof = await customerProofs.upload(
          store,
          (fn) => inTenant(deps, request, fn),
          request.params.cuid,
          upload,
        );
        return reply.status(201).send(proof);
      },
    );
    api.get(
      "/api/carts/:cuid/transaction-proofs",
      { schema: { tags, params: processedCartParams, response: { 200: transactionProofList } } },
      async (request) => ({
        data: await inTenant(deps, request, (context) =>
          customerProofs.ofCart(context, request.params.cuid),
        ),
      }),
    );
    api.get(
      "/api/transaction-proofs/:cuid/file",
      { schema: { tags, params: transactionProofParams } },
      async (request, reply) => {
        const row = await inTenant(deps, request, (context) =>
          customerProofs.row(context, request.params.cuid),
        );
        return sendProof(reply, await readProofFile(store, row));
      },
    );

    const consoleTags = ["console: transaction proofs"];
    api.get(
      "/api/admin/customers/:cuid/transaction-proofs",
      {
        schema: {
          tags: consoleTags,
          params: customerCuidParams,
          response: { 200: transactionProofAdminList },
        },
        config: { console: "customers.transaction_proofs.read" },
      },
      async (request) => ({
        data: await inConsole(deps, request, (context) =>
          consoleProofs.ofCustomer(context, request.params.cuid),
        ),
      }),
    );
    api.get(
      "/api/admin/transaction-proofs/:cuid/file",
      {
        schema: { tags: consoleTags, params: transactionProofParams },
        config: { console: "customers.transaction_proofs.read" },
      },
      async (request, reply) => {
        const row = await inConsole(deps, request, (context) =>
          consoleProofs.row(context, request.params.cuid),
        );
        return sendProof(reply, await readProofFile(store, row));
      },
    );
  });
}
