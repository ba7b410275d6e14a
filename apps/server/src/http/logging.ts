import type { FastifyServerOptions } from "fastify";

/** Query parameters whose values are secrets (reset links carry `token`). */
const SECRET_QUERY = /([?&](?:token|password|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[redacted]");
}

/**
 * Structured JSON logs (pino). Bodies are never logged; cookies, XSRF and authorisation headers
 * are redacted, and secrets in query strings are masked.
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
