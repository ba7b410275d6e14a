import type { FastifyRequest } from "fastify";
import type { OfferMail } from "../waiting-list/console-service.ts";

/** What the e-mails sent from the console's registration calls need. */
export interface ConsoleMailDeps {
  dispatchEmail(emailId: number): Promise<void>;
}

/**
 * What the e-mails a console call sends the customer need: the configured public addresses
 * (their links go to the organiser's storefront in its language: the checkout where a
 * waiting-list offer is confirmed) and the delivery queue.
 */
export function storefrontMail(
  request: FastifyRequest,
  deps: ConsoleMailDeps,
): { offer: OfferMail } {
  return { offer: { dispatchEmail: deps.dispatchEmail, urls: request.server.publicUrls } };
}
