import {
  adminCuidParams,
  IMPORT_MAX_BYTES,
  importCheck,
  importCheckQuery,
  importCommitQuery,
  importCommitResponse,
  importDetail,
  importList,
  importListQuery,
  importMappingBody,
  importUploadQuery,
  isSafeText,
} from "@booking/contracts";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { CSV_CONTENT_TYPE } from "../exports/csv.ts";
import { type ImportFile, readImportFile } from "./read-file.ts";
import { importsConsole, registrationSampleCsv } from "./service.ts";

/**
 * The uploaded file: one `file` part of a multipart form, read before the transaction opens.
 * None (or not multipart) is VALIDATION_ERROR `{file: REQUIRED}`, a NUL in its name or in a CSV
 * `{file: INVALID_CHARACTERS}`, above IMPORT_MAX_BYTES PAYLOAD_TOO_LARGE.
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fileName: string; file: ImportFile }> {
  if (!request.isMultipart()) throw validationError({ file: "REQUIRED" });
  let bytes: Buffer;
  let fileName: string;
  try {
    const part = await request.file();
    if (!part) throw validationError({ file: "REQUIRED" });
    bytes = await part.toBuffer();
    fileName = part.filename;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const tooLarge = (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE";
    throw new AppError(tooLarge ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST");
  }
  if (bytes.length === 0) throw validationError({ file: "REQUIRED" });
  if (!isSafeText(fileName)) throw validationError({ file: "INVALID_CHARACTERS" });
  return { fileName: fileName.slice(0, 255) || "import", file: await readImportFile(bytes) };
}

/** Imports (issue 17 §2): every call needs imports.imports.create, the one permission of the area. */
export async function registerImportConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ["console: imports"];
    const config = { console: "imports.imports.create" as const };
    const params = adminCuidParams;

    api.post(
      "/api/admin/imports",
      { schema: { tags, querystring: importUploadQuery, response: { 201: importDetail } }, config },
      async (request, reply) => {
        const upload = await readUpload(request);
        const created = await inConsole(deps, request, (context) =>
          importsConsole.upload(context, { kind: request.query.kind, ...upload }),
        );
        return reply.status(201).send(created);
      },
    );
    api.get(
      "/api/admin/imports",
      { schema: { tags, querystring: importListQuery, response: { 200: importList } }, config },
      (request) =>
        inConsole(deps, request, (context) => importsConsole.list(context, request.query)),
    );
    api.get(
      "/api/admin/imports/:cuid",
      { schema: { tags, params, response: { 200: importDetail } }, config },
      (request) =>
        inConsole(deps, request, (context) => importsConsole.detail(context, request.params.cuid)),
    );
    api.put(
      "/api/admin/imports/:cuid/mapping",
      {
        schema: { tags, params, body: importMappingBody, response: { 200: importDetail } },
        config,
      },
      (request) =>
        inConsole(deps, request, (context) =>
          importsConsole.setMapping(context, request.params.cuid, request.body.mapping),
        ),
    );
    api.get(
      "/api/admin/imports/:cuid/check",
      {
        schema: { tags, params, querystring: importCheckQuery, response: { 200: importCheck } },
        config,
      },
      (request) =>
        inConsole(deps, request, (context) =>
          importsConsole.check(context, request.params.cuid, request.query.locale),
        ),
    );
    api.get(
      "/api/admin/imports/:cuid/errors.csv",
      { schema: { tags, params, querystring: importCheckQuery }, config },
      async (request, reply) => {
        const csv = await inConsole(deps, request, (context) =>
          importsConsole.errorsCsv(context, request.params.cuid, request.query.locale),
        );
        const name = request.query.locale === "fr" ? "erreurs-import" : "import-errors";
        return reply
          .type(CSV_CONTENT_TYPE)
          .header(
            "content-disposition",
            `attachment; filename="${name}-${request.params.cuid}.csv"`,
          )
          .header("cache-control", "no-store")
          .send(csv);
      },
    );
    api.get(
      "/api/admin/imports/registrations-sample.csv",
      { schema: { tags, querystring: importCheckQuery }, config },
      async (request, reply) => {
        const { locale } = request.query;
        const name = locale === "fr" ? "exemple-inscriptions" : "sample-registrations";
        return reply
          .type(CSV_CONTENT_TYPE)
          .header("content-disposition", `attachment; filename="${name}.csv"`)
          .send(registrationSampleCsv(locale));
      },
    );
    api.post(
      "/api/admin/imports/:cuid/commit",
      {
        schema: {
          tags,
          params,
          querystring: importCommitQuery,
          response: { 200: importCommitResponse },
        },
        config,
      },
      (request) =>
        inConsole(deps, request, (context) =>
          importsConsole.commit(context, request.params.cuid, {
            sendConfirmations: request.query.send_confirmations,
          }),
        ),
    );
  });
}
