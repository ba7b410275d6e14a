import type {
  LoginBody,
  OperatorSessionResponse,
  OperatorView,
  operatorPasswordBody,
} from "@booking/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleDeps } from "../../http/console-context.ts";
import { clearCookie, setSessionCookie } from "../../http/cookies.ts";
import { hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import { findConsoleSession } from "../collaborators/sessions.ts";
import {
  consumeOperatorToken,
  deleteOperatorSession,
  findLiveOperatorSession,
  findOperatorByEmail,
  insertOperatorSession,
  type Operator,
  type OperatorSession,
  setOperatorPassword,
  slideOperatorSession,
  touchOperatorLogin,
} from "./queries.ts";

/** The operators' session, on the admin host beside (never instead of) the console's. */
export const PLATFORM_SESSION_COOKIE = "platform_session";
/** Shorter than the console's week: this session reaches every organiser. */
export const OPERATOR_SESSION_TTL_MS = 12 * 3600 * 1000;
const SLIDE_AFTER_MS = 5 * 60 * 1000;

declare module "fastify" {
  interface FastifyRequest {
    /** set on /api/admin/platform calls once the operator's session was found */
    operatorAccess?: OperatorSession;
  }
}

export function operatorView(operator: Operator): OperatorView {
  return { cuid: operator.cuid, email: operator.email, name: operator.name };
}

/** The live operator session of the request's cookie, its expiry slid forward now and then. */
export async function findOperatorSession(
  deps: ConsoleDeps,
  request: FastifyRequest,
): Promise<OperatorSession | null> {
  const token = request.cookies[PLATFORM_SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const now = new Date();
  const found = await findLiveOperatorSession(deps.db, hashToken(deps.secret, token), now);
  if (found && now.getTime() - found.session.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
    await slideOperatorSession(
      deps.db,
      found.session.id,
      now,
      new Date(now.getTime() + OPERATOR_SESSION_TTL_MS),
    );
  }
  return found;
}

/**
 * The access rule of every /api/admin/platform call: an operator's session. A collaborator's
 * console session is no way in (403); nothing at all is 401.
 */
export async function checkOperatorAccess(
  deps: ConsoleDeps,
  request: FastifyRequest,
): Promise<OperatorSession> {
  const found = await findOperatorSession(deps, request);
  if (found) return found;
  if (await findConsoleSession(deps, request)) throw new AppError("FORBIDDEN");
  throw new AppError("UNAUTHENTICATED");
}

/** Log-in, log-out, session and the password link of platform operators. */
export function createOperatorAuth(deps: ConsoleDeps) {
  return {
    async login(
      request: FastifyRequest,
      reply: FastifyReply,
      body: LoginBody,
    ): Promise<OperatorSessionResponse> {
      const operator = await findOperatorByEmail(deps.db, body.email);
      // Same work whether or not the e-mail is an operator's (verifyPassword's dummy hash).
      const valid = await verifyPassword(operator?.passwordHash ?? null, body.password);
      if (!operator || !valid || operator.disabledAt) throw new AppError("INVALID_CREDENTIALS");
      const token = newToken();
      const expiresAt = new Date(Date.now() + OPERATOR_SESSION_TTL_MS);
      await insertOperatorSession(deps.db, {
        operatorId: operator.id,
        tokenHash: hashToken(deps.secret, token),
        expiresAt,
        userAgent: request.headers["user-agent"]?.slice(0, 255) ?? null,
      });
      await touchOperatorLogin(deps.db, operator.id);
      setSessionCookie(request, reply, token, expiresAt, PLATFORM_SESSION_COOKIE);
      return { operator: operatorView(operator) };
    },

    async logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const found = await findOperatorSession(deps, request);
      if (found) await deleteOperatorSession(deps.db, found.session.id);
      clearCookie(request, reply, PLATFORM_SESSION_COOKIE);
    },

    /** Sets the password of a link from `npm run operator -- create`; open sessions end. */
    async setPassword(input: z.output<typeof operatorPasswordBody>): Promise<void> {
      const token = await consumeOperatorToken(deps.db, hashToken(deps.secret, input.token));
      if (token === null || token === "USED") throw new AppError("INVALID_RESET_TOKEN");
      if (token.expiresAt.getTime() <= Date.now()) throw new AppError("RESET_TOKEN_EXPIRED");
      await setOperatorPassword(deps.db, token.operatorId, await hashPassword(input.password));
    },
  };
}

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;

/** The operator of a page request (the console's pages show the platform area to them). */
export async function currentOperator(
  deps: ConsoleDeps,
  request: FastifyRequest,
): Promise<OperatorView | null> {
  const found = await findOperatorSession(deps, request);
  return found ? operatorView(found.operator) : null;
}
