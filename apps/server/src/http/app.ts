import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@booking/db";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config, TrustProxy } from "../config.ts";
import { registerAccountRoutes } from "../modules/accounts/routes.ts";
import { createAccountsService } from "../modules/accounts/service.ts";
import { registerActivityConsoleRoutes } from "../modules/activities/console-routes.ts";
import { registerActivityRuleRoutes } from "../modules/activity-rules/console-routes.ts";
import { registerAttendanceConsoleRoutes } from "../modules/attendance/console-routes.ts";
import { registerAttendanceChargeRoutes } from "../modules/attendance-charges/routes.ts";
import { registerAutomaticCancellationRoutes } from "../modules/automatic-cancellations/console-routes.ts";
import { registerAvailabilityConsoleRoutes } from "../modules/availabilities/console-routes.ts";
import { registerBadgeListRoutes } from "../modules/badge-lists/routes.ts";
import { registerBankConsoleRoutes } from "../modules/bank/console-routes.ts";
import { registerBillingConsoleRoutes } from "../modules/billing/routes.ts";
import { registerBlogConsoleRoutes } from "../modules/blog/console-routes.ts";
import { registerBlogRoutes } from "../modules/blog/routes.ts";
import { registerResourceConsoleRoutes } from "../modules/bookings/console-routes.ts";
import { registerBookingRoutes } from "../modules/bookings/routes.ts";
import { registerCalendarFeedRoutes } from "../modules/calendar-feeds/routes.ts";
import { registerCalendarPeriodConsoleRoutes } from "../modules/calendar-periods/console-routes.ts";
import { registerCartRoutes } from "../modules/carts/routes.ts";
import { registerCatalogConsoleRoutes } from "../modules/catalogs/console-routes.ts";
import { registerCatalogueRoutes } from "../modules/catalogue/routes.ts";
import { registerCategoryConsoleRoutes } from "../modules/categories/console-routes.ts";
import { registerCheckoutRoutes } from "../modules/checkout/routes.ts";
import { registerCollaboratorRecordRoutes } from "../modules/collaborator-records/routes.ts";
import { createConsoleAuth } from "../modules/collaborators/auth-service.ts";
import { registerCollaboratorRoutes } from "../modules/collaborators/routes.ts";
import { registerCustomFieldConsoleRoutes } from "../modules/custom-fields/console-routes.ts";
import { registerCustomerBundleConsoleRoutes } from "../modules/customer-bundles/routes.ts";
import { registerCustomerCartConsoleRoutes } from "../modules/customer-carts/routes.ts";
import { registerCustomerMembershipConsoleRoutes } from "../modules/customer-memberships/routes.ts";
import { registerCustomerVoucherConsoleRoutes } from "../modules/customer-vouchers/routes.ts";
import { registerCustomerConsoleRoutes } from "../modules/customers/console-routes.ts";
import { registerDashboardConsoleRoutes } from "../modules/dashboard/console-routes.ts";
import { registerDateConfigurationConsoleRoutes } from "../modules/date-configurations/console-routes.ts";
import { registerDiscountConsoleRoutes } from "../modules/discounts/routes.ts";
import { registerDocumentModelConsoleRoutes } from "../modules/documents/console-routes.ts";
import type { ImageLoader } from "../modules/documents/images.ts";
import { registerDocumentRoutes } from "../modules/documents/routes.ts";
import { registerExportConsoleRoutes } from "../modules/exports/console-routes.ts";
import { registerImageFileRoutes } from "../modules/images/routes.ts";
import { createImageStore } from "../modules/images/storage.ts";
import { registerImportConsoleRoutes } from "../modules/imports/console-routes.ts";
import { registerIntegrationConsoleRoutes } from "../modules/integrations/console-routes.ts";
import { registerReadApiRoutes } from "../modules/integrations/read-api-routes.ts";
import { createIntegrationsConsole } from "../modules/integrations/service.ts";
import { registerInvoiceConsoleRoutes } from "../modules/invoices/console-routes.ts";
import { registerInvoiceRoutes } from "../modules/invoices/routes.ts";
import { registerLocationConsoleRoutes } from "../modules/locations/console-routes.ts";
import { registerMessageConsoleRoutes } from "../modules/messages/console-routes.ts";
import { registerNewsletterConsoleRoutes } from "../modules/newsletters/console-routes.ts";
import { registerNewsletterRoutes } from "../modules/newsletters/routes.ts";
import { createNewsletters } from "../modules/newsletters/service.ts";
import { registerManualMessageRoutes } from "../modules/notifications/manual-routes.ts";
import { registerRulesConsoleRoutes } from "../modules/notifications/rules-routes.ts";
import { registerTemplateConsoleRoutes } from "../modules/notifications/templates-routes.ts";
import { registerOperatorRoutes } from "../modules/operators/routes.ts";
import { registerSuspendedStorefronts } from "../modules/operators/suspension.ts";
import { registerSettingsConsoleRoutes } from "../modules/organisers/console-routes.ts";
import { createCredentialsCipher } from "../modules/organisers/credentials.ts";
import { registerPageConsoleRoutes } from "../modules/pages/console-routes.ts";
import { registerSeoRoutes } from "../modules/pages/routes.ts";
import { registerParticipantConsoleRoutes } from "../modules/participants/console-routes.ts";
import { registerParticipantRoutes } from "../modules/participants/routes.ts";
import { registerPaymentTypeConsoleRoutes } from "../modules/payment-types/routes.ts";
import { registerPaymentConsoleRoutes } from "../modules/payments/console-routes.ts";
import { registerPaymentRoutes } from "../modules/payments/routes.ts";
import type { PaymentsConfig } from "../modules/payments/service.ts";
import { accessPointOf } from "../modules/peppol/e-invoice-be.ts";
import { registerHealthRoutes } from "../modules/platform/health.ts";
import { registerProductConsoleRoutes } from "../modules/products/console-routes.ts";
import { registerPurchaseRoutes } from "../modules/purchases/routes.ts";
import { registerRegistrationNoteRoutes } from "../modules/registration-notes/routes.ts";
import { registerRegistrationRequestConsoleRoutes } from "../modules/registration-requests/console-routes.ts";
import { registerRegistrationRequestRoutes } from "../modules/registration-requests/routes.ts";
import { registerRegistrationAnswerRoutes } from "../modules/registrations/answers-routes.ts";
import { registerRegistrationConsoleRoutes } from "../modules/registrations/console-routes.ts";
import { registerRegistrationRoutes } from "../modules/registrations/routes.ts";
import { registerReminderConsoleRoutes } from "../modules/reminders/routes.ts";
import { registerReportConsoleRoutes } from "../modules/reports/routes.ts";
import { registerRequestConfigurationRoutes } from "../modules/request-tiers/routes.ts";
import { registerReviewRoutes } from "../modules/reviews/routes.ts";
import { registerSegmentConsoleRoutes } from "../modules/segments/routes.ts";
import { registerSignupRoutes } from "../modules/signup/routes.ts";
import { registerSmsSettingsRoutes } from "../modules/sms/settings-routes.ts";
import { registerStaffNotificationRoutes } from "../modules/staff-notifications/routes.ts";
import { registerTagRoutes } from "../modules/tags/routes.ts";
import { registerTransactionProofRoutes } from "../modules/transaction-proofs/routes.ts";
import { createProofStore } from "../modules/transaction-proofs/storage.ts";
import { registerTransactionRoutes } from "../modules/transactions/routes.ts";
import { registerVolumeDiscountConsoleRoutes } from "../modules/volume-discounts/routes.ts";
import { registerVoucherRoutes } from "../modules/vouchers/routes.ts";
import { registerWaitingListConsoleRoutes } from "../modules/waiting-list/console-routes.ts";
import { registerWaitingListRoutes } from "../modules/waiting-list/routes.ts";
import { registerWebsiteConsoleRoutes } from "../modules/website/console-routes.ts";
import { createDnsResolver, type DnsResolver } from "../modules/website/domain-dns.ts";
import { registerDomainRoutes } from "../modules/website/domain-routes.ts";
import { registerRequestMetrics } from "../observability/metrics.ts";
import { registerMetricsRoute } from "../observability/metrics-endpoint.ts";
import { requestIdGenerator, runWithRequestId } from "../observability/request-context.ts";
import {
  ADMISSION_PATIENCE_MS,
  DEFAULT_ADMISSION_CONCURRENCY,
  registerAdmission,
} from "./admission.ts";
import { registerAfterAnswer } from "./after-answer.ts";
import { registerCompression } from "./compression.ts";
import { registerConsoleRouteGuard } from "./console-routes.ts";
import { registerSecurityHeaders } from "./csp.ts";
import { registerDatabaseOutageAnswers } from "./database-failures.ts";
import { registerErrorHandling } from "./errors.ts";
import { registerInputGuard } from "./input-guard.ts";
import { loggerOptions } from "./logging.ts";
import { registerOpenApi } from "./openapi.ts";
import { registerPublicCacheInvalidation } from "./public-answers.ts";
import { createPublicCache } from "./public-cache.ts";
import { publicUrlsOf } from "./public-urls.ts";
import { registerPerAccountRateLimit } from "./rate-limit.ts";
import { registerWebApp } from "./ssr.ts";
import { createSsrContextFactory, readConsoleApi } from "./ssr-context.ts";
import { registerTenantResolution } from "./tenant.ts";
import { registerXsrfProtection } from "./xsrf.ts";

export interface AppDeps {
  config: Pick<Config, "platformDomain" | "secret" | "authRateLimitMax" | "logLevel" | "smtpUrl"> &
    Partial<
      Pick<
        Config,
        | "publicCacheTtlMs"
        | "production"
        | "publicUrlScheme"
        | "publicPort"
        | "trustProxy"
        | "sms"
        | "peppolAccessPoint"
        | "metricsToken"
        | "admissionConcurrency"
      >
    >;
  db: Database;
  /** hands a committed e-mail row to the delivery queue */
  dispatchEmail(emailId: number): Promise<void>;
  /** online payment providers: Mollie when its API key is set, else the built-in test provider */
  payments?: PaymentsConfig;
  /** how document PDFs get the pictures of their IMAGE elements (guarded fetch by default) */
  documentImages?: ImageLoader;
  /** where uploaded images are kept (main.ts: DATA_DIR/images; tests and benchmarks: a temp folder) */
  imagesDir?: string;
  /** where customers' proofs of payment are kept (main.ts: DATA_DIR/transaction-proofs) */
  proofsDir?: string;
  /** where the pictures uploaded for document models are kept (main.ts: DATA_DIR/document-images) */
  documentImagesDir?: string;
  /** false in API tests that do not need the built web app */
  web?: boolean;
  /** another web build than apps/web/build (tests of the page handling use a small one) */
  webBuildDir?: string;
  /** where logs go (standard output by default) */
  logStream?: NodeJS.WritableStream;
  /** the DNS look-ups of own-domain checks (the system's resolver by default) */
  dnsResolver?: DnsResolver;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count trusts that many addresses nearest the
 * server (Fastify 5 ignores a bare number), so it suits a server reachable only through them.
 */
function trustedProxies(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole HTTP application; main.ts listens, tests use `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // Forwarded headers are believed only from the configured proxies (decision 0027).
    trustProxy: trustedProxies(config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // A trusted proxy's X-Request-Id, else a new one; the jobs a request enqueues carry it.
    genReqId: requestIdGenerator(config.trustProxy ?? false),
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    runWithRequestId(request.id, done);
  });
  registerRequestMetrics(app);
  registerAdmission(app, {
    concurrency: config.admissionConcurrency ?? DEFAULT_ADMISSION_CONCURRENCY,
    patienceMs: ADMISSION_PATIENCE_MS,
  });
  registerMetricsRoute(app, config.metricsToken);
  app.decorate("publicUrls", publicUrlsOf(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerDatabaseOutageAnswers(app, db);
  registerInputGuard(app);

  await app.register(fastifyCookie);
  // Before every route, the web app's static files included (their hook must see each answer).
  await registerCompression(app);
  await registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: "RATE_LIMITED",
      message: "RATE_LIMITED",
    }),
  });
  registerPerAccountRateLimit(app, config.authRateLimitMax);
  registerAfterAnswer(app);
  const cacheTtlMs = config.publicCacheTtlMs ?? 0;
  const publicCache = cacheTtlMs > 0 ? createPublicCache({ ttlMs: cacheTtlMs }) : null;
  registerTenantResolution(app, db, config.platformDomain, cacheTtlMs);
  registerSuspendedStorefronts(app);
  const forgetOrganiser = (organiser: { id: number; slug: string; domain: string | null }) => {
    app.forgetTenantHost(`${organiser.slug}.${config.platformDomain}`);
    if (organiser.domain) app.forgetTenantHost(organiser.domain);
    publicCache?.invalidate(organiser.id);
  };
  registerPublicCacheInvalidation(app, {
    publicAnswersChanged: (organiserId, reader) =>
      publicCache?.customerChanged(organiserId, reader),
    organiserChanged: forgetOrganiser,
  });
  registerXsrfProtection(app);
  registerConsoleRouteGuard(app, { db, secret: config.secret });
  await registerOpenApi(app);

  const contextDeps = { db, secret: config.secret };
  const proofStore = createProofStore(
    deps.proofsDir ?? path.join(tmpdir(), "booking-transaction-proofs"),
  );
  const accounts = createAccountsService({
    secret: config.secret,
    dispatchEmail: deps.dispatchEmail,
    proofStore,
  });
  const consoleAuth = createConsoleAuth({
    ...contextDeps,
    publicUrls: app.publicUrls,
    dispatchEmail: deps.dispatchEmail,
  });
  registerHealthRoutes(app, db);
  registerCollaboratorRoutes(app, {
    ...contextDeps,
    auth: consoleAuth,
    authRateLimitMax: config.authRateLimitMax,
    dispatchEmail: deps.dispatchEmail,
  });
  registerAccountRoutes(app, {
    ...contextDeps,
    accounts,
    authRateLimitMax: config.authRateLimitMax,
  });
  await registerNewsletterRoutes(app, {
    ...contextDeps,
    newsletters: createNewsletters({ secret: config.secret }),
  });
  registerParticipantRoutes(app, contextDeps);
  registerCustomerConsoleRoutes(app, { ...contextDeps, proofStore });
  registerCustomerBundleConsoleRoutes(app, contextDeps);
  registerCustomerCartConsoleRoutes(app, contextDeps);
  await registerTransactionProofRoutes(app, { ...contextDeps, store: proofStore });
  registerPaymentTypeConsoleRoutes(app, contextDeps);
  registerVolumeDiscountConsoleRoutes(app, contextDeps);
  registerDiscountConsoleRoutes(app, contextDeps);
  registerCustomerVoucherConsoleRoutes(app, contextDeps);
  registerCustomerMembershipConsoleRoutes(app, contextDeps);
  registerReviewRoutes(app, contextDeps);
  registerAutomaticCancellationRoutes(app, contextDeps);
  await registerActivityRuleRoutes(app, contextDeps);
  registerRegistrationNoteRoutes(app, contextDeps);
  registerRegistrationAnswerRoutes(app, contextDeps);
  registerTagRoutes(app, contextDeps);
  registerBadgeListRoutes(app, contextDeps);
  registerCollaboratorRecordRoutes(app, contextDeps);
  registerMessageConsoleRoutes(app, contextDeps);
  registerExportConsoleRoutes(app, contextDeps);
  registerParticipantConsoleRoutes(app, contextDeps);
  registerCartRoutes(app, contextDeps);
  const credentials = createCredentialsCipher(config.secret);
  const payments = { ...deps.payments, credentials };
  registerCheckoutRoutes(app, { ...contextDeps, dispatchEmail: deps.dispatchEmail, payments });
  await registerPaymentRoutes(app, { ...contextDeps, payments, dispatchEmail: deps.dispatchEmail });
  registerTransactionRoutes(app, { ...contextDeps, payments });
  registerIntegrationConsoleRoutes(app, {
    ...contextDeps,
    integrations: createIntegrationsConsole({
      cipher: credentials,
      httpsOnly: config.production ?? false,
    }),
  });
  registerReadApiRoutes(app, contextDeps);
  registerWaitingListRoutes(app, contextDeps);
  registerRegistrationRoutes(app, contextDeps);
  registerRegistrationRequestRoutes(app, contextDeps);
  registerRequestConfigurationRoutes(app, contextDeps);
  registerBookingRoutes(app, contextDeps);
  registerAttendanceChargeRoutes(app, contextDeps);
  registerInvoiceRoutes(app, contextDeps);
  registerInvoiceConsoleRoutes(app, {
    ...contextDeps,
    accessPoint: accessPointOf({ peppolAccessPoint: config.peppolAccessPoint ?? null }),
  });
  registerBillingConsoleRoutes(app, {
    ...contextDeps,
    payments,
    production: Boolean(config.production),
  });
  registerReminderConsoleRoutes(app, contextDeps);
  registerPurchaseRoutes(app, contextDeps);
  registerVoucherRoutes(app, contextDeps);
  const documentUploads = createProofStore(
    deps.documentImagesDir ?? path.join(tmpdir(), "booking-document-images"),
  );
  registerDocumentRoutes(app, {
    ...contextDeps,
    loadImage: deps.documentImages,
    uploads: documentUploads,
  });
  registerCatalogueRoutes(app, { ...contextDeps, publicCache });
  const images = createImageStore(deps.imagesDir ?? path.join(tmpdir(), "booking-images"));
  registerImageFileRoutes(app, images);
  registerLocationConsoleRoutes(app, contextDeps);
  await registerResourceConsoleRoutes(app, { ...contextDeps, images });
  await registerPageConsoleRoutes(app, { ...contextDeps, images });
  registerCategoryConsoleRoutes(app, contextDeps);
  registerCatalogConsoleRoutes(app, contextDeps);
  registerCalendarPeriodConsoleRoutes(app, contextDeps);
  registerDateConfigurationConsoleRoutes(app, contextDeps);
  registerCalendarFeedRoutes(app, contextDeps);
  await registerDocumentModelConsoleRoutes(app, {
    ...contextDeps,
    loadImage: deps.documentImages,
    uploads: documentUploads,
  });
  await registerActivityConsoleRoutes(app, { ...contextDeps, images });
  await registerBlogConsoleRoutes(app, { ...contextDeps, images });
  registerTemplateConsoleRoutes(app, contextDeps);
  registerCustomFieldConsoleRoutes(app, contextDeps);
  registerSegmentConsoleRoutes(app, contextDeps);
  await registerNewsletterConsoleRoutes(app, {
    ...contextDeps,
    dispatchEmail: deps.dispatchEmail,
    images,
  });
  registerAvailabilityConsoleRoutes(app, contextDeps);
  registerStaffNotificationRoutes(app, contextDeps);
  registerProductConsoleRoutes(app, contextDeps);
  registerRegistrationConsoleRoutes(app, { ...contextDeps, dispatchEmail: deps.dispatchEmail });
  registerRegistrationRequestConsoleRoutes(app, {
    ...contextDeps,
    dispatchEmail: deps.dispatchEmail,
  });
  registerWaitingListConsoleRoutes(app, { ...contextDeps, dispatchEmail: deps.dispatchEmail });
  registerAttendanceConsoleRoutes(app, contextDeps);
  registerPaymentConsoleRoutes(app, {
    ...contextDeps,
    payments,
    dispatchEmail: deps.dispatchEmail,
  });
  await registerBankConsoleRoutes(app, contextDeps);
  await registerImportConsoleRoutes(app, contextDeps);
  await registerSettingsConsoleRoutes(app, {
    ...contextDeps,
    images,
    credentials,
    // Outside production the built-in test provider takes the payments no Mollie key covers.
    platformPaymentProvider: Boolean(payments.mollieApiKey) || !config.production,
  });
  registerSmsSettingsRoutes(app, {
    ...contextDeps,
    credentials,
    platformSmsProvider: Boolean(config.sms),
  });
  registerDashboardConsoleRoutes(app, contextDeps);
  registerReportConsoleRoutes(app, contextDeps);
  registerManualMessageRoutes(app, { ...contextDeps, dispatchEmail: deps.dispatchEmail });
  registerRulesConsoleRoutes(app, contextDeps);
  registerDomainRoutes(app, {
    ...contextDeps,
    resolver: deps.dnsResolver ?? createDnsResolver(null),
    platformDomain: config.platformDomain,
    publicUrls: app.publicUrls,
    forgetHost: (hostname) => app.forgetTenantHost(hostname),
  });
  registerOperatorRoutes(app, {
    ...contextDeps,
    publicUrls: app.publicUrls,
    authRateLimitMax: config.authRateLimitMax,
    forgetOrganiser,
  });
  await registerWebsiteConsoleRoutes(app, { ...contextDeps, images });
  registerSignupRoutes(app, { ...contextDeps, authRateLimitMax: config.authRateLimitMax });
  // Before the web app: its catch-all route would otherwise render these as pages.
  registerSeoRoutes(app, contextDeps);
  registerBlogRoutes(app, { ...contextDeps, publicCache });

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
        consoleOrigin: app.publicUrls.console(),
        // The outbox shows every organiser's e-mails, reset links included: development only.
        outboxEnabled: config.production === false && !config.smtpUrl,
        smsOutboxEnabled: config.production === false && !config.sms,
        publicCache,
      }),
      publicCache,
      deps.webBuildDir,
    );
  }
  return app;
}
