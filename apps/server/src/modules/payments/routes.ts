import type { FastifyInstance } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { publicOrigin } from "../../http/public-urls.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { checkoutMail } from "../checkout/links.ts";
import { settleCartPayment } from "../checkout/payment-service.ts";
import { findProviderPayment } from "./queries.ts";
import { isPaymentProviderName, type PaymentsConfig, providerFor } from "./service.ts";
import { answerTestPayment, pageXsrfToken, testPageAction, testPaymentPage } from "./test-page.ts";
import { testPaymentState } from "./test-provider.ts";

/** The provider's payment id of a webhook body: `id=…` form-encoded (Mollie) or JSON `{id}`. */
export function webhookPaymentId(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" && id.length > 0 && id.length <= 200 ? id : null;
}

/** Parses form-encoded bodies (Mollie's webhook, the test page's buttons) in this plugin scope. */
export function acceptForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/**
 * Online payments (docs/decisions/0011-online-payments.md): the providers' webhook and the
 * built-in test provider's hosted page. In their own plugin scope, so that form-encoded bodies
 * (Mollie's webhook, the test page's form) are parsed here only.
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: ContextDeps & {
    payments: PaymentsConfig;
    /** enqueues delivery of an e-mail row written by the transaction (confirmation, refund) */
    dispatchEmail(emailId: number): Promise<void>;
  },
): Promise<void> {
  await app.register(async (scope) => {
    acceptForms(scope);

    // Nothing of the body is trusted but the id: the status is fetched back from the provider.
    // 200 for known and unknown payments alike (an unknown id changes nothing and is logged), so
    // that a provider does not retry and a prober learns nothing.
    scope.post<{ Params: { provider: string } }>(
      "/api/payments/webhook/:provider",
      { config: { xsrf: false }, schema: { hide: true } },
      async (request, reply) => {
        const name = request.params.provider;
        if (!isPaymentProviderName(name)) throw new AppError("NOT_FOUND");
        const id = webhookPaymentId(request.body);
        if (!id) throw new AppError("VALIDATION_ERROR");
        await inTenant(deps, request, async (context) => {
          const provider = providerFor(context, deps.payments, publicOrigin(request), name);
          if (!provider) throw new AppError("NOT_FOUND");
          await settleCartPayment(context, provider, id, checkoutMail(request, deps.dispatchEmail));
        });
        return reply.code(200).send({ ok: true });
      },
    );

    scope.get<{ Params: { cuid: string } }>(
      "/payments/test/:cuid",
      { schema: { hide: true } },
      async (request, reply) => {
        const payment = await inTenant(deps, request, (context) =>
          findProviderPayment(context.db, context.organiser.id, "test", request.params.cuid),
        );
        const state = testPaymentState(payment?.providerState);
        if (!payment || !state) throw new AppError("NOT_FOUND");
        const html = testPaymentPage(state, pageXsrfToken(request, reply));
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(html);
      },
    );

    // The buttons: change the test provider's side, then the same path as a webhook delivery.
    scope.post<{ Params: { cuid: string }; Body: Record<string, string> | undefined }>(
      "/payments/test/:cuid",
      { config: { xsrf: false }, schema: { hide: true } },
      async (request, reply) => {
        // XSRF as a form field: a form cannot send the header.
        const action = testPageAction(request);
        const redirect = await inTenant(deps, request, async (context) => {
          const { db, organiser } = context;
          const cuid = request.params.cuid;
          const payment = await findProviderPayment(db, organiser.id, "test", cuid);
          const state = testPaymentState(payment?.providerState);
          if (!payment || !state) throw new AppError("NOT_FOUND");
          await answerTestPayment(
            context,
            { cuid, action, origin: publicOrigin(request) },
            checkoutMail(request, deps.dispatchEmail),
          );
          return state.redirect_url;
        });
        return reply.redirect(redirect, 303);
      },
    );
  });
}
