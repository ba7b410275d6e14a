import type {
  AvailabilitiesCardsGridSettings,
  AvailabilitiesCardsSettings,
  CatalogueFacets,
  CatalogueParams,
  StorefrontReader,
} from "@booking/contracts";
import { clsx } from "clsx";
import { type ReactNode, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  buildFilterFields,
  FILTER_DEBOUNCE,
  type FilterField,
  FiltersPanel,
  fieldIds,
  needsFacets,
  useFilterController,
} from "../../components/filters";
import type { SectionLoadArgs } from "../types";
import { AvailabilityCard } from "./availability-card";
import { type CardData, toCardData } from "./cards";
import { Pagination } from "./pagination";
import {
  calendarDays,
  clockOf,
  compact,
  defineSection,
  filterParams,
  pageSizeOf,
  pagingParams,
  readUrlFilters,
  sectionLanguage,
  sourceParams,
  startOfToday,
} from "./params";
import { EmptyState, ResultsRegion, sectionClass, useScrollIntoViewOn } from "./results";

export interface CardsData {
  cards: CardData[];
  count: number;
  page: number;
  pages: number;
  fields: FilterField[];
  today: string;
}

/** The organiser's filter choices; a failure only hides the filters that need them. */
export async function safeFacets(reader: StorefrontReader): Promise<CatalogueFacets | null> {
  try {
    return await reader.facets();
  } catch (error) {
    console.warn("[catalogue] facets failed, filters without choices:", error);
    return null;
  }
}

/** Days having availabilities (for `date-calendar`), from today; [] when the call fails. */
export async function safeCalendarDays(
  reader: StorefrontReader,
  params: CatalogueParams,
  today: string,
): Promise<string[]> {
  try {
    const calendar = await reader.availabilitiesCalendar(params);
    return calendarDays(calendar.dates, today);
  } catch (error) {
    console.warn("[catalogue] calendar failed, no day marked:", error);
    return [];
  }
}

/**
 * GET /api/availabilities with the section's status, catalog and segment, `after` the start of
 * today in the organiser's zone, every filter of the URL, and limit/offset of page_number and
 * page_size; plus the facets (location, categories, periods) and the calendar (date-calendar).
 */
async function loadCards({
  settings,
  url,
  reader,
  organiser,
}: SectionLoadArgs<AvailabilitiesCardsSettings>): Promise<CardsData> {
  const now = new Date();
  const clock = clockOf(organiser, now);
  const language = sectionLanguage(url, organiser);
  const filters = readUrlFilters(url);
  const size = pageSizeOf(url, settings.page_size);
  const selection = { ...sourceParams(settings, filters), ...filterParams(filters) };
  const [list, facets, days] = await Promise.all([
    reader.availabilities(
      compact({
        ...selection,
        after: startOfToday(organiser, now),
        ...pagingParams(filters.page_number, size),
      }),
    ),
    needsFacets(settings.filters) ? safeFacets(reader) : Promise.resolve(null),
    settings.filters.includes("date-calendar")
      ? safeCalendarDays(
          reader,
          { ...sourceParams(settings, filters), ...filterParams(filters, ["date"]) },
          clock.today,
        )
      : Promise.resolve([]),
  ]);
  return {
    cards: list.data.map((availability) =>
      toCardData(availability, {
        language,
        timeZone: organiser.timezone,
        currency: organiser.currency,
      }),
    ),
    count: list.count,
    page: filters.page_number,
    pages: Math.max(1, Math.ceil(list.count / size)),
    fields: buildFilterFields(settings.filters, facets, days),
    today: clock.today,
  };
}

/** Grid columns: one on phones, then up to the setting (complete class names for Tailwind). */
const GRID_COLUMNS: Record<number, string> = {
  1: "grid-cols-1",
  2: "grid-cols-1 sm:grid-cols-2",
  3: "grid-cols-1 sm:grid-cols-2 xl:grid-cols-3",
  4: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
  5: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5",
  6: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-6",
};

function CardsView({
  data,
  layout,
  debounce,
  renderCards,
}: {
  data: CardsData;
  layout: "aside" | "stacked";
  debounce: number;
  renderCards: (cards: CardData[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const controller = useFilterController(fieldIds(data.fields), debounce);
  useScrollIntoViewOn(data.page, sectionRef);
  const hasFilters = data.fields.length > 0;
  const active = Object.values(controller.urlValues).some((value) => value.trim() !== "");

  const results = (
    <div className="min-w-0">
      <p aria-live="polite" className="mb-4 text-sm font-medium text-slate-700">
        {t("catalogue.results.count", { count: data.count })}
      </p>
      <ResultsRegion loading={controller.loading}>
        {data.cards.length > 0 ? (
          renderCards(data.cards)
        ) : (
          <EmptyState
            loading={controller.loading}
            title={t("catalogue.empty.title")}
            subtitle={t("catalogue.empty.subtitle")}
            action={
              active ? (
                <button
                  type="button"
                  onClick={controller.reset}
                  className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
                >
                  {t("catalogue.empty.reset")}
                </button>
              ) : null
            }
          />
        )}
      </ResultsRegion>
      <Pagination page={data.page} pages={data.pages} />
    </div>
  );

  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className={clsx(sectionClass, "scroll-mt-24")}
    >
      <h2 id={headingId} className="sr-only">
        {t("catalogue.cards.heading")}
      </h2>
      {hasFilters && layout === "aside" ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(15rem,18rem)_minmax(0,1fr)] lg:items-start">
          <div className="min-w-0 lg:sticky lg:top-24">
            <FiltersPanel
              fields={data.fields}
              controller={controller}
              layout="aside"
              today={data.today}
            />
          </div>
          {results}
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          {hasFilters ? (
            <FiltersPanel
              fields={data.fields}
              controller={controller}
              layout="stacked"
              today={data.today}
            />
          ) : null}
          {results}
        </div>
      )}
    </section>
  );
}

/** Availabilities cards with a filter sidebar and pagination (the catalogue: 500 ms debounce). */
export const availabilitiesCardsSection = defineSection<"section:availabilities-cards", CardsData>({
  key: "section:availabilities-cards",
  load: loadCards,
  Component: ({ settings, data }) => (
    <CardsView
      data={data}
      layout="aside"
      debounce={FILTER_DEBOUNCE.catalogue}
      renderCards={(cards) => (
        <ul className="flex flex-col gap-4">
          {cards.map((card) => (
            <li key={card.cuid} className="min-w-0">
              <AvailabilityCard
                card={card}
                properties={settings.properties}
                layout="horizontal"
                grayscale
              />
            </li>
          ))}
        </ul>
      )}
    />
  ),
});

/**
 * Availabilities cards grid: filters aside or stacked, columns, image aspect ratio, grey images
 * for unavailable cards.
 */
export const availabilitiesCardsGridSection = defineSection<
  "section:availabilities-cards-grid",
  CardsData
>({
  key: "section:availabilities-cards-grid",
  load: (args) => loadCards(args as SectionLoadArgs<AvailabilitiesCardsSettings>),
  Component: ({
    settings,
    data,
  }: {
    settings: AvailabilitiesCardsGridSettings;
    data: CardsData;
  }) => (
    <CardsView
      data={data}
      layout={settings["filters-layout"]}
      debounce={FILTER_DEBOUNCE.default}
      renderCards={(cards) => (
        <ul className={clsx("grid gap-5", GRID_COLUMNS[settings.columns] ?? GRID_COLUMNS[2])}>
          {cards.map((card) => (
            <li key={card.cuid} className="min-w-0">
              <AvailabilityCard
                card={card}
                properties={settings.properties}
                layout="vertical"
                aspectRatio={settings.image_aspect_ratio}
                grayscale={settings.grayscale}
              />
            </li>
          ))}
        </ul>
      )}
    />
  ),
});
