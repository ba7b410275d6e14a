import { ERROR_STATUS, FIELD_ERROR_CODES, type FieldErrorCode } from "@booking/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./app-error.ts";
import { databaseCodeOf, databaseFailureOf, sendUnavailable } from "./database-failures.ts";

interface ValidationIssue {
  instancePath: string;
  message: string;
}

const knownFieldCodes = new Set<string>(FIELD_ERROR_CODES);

/** The shared contracts make every issue message a field code (see contracts/zod-config.ts). */
function fieldCode(issue: ValidationIssue): FieldErrorCode | "INVALID_TYPE" {
  return knownFieldCodes.has(issue.message) ? (issue.message as FieldErrorCode) : "INVALID_TYPE";
}

function validationFields(issues: ValidationIssue[], context: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || context;
    fields[path] ??= fieldCode(issue);
  }
  return fields;
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) as our codes. */
function frameworkErrorCode(error: FastifyError): AppError["code"] | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "INVALID_JSON";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "PAYLOAD_TOO_LARGE";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "UNSUPPORTED_MEDIA_TYPE";
    default:
      break;
  }
  if (error instanceof SyntaxError) return "INVALID_JSON";
  if (error.statusCode === 429) return "RATE_LIMITED";
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return "BAD_REQUEST";
  return null;
}

/**
 * One error format for the whole API: `{ error: CODE }`, plus `fields` for validation failures.
 * Anything unexpected is logged and answered as INTERNAL_ERROR without details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        ...error.details,
        error: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? "body";
      return reply.status(400).send({
        error: "VALIDATION_ERROR",
        fields: validationFields(error.validation as unknown as ValidationIssue[], context),
      });
    }
    const code = frameworkErrorCode(error);
    if (code) {
      const headers = (error as { headers?: Record<string, string> }).headers;
      if (code === "RATE_LIMITED" && headers) reply.headers(headers);
      const status = code === "BAD_REQUEST" ? 400 : new AppError(code).statusCode;
      return reply.status(status).send({ error: code });
    }
    const failure = databaseFailureOf(error);
    if (failure) {
      // The code only: a failed query's message carries its parameters (customers' data).
      request.log.warn({ dbCode: databaseCodeOf(error), failure }, "database refused the request");
      if (failure === "unavailable") return sendUnavailable(request, reply);
      const answer = failure === "conflict" ? "CONFLICT" : "BAD_REQUEST";
      return reply.status(ERROR_STATUS[answer]).send({ error: answer });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "INTERNAL_ERROR" });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: "NOT_FOUND" });
  });
}
