import type { FastifyRequest } from "fastify";
import type { CheckoutMail } from "./service.ts";

/**
 * What checkout's e-mails need from the request: the configured public addresses (their links
 * go to the organiser's storefront in its language, never to the request's own host headers) and
 * the queue the e-mail rows are handed to after commit.
 */
export function checkoutMail(
  request: FastifyRequest,
  dispatchEmail: (emailId: number) => Promise<void>,
): CheckoutMail {
  return { dispatchEmail, urls: request.server.publicUrls };
}
