import type { Database } from "@booking/db";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import { registerAccountRoutes } from "../modules/accounts/routes.ts";
import { createAccountsService } from "../modules/accounts/service.ts";
import { registerAttendanceChargeRoutes } from "../modules/attendance-charges/routes.ts";
import { registerBookingRoutes } from "../modules/bookings/routes.ts";
import { registerCartRoutes } from "../modules/carts/routes.ts";
import { registerCatalogueRoutes } from "../modules/catalogue/routes.ts";
import { registerCheckoutRoutes } from "../modules/checkout/routes.ts";
import { createConsoleAuth } from "../modules/collaborators/auth-service.ts";
import { registerCollaboratorRoutes } from "../modules/collaborators/routes.ts";
import type { ImageLoader } from "../modules/documents/images.ts";
import { registerDocumentRoutes } from "../modules/documents/routes.ts";
import { registerSeoRoutes } from "../modules/pages/routes.ts";
import { registerParticipantRoutes } from "../modules/participants/routes.ts";
import { registerPaymentRoutes } from "../modules/payments/routes.ts";
import type { PaymentsConfig } from "../modules/payments/service.ts";
import { registerHealthRoutes } from "../modules/platform/health.ts";
import { registerPurchaseRoutes } from "../modules/purchases/routes.ts";
import { registerRegistrationRequestRoutes } from "../modules/registration-requests/routes.ts";
import { registerRegistrationRoutes } from "../modules/registrations/routes.ts";
import { registerTransactionRoutes } from "../modules/transactions/routes.ts";
import { registerVoucherRoutes } from "../modules/vouchers/routes.ts";
import { registerWaitingListRoutes } from "../modules/waiting-list/routes.ts";
import { registerConsoleRouteGuard } from "./console-routes.ts";
import { registerSecurityHeaders } from "./csp.ts";
import { registerErrorHandling } from "./errors.ts";
import { loggerOptions } from "./logging.ts";
import { registerOpenApi } from "./openapi.ts";
import { registerPublicCacheInvalidation } from "./public-answers.ts";
import { createPublicCache } from "./public-cache.ts";
import { registerWebApp } from "./ssr.ts";
import { createSsrContextFactory, readConsoleApi } from "./ssr-context.ts";
import { registerTenantResolution } from "./tenant.ts";
import { registerXsrfProtection } from "./xsrf.ts";

export interface AppDeps {
  config: Pick<Config, "platformDomain" | "secret" | "authRateLimitMax" | "logLevel" | "smtpUrl"> &
    Partial<Pick<Config, "publicCacheTtlMs">>;
  db: Database;
  /** hands a committed e-mail row to the delivery queue */
  dispatchEmail(emailId: number): Promise<void>;
  /** online payment providers: Mollie when its API key is set, else the built-in test provider */
  payments?: PaymentsConfig;
  /** how document PDFs get the pictures of their IMAGE elements (guarded fetch by default) */
  documentImages?: ImageLoader;
  /** false in API tests that do not need the built web app */
  web?: boolean;
  /** where logs go (standard output by default) */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole HTTP application; main.ts listens, tests use `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: "RATE_LIMITED",
      message: "RATE_LIMITED",
    }),
  });
  const cacheTtlMs = config.publicCacheTtlMs ?? 0;
  const publicCache = cacheTtlMs > 0 ? createPublicCache({ ttlMs: cacheTtlMs }) : null;
  registerTenantResolution(app, db, config.platformDomain, cacheTtlMs);
  if (publicCache) registerPublicCacheInvalidation(app, publicCache);
  registerXsrfProtection(app);
  registerConsoleRouteGuard(app, { db, secret: config.secret });
  await registerOpenApi(app);

  const contextDeps = { db, secret: config.secret };
  const accounts = createAccountsService({
    secret: config.secret,
    dispatchEmail: deps.dispatchEmail,
  });
  const consoleAuth = createConsoleAuth({
    ...contextDeps,
    platformDomain: config.platformDomain,
    dispatchEmail: deps.dispatchEmail,
  });
  registerHealthRoutes(app, db);
  registerCollaboratorRoutes(app, {
    ...contextDeps,
    auth: consoleAuth,
    platformDomain: config.platformDomain,
    authRateLimitMax: config.authRateLimitMax,
    dispatchEmail: deps.dispatchEmail,
  });
  registerAccountRoutes(app, {
    ...contextDeps,
    accounts,
    authRateLimitMax: config.authRateLimitMax,
  });
  registerParticipantRoutes(app, contextDeps);
  registerCartRoutes(app, contextDeps);
  const payments = deps.payments ?? {};
  registerCheckoutRoutes(app, { ...contextDeps, dispatchEmail: deps.dispatchEmail, payments });
  await registerPaymentRoutes(app, { ...contextDeps, payments, dispatchEmail: deps.dispatchEmail });
  registerTransactionRoutes(app, { ...contextDeps, payments });
  registerWaitingListRoutes(app, contextDeps);
  registerRegistrationRoutes(app, contextDeps);
  registerRegistrationRequestRoutes(app, contextDeps);
  registerBookingRoutes(app, contextDeps);
  registerAttendanceChargeRoutes(app, contextDeps);
  registerPurchaseRoutes(app, contextDeps);
  registerVoucherRoutes(app, contextDeps);
  registerDocumentRoutes(app, { ...contextDeps, loadImage: deps.documentImages });
  registerCatalogueRoutes(app, { ...contextDeps, publicCache });
  // Before the web app: its catch-all route would otherwise render these as pages.
  registerSeoRoutes(app, contextDeps);

  if (deps.web !== false) {
    await registerWebApp(
      app,
      createSsrContextFactory({
        ...contextDeps,
        accounts,
        console: {
          auth: consoleAuth,
          read: (request, path) => readConsoleApi(app, request, path),
        },
        platformDomain: config.platformDomain,
        outboxEnabled: !config.smtpUrl,
      }),
      publicCache,
    );
  }
  return app;
}
