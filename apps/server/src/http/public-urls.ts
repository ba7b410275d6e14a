import type { FastifyRequest } from "fastify";
import type { Organiser } from "../modules/organisers/queries.ts";
// Also brings the `request.tenant` declaration into programs that import only this file.
import type { Tenant } from "./tenant.ts";

export type PublicUrlScheme = "http" | "https";

/**
 * The addresses the server writes into e-mails, pages, sitemaps and payment return URLs. They
 * come from configuration only, never from the request's Host or X-Forwarded-* headers, which
 * anyone can forge (decision 0027).
 */
export interface PublicUrls {
  scheme: PublicUrlScheme;
  /** `https://organiser.example` (its own domain, once verified) or `https://{slug}.{PLATFORM_DOMAIN}` */
  storefront(organiser: Pick<Organiser, "slug" | "domain" | "domainStatus">): string;
  /** `https://admin.{PLATFORM_DOMAIN}` */
  console(): string;
  /** `https://{PLATFORM_DOMAIN}`: the product's own site and sign-up */
  platform(): string;
}

export interface PublicUrlsConfig {
  platformDomain: string;
  scheme: PublicUrlScheme;
  /** the port public addresses name; null (or the scheme's default) names none */
  port: number | null;
}

const DEFAULT_PORT: Record<PublicUrlScheme, number> = { http: 80, https: 443 };

export function createPublicUrls(config: PublicUrlsConfig): PublicUrls {
  const port =
    config.port === null || config.port === DEFAULT_PORT[config.scheme] ? "" : `:${config.port}`;
  const origin = (hostname: string) => `${config.scheme}://${hostname}${port}`;
  return {
    scheme: config.scheme,
    storefront: (organiser) =>
      origin(
        organiser.domainStatus === "VERIFIED" && organiser.domain
          ? organiser.domain
          : `${organiser.slug}.${config.platformDomain}`,
      ),
    console: () => origin(`admin.${config.platformDomain}`),
    platform: () => origin(config.platformDomain),
  };
}

/** The public addresses a configuration gives (the server's and the worker's are the same). */
export function publicUrlsOf(config: {
  platformDomain: string;
  production?: boolean;
  publicUrlScheme?: PublicUrlScheme;
  publicPort?: number | null;
}): PublicUrls {
  return createPublicUrls({
    platformDomain: config.platformDomain,
    scheme: config.publicUrlScheme ?? (config.production ? "https" : "http"),
    port: config.publicPort ?? null,
  });
}

declare module "fastify" {
  interface FastifyInstance {
    publicUrls: PublicUrls;
  }
}

/** The configured origin of the site a request was made on: its organiser's, the platform's or the console's. */
export function publicOrigin(request: FastifyRequest): string {
  const urls = request.server.publicUrls;
  const tenant: Tenant = request.tenant;
  if (tenant.kind === "storefront") return urls.storefront(tenant.organiser);
  return tenant.kind === "platform" ? urls.platform() : urls.console();
}
