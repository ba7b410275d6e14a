import {
  newsletterUnsubscribeBody,
  newsletterUnsubscribeQuery,
  newsletterUnsubscribeResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import type { NewslettersService } from "./service.ts";

/**
 * storefront.md "Newsletter unsubscribe" and §7: POST /api/newsletters/unsubscribe, also the
 * `List-Unsubscribe` address of every newsletter (RFC 8058, decision 0056): authenticated by its
 * token alone, so exempt from the XSRF check, and taking the form-encoded
 * `List-Unsubscribe=One-Click` body mail providers POST. Opened in a browser (GET), it leads to
 * the unsubscribe page with the same token. In its own plugin scope, so that form-encoded bodies
 * are parsed here only.
 */
export async function registerNewsletterRoutes(
  app: FastifyInstance,
  deps: ContextDeps & { newsletters: NewslettersService },
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      "/api/newsletters/unsubscribe",
      {
        schema: {
          tags: ["newsletters"],
          querystring: newsletterUnsubscribeQuery,
          body: newsletterUnsubscribeBody,
          response: { 200: newsletterUnsubscribeResponse },
        },
        config: { xsrf: false },
      },
      (request) =>
        inTenant(deps, request, (context) =>
          deps.newsletters.unsubscribe(context, {
            token: request.body.token ?? request.query.token,
            redirect: request.body.redirect,
          }),
        ),
    );
    api.get(
      "/api/newsletters/unsubscribe",
      { schema: { tags: ["newsletters"], querystring: newsletterUnsubscribeQuery } },
      (request, reply) => {
        const tenant = request.tenant;
        if (tenant.kind !== "storefront") throw new AppError("ORGANISER_NOT_FOUND");
        const token = request.query.token ?? "";
        const page = `/${tenant.organiser.language}/newsletters/unsubscribe`;
        return reply.redirect(`${page}?token=${encodeURIComponent(token)}`, 303);
      },
    );
  });
}
