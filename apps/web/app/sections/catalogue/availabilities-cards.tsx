import type { AvailabilitiesCardsGridSettings } from "@booking/contracts";
import { clsx } from "clsx";
import { type ReactNode, useId, useRef } from "react";
import { type FilterField, fieldIds } from "../../components/filters/fields";
import { FiltersPanel } from "../../components/filters/lazy-filters-panel";
import {
  FILTER_DEBOUNCE,
  useFilterController,
} from "../../components/filters/use-filter-controller";
import { useTranslation } from "../../i18n/react";
import { defineElement } from "../types";
import { AvailabilityCard } from "./availability-card";
import type { CardData } from "./cards";
import { Pagination } from "./pagination";
import { EmptyState, ResultsRegion, sectionClass, useScrollIntoViewOn } from "./results";

export interface CardsData {
  cards: CardData[];
  count: number;
  page: number;
  pages: number;
  fields: FilterField[];
  today: string;
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
export const availabilitiesCardsSection = defineElement<"section:availabilities-cards", CardsData>({
  key: "section:availabilities-cards",
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
export const availabilitiesCardsGridSection = defineElement<
  "section:availabilities-cards-grid",
  CardsData
>({
  key: "section:availabilities-cards-grid",
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
