import type { FastifyServerOptions } from "fastify";
import { stdSerializers } from "pino";

/** Query parameters whose values are secrets (reset links carry `token`). */
const SECRET_QUERY = /([?&](?:token|password|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[redacted]");
}

/** The statement's verb and first table (`insert customers`): never its values. */
function statementOf(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? "statement";
  const table = /\b(?:from|into|update)\s+"?([\w.]+)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The error a database answered with, if `error` is one or wraps one (Drizzle's query errors). */
function databaseErrorOf(
  error: unknown,
): { query?: string; cause: Record<string, unknown> } | null {
  const wrapper = error as { query?: unknown; params?: unknown; cause?: unknown } | null;
  const cause = (wrapper?.cause ?? error) as Record<string, unknown> | null;
  const isDatabase = typeof cause?.severity === "string" && typeof cause?.code === "string";
  if (Array.isArray(wrapper?.params) && typeof wrapper?.query === "string") {
    return { query: wrapper.query, cause: cause ?? {} };
  }
  return isDatabase ? { cause: cause! } : null;
}

/**
 * Errors as logs show them. A failed statement says which statement and the database's error code
 * and names, never its parameters nor the message and detail PostgreSQL quotes row values in
 * (customers' names, custom data).
 */
export function serializeError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [detail: string]: unknown;
} {
  const database = databaseErrorOf(error);
  if (!database) return stdSerializers.err(error);
  const { cause } = database;
  const frames = String(error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "));
  return {
    type: "DatabaseError",
    message: "database statement failed",
    ...(database.query ? { statement: statementOf(database.query) } : {}),
    code: cause.code,
    ...(typeof cause.constraint === "string" ? { constraint: cause.constraint } : {}),
    ...(typeof cause.table === "string" ? { table: cause.table } : {}),
    ...(typeof cause.column === "string" ? { column: cause.column } : {}),
    stack: frames.join("\n"),
  };
}

/** The serializers of every logger of the server (requests' and the jobs'). */
export const logSerializers = { err: serializeError };

/**
 * Structured JSON logs (pino). Bodies are never logged; cookies, XSRF and authorisation headers
 * are redacted, secrets in query strings are masked and failed statements lose their values.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: "[redacted]",
    },
    serializers: {
      ...logSerializers,
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.headers?.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
