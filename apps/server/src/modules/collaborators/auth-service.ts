import {
  type AdminSessionResponse,
  type LoginBody,
  PASSWORD_RESET_TOKEN_TTL_SECONDS,
  type passwordResetBody,
} from "@booking/contracts";
import { withCollaborator } from "@booking/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleDeps } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import { hasOverdueInvoice } from "../billing/overdue.ts";
import { queueEmail } from "../mail/outbox.ts";
import { staffEmail, templateCollaborator } from "../notifications/system-mail.ts";
import {
  consumeToken,
  deleteSessionsOf,
  findCollaboratorByEmail,
  insertToken,
  type LiveSession,
  listMemberships,
  setPassword,
  setSessionOrganiser,
  touchLastLogin,
} from "./queries.ts";
import {
  closeConsoleSession,
  findConsoleSession,
  findSessionByToken,
  openConsoleSession,
} from "./sessions.ts";
import { consoleSessionView } from "./views.ts";

export interface ConsoleAuthDeps extends ConsoleDeps {
  /** where the links of its e-mails and of the organisers' storefronts point */
  publicUrls: PublicUrls;
  dispatchEmail(emailId: number): Promise<void>;
}

/** Log-in, log-out, password links and the session of the console (collaborators). */
export function createConsoleAuth(deps: ConsoleAuthDeps) {
  async function memberships(collaboratorId: number) {
    return withCollaborator(deps.db, collaboratorId, (tx) => listMemberships(tx, collaboratorId));
  }

  /**
   * The session as the console shows it. The organiser shown is the session's, else the first
   * one the collaborator works for (then remembered); an impersonation session sees only the
   * organiser it was opened at.
   */
  async function view(found: LiveSession): Promise<AdminSessionResponse> {
    const impersonated = Boolean(found.impersonator || found.operatorImpersonator);
    let list = await memberships(found.collaborator.id);
    if (impersonated) list = list.filter((m) => m.organiser.id === found.session.organiserId);
    let current = list.find((m) => m.organiser.id === found.session.organiserId) ?? null;
    if (!current && list[0] && !impersonated) {
      current = list[0];
      await setSessionOrganiser(deps.db, found.session.id, current.organiser.id);
    }
    return consoleSessionView({
      billingOverdue: current ? await hasOverdueInvoice(deps.db, current.organiser) : false,
      collaborator: found.collaborator,
      impersonator: found.impersonator,
      operatorImpersonator: found.operatorImpersonator,
      memberships: list,
      current,
      storefrontUrl: (organiser) => deps.publicUrls.storefront(organiser),
    });
  }

  async function requireSession(request: FastifyRequest): Promise<LiveSession> {
    const found = await findConsoleSession(deps, request);
    if (!found) throw new AppError("UNAUTHENTICATED");
    return found;
  }

  return {
    async session(request: FastifyRequest): Promise<AdminSessionResponse> {
      return view(await requireSession(request));
    },

    /** The session of a page request, or null: pages redirect to the log-in instead. */
    async optionalSession(request: FastifyRequest): Promise<AdminSessionResponse | null> {
      const found = await findConsoleSession(deps, request);
      return found ? view(found) : null;
    },

    async login(request: FastifyRequest, reply: FastifyReply, body: LoginBody) {
      const collaborator = await findCollaboratorByEmail(deps.db, body.email);
      const valid = await verifyPassword(collaborator?.passwordHash ?? null, body.password);
      if (!collaborator || !valid) throw new AppError("INVALID_CREDENTIALS");
      const [first] = await memberships(collaborator.id);
      const token = await openConsoleSession(deps, request, reply, {
        collaboratorId: collaborator.id,
        organiserId: first?.organiser.id ?? null,
      });
      await touchLastLogin(deps.db, collaborator.id);
      const found = await findSessionByToken(deps, token);
      if (!found) throw new AppError("UNAUTHENTICATED");
      return view(found);
    },

    async logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await closeConsoleSession(deps, request, reply);
    },

    async switchOrganiser(request: FastifyRequest, organiserCuid: string) {
      const found = await requireSession(request);
      // An impersonation is pinned to the organiser where it was opened.
      if (found.impersonator || found.operatorImpersonator) throw new AppError("FORBIDDEN");
      const target = (await memberships(found.collaborator.id)).find(
        (m) => m.organiser.cuid === organiserCuid,
      );
      if (!target) throw new AppError("ORGANISER_NOT_FOUND");
      await setSessionOrganiser(deps.db, found.session.id, target.organiser.id);
      return view({
        ...found,
        session: { ...found.session, organiserId: target.organiser.id },
      });
    },

    /** Runs after the answer (see the route): the form does not tell which e-mails have a log-in. */
    async sendPasswordLink(email: string): Promise<void> {
      const collaborator = await findCollaboratorByEmail(deps.db, email);
      if (!collaborator?.passwordHash) return;
      const token = newToken();
      await insertToken(deps.db, {
        collaboratorId: collaborator.id,
        purpose: "PASSWORD_RESET",
        tokenHash: hashToken(deps.secret, token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_SECONDS * 1000),
      });
      // Written as the first organiser they belong to (its name and language), else as the console.
      const [first] = await memberships(collaborator.id);
      const parts = {
        collaborator: templateCollaborator(collaborator),
        link: {
          url: `${deps.publicUrls.console()}/admin/password?token=${encodeURIComponent(token)}`,
          kind: "password-reset",
        },
      };
      const message = await staffEmail(
        deps.publicUrls,
        "collaborator-password-reset",
        first?.organiser ?? null,
        parts,
      );
      const emailId = await queueEmail(deps.db, {
        organiserId: null,
        to: collaborator.email,
        ...message,
      });
      await deps.dispatchEmail(emailId);
    },

    /** Sets the password of a reset or invitation link; every open session ends. */
    async setPassword(input: z.output<typeof passwordResetBody>): Promise<void> {
      const token = await consumeToken(
        deps.db,
        ["PASSWORD_RESET", "INVITATION"],
        hashToken(deps.secret, input.token),
      );
      if (token === null || token === "USED") throw new AppError("INVALID_RESET_TOKEN");
      if (token.expiresAt.getTime() <= Date.now()) throw new AppError("RESET_TOKEN_EXPIRED");
      await setPassword(deps.db, token.collaboratorId, await hashPassword(input.password));
      await deleteSessionsOf(deps.db, token.collaboratorId);
    },
  };
}

export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;
