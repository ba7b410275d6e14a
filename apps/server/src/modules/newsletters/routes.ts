import {
  newsletterUnsubscribeBody,
  newsletterUnsubscribeQuery,
  newsletterUnsubscribeResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import type { NewslettersService } from "./service.ts";

/** storefront.md "Newsletter unsubscribe" and §7: POST /api/newsletters/unsubscribe. */
export function registerNewsletterRoutes(
  app: FastifyInstance,
  deps: ContextDeps & { newsletters: NewslettersService },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    "/api/newsletters/unsubscribe",
    {
      schema: {
        tags: ["newsletters"],
        querystring: newsletterUnsubscribeQuery,
        body: newsletterUnsubscribeBody,
        response: { 200: newsletterUnsubscribeResponse },
      },
    },
    (request) =>
      inTenant(deps, request, (context) =>
        deps.newsletters.unsubscribe(context, {
          token: request.body.token ?? request.query.token,
          redirect: request.body.redirect,
        }),
      ),
  );
}
