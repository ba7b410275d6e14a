import type { AvailabilityDetailSettings } from "@booking/contracts";
import { clsx } from "clsx";
import { useContext, useId } from "react";
import { RegistrationForm } from "../../components/cart/registration-form";
import { RequestPanel } from "../../components/cart/request-panel";
import { WaitingListForm, type WaitingListFormData } from "../../components/cart/waiting-list-form";
import {
  Breadcrumb,
  Description,
  DetailPage,
  DetailTitle,
  Facts,
  LoginPrompt,
  MainImage,
  PropertyList,
  SidePanel,
} from "../../components/catalogue/detail";
import { AgeLimits, LocationAddress } from "../../components/catalogue/location";
import { StatusBadge } from "../../components/catalogue/status-badge";
import { CalendarIcon, InfoIcon } from "../../components/icons";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import type { AvailabilityPageData, FormState } from "../../lib/availability-page";
import { defineElement } from "../types";
import { AvailabilityPageContext } from "./availability-page-context";

/** Date lists longer than this are laid out as a grid (spec §2 "Availability detail"). */
const DATES_GRID_THRESHOLD = 7;

function AvailabilityDetail({
  data: loaderData,
  settings,
}: {
  data: AvailabilityPageData;
  settings: AvailabilityDetailSettings;
}) {
  const { t } = useTranslation();
  const { availability, breadcrumb, customer, form } = loaderData;
  return (
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
          {form.kind === "open" ? (
            <p
              className="flex items-start gap-2 text-sm text-slate-700"
              data-testid="availability-cancellation-policy"
            >
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-accent-ink" />
              <span>{availability.cancellationPolicy}</span>
            </p>
          ) : null}
          {customer === null ? (
            // A visitor logs in for what the page offers: the add form or the waiting list.
            form.kind === "open" || loaderData.waitingListOffered ? (
              <LoginPrompt />
            ) : null
          ) : form.kind === "open" ? (
            loaderData.requestFlow ? (
              <RequestPanel
                availabilityCuid={availability.cuid}
                activityCuid={availability.activityCuid}
              />
            ) : loaderData.registration ? (
              <RegistrationForm data={loaderData.registration} />
            ) : null
          ) : null}
        </div>
      }
    >
      {availability.image && settings["show-image"] ? (
        <MainImage image={availability.image} />
      ) : null}
      <AvailabilityProperties availability={availability} order={settings["detail-properties"]} />
    </DetailPage>
  );
}

/** The properties the element's settings list, in their order (storefront.md: "sortable"). */
function AvailabilityProperties({
  availability,
  order,
}: {
  availability: AvailabilityPageData["availability"];
  order: AvailabilityDetailSettings["detail-properties"];
}) {
  const { t } = useTranslation();
  const { ages, dates } = availability;
  const properties = [
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
  ];
  const byKey = new Map(properties.filter((item) => item !== null).map((item) => [item.key, item]));
  return (
    <section aria-labelledby="availability-details">
      <h2 id="availability-details" className="sr-only">
        {t("availability.details")}
      </h2>
      <PropertyList properties={order.map((key) => byKey.get(key) ?? null)} />
    </section>
  );
}

function DatesList({ dates }: { dates: AvailabilityPageData["availability"]["dates"] }) {
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

/**
 * The availability detail as an element of the page builder (`section:availability-detail`): the
 * AVAILABILITY page type's template places it among its other elements; it shows the availability
 * of the page (AvailabilityPageContext), and nothing elsewhere.
 */
export const availabilityDetailSection = defineElement({
  key: "section:availability-detail",
  Component: function AvailabilityDetailElement({ settings }) {
    const data = useContext(AvailabilityPageContext);
    return data ? <AvailabilityDetail data={data} settings={settings} /> : null;
  },
});
