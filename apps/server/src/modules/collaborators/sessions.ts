import type { FastifyReply, FastifyRequest } from "fastify";
import type { ConsoleDeps } from "../../http/console-context.ts";
import { CONSOLE_SESSION_COOKIE, clearCookie, setSessionCookie } from "../../http/cookies.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import {
  deleteSession,
  findLiveSession,
  insertSession,
  type LiveSession,
  slideSession,
} from "./queries.ts";

/** Console sessions last 7 days from the last use; the expiry slides forward at most hourly. */
export const CONSOLE_SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
const SLIDE_AFTER_MS = 3600 * 1000;

/** The live console session of the request's cookie, with its organiser. */
export async function findConsoleSession(
  deps: ConsoleDeps,
  request: FastifyRequest,
): Promise<LiveSession | null> {
  const token = request.cookies[CONSOLE_SESSION_COOKIE];
  return token ? findSessionByToken(deps, token) : null;
}

export async function findSessionByToken(
  deps: ConsoleDeps,
  token: string,
): Promise<LiveSession | null> {
  if (token.length > 200) return null;
  const now = new Date();
  const found = await findLiveSession(deps.db, hashToken(deps.secret, token), now);
  if (!found) return null;
  if (now.getTime() - found.session.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
    await slideSession(
      deps.db,
      found.session.id,
      now,
      new Date(now.getTime() + CONSOLE_SESSION_TTL_MS),
    );
  }
  return found;
}

export async function openConsoleSession(
  deps: ConsoleDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    collaboratorId: number;
    organiserId: number | null;
    impersonatorId?: number | null;
    impersonatorOperatorId?: number | null;
  },
): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + CONSOLE_SESSION_TTL_MS);
  await insertSession(deps.db, {
    collaboratorId: input.collaboratorId,
    organiserId: input.organiserId,
    impersonatorCollaboratorId: input.impersonatorId ?? null,
    impersonatorOperatorId: input.impersonatorOperatorId ?? null,
    tokenHash: hashToken(deps.secret, token),
    expiresAt,
    userAgent: request.headers["user-agent"]?.slice(0, 255) ?? null,
  });
  setSessionCookie(request, reply, token, expiresAt, CONSOLE_SESSION_COOKIE);
  return token;
}

export async function closeConsoleSession(
  deps: ConsoleDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const found = await findConsoleSession(deps, request);
  if (found) await deleteSession(deps.db, found.session.id);
  clearCookie(request, reply, CONSOLE_SESSION_COOKIE);
}
