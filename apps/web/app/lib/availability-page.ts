import {
  type AvailabilityView,
  CUID_PATTERN,
  type PageElementNode,
  type PageView,
} from "@booking/contracts";
import { dateBadge } from "@booking/domain/availability";
import {
  defaultDateSelection,
  isDateSelectable,
  sortByStart,
} from "@booking/domain/availability-dates";
import { fromMinorUnits } from "@booking/domain/money";
import type { RouterContextProvider } from "react-router";
import type { RegistrationFormData } from "../components/cart/registration-form";
import type { WaitingListFormData } from "../components/cart/waiting-list-form";
import { registrationChoicesData } from "../components/registrations/choices-data";
import { loadPageSections, type PageSections } from "../sections/load.server";
import { cancellationPolicyLine } from "./cancellation-policy";
import { descriptionHtml, imageData, locationData, orNotFound } from "./catalogue-data";
import type { Formatters } from "./format";
import { stripLanguage } from "./links";
import { type Own, own, ownChoice } from "./own-values";
import { withAgeEligibility } from "./participant-eligibility";
import { absoluteUrl, buildSeo, languagePath, serializeJsonLd } from "./seo";
import { requireStorefront, type StorefrontContext } from "./server-context";
import { storedPagePath } from "./stored-page";
import {
  breadcrumbBase,
  customerSummary,
  participantChoice,
  storefrontPage,
} from "./storefront-page";

/**
 * The add-form area's state, serialisable: the availability's booking state as the API computed
 * it (decision 0030, the one every view renders), with the opening date formatted in the
 * organiser's time zone.
 */
export type FormState =
  | { kind: "open" }
  | { kind: "closed" | "full"; waitingList: boolean }
  | { kind: "opening_scheduled"; opensAt: string }
  | { kind: "closing_passed" | "started" | "ended" };

function formState({ booking }: AvailabilityView, format: Formatters): FormState {
  switch (booking.reason) {
    case null:
      return { kind: "open" };
    case "closed":
    case "full":
      return { kind: booking.reason, waitingList: booking.waiting_list };
    case "opening_scheduled":
      return { kind: booking.reason, opensAt: format.dateTime(booking.registrations_open_at!) };
    default:
      return { kind: booking.reason };
  }
}

/**
 * The availability page's data (storefront.md "Availability detail"), read on the server: the
 * availability, its booking state, the add form or the waiting list for a customer, and the SEO of
 * its canonical address `/availabilities/{cuid}` (also for the short `/{cuid}`).
 */
export async function availabilityPageData(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
  cuid: string,
) {
  const { storefront, language, format, t } = storefrontPage(context, params);
  const { organiser } = storefront;
  const availability = await orNotFound(storefront.reader.availability(cuid));
  const { activity } = availability;
  const now = new Date();
  const form = formState(availability, format);

  const customer = Boolean(storefront.session.customer);
  // The participants are the customer's own: marked when the page is rendered shared (0058).
  const mine = own(context);
  // An activity taking requests is asked for on its request page, never sold from here.
  const requestFlow = activity.registration_flow === "REQUEST";
  const registration =
    form.kind === "open" && customer && !requestFlow
      ? await registrationFormData(storefront, availability, request, format, now, mine)
      : null;
  const waitingList: WaitingListFormData | null =
    (form.kind === "closed" || form.kind === "full") && form.waitingList && customer
      ? {
          availabilityId: availability.id,
          ...ownChoice(mine, participantChoice(await storefront.reader.participants(), request)),
        }
      : null;

  const dates = sortByStart(availability.dates).map((date) => ({
    cuid: date.cuid,
    label: format.dateRange(date.start_at, date.end_at),
    badge: dateBadge(date),
  }));
  // The remaining places show only while it can be booked, as on every card.
  const remaining = availability.booking.bookable ? availability.booking.remaining : null;
  const dateRange = format.dateRange(availability.start_at, availability.end_at);
  const price = format.money(availability.price);
  const image = activity.images[0] ?? null;
  const location = locationData(availability.location);

  const seo = buildSeo({
    request,
    organiserName: organiser.name,
    language,
    title: activity.title,
    description: activity.description,
    fallbackDescription: t("availability.meta_description", {
      title: activity.title,
      dates: dateRange,
      price,
    }),
    path: `/availabilities/${availability.cuid}`,
    image,
  });
  const origin = new URL(request.url).origin;
  const jsonLd = serializeJsonLd({
    "@context": "https://schema.org",
    "@type": "Event",
    name: activity.title,
    description: seo.description,
    startDate: availability.start_at,
    endDate: availability.end_at,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...(location
      ? {
          location: {
            "@type": "Place",
            name: location.name,
            address: {
              "@type": "PostalAddress",
              ...(location.street ? { streetAddress: location.street } : {}),
              ...(location.postcode ? { postalCode: location.postcode } : {}),
              ...(location.city ? { addressLocality: location.city } : {}),
            },
          },
        }
      : {}),
    ...(activity.images.length > 0
      ? {
          image: activity.images
            .map((item) => absoluteUrl(origin, item.public_url))
            .filter((url) => url !== null),
        }
      : {}),
    offers: {
      "@type": "Offer",
      price: fromMinorUnits(availability.price, organiser.currency),
      priceCurrency: organiser.currency,
      availability:
        form.kind === "open" ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      url: seo.url,
      ...(availability.registrations_start_at
        ? { validFrom: availability.registrations_start_at }
        : {}),
    },
    organizer: {
      "@type": "Organization",
      name: organiser.name,
      url: new URL(languagePath(language, "/"), origin).href,
    },
  });

  return {
    seo,
    jsonLd,
    breadcrumb: breadcrumbBase(storefront),
    customer: customerSummary(storefront),
    form,
    registration,
    requestFlow,
    waitingList,
    waitingListOffered: (form.kind === "closed" || form.kind === "full") && form.waitingList,
    availability: {
      cuid: availability.cuid,
      title: activity.title,
      activityCuid: activity.cuid,
      dateRange,
      price,
      deposit: availability.deposit !== 0 ? format.money(availability.deposit) : null,
      image: image ? imageData([image])[0]! : null,
      description: descriptionHtml(activity.description, language),
      remaining,
      dates,
      ages: { minimum: availability.age_minimum, maximum: availability.age_maximum },
      location,
      cancellationPolicy: cancellationPolicyLine(t, activity.cancellation_policy),
    },
  };
}

/** The add form's data: the customer's participants, the dates and the activity's options. */
async function registrationFormData(
  storefront: StorefrontContext,
  availability: AvailabilityView,
  request: Request,
  format: Formatters,
  now: Date,
  mine: Own,
): Promise<RegistrationFormData> {
  const [participants, config] = await Promise.all([
    storefront.reader.participants(),
    storefront.reader.registrationForm(availability.cuid),
  ]);
  const ages = { minimum: availability.age_minimum, maximum: availability.age_maximum };
  const choice = withAgeEligibility(
    participantChoice(participants, request),
    participants,
    [availability],
    storefront.organiser.timezone,
  );
  const defaultDates = defaultDateSelection(availability.dates, now);
  // The estimate the form would ask first, with its default values (decision 0058). Not a value
  // to mark: a customer whose estimate differs gets another shape.
  const firstEstimate =
    choice.participantId !== null && defaultDates.length > 0
      ? await storefront.reader.estimate({
          availability_id: availability.id,
          participant_id: choice.participantId,
          quantity: 1,
          availability_dates: defaultDates.map((date_id) => ({ date_id })),
          options: [],
        })
      : null;
  return {
    availabilityId: availability.id,
    price: format.money(availability.price),
    deposit: availability.deposit !== 0 ? format.money(availability.deposit) : null,
    ...ownChoice(mine, choice),
    ages: ages.minimum !== null || ages.maximum !== null ? ages : null,
    dates: sortByStart(availability.dates).map((date) => ({
      id: date.id,
      start_at: date.start_at,
      label: format.dateRange(date.start_at, date.end_at),
      selectable: isDateSelectable(date, now),
    })),
    defaultDates,
    firstEstimate,
    ...registrationChoicesData(config, format),
    currency: storefront.organiser.currency,
    locale: format.locale,
  };
}

export type AvailabilityPageData = Awaited<ReturnType<typeof availabilityPageData>>;

/** The built-in layout of availability pages: the availability detail alone, as it is by default. */
const BUILT_IN_TEMPLATE: PageElementNode[] = [
  {
    id: 1,
    cuid: "availability-detail",
    element: "section",
    family: "catalogue",
    type: null,
    name: "availability-detail",
    settings: {},
    children: [],
  },
];

/**
 * The elements an availability page renders (platform-and-account.md §2.1, page type
 * AVAILABILITY): the organiser's published AVAILABILITY page, whose element tree lays out every
 * availability page, or the built-in layout; loaded like any stored page.
 */
export async function availabilityTemplate(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<PageSections> {
  const { reader, organiser } = requireStorefront(context);
  const stored = await reader.availabilityTemplate();
  const page: PageView = stored ?? {
    id: 0,
    cuid: "",
    type: "AVAILABILITY",
    path: stripLanguage(url.pathname),
    title: "",
    seo_title: null,
    description: null,
    elements: BUILT_IN_TEMPLATE,
  };
  return loadPageSections(page, { url, reader, organiser });
}

/** What an availability page renders: its data and the elements that lay it out. */
export type AvailabilityPageView = AvailabilityPageData & { template: PageSections };

export async function availabilityPage(
  args: {
    context: Readonly<RouterContextProvider>;
    params: { lang?: string };
    request: Request;
    url: URL;
  },
  cuid: string,
): Promise<AvailabilityPageView> {
  const data = await availabilityPageData(args.context, args.params, args.request, cuid);
  return { ...data, template: await availabilityTemplate(args.context, args.url) };
}

/** The availability cuid of a short address `/{cuid}` or `/{lang}/{cuid}`, or null. */
function shortAddressCuid(url: URL): string | null {
  const segment = /^\/([^/]+)$/.exec(storedPagePath(url))?.[1];
  return segment && CUID_PATTERN.test(segment) ? segment : null;
}

/**
 * The availability page at its short address (platform-and-account.md §2.1 `/$availability`),
 * or null when the path names no availability of this organiser. The routes ask only once no
 * stored page has that path: a page stored at `/{x}` always wins.
 */
export async function shortAvailabilityPage(args: {
  context: Readonly<RouterContextProvider>;
  params: { lang?: string };
  request: Request;
  url: URL;
}): Promise<AvailabilityPageView | null> {
  const cuid = shortAddressCuid(args.url);
  if (!cuid || !(await isAvailability(args.context, cuid))) return null;
  return availabilityPage(args, cuid);
}

/** Whether the URL is the short address of one of this organiser's availabilities. */
export async function isShortAvailabilityAddress(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<boolean> {
  const cuid = shortAddressCuid(url);
  return cuid !== null && (await isAvailability(context, cuid));
}

async function isAvailability(context: Readonly<RouterContextProvider>, cuid: string) {
  return (await requireStorefront(context).reader.availability(cuid)) !== null;
}
