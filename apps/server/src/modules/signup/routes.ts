import {
  handoverQuery,
  signupBody,
  signupResponse,
  slugAvailabilityQuery,
  slugAvailabilityResponse,
} from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.ts";
import { authRateLimit } from "../../http/rate-limit.ts";
import { registerOnboardingConsoleRoutes } from "./onboarding.ts";
import { finishHandover, type SignupDeps, signUp, slugAvailability } from "./service.ts";

export interface SignupRouteDeps extends Omit<SignupDeps, "publicUrls"> {
  authRateLimitMax: number;
}

/** Slug checks come as the slug is typed (debounced): a few a second per visitor at most. */
const SLUG_CHECKS_PER_MINUTE = 120;

/**
 * Sign-up of a new organiser (platform host), the console's end of its log-in hand-over and the
 * first steps' checklist of the console's home (admin host).
 */
export function registerSignupRoutes(app: FastifyInstance, deps: SignupRouteDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["platform: sign-up"];
  const serviceDeps = (): SignupDeps => ({ ...deps, publicUrls: app.publicUrls });

  api.get(
    "/api/signup/slug-availability",
    {
      schema: {
        tags,
        querystring: slugAvailabilityQuery,
        response: { 200: slugAvailabilityResponse },
      },
      config: {
        hosts: "platform",
        rateLimit: {
          max: Math.max(SLUG_CHECKS_PER_MINUTE, deps.authRateLimitMax),
          timeWindow: "1 minute",
          keyGenerator: (request: FastifyRequest) => `${request.ip}|slug-availability`,
        },
      },
    },
    (request) => slugAvailability(deps.db, request.query.slug),
  );

  api.post(
    "/api/signup",
    {
      schema: { tags, body: signupBody, response: { 201: signupResponse } },
      config: { hosts: "platform", ...authRateLimit(deps.authRateLimitMax) },
    },
    async (request, reply) => reply.status(201).send(await signUp(serviceDeps(), request.body)),
  );

  // A browser navigation: it ends on the console, or on its log-in page when the link is spent.
  api.get(
    "/api/admin/auth/handover",
    {
      schema: { tags, querystring: handoverQuery },
      config: { console: "public", ...authRateLimit(deps.authRateLimitMax) },
    },
    async (request, reply) => {
      try {
        await finishHandover(serviceDeps(), request, reply, request.query.token);
      } catch (error) {
        if (error instanceof AppError && error.code === "SIGNUP_LINK_INVALID") {
          return reply.redirect("/admin/login?handover=expired", 303);
        }
        throw error;
      }
      return reply.redirect("/admin", 303);
    },
  );

  registerOnboardingConsoleRoutes(app, deps);
}
