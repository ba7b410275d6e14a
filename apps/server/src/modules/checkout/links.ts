import type { FastifyRequest } from "fastify";
import { publicOrigin } from "../../http/public-urls.ts";
import type { CheckoutMail } from "./service.ts";

/**
 * What checkout's e-mails need from the request: links on the organiser's host, in its language
 * (the account page of a cart, platform-and-account.md §2.2; the storefront's home), and the
 * queue the e-mail rows are handed to after commit.
 */
export function checkoutMail(
  request: FastifyRequest,
  dispatchEmail: (emailId: number) => Promise<void>,
): CheckoutMail {
  const language = request.tenant.kind === "storefront" ? request.tenant.organiser.language : "fr";
  const origin = publicOrigin(request);
  return {
    dispatchEmail,
    cartUrl: (cuid) => `${origin}/${language}/account/carts/${encodeURIComponent(cuid)}`,
    storefrontUrl: `${origin}/${language}`,
  };
}
