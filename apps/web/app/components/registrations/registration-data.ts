import type {
  PaymentBadgeView as PaymentBadgeData,
  RegistrationDetail,
  RegistrationListItem,
} from "@booking/contracts";
import type { RouterContextProvider } from "react-router";
import type { Formatters } from "../../lib/format";
import { notFound } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { type AccountSession, requireAccount } from "../account/account-data";

/** Where the registrations of the account area live (platform-and-account.md §2.2, §2.3). */
export const REGISTRATIONS_PATH = "/account/registrations";

export const registrationPath = (cuid: string, page?: "cancel" | "review" | "edit") =>
  `${REGISTRATIONS_PATH}/${cuid}${page ? `/${page}` : ""}`;

/** What a registration's card and page heading show, formatted on the server. */
export interface RegistrationSummary {
  cuid: string;
  title: string;
  participant: string;
  /** "lun. 6 juil. – ven. 10 juil. 2026, 9:00–16:00" */
  period: string;
  datesCount: number;
  location: string | null;
  /** the activity's first picture, shown as a decorative thumbnail */
  image: { url: string } | null;
  badges: RegistrationListItem["badges"];
  total: string;
  reference: string;
}

export function registrationSummary(
  registration: RegistrationListItem,
  format: Formatters,
): RegistrationSummary {
  const { availability } = registration;
  const image = availability.activity.images[0];
  const location = availability.location;
  return {
    cuid: registration.cuid,
    title: availability.activity.title,
    participant: registration.participant.fullname,
    period: format.dateRange(registration.start_at, registration.end_at),
    datesCount: registration.dates_count,
    location: location
      ? [location.title, location.city].filter((part) => part && part.trim() !== "").join(", ")
      : null,
    image: image ? { url: image.public_url } : null,
    badges: registration.badges,
    total: format.money(registration.total_amount),
    reference: registration.reference,
  };
}

/** The payment badge with its amounts formatted. */
export type PaymentBadgeLabel =
  | { kind: "complete" }
  | { kind: "deposited" | "outstanding"; outstanding: string };

export function paymentBadgeLabel(
  badge: PaymentBadgeData | null,
  format: Formatters,
): PaymentBadgeLabel | null {
  if (!badge) return null;
  return badge.kind === "complete"
    ? badge
    : { kind: badge.kind, outstanding: format.money(badge.outstanding) };
}

/**
 * What the pages of one registration start with: the logged-in customer (a visitor goes to the
 * login page) and the registration, or a 404 when it is not theirs.
 */
export async function loadRegistration(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string; cuid?: string },
  request: Request,
): Promise<{ page: AccountSession; registration: RegistrationDetail }> {
  const page = requireAccount(context, params, request);
  const registration = await page.storefront.reader.registration(params.cuid ?? "");
  if (!registration) notFound();
  return { page, registration };
}

/** The SEO of the registrations' pages: their list and each registration's (never indexed). */
export function registrationPageSeo(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
  page: { title: string; path: string },
) {
  return simplePageSeo(context, params, request, {
    ...page,
    description: "registrations.meta_description",
    robots: "noindex",
  });
}
