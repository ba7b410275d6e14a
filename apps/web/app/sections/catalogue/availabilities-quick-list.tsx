import { clsx } from "clsx";
import { useId } from "react";
import { StatusBadge } from "../../components/catalogue/status-badge";
import {
  FILTER_DEBOUNCE,
  type FilterField,
  FiltersPanel,
  fieldIds,
  useFilterController,
} from "../../components/filters";
import { ImageIcon } from "../../components/icons";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import { defineElement } from "../types";
import { BookingNote } from "./availability-card";
import type { CardData } from "./cards";
import { Pagination } from "./pagination";
import { EmptyState, ResultsRegion, sectionClass } from "./results";

export interface QuickListData {
  cards: CardData[];
  count: number;
  page: number;
  pages: number;
  fields: FilterField[];
  today: string;
  /** when the list is empty: the next day having availabilities for the same search, if any */
  next: { day: string; label: string } | null;
}

/**
 * Availabilities quick list (storefront.md §7: sends catalog, search, date, location and
 * page_number, with page_size and `after` the start of today). When nothing matches, the
 * calendar (same search without the date) gives the next available day.
 */
export const availabilitiesQuickListSection = defineElement<
  "section:availabilities-quick-list",
  QuickListData
>({
  key: "section:availabilities-quick-list",

  Component: ({ data }) => <QuickList data={data} />,
});

function QuickList({ data }: { data: QuickListData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const controller = useFilterController(fieldIds(data.fields), FILTER_DEBOUNCE.default);
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="sr-only">
        {t("catalogue.quick_list.heading")}
      </h2>
      <div className="flex flex-col gap-5">
        {data.fields.length > 0 ? (
          <FiltersPanel
            fields={data.fields}
            controller={controller}
            layout="stacked"
            today={data.today}
          />
        ) : null}
        <ResultsRegion loading={controller.loading}>
          {data.cards.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {data.cards.map((card) => (
                <li key={card.cuid} className="min-w-0">
                  <QuickListItem card={card} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              loading={controller.loading}
              title={t("catalogue.quick_list.empty_title")}
              subtitle={data.next ? undefined : t("catalogue.quick_list.empty_subtitle")}
              action={
                data.next ? (
                  <button
                    type="button"
                    data-testid="quick-list-next-date"
                    onClick={() => controller.apply({ date: data.next!.day })}
                    className="inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm hover:brightness-95"
                  >
                    {t("catalogue.quick_list.next_date", { date: data.next.label })}
                  </button>
                ) : null
              }
            />
          )}
        </ResultsRegion>
        <Pagination page={data.page} pages={data.pages} />
      </div>
    </section>
  );
}

/** A compact row: thumbnail, title, dates and hours, location, price and badge or places. */
function QuickListItem({ card }: { card: CardData }) {
  const { t } = useTranslation();
  return (
    <article
      data-testid="availability-card"
      className="relative flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 transition-colors focus-within:ring-2 focus-within:ring-accent-ink hover:bg-slate-50"
    >
      <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:size-16">
        {card.image ? (
          <img
            src={card.image.url}
            alt=""
            loading="lazy"
            decoding="async"
            className={clsx("size-full object-cover", card.badge && "grayscale")}
          />
        ) : (
          <span className="flex size-full items-center justify-center text-slate-400">
            <ImageIcon className="size-6" />
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="text-base leading-snug font-semibold [overflow-wrap:anywhere] text-slate-950">
          <LocalizedLink
            to={`/availabilities/${card.cuid}`}
            className="after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
          >
            {card.title}
          </LocalizedLink>
        </h3>
        <p className="text-sm text-slate-700">
          {card.dates}
          <span className="text-slate-600"> · {card.time}</span>
        </p>
        {card.location ? <p className="truncate text-sm text-slate-600">{card.location}</p> : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <span className="text-base font-bold text-slate-950">
          <span className="sr-only">{t("catalogue.card.price")}: </span>
          {card.free ? t("catalogue.card.free") : card.price}
        </span>
        {card.badge ? (
          <StatusBadge status={card.badge} />
        ) : card.capacity !== null || card.opensAt !== null ? (
          <span className="text-xs font-medium text-slate-700">
            <BookingNote capacity={card.capacity} opensAt={card.opensAt} />
          </span>
        ) : null}
      </div>
    </article>
  );
}
