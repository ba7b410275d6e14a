import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { setXsrfCookie, XSRF_COOKIE } from "../../http/cookies.ts";
import { publicOrigin } from "../../http/public-urls.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { checkoutMail } from "../checkout/links.ts";
import { settleCartPayment } from "../checkout/payment-service.ts";
import { findProviderPayment } from "./queries.ts";
import { isPaymentProviderName, type PaymentsConfig, providerFor } from "./service.ts";
import { answerTestPayment } from "./test-page.ts";
import { testPaymentState } from "./test-provider.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

function sameToken(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string" || a === "") return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The provider's payment id of a webhook body: `id=…` form-encoded (Mollie) or JSON `{id}`. */
function webhookPaymentId(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" && id.length > 0 && id.length <= 200 ? id : null;
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
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

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
        let token = request.cookies[XSRF_COOKIE];
        if (!token) {
          token = randomBytes(24).toString("base64url");
          setXsrfCookie(request, reply, token);
        }
        const amount = `${(state.amount / 100).toFixed(2)} ${state.currency}`;
        const open = state.status === "open";
        const form = (action: string, label: string) =>
          `<form method="post"><input type="hidden" name="_xsrf" value="${escapeHtml(token!)}">` +
          `<input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
        const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>Paiement de test</title>
<style>
body{margin:0;background:#f4f4f5;font-family:system-ui,sans-serif;color:#18181b}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:1rem;box-shadow:0 1px 3px #0002}
h1{margin-top:0;font-size:1.5rem}form{display:inline-block;margin:1rem .5rem 0 0}
button{min-height:2.75rem;padding:0 1.25rem;border-radius:.5rem;border:1px solid #d4d4d8;font:inherit;font-weight:600;cursor:pointer;background:#fff}
form:first-of-type button{background:#16a34a;border-color:#16a34a;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
</style></head>
<body><main>
<h1>Paiement de test</h1>
<p>Aucun argent ne circule : ce prestataire sert à la démonstration.</p>
<p>Montant : <strong>${escapeHtml(amount)}</strong></p>
${open ? form("pay", "Payer") + form("fail", "Échouer") : `<p>Statut : ${escapeHtml(state.status)}</p><p><a href="${escapeHtml(state.redirect_url)}">Retour</a></p>`}
</main></body></html>`;
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
        if (!sameToken(request.body?._xsrf, request.cookies[XSRF_COOKIE])) {
          throw new AppError("CSRF_TOKEN_MISMATCH");
        }
        const action = request.body?.action;
        if (action !== "pay" && action !== "fail") throw new AppError("VALIDATION_ERROR");
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
