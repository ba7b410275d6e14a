import {
  activityParams,
  adminActivityConfirmationBody,
  adminActivityConfirmationView,
  adminCancellationPolicyBody,
  adminCancellationPolicyView,
  adminConfirmationPreview,
  adminConfirmationPreviewBody,
  CONFIRMATION_FILE_MAX_BYTES,
  confirmationFileParams,
} from "@booking/contracts";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.ts";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { confirmationConsole } from "./confirmation-console.ts";
import { readPolicy, writePolicy } from "./policy.ts";

const BASE = "/api/admin/activities/:cuid";
const READ = "activities.confirmations.read" as const;
const UPDATE = "activities.confirmations.update" as const;

/** The one `file` part of a multipart form (none: CONFIRMATION_FILE_REQUIRED). */
async function readConfirmationUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError("CONFIRMATION_FILE_REQUIRED");
  try {
    const file = await request.file();
    if (!file) throw new AppError("CONFIRMATION_FILE_REQUIRED");
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw new AppError("CONFIRMATION_FILE_REQUIRED");
    return { name: file.filename, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const tooLarge = (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE";
    throw new AppError(tooLarge ? "CONFIRMATION_FILE_TOO_LARGE" : "BAD_REQUEST");
  }
}

/**
 * An activity's rules in the console (docs/decisions/0101): its cancellation policy
 * (activities.cancellations.*) and its confirmation with its preview and files
 * (activities.confirmations.*).
 */
export async function registerActivityRuleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: activity rules"];
  const params = activityParams;

  api.get(
    `${BASE}/cancellation-policy`,
    {
      schema: { tags, params, response: { 200: adminCancellationPolicyView } },
      config: { console: "activities.cancellations.read" },
    },
    (request) => inConsole(deps, request, (context) => readPolicy(context, request.params.cuid)),
  );
  api.put(
    `${BASE}/cancellation-policy`,
    {
      schema: {
        tags,
        params,
        body: adminCancellationPolicyBody,
        response: { 200: adminCancellationPolicyView },
      },
      config: { console: "activities.cancellations.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        writePolicy(context, request.params.cuid, request.body),
      ),
  );

  api.get(
    `${BASE}/confirmation`,
    {
      schema: { tags, params, response: { 200: adminActivityConfirmationView } },
      config: { console: READ },
    },
    (request) =>
      inConsole(deps, request, (context) => confirmationConsole.read(context, request.params.cuid)),
  );
  api.put(
    `${BASE}/confirmation`,
    {
      schema: {
        tags,
        params,
        body: adminActivityConfirmationBody,
        response: { 200: adminActivityConfirmationView },
      },
      config: { console: UPDATE },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        confirmationConsole.write(context, request.params.cuid, request.body),
      ),
  );
  // A POST because the message previewed is long; it reads only (the read permission suffices).
  api.post(
    `${BASE}/confirmation/preview`,
    {
      schema: {
        tags,
        params,
        body: adminConfirmationPreviewBody,
        response: { 200: adminConfirmationPreview },
      },
      config: { console: READ },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        confirmationConsole.preview(context, app.publicUrls, request.params.cuid, request.body),
      ),
  );
  api.delete(
    `${BASE}/confirmation/files/:file`,
    {
      schema: {
        tags,
        params: confirmationFileParams,
        response: { 200: adminActivityConfirmationView },
      },
      config: { console: UPDATE },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        confirmationConsole.removeFile(context, request.params.cuid, request.params.file),
      ),
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: CONFIRMATION_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${BASE}/confirmation/files`,
      {
        schema: { tags, params, response: { 201: adminActivityConfirmationView } },
        config: { console: UPDATE },
      },
      async (request, reply) => {
        const upload = await readConfirmationUpload(request);
        const view = await inConsole(deps, request, (context) =>
          confirmationConsole.upload(context, request.params.cuid, upload),
        );
        return reply.status(201).send(view);
      },
    );
  });
}
