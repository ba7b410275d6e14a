import { clsx } from "clsx";
import { type CSSProperties, type ReactNode, useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import type { DurationUnit } from "../../lib/duration";
import { gridColumnsClass, gridColumnsStyle } from "../content/layout";
import { focusRing } from "../content/shared";
import { type HeadingLevel, headingTag, usePageContext } from "../render";
import type { CardImage } from "./query";

/** A duration as a count of one unit (rolling membership periods also count in months). */
export interface DurationValue {
  unit: DurationUnit | "months";
  count: number;
}

/** One line of a card, already formatted on the server; the component only translates. */
export type CardProperty =
  | { kind: "description"; text: string }
  | { kind: "price"; price: string; free: boolean; from: boolean; perRegistration: string | null }
  | { kind: "period"; fixed: { start: string; end: string } | null; rolling: DurationValue | null }
  | { kind: "duration"; duration: DurationValue }
  | { kind: "capacity"; count: number | null }
  | { kind: "expires_at"; date: string }
  | { kind: "ages"; min: number | null; max: number | null }
  | { kind: "categories"; titles: string[] }
  | { kind: "locations"; names: string[] };

export interface CardData {
  cuid: string;
  /** site path without language ("/memberships/{cuid}") */
  href: string;
  title: string;
  image: CardImage | null;
  /** shown greyed (setting grayscale) with an "unavailable" badge */
  unavailable: boolean;
  properties: CardProperty[];
  /** activities: start of the next availability, formatted; null when none */
  next?: string | null;
}

export interface GridData {
  items: CardData[];
  count: number;
  page: number;
  pageSize: number;
  /** true when the URL's filters (search…) narrowed the list */
  filtered: boolean;
}

export type GridKind = "memberships" | "vouchers" | "bundles" | "activities";

export interface GridSettingsView {
  columns: number;
  image_aspect_ratio: string;
  grayscale: boolean;
  filters: readonly string[];
  properties: readonly string[];
}

function useDurationText() {
  const { t } = useTranslation();
  return (duration: DurationValue) =>
    t(`sections.duration.${duration.unit}`, { count: duration.count });
}

function PropertyLine({ property }: { property: CardProperty }): ReactNode {
  const { t } = useTranslation();
  const durationText = useDurationText();
  switch (property.kind) {
    case "description":
      return <p className="line-clamp-3 text-sm text-slate-700">{property.text}</p>;
    case "price": {
      const price = property.free ? t("sections.cards.free") : property.price;
      return (
        <p className="text-slate-950">
          <span className="text-lg font-bold">
            {property.from && !property.free ? t("sections.cards.from_price", { price }) : price}
          </span>
          {property.perRegistration ? (
            <span className="block text-sm text-slate-700">
              {t("sections.cards.per_registration", { price: property.perRegistration })}
            </span>
          ) : null}
        </p>
      );
    }
    case "period":
      if (property.fixed) {
        return (
          <p className="text-sm text-slate-700">
            {t("sections.cards.period_fixed", property.fixed)}
          </p>
        );
      }
      if (property.rolling) {
        return (
          <p className="text-sm text-slate-700">
            {t("sections.cards.validity", { duration: durationText(property.rolling) })}
          </p>
        );
      }
      return null;
    case "duration":
      return (
        <p className="text-sm text-slate-700">
          {t("sections.cards.validity", { duration: durationText(property.duration) })}
        </p>
      );
    case "capacity":
      return (
        <p className="text-sm text-slate-700">
          {property.count === null
            ? t("sections.cards.capacity_unlimited")
            : t("sections.cards.capacity", { count: property.count })}
        </p>
      );
    case "expires_at":
      return (
        <p className="text-sm text-slate-700">
          {t("sections.cards.expires", { date: property.date })}
        </p>
      );
    case "ages": {
      const { min, max } = property;
      if (min === null && max === null) return null;
      const text =
        min !== null && max !== null
          ? t("sections.cards.ages_range", { min, max })
          : min !== null
            ? t("sections.cards.ages_min", { min })
            : t("sections.cards.ages_max", { max });
      return <p className="text-sm text-slate-700">{text}</p>;
    }
    case "categories":
      if (property.titles.length === 0) return null;
      return (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("sections.cards.categories")}>
          {property.titles.map((title) => (
            <li
              key={title}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium break-words text-slate-800"
            >
              {title}
            </li>
          ))}
        </ul>
      );
    case "locations":
      if (property.names.length === 0) return null;
      return (
        <p className="text-sm text-slate-700">
          <span className="sr-only">{t("sections.cards.locations")} </span>
          {property.names.join(", ")}
        </p>
      );
  }
}

function Card({
  card,
  settings,
  headingLevel,
}: {
  card: CardData;
  settings: GridSettingsView;
  headingLevel: HeadingLevel;
}) {
  const { t } = useTranslation();
  const Heading = headingTag(headingLevel);
  const showImage = settings.properties.includes("images") && card.image;
  const fixedRatio = settings.image_aspect_ratio !== "auto";
  const lines = card.properties.filter((property) => property.kind !== "price");
  const price = card.properties.find((property) => property.kind === "price");
  return (
    <article
      className={clsx(
        "relative flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs transition hover:shadow-md",
        "focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[var(--accent-ink)]",
      )}
      data-unavailable={card.unavailable || undefined}
    >
      {showImage && card.image ? (
        <img
          src={card.image.url}
          alt={card.image.alt}
          loading="lazy"
          decoding="async"
          className={clsx(
            "block w-full bg-slate-100 object-cover",
            fixedRatio ? undefined : "h-auto",
            card.unavailable && settings.grayscale && "grayscale",
          )}
          style={fixedRatio ? { aspectRatio: settings.image_aspect_ratio } : undefined}
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg leading-snug font-semibold text-balance break-words text-slate-950">
          <LocalizedLink
            to={card.href}
            className="rounded-sm underline-offset-4 outline-none after:absolute after:inset-0 hover:underline"
          >
            {card.title}
          </LocalizedLink>
        </Heading>
        {card.unavailable ? (
          <p>
            <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
              {card.next === null
                ? t("sections.cards.no_upcoming")
                : t("sections.grid.unavailable")}
            </span>
          </p>
        ) : card.next ? (
          <p className="text-sm font-medium text-slate-800">
            {t("sections.cards.next", { date: card.next })}
          </p>
        ) : null}
        {lines.map((property) => (
          <PropertyLine key={property.kind} property={property} />
        ))}
        {price ? (
          <div className="mt-auto pt-2">
            <PropertyLine property={price} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** A search box that keeps the other parameters of the page (filters of other sections). */
function SearchForm({ kind }: { kind: GridKind }) {
  const { t } = useTranslation();
  const location = useLocation();
  const id = useId();
  const params = new URLSearchParams(location.search);
  const current = params.get("search") ?? "";
  const kept = [...params.entries()].filter(
    ([key]) => key !== "search" && key !== "page_number" && key !== "index",
  );
  return (
    <Form
      method="get"
      // The page itself (an index route would otherwise add "?index" to the address).
      action={location.pathname}
      role="search"
      aria-label={t(`sections.grid.search_of.${kind}`)}
      preventScrollReset
      className="mb-6 flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end"
    >
      {kept.map(([key, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a key may repeat; order is stable
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {t("sections.grid.search_label")}
        </label>
        <input
          id={id}
          type="search"
          name="search"
          defaultValue={current}
          maxLength={100}
          placeholder={t("sections.grid.search_placeholder")}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
      </div>
      <button
        type="submit"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm hover:brightness-95"
      >
        {t("sections.grid.search_submit")}
      </button>
    </Form>
  );
}

function Pagination({ kind, data }: { kind: GridKind; data: GridData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const total = Math.max(1, Math.ceil(data.count / data.pageSize));
  if (total <= 1) return null;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page <= 1) params.delete("page_number");
    else params.set("page_number", String(page));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const linkClass = clsx(
    "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50",
    focusRing,
  );
  return (
    <nav aria-label={t(`sections.grid.pagination.${kind}`)} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-3">
        <li>
          {data.page > 1 ? (
            <Link to={hrefFor(data.page - 1)} className={linkClass} rel="prev">
              {t("sections.grid.pagination.previous")}
            </Link>
          ) : null}
        </li>
        <li className="text-sm text-slate-700" aria-current="page">
          {t("sections.grid.pagination.status", { page: data.page, total })}
        </li>
        <li>
          {data.page < total ? (
            <Link to={hrefFor(data.page + 1)} className={linkClass} rel="next">
              {t("sections.grid.pagination.next")}
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

/** A catalogue grid section: search (when set), cards, empty state, pagination. */
export function CardsGrid({
  kind,
  elementId,
  settings,
  data,
}: {
  kind: GridKind;
  elementId: number;
  settings: GridSettingsView;
  data: GridData | undefined;
}) {
  const { t } = useTranslation();
  const { headingLevel } = usePageContext();
  const level = headingLevel(elementId, 2);
  if (!data) return null;
  const emptyKey = data.filtered ? "search-empty" : "empty";
  return (
    <section className="py-10 md:py-14" data-grid={kind}>
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6">
        {settings.filters.includes("search") ? <SearchForm kind={kind} /> : null}
        {data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
            <p className="text-lg font-semibold text-slate-950">
              {t(`sections.grid.${emptyKey}.title`)}
            </p>
            <p className="mt-2 text-slate-700">{t(`sections.grid.${emptyKey}.subtitle`)}</p>
          </div>
        ) : (
          <ul
            className={clsx(gridColumnsClass, "gap-6")}
            style={gridColumnsStyle(settings.columns) as CSSProperties}
          >
            {data.items.map((card) => (
              <li key={card.cuid} className="min-w-0">
                <Card card={card} settings={settings} headingLevel={level} />
              </li>
            ))}
          </ul>
        )}
        <Pagination kind={kind} data={data} />
      </div>
    </section>
  );
}
