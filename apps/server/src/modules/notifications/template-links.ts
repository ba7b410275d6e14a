import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import type { OrganiserBrand } from "./render/layout.ts";
import type { TemplateAccountLinks, TemplateOrganiser } from "./template-data-types.ts";

// The addresses a message links to, from the configured public URLs only (never a request's
// headers, decision 0027): the organiser's storefront in its language and the customer's account
// pages of platform-and-account.md §2.2.

export type LinkedOrganiser = Pick<
  Organiser,
  | "id"
  | "name"
  | "slug"
  | "domain"
  | "domainStatus"
  | "language"
  | "currency"
  | "timezone"
  | "logoUrl"
  | "contactEmail"
  | "contactPhone"
  | "website"
>;

/** `https://demo.example/fr`: the storefront's home in the organiser's language. */
export function storefrontHome(organiser: LinkedOrganiser, urls: PublicUrls): string {
  return `${urls.storefront(organiser)}/${organiser.language}`;
}

/** An account page of §2.2: `/account/{kind}/{cuid}` on the storefront, or the list without cuid. */
export function accountUrl(
  organiser: LinkedOrganiser,
  urls: PublicUrls,
  kind: "registrations" | "carts" | "bundles" | "vouchers" | "memberships" | "profile",
  cuid?: string,
): string {
  const page = `${storefrontHome(organiser, urls)}/account/${kind}`;
  return cuid ? `${page}/${encodeURIComponent(cuid)}` : page;
}

export function accountLinks(organiser: LinkedOrganiser, urls: PublicUrls): TemplateAccountLinks {
  return {
    url: `${storefrontHome(organiser, urls)}/account`,
    profile_url: accountUrl(organiser, urls, "profile"),
    registrations_url: accountUrl(organiser, urls, "registrations"),
    carts_url: accountUrl(organiser, urls, "carts"),
    bundles_url: accountUrl(organiser, urls, "bundles"),
    vouchers_url: accountUrl(organiser, urls, "vouchers"),
    memberships_url: accountUrl(organiser, urls, "memberships"),
  };
}

/** A stored logo path (`/uploads/…`) made absolute on the storefront, as mail apps need. */
function absoluteLogo(organiser: LinkedOrganiser, urls: PublicUrls): string | null {
  if (!organiser.logoUrl) return null;
  if (/^https?:\/\//.test(organiser.logoUrl)) return organiser.logoUrl;
  return `${urls.storefront(organiser)}${organiser.logoUrl.startsWith("/") ? "" : "/"}${organiser.logoUrl}`;
}

/** What the e-mail frame shows of the organiser: name, logo, accent colour, storefront. */
export function organiserBrand(organiser: LinkedOrganiser, urls: PublicUrls): OrganiserBrand {
  return {
    name: organiser.name,
    logoUrl: absoluteLogo(organiser, urls),
    accentColor: organiser.website.accent_color ?? null,
    websiteUrl: storefrontHome(organiser, urls),
  };
}

export function templateOrganiser(organiser: LinkedOrganiser, urls: PublicUrls): TemplateOrganiser {
  return {
    name: organiser.name,
    language: organiser.language,
    currency: organiser.currency,
    timezone: organiser.timezone,
    email: organiser.contactEmail,
    phone: organiser.contactPhone,
    website_url: storefrontHome(organiser, urls),
    logo_url: absoluteLogo(organiser, urls),
  };
}
