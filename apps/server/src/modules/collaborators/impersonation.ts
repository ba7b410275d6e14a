import { withTenant } from "@booking/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext, ConsoleDeps } from "../../http/console-context.ts";
import { setSessionCookie } from "../../http/cookies.ts";
import { openSession } from "../accounts/sessions.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import { consumeToken, findCustomerByCuid, insertToken } from "./queries.ts";

/** The hand-over link is used at once by the console's own browser: one minute is plenty. */
export const IMPERSONATION_LINK_TTL_SECONDS = 60;

/**
 * Impersonating a customer (customers.impersonate): the console cannot set a cookie for the
 * storefront's host, so it hands the browser a one-time link to that host, which opens a
 * customer session marked with the collaborator (the storefront shows a banner) and audits it.
 */
export async function startCustomerImpersonation(
  context: ConsoleContext,
  customerCuid: string,
  links: { secret: string; storefrontOrigin: string },
): Promise<{ url: string }> {
  const customer = await findCustomerByCuid(context.db, context.organiser.id, customerCuid);
  if (!customer) throw new AppError("CUSTOMER_NOT_FOUND");
  const token = newToken();
  await insertToken(context.db, {
    collaboratorId: context.actor.collaboratorId,
    purpose: "IMPERSONATION",
    tokenHash: hashToken(links.secret, token),
    organiserId: context.organiser.id,
    customerId: customer.id,
    expiresAt: new Date(Date.now() + IMPERSONATION_LINK_TTL_SECONDS * 1000),
  });
  await context.audit({
    action: "customer.impersonated",
    entity: "customer",
    entityId: customer.cuid,
    after: { email: customer.email },
  });
  return {
    url: `${links.storefrontOrigin}/api/auth/impersonate?token=${encodeURIComponent(token)}`,
  };
}

/** The storefront side of the hand-over: a used, expired or foreign link opens nothing. */
export async function finishCustomerImpersonation(
  deps: ConsoleDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  const tenant = request.tenant;
  if (tenant.kind !== "storefront") throw new AppError("ORGANISER_NOT_FOUND");
  const found = await consumeToken(
    deps.db,
    ["IMPERSONATION"],
    hashToken(deps.secret, token),
    tenant.organiser.id,
  );
  if (found === null || found === "USED") throw new AppError("IMPERSONATION_LINK_INVALID");
  if (found.expiresAt.getTime() <= Date.now()) throw new AppError("IMPERSONATION_LINK_INVALID");
  if (found.customerId === null) throw new AppError("IMPERSONATION_LINK_INVALID");
  const { customerId, collaboratorId } = found;
  const session = await withTenant(deps.db, tenant.organiser.id, (tx) =>
    openSession(tx, deps.secret, {
      organiserId: tenant.organiser.id,
      customerId,
      userAgent: request.headers["user-agent"],
      impersonatorId: collaboratorId,
    }),
  );
  setSessionCookie(request, reply, session.token, session.expiresAt);
}
