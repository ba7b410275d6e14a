import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/react";
import type { LocationData } from "../../lib/catalogue-data";
import { ChevronLeftIcon, ChevronRightIcon, ClockIcon, MapPinIcon, UsersIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { StatusBadge } from "./status-badge";

/** One card of an availability list, as the loader prepared it. */
export interface AvailabilityCardData {
  /** unique in its list (a date's cuid in the day view, several dates may share an availability) */
  key: string;
  /** the availability the card links to */
  cuid: string;
  /** heading of the card: the availability's dates, or a date's hours in the day view */
  title: string;
  /** a second line: the whole availability when the card is one of its dates */
  subtitle: string | null;
  badge: "CLOSED" | "OVERLAP" | "FULL" | null;
  /** places shown on the card (the booking state's, while bookable), null for none */
  capacity: number | null;
  /** when registrations open, formatted, while they have not yet */
  opensAt: string | null;
  /** null when the section does not show prices */
  price: string | null;
  location: LocationData | null;
  /** number of dates of the availability (0 or 1: a single session) */
  dates: number;
}

/**
 * A card linking to /availabilities/{cuid}: the whole card is clickable through its heading's
 * link (one tab stop, the heading as accessible name).
 */
export function AvailabilityCard({
  card,
  headingLevel = 3,
}: {
  card: AvailabilityCardData;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article
      data-testid="availability-card"
      className="relative flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent-ink"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="min-w-0 flex-1 text-base font-semibold break-words text-slate-950">
          <LocalizedLink
            to={`/availabilities/${card.cuid}`}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
          >
            {card.title}
          </LocalizedLink>
        </Heading>
        {card.badge ? <StatusBadge status={card.badge} /> : null}
      </div>
      {card.subtitle ? <p className="text-sm text-slate-600">{card.subtitle}</p> : null}
      <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
        {card.dates > 1 ? (
          <CardLine icon={<ClockIcon className="size-4" />}>
            {t("activity.card.sessions", { count: card.dates })}
          </CardLine>
        ) : null}
        {card.location ? (
          <CardLine icon={<MapPinIcon className="size-4" />}>
            {[card.location.name, card.location.city].filter(Boolean).join(", ")}
          </CardLine>
        ) : null}
        {card.opensAt !== null ? (
          <CardLine icon={<UsersIcon className="size-4" />}>
            {t("catalogue.card.opens", { date: card.opensAt })}
          </CardLine>
        ) : card.capacity !== null ? (
          <CardLine icon={<UsersIcon className="size-4" />}>
            {card.capacity > 0
              ? t("availability.remaining", { count: card.capacity })
              : t("availability.remaining_none")}
          </CardLine>
        ) : null}
      </ul>
      <p className="mt-auto flex items-baseline justify-between gap-2 pt-2">
        <span className="text-lg font-bold text-slate-950">{card.price ?? ""}</span>
        <span aria-hidden="true" className="text-sm font-semibold text-accent-ink">
          {t("activity.card.see")}
        </span>
      </p>
    </article>
  );
}

function CardLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <span className="mt-0.5 shrink-0 text-slate-500">{icon}</span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** "Page 2 of 5" with previous and next links (links keep working without JavaScript). */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const link =
    "inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50";
  const disabled = clsx(link, "cursor-not-allowed opacity-50");
  return (
    <nav
      aria-label={t("catalogue.pagination.label")}
      className="flex items-center justify-between gap-3"
    >
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          <ChevronLeftIcon className="size-4" />
          {t("catalogue.pagination.previous")}
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          <ChevronLeftIcon className="size-4" />
          {t("catalogue.pagination.previous")}
        </span>
      )}
      <p className="text-sm text-slate-700">{t("catalogue.pagination.status", { page, pages })}</p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          {t("catalogue.pagination.next")}
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          {t("catalogue.pagination.next")}
          <ChevronRightIcon className="size-4" />
        </span>
      )}
    </nav>
  );
}
