import type { AvailabilityView } from "@booking/contracts";
import { dateBadge } from "@booking/domain/availability";
import {
  defaultDateSelection,
  isDateSelectable,
  sortByStart,
} from "@booking/domain/availability-dates";
import { fromMinorUnits } from "@booking/domain/money";
import { clsx } from "clsx";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  RegistrationForm,
  type RegistrationFormData,
} from "../../components/cart/registration-form";
import { WaitingListForm, type WaitingListFormData } from "../../components/cart/waiting-list-form";
import {
  Breadcrumb,
  Description,
  DetailPage,
  DetailTitle,
  Facts,
  JsonLd,
  LoginPrompt,
  MainImage,
  PropertyList,
  SidePanel,
  StatusBadge,
} from "../../components/catalogue/detail";
import { AgeLimits, LocationAddress } from "../../components/catalogue/location";
import { CalendarIcon, InfoIcon } from "../../components/icons";
import { registrationChoicesData } from "../../components/registrations/choices-data";
import { ButtonLink } from "../../components/ui/button";
import { descriptionHtml, imageData, locationData, orNotFound } from "../../lib/catalogue-data";
import type { Formatters } from "../../lib/format";
import { withAgeEligibility } from "../../lib/participant-eligibility";
import { absoluteUrl, buildSeo, languagePath, seoMeta, serializeJsonLd } from "../../lib/seo";
import type { StorefrontContext } from "../../lib/server-context";
import {
  breadcrumbBase,
  customerSummary,
  participantChoice,
  storefrontPage,
} from "../../lib/storefront-page";
import type { Route } from "./+types/availability";

/** Date lists longer than this are laid out as a grid (spec §2 "Availability detail"). */
const DATES_GRID_THRESHOLD = 7;

/**
 * The add-form area's state, serialisable: the availability's booking state as the API computed
 * it (decision 0030, the one every view renders), with the opening date formatted in the
 * organiser's time zone.
 */
type FormState =
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

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, language, format, t } = storefrontPage(context, params);
  const { organiser } = storefront;
  const availability = await orNotFound(storefront.reader.availability(params.cuid));
  const { activity } = availability;
  const now = new Date();
  const form = formState(availability, format);

  const customer = Boolean(storefront.session.customer);
  const registration =
    form.kind === "open" && customer
      ? await registrationFormData(storefront, availability, request, format, now)
      : null;
  const waitingList: WaitingListFormData | null =
    (form.kind === "closed" || form.kind === "full") && form.waitingList && customer
      ? {
          availabilityId: availability.id,
          ...participantChoice(await storefront.reader.participants(), request),
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
): Promise<RegistrationFormData> {
  const [participants, config] = await Promise.all([
    storefront.reader.participants(),
    storefront.reader.registrationForm(availability.cuid),
  ]);
  const ages = { minimum: availability.age_minimum, maximum: availability.age_maximum };
  return {
    availabilityId: availability.id,
    price: format.money(availability.price),
    deposit: availability.deposit !== 0 ? format.money(availability.deposit) : null,
    ...withAgeEligibility(
      participantChoice(participants, request),
      participants,
      [availability],
      storefront.organiser.timezone,
    ),
    ages: ages.minimum !== null || ages.maximum !== null ? ages : null,
    dates: sortByStart(availability.dates).map((date) => ({
      id: date.id,
      start_at: date.start_at,
      label: format.dateRange(date.start_at, date.end_at),
      selectable: isDateSelectable(date, now),
    })),
    defaultDates: defaultDateSelection(availability.dates, now),
    ...registrationChoicesData(config, format),
    currency: storefront.organiser.currency,
    locale: format.locale,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

type LoaderData = Route.ComponentProps["loaderData"];

export default function AvailabilityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { availability, breadcrumb, customer, form } = loaderData;
  return (
    <>
      <JsonLd json={loaderData.jsonLd} />
      <DetailPage
        breadcrumb={
          <Breadcrumb
            organiser={breadcrumb.organiser}
            catalogue={breadcrumb.catalogue}
            items={[{ label: availability.title, to: `/activities/${availability.activityCuid}` }]}
          />
        }
        header={
          <header className="flex flex-col gap-4">
            <DetailTitle testId="availability-title">{availability.title}</DetailTitle>
            <p
              data-testid="availability-dates"
              className="flex items-start gap-2 text-lg font-medium text-slate-800"
            >
              <CalendarIcon className="mt-1 size-5 shrink-0 text-accent-ink" />
              <span>{availability.dateRange}</span>
            </p>
            <Facts
              items={[
                {
                  key: "price",
                  label: t("catalogue.price"),
                  value: availability.price,
                  testId: "availability-price",
                },
                availability.deposit
                  ? {
                      key: "deposit",
                      label: t("catalogue.deposit"),
                      value: availability.deposit,
                      testId: "availability-deposit",
                    }
                  : null,
              ]}
            />
          </header>
        }
        side={
          <div className="flex flex-col gap-4">
            {form.kind !== "open" ? (
              <AvailabilityNotice
                form={form}
                catalogue={breadcrumb.catalogue}
                waitingList={loaderData.waitingList}
              />
            ) : null}
            {customer === null ? (
              // A visitor logs in for what the page offers: the add form or the waiting list.
              form.kind === "open" || loaderData.waitingListOffered ? (
                <LoginPrompt />
              ) : null
            ) : form.kind === "open" ? (
              loaderData.registration ? (
                <RegistrationForm data={loaderData.registration} />
              ) : null
            ) : null}
          </div>
        }
      >
        {availability.image ? <MainImage image={availability.image} /> : null}
        <AvailabilityProperties availability={availability} />
      </DetailPage>
    </>
  );
}

function AvailabilityProperties({ availability }: { availability: LoaderData["availability"] }) {
  const { t } = useTranslation();
  const { ages, dates } = availability;
  return (
    <section aria-labelledby="availability-details">
      <h2 id="availability-details" className="sr-only">
        {t("availability.details")}
      </h2>
      <PropertyList
        properties={[
          availability.description
            ? {
                key: "description",
                label: t("catalogue.description"),
                content: <Description html={availability.description} />,
              }
            : null,
          availability.remaining !== null
            ? {
                key: "remaining",
                label: t("availability.remaining_label"),
                testId: "availability-remaining",
                content:
                  availability.remaining > 0
                    ? t("availability.remaining", { count: availability.remaining })
                    : t("availability.remaining_none"),
              }
            : null,
          dates.length > 1
            ? {
                key: "dates",
                label: t("availability.dates_label", { count: dates.length }),
                testId: "availability-dates-list",
                content: <DatesList dates={dates} />,
              }
            : null,
          ages.minimum !== null || ages.maximum !== null
            ? {
                key: "ages",
                label: t("catalogue.ages.label"),
                content: <AgeLimits minimum={ages.minimum} maximum={ages.maximum} />,
              }
            : null,
          availability.location
            ? {
                key: "location",
                label: t("catalogue.location"),
                content: <LocationAddress location={availability.location} />,
              }
            : null,
        ]}
      />
    </section>
  );
}

function DatesList({ dates }: { dates: LoaderData["availability"]["dates"] }) {
  const grid = dates.length > DATES_GRID_THRESHOLD;
  return (
    <ul
      className={clsx("gap-2", grid ? "grid sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col")}
      data-layout={grid ? "grid" : "list"}
    >
      {dates.map((date) => (
        <li
          key={date.cuid}
          className={clsx(
            "flex flex-wrap items-center justify-between gap-2",
            grid && "rounded-lg border border-slate-200 px-3 py-2 text-sm",
          )}
        >
          <span className={date.badge ? "text-slate-600" : undefined}>{date.label}</span>
          {date.badge ? <StatusBadge status={date.badge} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * spec §4: the notice that replaces the add form, with a way back to the catalogue. On CLOSED and
 * FULL availabilities it offers the waiting list: a customer joins it here (`waitingList`), a
 * visitor is told to log in (the login prompt follows the notice).
 */
function AvailabilityNotice({
  form,
  catalogue,
  waitingList,
}: {
  form: Exclude<FormState, { kind: "open" }>;
  catalogue: { path: string; title: string } | null;
  /** the customer's waiting-list form; null for a visitor or when no list is offered */
  waitingList: WaitingListFormData | null;
}) {
  const { t } = useTranslation();
  const waitingListTitle = useId();
  const offered = (form.kind === "closed" || form.kind === "full") && form.waitingList;
  return (
    <SidePanel
      title={t(`availability.notice.${form.kind}.title`)}
      testId="availability-notice"
      tone="notice"
    >
      <p className="flex gap-3 text-base text-slate-800" data-state={form.kind}>
        <InfoIcon className="mt-0.5 size-5 shrink-0 text-amber-800" />
        <span>
          {form.kind === "opening_scheduled"
            ? t("availability.notice.opening_scheduled.body", { date: form.opensAt })
            : t(`availability.notice.${form.kind}.body`)}
        </span>
      </p>
      {offered ? (
        <div
          className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-amber-200"
          data-testid="waiting-list"
        >
          <div>
            <h3 id={waitingListTitle} className="text-base font-semibold text-slate-950">
              {t("availability.waiting_list.title")}
            </h3>
            <p className="mt-1">
              {waitingList
                ? t("availability.waiting_list.body")
                : t("availability.waiting_list.body_visitor")}
            </p>
          </div>
          {waitingList ? (
            <WaitingListForm data={waitingList} labelledBy={waitingListTitle} />
          ) : null}
        </div>
      ) : null}
      <ButtonLink to={catalogue?.path ?? "/"} variant="secondary" className="w-full">
        {catalogue
          ? t("catalogue.back_to_catalogue", { title: catalogue.title })
          : t("catalogue.back_home")}
      </ButtonLink>
    </SidePanel>
  );
}
