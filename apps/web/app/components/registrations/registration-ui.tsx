import type { RegistrationListItem } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { AccountCard } from "../account/card";
import { ItemPicture } from "../account/item-picture";
import { AccountPageHeader } from "../account/page-header";
import { toneClasses } from "../account/tone-badge";
import { CalendarIcon, InfoIcon, MapPinIcon, UserIcon } from "../icons";
import {
  type PaymentBadgeLabel,
  type RegistrationSummary,
  registrationPath,
} from "./registration-data";

/** The tones of platform-and-account.md §4: outstanding yellow, complete green, cancelled red, bundle blue. */
const BADGE_TONES: Record<RegistrationListItem["badges"][number], StatusTone> = {
  outstanding: "yellow",
  complete: "green",
  cancelled: "red",
  bundle: "blue",
};

/** A registration's list badges, in their order. */
export function RegistrationBadges({
  badges,
  className,
}: {
  badges: RegistrationListItem["badges"];
  className?: string;
}) {
  const { t } = useTranslation();
  if (badges.length === 0) return null;
  return (
    <ul
      className={clsx("flex flex-wrap gap-1.5", className)}
      aria-label={t("registrations.badges.label")}
    >
      {badges.map((badge) => (
        <li key={badge} className={toneClasses(BADGE_TONES[badge])} data-badge={badge}>
          {t(`registrations.badges.${badge}`)}
        </li>
      ))}
    </ul>
  );
}

/** The payment badge of §4: complete, deposited or outstanding with the amount still owed. */
export function PaymentBadge({ badge }: { badge: PaymentBadgeLabel | null }) {
  const { t } = useTranslation();
  if (!badge) return null;
  const tone = badge.kind === "complete" ? "green" : badge.kind === "deposited" ? "blue" : "yellow";
  return (
    <span
      className={toneClasses(tone, "w-fit text-sm")}
      data-testid="payment-badge"
      data-kind={badge.kind}
    >
      {badge.kind === "complete"
        ? t("registrations.payment.badge.complete")
        : t(`registrations.payment.badge.${badge.kind}`, { amount: badge.outstanding })}
    </span>
  );
}

/**
 * A registration at a glance: the activity's picture, its title, the participant, the period and
 * the place. `headingLevel` is the title's level.
 */
export function RegistrationSummaryView({
  summary,
  headingLevel = 2,
  className,
}: {
  summary: RegistrationSummary;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={clsx("flex min-w-0 gap-4", className)}>
      <ItemPicture
        picture={summary.image ? { url: summary.image.url, alt: "" } : null}
        icon={CalendarIcon}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <Heading className="font-semibold break-words text-slate-950">{summary.title}</Heading>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <UserIcon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="sr-only">{t("registrations.participant")}: </span>
          <span className="truncate">{summary.participant}</span>
        </p>
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <CalendarIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            {summary.period}
            <span className="text-slate-500">
              {" · "}
              {t("registrations.dates_count", { count: summary.datesCount })}
            </span>
          </span>
        </p>
        {summary.location ? (
          <p className="flex items-center gap-1.5 text-sm text-slate-700">
            <MapPinIcon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="truncate">{summary.location}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The frame of a registration's action page (cancel, review, edit, a document): the heading with
 * the way back to the registration, the registration at a glance, then the page's content — or,
 * when the action is no longer allowed, `refused` (why) in its place.
 */
export function RegistrationActionPage({
  title,
  subtitle,
  summary,
  refused,
  refusedTestId,
  children,
}: {
  title: string;
  subtitle: string;
  summary: RegistrationSummary;
  /** why the action is refused; null (or left out) when it is allowed */
  refused?: string | null;
  refusedTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6 lg:gap-8">
      <AccountPageHeader
        title={title}
        subtitle={subtitle}
        back={{
          to: registrationPath(summary.cuid),
          label: t("registrations.back_to_registration"),
        }}
      />
      <AccountCard>
        <RegistrationSummaryView summary={summary} />
      </AccountCard>
      {refused ? (
        <AccountCard>
          <p className="flex gap-3 text-slate-800" data-testid={refusedTestId}>
            <InfoIcon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
            {refused}
          </p>
        </AccountCard>
      ) : (
        children
      )}
    </div>
  );
}
