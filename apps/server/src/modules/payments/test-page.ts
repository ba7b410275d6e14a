import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { setXsrfCookie, XSRF_COOKIE } from "../../http/cookies.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { type PaymentOutcome, settleCartPayment } from "../checkout/payment-service.ts";
import type { CheckoutMail } from "../checkout/service.ts";
import { setProviderState } from "./queries.ts";
import { createTestProvider, type TestPaymentState, testPaymentState } from "./test-provider.ts";

/**
 * A button of the test provider's hosted page, pressed for the payment `cuid` (its provider id):
 * the provider's side becomes paid or failed, then the same path as a webhook delivery. Used by
 * the page (routes.ts) and by the demo seed's customers paying online (apps/server/src/demo).
 */
export function answerTestPayment(
  context: ServiceContext,
  input: { cuid: string; action: "pay" | "fail"; origin: string },
  mail: CheckoutMail,
): Promise<PaymentOutcome> {
  const { db, organiser } = context;
  const provider = createTestProvider(db, organiser.id, input.origin);
  return settleCartPayment(context, provider, input.cuid, mail, {
    // The provider's side first (under the cart's and the payment's locks).
    async beforeFetch(locked) {
      const current = testPaymentState(locked.providerState);
      if (current?.status !== "open") return;
      await setProviderState(db, organiser.id, locked.id, {
        ...current,
        status: input.action === "pay" ? "paid" : "failed",
      });
    },
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/**
 * The test provider's hosted page of a payment: its amount and, while open, the "Payer" and
 * "Échouer" buttons (forms posting back with the XSRF `token` as a field: a form cannot send the
 * header); once answered, its status and the way back.
 */
export function testPaymentPage(state: TestPaymentState, token: string): string {
  const amount = `${(state.amount / 100).toFixed(2)} ${state.currency}`;
  const open = state.status === "open";
  const form = (action: string, label: string) =>
    `<form method="post"><input type="hidden" name="_xsrf" value="${escapeHtml(token)}">` +
    `<input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
  return `<!doctype html>
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
}

function sameToken(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string" || a === "") return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The XSRF token the page's forms carry: the cookie's, set now if the browser has none. */
export function pageXsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  let token = request.cookies[XSRF_COOKIE];
  if (!token) {
    token = randomBytes(24).toString("base64url");
    setXsrfCookie(request, reply, token);
  }
  return token;
}

/** The button pressed on the page (its form-encoded body), once its XSRF field matched. */
export function testPageAction(request: FastifyRequest): "pay" | "fail" {
  const body = request.body as Record<string, string> | undefined;
  // XSRF as a form field: a form cannot send the header.
  if (!sameToken(body?._xsrf, request.cookies[XSRF_COOKIE])) {
    throw new AppError("CSRF_TOKEN_MISMATCH");
  }
  const action = body?.action;
  if (action !== "pay" && action !== "fail") throw new AppError("VALIDATION_ERROR");
  return action;
}
