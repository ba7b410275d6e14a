import type {
  PlatformOrganiserDetail,
  PlatformOrganiserList,
  PlatformOrganiserView,
  platformOrganisersQuery,
} from "@booking/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleDeps } from "../../http/console-context.ts";
import { CONSOLE_SESSION_COOKIE, setSessionCookie } from "../../http/cookies.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import { CONSOLE_SESSION_TTL_MS, closeConsoleSession } from "../collaborators/sessions.ts";
import { operatorView } from "./auth.ts";
import {
  changeOrganiserStatus,
  findOrganiserRow,
  findOwner,
  type OrganiserRow,
  openOwnerImpersonation,
  organiserHistory,
  searchOrganisers,
} from "./organiser-queries.ts";
import { findOperatorById, type OperatorSession } from "./queries.ts";

export interface PlatformOrganisersDeps extends ConsoleDeps {
  publicUrls: PublicUrls;
  /**
   * Forgets what this process remembers of the organiser (its host in the tenant cache, its
   * public answers), so a suspension or reactivation shows at once.
   */
  forgetOrganiser(organiser: { id: number; slug: string; domain: string | null }): void;
}

/** Every organiser as operators see it (decision 0040). */
export function platformOrganisers(deps: PlatformOrganisersDeps) {
  function view(row: OrganiserRow): PlatformOrganiserView {
    const { organiser } = row;
    return {
      cuid: organiser.cuid,
      slug: organiser.slug,
      name: organiser.name,
      language: organiser.language,
      status: organiser.status,
      created_at: organiser.createdAt.toISOString(),
      suspended_at: organiser.suspendedAt?.toISOString() ?? null,
      owner: row.owner?.email ? row.owner : null,
      counts: row.counts,
      storefront_url: deps.publicUrls.storefront(organiser),
    };
  }

  async function requireRow(cuid: string): Promise<OrganiserRow> {
    const row = await findOrganiserRow(deps.db, cuid);
    if (!row) throw new AppError("ORGANISER_NOT_FOUND");
    return row;
  }

  async function detail(row: OrganiserRow): Promise<PlatformOrganiserDetail> {
    const { organiser } = row;
    const [suspendedBy, history] = await Promise.all([
      findOperatorById(deps.db, organiser.suspendedByOperatorId),
      organiserHistory(deps.db, organiser.id),
    ]);
    return {
      ...view(row),
      currency: organiser.currency,
      timezone: organiser.timezone,
      domain: organiser.domain,
      contact_email: organiser.contactEmail,
      suspended_by: suspendedBy ? operatorView(suspendedBy) : null,
      history: history.map((entry) => ({
        cuid: entry.log.cuid,
        action: entry.log.action,
        operator: entry.operator ? operatorView(entry.operator) : null,
        created_at: entry.log.createdAt.toISOString(),
      })),
    };
  }

  async function setStatus(operator: OperatorSession, cuid: string, suspend: boolean) {
    const row = await requireRow(cuid);
    const changed = await changeOrganiserStatus(deps.db, {
      organiserId: row.organiser.id,
      operatorId: operator.operator.id,
      suspend,
    });
    if (!changed) {
      throw new AppError(suspend ? "ORGANISER_ALREADY_SUSPENDED" : "ORGANISER_NOT_SUSPENDED");
    }
    deps.forgetOrganiser(changed);
    return detail(await requireRow(cuid));
  }

  return {
    async list(query: z.output<typeof platformOrganisersQuery>): Promise<PlatformOrganiserList> {
      const limit = query.page_size;
      const offset = (query.page_number - 1) * limit;
      const { rows, count } = await searchOrganisers(deps.db, {
        q: query.q,
        status: query.status,
        limit,
        offset,
      });
      return { data: rows.map(view), count, limit, offset };
    },

    detail: async (cuid: string) => detail(await requireRow(cuid)),

    suspend: (operator: OperatorSession, cuid: string) => setStatus(operator, cuid, true),
    reactivate: (operator: OperatorSession, cuid: string) => setStatus(operator, cuid, false),

    /**
     * Opens the organiser's console as its owner: the console session the browser had is
     * replaced by one marked with the operator (the console shows a banner; logging out ends
     * it), and the operator's own session stays.
     */
    async impersonateOwner(
      request: FastifyRequest,
      reply: FastifyReply,
      operator: OperatorSession,
      cuid: string,
    ): Promise<{ url: string }> {
      const { organiser } = await requireRow(cuid);
      const owner = await findOwner(deps.db, organiser.id);
      if (!owner) throw new AppError("ORGANISER_HAS_NO_OWNER");
      await closeConsoleSession(deps, request, reply);
      const token = newToken();
      const expiresAt = new Date(Date.now() + CONSOLE_SESSION_TTL_MS);
      await openOwnerImpersonation(deps.db, {
        organiserId: organiser.id,
        operatorId: operator.operator.id,
        owner,
        session: {
          tokenHash: hashToken(deps.secret, token),
          expiresAt,
          userAgent: request.headers["user-agent"]?.slice(0, 255) ?? null,
        },
      });
      setSessionCookie(request, reply, token, expiresAt, CONSOLE_SESSION_COOKIE);
      return { url: "/admin" };
    },
  };
}

export type PlatformOrganisers = ReturnType<typeof platformOrganisers>;
