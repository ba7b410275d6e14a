import type { FastifyRequest } from "fastify";
import type { Organiser } from "../organisers/queries.ts";

/** The console's own origin (the admin host of the request). */
export const consoleOrigin = (request: FastifyRequest) =>
  `${request.protocol}://${request.headers.host}`;

/**
 * An organiser's storefront as seen from the console: its own domain, else its platform
 * sub-domain, on the console's scheme and port (development serves both on one port).
 */
export function storefrontOrigin(
  request: FastifyRequest,
  organiser: Pick<Organiser, "slug" | "domain">,
  platformDomain: string,
): string {
  const host = request.headers.host ?? "";
  const port = /:(\d+)$/.exec(host)?.[1];
  const hostname = organiser.domain ?? `${organiser.slug}.${platformDomain}`;
  return `${request.protocol}://${hostname}${port ? `:${port}` : ""}`;
}
