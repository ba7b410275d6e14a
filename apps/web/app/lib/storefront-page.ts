import type { Language } from "@booking/contracts";
import type { RouterContextProvider } from "react-router";
import type { ProductFormData } from "../components/cart/product-form";
import { isLanguage, sharedI18n } from "../i18n";
import { createFormatters, type Formatters } from "./format";
import { buildSeo, type SeoInput } from "./seo";
import { requireStorefront, type StorefrontContext } from "./server-context";

/** The language of a storefront page: the URL prefix when present, otherwise the organiser's. */
export function pageLanguage(params: { lang?: string }, organiser: { language: Language }) {
  return isLanguage(params.lang) ? params.lang : organiser.language;
}

export interface StorefrontPage {
  storefront: StorefrontContext;
  language: Language;
  format: Formatters;
  /** translations for what loaders compose (page titles and descriptions) */
  t: ReturnType<typeof sharedI18n>["t"];
}

/** What every storefront loader starts with: the context, the language and the formatters. */
export function storefrontPage(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
): StorefrontPage {
  const storefront = requireStorefront(context);
  const { organiser } = storefront;
  const language = pageLanguage(params, organiser);
  return {
    storefront,
    language,
    format: createFormatters(language, organiser.timezone, organiser.currency),
    t: sharedI18n(language).t,
  };
}

/** The organiser's breadcrumb start and catalogue page, as the detail pages show them. */
export function breadcrumbBase(storefront: StorefrontContext) {
  const { organiser } = storefront;
  return {
    organiser: organiser.name,
    catalogue: organiser.catalogue?.path
      ? { path: organiser.catalogue.path, title: organiser.catalogue.title }
      : null,
  };
}

/**
 * Whether a customer is looking (the detail pages offer them the add side): null for an
 * anonymous visitor. Nothing of the account's: its counters are read on account pages only
 * (decision 0058).
 */
export function customerSummary(storefront: StorefrontContext) {
  return storefront.session.customer ? { logged_in: true as const } : null;
}

/** The SEO and breadcrumb every catalogue detail page loader returns. */
export function detailPageBase(
  page: StorefrontPage,
  request: Request,
  seo: Omit<SeoInput, "request" | "organiserName" | "language">,
) {
  return {
    seo: buildSeo({
      request,
      organiserName: page.storefront.organiser.name,
      language: page.language,
      ...seo,
    }),
    breadcrumb: breadcrumbBase(page.storefront),
  };
}

/** Who is looking and how to reach the organiser: the purchase side of a detail page. */
export function purchaseContext(storefront: StorefrontContext) {
  const { organiser } = storefront;
  return {
    customer: customerSummary(storefront),
    contacts: { email: organiser.contact_email, phone: organiser.contact_phone },
  };
}

/**
 * The SEO of a page without catalogue data (home, authentication, terms): a translated title
 * (none for the home page, whose title is the organiser's name) and description.
 */
export function simplePageSeo(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
  page: { title?: string; description: string; path: string; robots?: string },
) {
  const { storefront, language, t } = storefrontPage(context, params);
  const name = storefront.organiser.name;
  return buildSeo({
    request,
    organiserName: name,
    language,
    title: page.title ? t(page.title) : null,
    description: t(page.description, { name }),
    fallbackDescription: name,
    path: page.path,
    robots: page.robots ?? null,
  });
}

/**
 * The add form of a bundle, membership or voucher page: null for an anonymous visitor. The
 * customer's participants are read only when the item asks one (PARTICIPANTS entity); the
 * `?participant=` cuid preselects one, else the only one.
 */
export async function productFormData(
  storefront: StorefrontContext,
  request: Request,
  item: { kind: "bundle" | "membership" | "voucher"; id: number; withParticipant: boolean },
): Promise<ProductFormData | null> {
  if (!storefront.session.customer) return null;
  const participants = item.withParticipant ? await storefront.reader.participants() : [];
  return { ...item, ...participantChoice(participants, request) };
}

/**
 * The participant select of an add form (storefront.md §4 "Participant selection"): the
 * customer's participants, and the preselected one — the `?participant=` cuid, else with
 * `autoSelect` the first, otherwise the only one.
 */
export function participantChoice(
  participants: ReadonlyArray<{ id: number; cuid: string; fullname: string }>,
  request: Request,
  { autoSelect = false }: { autoSelect?: boolean } = {},
): { participants: Array<{ id: number; fullname: string }>; participantId: number | null } {
  const wanted = new URL(request.url).searchParams.get("participant");
  const preselected =
    participants.find((participant) => participant.cuid === wanted) ??
    (autoSelect || participants.length === 1 ? participants[0] : undefined);
  return {
    participants: participants.map(({ id, fullname }) => ({ id, fullname })),
    participantId: preselected?.id ?? null,
  };
}
