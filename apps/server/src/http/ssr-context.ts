import type { SsrRequestContext, StorefrontOrganiser } from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import type { AccountsService } from "../modules/accounts/service.ts";
import { listOutbox } from "../modules/mail/outbox.ts";
import type { Organiser } from "../modules/organisers/queries.ts";
import { AppError } from "./app-error.ts";
import { type ContextDeps, inTenant } from "./service-context.ts";

export function storefrontOrganiser(organiser: Organiser): StorefrontOrganiser {
  return {
    id: organiser.id,
    cuid: organiser.cuid,
    slug: organiser.slug,
    name: organiser.name,
    logo: organiser.logoUrl,
    language: organiser.language,
    currency: organiser.currency,
    timezone: organiser.timezone,
    settings: {
      create_customers_participant: organiser.settings.create_customers_participant,
      formats: { ages: organiser.settings.formats.ages },
    },
    contact_email: organiser.contactEmail,
    contact_phone: organiser.contactPhone,
    accent_color: organiser.website.accent_color,
    layout: organiser.website.layout ?? {},
  };
}

/** Builds what loaders may read for one page request, scoped to its host. */
export function createSsrContextFactory(
  deps: ContextDeps & { accounts: AccountsService; platformDomain: string; outboxEnabled: boolean },
) {
  return async (request: FastifyRequest): Promise<SsrRequestContext> => {
    const tenant = request.tenant;
    if (tenant.kind === "admin") {
      return {
        kind: "admin",
        platformDomain: deps.platformDomain,
        outbox: deps.outboxEnabled ? { list: () => listOutbox(deps.db) } : null,
      };
    }
    if (tenant.kind !== "storefront") throw new AppError("ORGANISER_NOT_FOUND");
    return inTenant(deps, request, async (context) => ({
      kind: "storefront",
      organiser: storefrontOrganiser(tenant.organiser),
      session: await deps.accounts.session(context),
      impersonated: context.actor.kind === "customer" && context.actor.impersonatorId !== null,
    }));
  };
}
