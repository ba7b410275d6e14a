import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "session";
/** The console's session, on the admin host only (cookies are per host). */
export const CONSOLE_SESSION_COOKIE = "admin_session";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";

/**
 * Cookies are per host, so one organiser's cookies never reach another organiser's site. They are
 * Secure when the configured public addresses are https, whatever the client claims.
 */
function baseOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: "/", sameSite: "lax", secure: request.server.publicUrls.scheme === "https" };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  name = SESSION_COOKIE,
): void {
  reply.setCookie(name, token, {
    ...baseOptions(request),
    httpOnly: true,
    expires: expiresAt,
  });
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { ...baseOptions(request), httpOnly: true });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(request, reply, SESSION_COOKIE);
}

/** The XSRF token must be readable by the page's script, which echoes it in a header. */
export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(XSRF_COOKIE, token, { ...baseOptions(request), httpOnly: false });
}
