import type { FastifyRequest } from "fastify";
import type { CheckoutMail } from "../checkout/service.ts";
import type { OfferMail } from "../waiting-list/console-service.ts";

/** What the e-mails sent from the console's registration calls need. */
export interface ConsoleMailDeps {
  dispatchEmail(emailId: number): Promise<void>;
}

/**
 * What the e-mails a console call sends the customer need: the configured public addresses
 * (their links go to the organiser's storefront in its language: the order of a registration
 * made by hand, the checkout where a waiting-list offer is confirmed) and the delivery queue.
 */
export function storefrontMail(
  request: FastifyRequest,
  deps: ConsoleMailDeps,
): { checkout: CheckoutMail; offer: OfferMail } {
  const mail = { dispatchEmail: deps.dispatchEmail, urls: request.server.publicUrls };
  return { checkout: mail, offer: mail };
}
