import { withTenant } from "@booking/db";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { acceptForms, webhookPaymentId } from "../payments/routes.ts";
import { isPaymentProviderName } from "../payments/service.ts";
import { pageXsrfToken, testPageAction, testPaymentPage } from "../payments/test-page.ts";
import { testPaymentState } from "../payments/test-provider.ts";
import {
  findPaymentOrganiser,
  findPlatformPayment,
  setPlatformProviderState,
} from "./payment-queries.ts";
import { type PlatformPaymentsDeps, settlePlatformPayment } from "./payments.ts";

/**
 * The platform's side of organisers' online payments of platform invoices (decision 0082), on
 * the admin host: the provider's webhook and the built-in test provider's hosted page. Its own
 * plugin scope parses form-encoded bodies (Mollie's webhook, the test page's buttons).
 */
export function registerPlatformPaymentRoutes(
  app: FastifyInstance,
  payments: PlatformPaymentsDeps,
): void {
  const deps = payments;
  const hosts = "admin" as const;

  /** The test provider's record of a platform payment, found from the payment alone. */
  async function testPayment(cuid: string) {
    const organiserId = await findPaymentOrganiser(deps.db, "test", cuid);
    if (organiserId === null || deps.production) throw new AppError("NOT_FOUND");
    const payment = await withTenant(deps.db, organiserId, (tx) =>
      findPlatformPayment(tx, organiserId, "test", cuid),
    );
    const state = testPaymentState(payment?.providerState);
    if (!payment || !state) throw new AppError("NOT_FOUND");
    return { organiserId, state };
  }

  app.register(async (scope) => {
    acceptForms(scope);

    // As for customers' payments: only the id of the body is read, the status is asked of the
    // provider, and known and unknown payments alike answer 200.
    scope.post<{ Params: { provider: string } }>(
      "/api/platform-payments/webhook/:provider",
      { config: { xsrf: false, hosts }, schema: { hide: true } },
      async (request, reply) => {
        const provider = request.params.provider;
        if (!isPaymentProviderName(provider)) throw new AppError("NOT_FOUND");
        const providerPaymentId = webhookPaymentId(request.body);
        if (!providerPaymentId) throw new AppError("VALIDATION_ERROR");
        await settlePlatformPayment(payments, { provider, providerPaymentId }, request.log);
        return reply.code(200).send({ ok: true });
      },
    );

    scope.get<{ Params: { cuid: string } }>(
      "/platform-payments/test/:cuid",
      { config: { hosts }, schema: { hide: true } },
      async (request, reply) => {
        const { state } = await testPayment(request.params.cuid);
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(testPaymentPage(state, pageXsrfToken(request, reply)));
      },
    );

    // The buttons: the provider's side becomes paid or failed, then the webhook's path.
    scope.post<{ Params: { cuid: string } }>(
      "/platform-payments/test/:cuid",
      { config: { xsrf: false, hosts }, schema: { hide: true } },
      async (request, reply) => {
        const action = testPageAction(request);
        const { cuid } = request.params;
        const { organiserId, state } = await testPayment(cuid);
        await settlePlatformPayment(
          payments,
          { provider: "test", providerPaymentId: cuid },
          request.log,
          async (locked, tx) => {
            const current = testPaymentState(locked.providerState);
            if (current?.status !== "open") return;
            await setPlatformProviderState(tx, organiserId, locked.id, {
              ...current,
              status: action === "pay" ? "paid" : "failed",
            });
          },
        );
        return reply.redirect(state.redirect_url, 303);
      },
    );
  });
}
