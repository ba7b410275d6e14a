import {
  adminBankTransferView,
  adminCuidParams,
  BANK_STATEMENT_MAX_BYTES,
  bankStatementDetail,
  bankStatementImportResponse,
  bankStatementLineList,
  bankStatementLineQuery,
  bankStatementLineView,
  bankStatementList,
  bankStatementListQuery,
  isSafeText,
  lineCartList,
  lineCartsQuery,
  matchLineBody,
  recordTransferBody,
} from "@booking/contracts";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { bankConsole, type TargetByCuid } from "./console-service.ts";

/** What a manual match names (the body has exactly one of them). */
function matchTarget(body: z.output<typeof matchLineBody>): TargetByCuid {
  if (body.attendance_charge !== undefined) {
    return { type: "ATTENDANCE_CHARGE", cuid: body.attendance_charge };
  }
  if (body.booking_participation !== undefined) {
    return { type: "BOOKING_PARTICIPATION", cuid: body.booking_participation };
  }
  return { type: "CART", cuid: body.cart ?? "" };
}

/**
 * The uploaded statement file: one `file` part of a multipart form. None (or not multipart) is
 * VALIDATION_ERROR `{file: REQUIRED}`, a NUL in it or in its name `{file: INVALID_CHARACTERS}`,
 * above BANK_STATEMENT_MAX_BYTES PAYLOAD_TOO_LARGE.
 */
async function readStatementUpload(
  request: FastifyRequest,
): Promise<{ name: string; bytes: Uint8Array }> {
  if (!request.isMultipart()) throw validationError({ file: "REQUIRED" });
  try {
    const file = await request.file();
    if (!file) throw validationError({ file: "REQUIRED" });
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw validationError({ file: "REQUIRED" });
    // No statement format carries a NUL, and PostgreSQL could not store the text around one.
    if (bytes.includes(0) || !isSafeText(file.filename)) {
      throw validationError({ file: "INVALID_CHARACTERS" });
    }
    return { name: file.filename.slice(0, 255) || "statement", bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const tooLarge = (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE";
    throw new AppError(tooLarge ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST");
  }
}

/** Bank transfers recorded by hand, bank statements imported and their lines matched. */
export async function registerBankConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: BANK_STATEMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ["console: bank"];
    const params = adminCuidParams;

    api.post(
      "/api/admin/bank-statements",
      {
        schema: { tags, response: { 201: bankStatementImportResponse } },
        config: { console: "bank.statements.create" },
      },
      async (request, reply) => {
        const file = await readStatementUpload(request);
        const result = await inConsole(deps, request, (context) =>
          bankConsole.importStatementFile(context, file),
        );
        return reply.status(201).send(result);
      },
    );
    api.get(
      "/api/admin/bank-statements",
      {
        schema: { tags, querystring: bankStatementListQuery, response: { 200: bankStatementList } },
        config: { console: "bank.statements.read" },
      },
      (request) =>
        inConsole(deps, request, (context) => bankConsole.listStatements(context, request.query)),
    );
    api.get(
      "/api/admin/bank-statements/:cuid",
      {
        schema: { tags, params, response: { 200: bankStatementDetail } },
        config: { console: "bank.statements.read" },
      },
      (request) =>
        inConsole(deps, request, (context) => bankConsole.statement(context, request.params.cuid)),
    );
    api.get(
      "/api/admin/bank-statement-lines",
      {
        schema: {
          tags,
          querystring: bankStatementLineQuery,
          response: { 200: bankStatementLineList },
        },
        config: { console: "bank.statements.read" },
      },
      (request) =>
        inConsole(deps, request, (context) => bankConsole.listLines(context, request.query)),
    );
    api.get(
      "/api/admin/bank-statement-lines/:cuid/carts",
      {
        schema: { tags, params, querystring: lineCartsQuery, response: { 200: lineCartList } },
        config: { console: "bank.statements.update" },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          bankConsole.lineCarts(context, request.params.cuid, request.query.q),
        ),
    );
    api.post(
      "/api/admin/bank-statement-lines/:cuid/match",
      {
        schema: { tags, params, body: matchLineBody, response: { 200: bankStatementLineView } },
        config: { console: "bank.statements.update" },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          bankConsole.matchLine(context, request.params.cuid, matchTarget(request.body)),
        ),
    );
    api.post(
      "/api/admin/bank-statement-lines/:cuid/ignore",
      {
        schema: { tags, params, response: { 200: bankStatementLineView } },
        config: { console: "bank.statements.update" },
      },
      (request) =>
        inConsole(deps, request, (context) => bankConsole.ignoreLine(context, request.params.cuid)),
    );
    api.post(
      "/api/admin/bank-statement-lines/:cuid/undo",
      {
        schema: { tags, params, response: { 200: bankStatementLineView } },
        config: { console: "bank.statements.update" },
      },
      (request) =>
        inConsole(deps, request, (context) => bankConsole.undoLine(context, request.params.cuid)),
    );

    // Money received by transfer, recorded by hand for a processed cart, an attendance charge or
    // a booking share (decision 0072).
    for (const [path, type] of [
      ["/api/admin/carts/:cuid/bank-transfers", "CART"],
      ["/api/admin/attendance-charges/:cuid/bank-transfers", "ATTENDANCE_CHARGE"],
      ["/api/admin/booking-participations/:cuid/bank-transfers", "BOOKING_PARTICIPATION"],
    ] as const) {
      api.post(
        path,
        {
          schema: {
            tags,
            params,
            body: recordTransferBody,
            response: { 201: adminBankTransferView },
          },
          config: { console: "bank.transfers.create" },
        },
        async (request, reply) => {
          const transfer = await inConsole(deps, request, (context) =>
            bankConsole.recordTransfer(context, { type, cuid: request.params.cuid }, request.body),
          );
          return reply.status(201).send(transfer);
        },
      );
    }
    api.delete(
      "/api/admin/bank-transfers/:cuid",
      {
        schema: { tags, params, response: { 200: adminBankTransferView } },
        config: { console: "bank.transfers.delete" },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          bankConsole.cancelTransfer(context, request.params.cuid),
        ),
    );
  });
}
