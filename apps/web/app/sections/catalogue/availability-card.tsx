import type { AvailabilityProperty } from "@booking/contracts";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { AgeLimits } from "../../components/catalogue/location";
import { StatusBadge } from "../../components/catalogue/status-badge";
import { CalendarIcon, ClockIcon, ImageIcon, MapPinIcon, UsersIcon } from "../../components/icons";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import type { CardData } from "./cards";

export type HeadingTag = "h2" | "h3" | "h4" | "h5" | "h6";

export interface AvailabilityCardProps {
  card: CardData;
  properties: readonly AvailabilityProperty[];
  /** "horizontal" (image beside the text from the sm breakpoint) or "vertical" (image on top) */
  layout?: "horizontal" | "vertical";
  /** CSS aspect-ratio of the image ("auto" keeps the image's own ratio) */
  aspectRatio?: string;
  /** unavailable cards (with a badge) show their image in grey */
  grayscale?: boolean;
  heading?: HeadingTag;
}

/**
 * What a card without badge says about booking (decision 0030): when registrations open while
 * they have not yet, otherwise the number of places left, or "no places left".
 */
export function BookingNote({
  capacity,
  opensAt,
}: {
  capacity: number | null;
  opensAt: string | null;
}) {
  const { t } = useTranslation();
  if (opensAt !== null) return <>{t("catalogue.card.opens", { date: opensAt })}</>;
  if (capacity === null) return null;
  return (
    <>
      {capacity > 0
        ? t("catalogue.card.remaining", { count: capacity })
        : t("catalogue.card.remaining_none")}
    </>
  );
}

/**
 * An availability card (storefront.md "Catalogue sections"): the activity's first image, title,
 * dates and hours in the organiser's zone, location, price, red badge for CLOSED, OVERLAP or FULL,
 * remaining places and primary categories. The whole card is one link to /availabilities/{cuid}
 * (the heading's link stretched over the card: one tab stop, the title as its name).
 */
export function AvailabilityCard({
  card,
  properties,
  layout = "vertical",
  aspectRatio = "auto",
  grayscale = true,
  heading: Heading = "h3",
}: AvailabilityCardProps) {
  const { t } = useTranslation();
  const show = (property: AvailabilityProperty) => properties.includes(property);
  const unavailable = card.badge !== null;
  const horizontal = layout === "horizontal";
  const lines: ReactNode[] = [];
  for (const property of properties) {
    switch (property) {
      case "description":
        if (card.description) {
          lines.push(
            <li key={property} className="line-clamp-3 text-slate-700">
              {card.description}
            </li>,
          );
        }
        break;
      case "dates":
        lines.push(
          <CardLine key={property} icon={<CalendarIcon />} label={t("catalogue.card.dates")}>
            {card.dates}
            {card.sessions > 1 ? (
              <span className="text-slate-600">
                {" · "}
                {t("catalogue.card.sessions", { count: card.sessions })}
              </span>
            ) : null}
          </CardLine>,
        );
        break;
      case "time":
        lines.push(
          <CardLine key={property} icon={<ClockIcon />} label={t("catalogue.card.time")}>
            {card.time}
          </CardLine>,
        );
        break;
      case "capacity":
        if (card.capacity !== null || card.opensAt !== null) {
          lines.push(
            <CardLine key={property} icon={<UsersIcon />} label={t("catalogue.card.capacity")}>
              <span className="font-medium text-slate-900" data-testid="card-booking-note">
                <BookingNote capacity={card.capacity} opensAt={card.opensAt} />
              </span>
            </CardLine>,
          );
        }
        break;
      case "ages":
        if (card.ages) {
          lines.push(
            <CardLine key={property} icon={<UsersIcon />} label={t("catalogue.card.ages")}>
              <AgeLimits minimum={card.ages.minimum} maximum={card.ages.maximum} />
            </CardLine>,
          );
        }
        break;
      case "location":
        if (card.location) {
          lines.push(
            <CardLine key={property} icon={<MapPinIcon />} label={t("catalogue.card.location")}>
              {card.location}
            </CardLine>,
          );
        }
        break;
      case "address":
        if (card.address) {
          lines.push(
            <CardLine
              key={property}
              icon={show("location") ? null : <MapPinIcon />}
              label={t("catalogue.card.address")}
            >
              {card.address}
            </CardLine>,
          );
        }
        break;
      case "categories":
        if (card.categories.length > 0) {
          lines.push(
            <li key={property}>
              <span className="sr-only">{t("catalogue.card.categories")}: </span>
              <span className="flex flex-wrap gap-1.5">
                {card.categories.map((category) => (
                  <span
                    key={category}
                    className="max-w-full rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium break-words text-slate-800"
                  >
                    {category}
                  </span>
                ))}
              </span>
            </li>,
          );
        }
        break;
      default:
        break;
    }
  }

  return (
    <article
      data-testid="availability-card"
      className={clsx(
        "group relative flex h-full min-w-0 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-accent-ink hover:shadow-md",
        horizontal ? "flex-col sm:flex-row" : "flex-col",
      )}
    >
      {show("images") ? (
        <div
          className={clsx(
            "relative shrink-0 overflow-hidden bg-slate-100",
            horizontal && "sm:w-56 md:w-64",
          )}
          style={aspectRatio !== "auto" ? { aspectRatio } : undefined}
        >
          {card.image ? (
            <img
              src={card.image.url}
              alt={card.image.alt}
              loading="lazy"
              decoding="async"
              className={clsx(
                "block w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]",
                aspectRatio !== "auto" || horizontal ? "h-full" : "h-auto max-h-80",
                horizontal && "max-sm:aspect-video",
                grayscale && unavailable && "grayscale",
              )}
            />
          ) : (
            <div
              className={clsx(
                "flex h-full min-h-32 items-center justify-center text-slate-400",
                aspectRatio === "auto" && !horizontal && "aspect-video",
              )}
            >
              <ImageIcon className="size-10" />
            </div>
          )}
          {card.badge ? (
            <span className="absolute top-3 left-3">
              <StatusBadge status={card.badge} />
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
          <Heading className="min-w-0 flex-1 text-lg leading-snug font-semibold [overflow-wrap:anywhere] text-slate-950">
            <LocalizedLink
              to={`/availabilities/${card.cuid}`}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
            >
              {card.title}
            </LocalizedLink>
          </Heading>
          {card.badge && !show("images") ? <StatusBadge status={card.badge} /> : null}
        </div>
        {lines.length > 0 ? (
          <ul className="flex min-w-0 flex-col gap-1.5 text-sm text-slate-700">{lines}</ul>
        ) : null}
        {show("price") ? (
          <p className="mt-auto flex flex-wrap items-baseline justify-between gap-2 border-t border-slate-100 pt-3">
            <span className="text-lg font-bold text-slate-950">
              <span className="sr-only">{t("catalogue.card.price")}: </span>
              {card.free ? t("catalogue.card.free") : card.price}
            </span>
            <span aria-hidden="true" className="text-sm font-semibold text-accent-ink">
              {t("catalogue.card.see")}
            </span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

function CardLine({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-4 shrink-0 text-slate-500 [&>svg]:size-4"
      >
        {icon}
      </span>
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </li>
  );
}
