import type { ActivityPageSettings } from "@booking/contracts";
import { clsx } from "clsx";
import { Link, useLocation } from "react-router";
import { Pagination } from "../../components/catalogue/availability-cards";
import {
  Breadcrumb,
  DescriptionSection,
  DetailPage,
  DetailTitle,
  Facts,
  Gallery,
  SidePanel,
} from "../../components/catalogue/detail";
import { AgeLimits, LocationAddress } from "../../components/catalogue/location";
import {
  FILTER_DEBOUNCE,
  FiltersPanel,
  fieldIds,
  useFilterController,
} from "../../components/filters";
import { CalendarIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { defineElement } from "../types";
import type { ActivityPageData } from "./activity-page-data";
import { DayView, EmptyState } from "./activity-page-day";
import {
  CardItem,
  type CardSelection,
  SelectionBar,
  useCardSelection,
  withParam,
} from "./activity-page-selection";

// The activity page's section (storefront.md "Catalogue sections": a list of availabilities with
// paging, or a day view with a date navigator and optional calendar), an element of the page
// builder: /activities/{activity} renders it (routes/storefront/activity.tsx).

/** The activity page's section as an element of the page builder (`section:activity-page`). */
export const activityPageSection = defineElement<"section:activity-page", ActivityPageData | null>({
  key: "section:activity-page",
  Component: ({ data, settings }) =>
    data ? <ActivityPageView data={data} settings={settings} /> : null,
});

function ActivityPageView({
  data,
  settings,
}: {
  data: ActivityPageData;
  settings: ActivityPageSettings;
}) {
  const { t } = useTranslation();
  const { activity, breadcrumb } = data;
  const { ages } = activity;
  const shows = (property: ActivityPageSettings["activity-properties"][number]) =>
    settings["activity-properties"].includes(property);
  const price = shows("price") ? activity.price : null;
  return (
    <DetailPage
      breadcrumb={
        <Breadcrumb
          organiser={breadcrumb.organiser}
          catalogue={breadcrumb.catalogue}
          items={[{ label: activity.title }]}
        />
      }
      header={
        <header className="flex flex-col gap-4">
          <DetailTitle testId="activity-title">{activity.title}</DetailTitle>
          <Facts
            items={[
              price
                ? {
                    key: "price",
                    label: t("catalogue.price"),
                    value: price,
                    testId: "activity-price",
                  }
                : null,
            ]}
          />
        </header>
      }
      side={
        <SidePanel title={t("activity.practical")}>
          {price ? (
            <p className="flex items-baseline justify-between gap-4">
              <span className="font-medium">{t("catalogue.price")}</span>
              <span className="text-xl font-bold text-slate-950">{price}</span>
            </p>
          ) : null}
          {ages.minimum !== null || ages.maximum !== null ? (
            <p className="flex items-baseline justify-between gap-4">
              <span className="font-medium">{t("catalogue.ages.label")}</span>
              <span className="text-right text-slate-900">
                <AgeLimits minimum={ages.minimum} maximum={ages.maximum} />
              </span>
            </p>
          ) : null}
          {shows("locations") && activity.locations.length > 0 ? (
            <div>
              <p className="font-medium">
                {t("activity.locations", { count: activity.locations.length })}
              </p>
              <ul
                className="mt-2 flex flex-col gap-3 text-slate-900"
                data-testid="activity-locations"
              >
                {activity.locations.map((location) => (
                  <li key={`${location.name}-${location.street}-${location.city}`}>
                    <LocationAddress location={location} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <a
            href="#availabilities"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm hover:brightness-95"
          >
            <CalendarIcon className="size-4" />
            {t("activity.see_availabilities")}
          </a>
        </SidePanel>
      }
      after={<ActivityAvailabilities data={data} settings={settings} />}
    >
      {shows("images") && activity.images.length > 0 ? <Gallery images={activity.images} /> : null}
      {shows("description") && activity.description ? (
        <DescriptionSection id="activity-description" html={activity.description} />
      ) : null}
    </DetailPage>
  );
}

function ActivityAvailabilities({
  data,
  settings,
}: {
  data: ActivityPageData;
  settings: ActivityPageSettings;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { view } = data;
  const controller = useFilterController(fieldIds(data.fields), FILTER_DEBOUNCE.inline);
  const selection = useCardSelection(settings["multiple-selection"]);
  const tab = (active: boolean) =>
    clsx(
      "inline-flex min-h-10 items-center rounded-md px-4 text-sm font-semibold",
      active ? "bg-white text-slate-950 shadow-sm" : "text-slate-700 hover:text-slate-950",
    );
  return (
    <section
      id="availabilities"
      aria-labelledby="availabilities-title"
      className="mt-12 scroll-mt-24 border-t border-slate-200 pt-10"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="availabilities-title" className="text-2xl font-bold tracking-tight text-slate-950">
          {t("activity.availabilities")}
        </h2>
        <nav aria-label={t("activity.view.label")}>
          <ul className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <li>
              <Link
                to={`${pathname}${data.defaultView === "list" ? "" : "?view=list"}#availabilities`}
                className={tab(view === "list")}
                aria-current={view === "list" ? "page" : undefined}
                preventScrollReset
              >
                {t("activity.view.list")}
              </Link>
            </li>
            <li>
              <Link
                to={`${pathname}${data.defaultView === "day" ? "" : "?view=day"}#availabilities`}
                className={tab(view === "day")}
                aria-current={view === "day" ? "page" : undefined}
                preventScrollReset
              >
                {t("activity.view.day")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      {data.fields.length > 0 ? (
        <div className="mt-6">
          <FiltersPanel
            fields={data.fields}
            controller={controller}
            layout="inline"
            today={data.today}
          />
        </div>
      ) : null}
      <div className="mt-6">
        {data.list ? <ListView list={data.list} selection={selection} /> : null}
        {data.day ? (
          <DayView
            day={data.day}
            calendar={settings["availabilities-filters-calendar"]}
            selection={selection}
          />
        ) : null}
      </div>
      <SelectionBar selection={selection} />
    </section>
  );
}

function ListView({
  list,
  selection,
}: {
  list: NonNullable<ActivityPageData["list"]>;
  selection: CardSelection | null;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (list.cards.length === 0) {
    return (
      <EmptyState
        title={t("activity.empty.title")}
        body={list.page > 1 ? t("activity.empty.page") : t("activity.empty.body")}
        action={
          list.page > 1 ? (
            <Link
              to={`${pathname}#availabilities`}
              className="font-semibold text-accent-ink underline underline-offset-4"
            >
              {t("catalogue.pagination.first")}
            </Link>
          ) : null
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">{t("activity.count", { count: list.count })}</p>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="availabilities-list">
        {list.cards.map((card) => (
          <CardItem key={card.key} card={card} selection={selection} />
        ))}
      </ul>
      <Pagination
        page={list.page}
        pages={list.pages}
        hrefFor={(page) =>
          `${pathname}${withParam(search, "page_number", page > 1 ? String(page) : null)}#availabilities`
        }
      />
    </div>
  );
}
