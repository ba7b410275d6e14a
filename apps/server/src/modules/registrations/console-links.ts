import type { FastifyRequest } from "fastify";
import type { CheckoutMail } from "../checkout/service.ts";
import type { OfferMail } from "../waiting-list/console-service.ts";

/** What the e-mails sent from the console's registration calls need. */
export interface ConsoleMailDeps {
  dispatchEmail(emailId: number): Promise<void>;
}

/**
 * The storefront links of the e-mails a console call sends the customer, on the organiser's
 * storefront in its language: the order of a registration made by hand (as checkout's
 * confirmation links it) and the checkout where a waiting-list offer is confirmed.
 */
export function storefrontMail(
  request: FastifyRequest,
  deps: ConsoleMailDeps,
): { checkout: CheckoutMail; offer: OfferMail } {
  const organiser = request.consoleAccess?.organiser;
  if (!organiser) throw new Error(`${request.url}: storefront links without a console session`);
  const base = `${request.server.publicUrls.storefront(organiser)}/${organiser.language}`;
  return {
    checkout: {
      dispatchEmail: deps.dispatchEmail,
      cartUrl: (cuid) => `${base}/account/carts/${encodeURIComponent(cuid)}`,
      storefrontUrl: base,
    },
    offer: { dispatchEmail: deps.dispatchEmail, checkoutUrl: `${base}/checkout` },
  };
}
