import { AccountCard } from "../../components/account/card";
import { AccountPageHeader } from "../../components/account/page-header";
import { choicesData } from "../../components/account-items/answers";
import { ChoicesCard } from "../../components/account-items/ui";
import { useFormatters } from "../../components/account-items/use-formatters";
import { CalendarSubscribeLinks } from "../../components/calendar/subscribe-links";
import { SummaryRow } from "../../components/cart/summary";
import { Description } from "../../components/catalogue/detail";
import { BankTransfer } from "../../components/checkout/bank-transfer";
import { RegistrationDocuments } from "../../components/documents/registration-documents";
import { InfoIcon } from "../../components/icons";
import { PaymentActions } from "../../components/payments/payment-actions";
import { paymentActionsData } from "../../components/payments/payment-data";
import {
  loadRegistration,
  paymentBadgeLabel,
  REGISTRATIONS_PATH,
  registrationPageSeo,
  registrationPath,
  registrationSummary,
} from "../../components/registrations/registration-data";
import {
  PaymentBadge,
  RegistrationBadges,
  RegistrationSummaryView,
} from "../../components/registrations/registration-ui";
import { ReviewStars } from "../../components/registrations/review-stars";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { cancellationPolicyLine } from "../../lib/cancellation-policy";
import { descriptionHtml } from "../../lib/catalogue-data";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/registrations-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, registration } = await loadRegistration(context, params, request);
  const documents = (await page.storefront.reader.registrationDocuments(registration.cuid)) ?? [];
  const { format, language, t } = page;
  const { availability, payment } = registration;
  const location = availability.location;
  // The primary category groups, each with its categories.
  const groups = new Map<string, string[]>();
  for (const category of availability.categories) {
    groups.set(category.group.title, [...(groups.get(category.group.title) ?? []), category.title]);
  }
  return {
    seo: registrationPageSeo(context, params, request, {
      title: "registrations.detail.title",
      path: registrationPath(registration.cuid),
    }),
    summary: registrationSummary(registration, format),
    cancelled: registration.cancelled,
    createdAt: format.date(registration.created_at),
    // "mer. 14 oct. 2026" and "13:30–16:30" apart, so that two dates fit side by side.
    dates: registration.dates.map((entry) => {
      const { start_at, end_at } = entry.date;
      const hours = format.timeRange(start_at, end_at);
      const label = format.dateRange(start_at, end_at);
      const day = label.endsWith(`, ${hours}`) ? label.slice(0, -(hours.length + 2)) : label;
      return { key: entry.date.cuid, day, hours };
    }),
    ...choicesData(registration, format, language, t),
    location: location
      ? {
          title: location.title,
          lines: [
            location.name && location.name !== location.title ? location.name : null,
            [location.street, location.number].filter(Boolean).join(" ") || null,
            [location.postcode, location.city].filter(Boolean).join(" ") || null,
          ].filter((line): line is string => Boolean(line)),
        }
      : null,
    categories: [...groups].map(([group, titles]) => ({ group, categories: titles.join(", ") })),
    amounts: {
      total: format.money(registration.total_amount),
      deposit: registration.deposit_amount > 0 ? format.money(registration.deposit_amount) : null,
      paid: format.money(registration.paid_amount),
      outstanding: format.money(payment.outstanding),
    },
    badge: paymentBadgeLabel(payment.badge, format),
    bankTransfer: payment.bank_transfer,
    paymentActions: paymentActionsData(page, {
      destination: { type: "REGISTRATION", id: registration.id },
      reference: registration.reference,
      due: payment.outstanding,
    }),
    cancellation: registration.cancellation
      ? {
          date: format.date(registration.cancellation.created_at),
          message: registration.cancellation.message,
        }
      : null,
    review: registration.review
      ? { score: registration.review.score, message: registration.review.message }
      : null,
    actions: registration.actions,
    documents,
    calendarFeed: registration.calendar_feed ?? null,
    confirmationMessage: registration.confirmation_message
      ? descriptionHtml(registration.confirmation_message, language)
      : null,
    policy: registration.cancelled ? null : cancellationPolicyText(registration, page),
  };
}

/** The activity's cancellation policy on a live registration: its line, deadline and refund. */
function cancellationPolicyText(
  registration: Awaited<ReturnType<typeof loadRegistration>>["registration"],
  { format, t }: Awaited<ReturnType<typeof loadRegistration>>["page"],
) {
  const policy = registration.cancellation_policy;
  if (!policy) return null;
  return {
    line: cancellationPolicyLine(t, policy),
    deadline:
      policy.deadline && registration.actions.cancel === null
        ? t("registrations.policy.deadline", { date: format.dateTime(policy.deadline) })
        : null,
    refund:
      policy.refund_amount > 0 && registration.actions.cancel === null
        ? t("registrations.policy.refund_amount", { amount: format.money(policy.refund_amount) })
        : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * A registration (/account/registrations/{cuid}, platform-and-account.md §2.3): activity,
 * participant, dates, options, answers, location, primary categories, amounts and payment
 * information (the badge of §4 and, while something is owed, the bank transfer details), the
 * review, and the ways to edit, review or cancel it while allowed.
 */
export default function RegistrationPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t } = useTranslation();
  const format = useFormatters();
  const { summary, actions } = data;
  const policyRefused = actions.cancel === "not_online" || actions.cancel === "deadline_passed";

  return (
    <div className="flex flex-col gap-6 lg:gap-8">
      <AccountPageHeader
        title={summary.title}
        subtitle={t("registrations.detail.subtitle", { name: summary.participant })}
        back={{ to: REGISTRATIONS_PATH, label: t("registrations.detail.back") }}
      />

      {data.cancellation ? (
        <div
          role="status"
          className="flex gap-3 rounded-2xl bg-red-50 p-4 text-red-950 ring-1 ring-red-200"
          data-testid="registration-cancelled"
        >
          <InfoIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">
              {t("registrations.detail.cancelled_on", { date: data.cancellation.date })}
            </p>
            {data.cancellation.message ? (
              <p className="mt-1 text-sm break-words whitespace-pre-line">
                {data.cancellation.message}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      {/* Phones: summary, payment and review, then the details; from 1280 px the payment and
          review sit in a column beside the rest. */}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:grid-rows-[auto_1fr] xl:items-start">
        <div className="min-w-0 xl:col-start-1">
          <AccountCard>
            <div className="flex flex-col gap-4">
              <RegistrationSummaryView summary={summary} />
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
                <RegistrationBadges badges={summary.badges} />
                <p className="text-sm text-slate-600">
                  {t("registrations.detail.created_on", { date: data.createdAt })}
                </p>
              </div>
              {data.policy ? (
                <CancellationPolicy policy={data.policy} refusal={actions.cancel} />
              ) : null}
              {actions.edit === null || actions.cancel === null || policyRefused ? (
                <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  {actions.edit === null ? (
                    <ButtonLink
                      to={registrationPath(summary.cuid, "edit")}
                      variant="secondary"
                      data-testid="registration-edit"
                    >
                      {t("registrations.detail.edit")}
                    </ButtonLink>
                  ) : null}
                  {actions.cancel === null ? (
                    <ButtonLink
                      to={registrationPath(summary.cuid, "cancel")}
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50 sm:ml-auto"
                      data-testid="registration-cancel"
                    >
                      {t("registrations.detail.cancel")}
                    </ButtonLink>
                  ) : policyRefused ? (
                    // Past the policy's deadline the button stays, disabled, its reason above.
                    <button
                      type="button"
                      disabled
                      aria-describedby="registration-cancel-policy"
                      className="inline-flex min-h-11 cursor-not-allowed items-center justify-center rounded-lg px-4 text-sm font-semibold text-slate-500 ring-1 ring-slate-200 sm:ml-auto"
                      data-testid="registration-cancel-disabled"
                    >
                      {t("registrations.detail.cancel")}
                    </button>
                  ) : null}
                </div>
              ) : null}
            </div>
          </AccountCard>
          {data.confirmationMessage ? (
            <div className="mt-6">
              <AccountCard title={t("registrations.detail.confirmation")}>
                <div data-testid="registration-confirmation">
                  <Description html={data.confirmationMessage} />
                </div>
              </AccountCard>
            </div>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-6 xl:col-start-2 xl:row-span-2 xl:row-start-1">
          <AccountCard title={t("registrations.payment.title")}>
            <div className="flex flex-col gap-4" data-testid="registration-payment">
              {data.badge ? (
                <PaymentBadge badge={data.badge} />
              ) : data.cancelled ? (
                <p className="text-sm text-slate-700">{t("registrations.payment.cancelled")}</p>
              ) : (
                <p className="text-sm text-slate-700">{t("registrations.payment.free")}</p>
              )}
              <dl className="flex flex-col gap-2 text-sm">
                <SummaryRow
                  label={t("registrations.payment.total")}
                  value={data.amounts.total}
                  strong
                />
                {data.amounts.deposit ? (
                  <SummaryRow
                    label={t("registrations.payment.deposit")}
                    value={data.amounts.deposit}
                  />
                ) : null}
                <SummaryRow label={t("registrations.payment.paid")} value={data.amounts.paid} />
                {!data.cancelled ? (
                  <SummaryRow
                    label={t("registrations.payment.outstanding")}
                    value={data.amounts.outstanding}
                    strong
                    testId="registration-outstanding"
                  />
                ) : null}
              </dl>
              <p className="text-sm text-slate-600">
                {t("registrations.payment.reference")}{" "}
                <span className="font-mono font-semibold text-slate-900">{summary.reference}</span>
              </p>
              <PaymentActions data={data.paymentActions} />
            </div>
          </AccountCard>

          <AccountCard
            title={t("registrations.review.title")}
            action={
              actions.review === null ? (
                <ButtonLink
                  to={registrationPath(summary.cuid, "review")}
                  variant="secondary"
                  data-testid="registration-review"
                >
                  {data.review
                    ? t("registrations.detail.review_edit")
                    : t("registrations.detail.review_write")}
                </ButtonLink>
              ) : undefined
            }
          >
            {data.review ? (
              <div className="flex flex-col gap-2" data-testid="registration-review-summary">
                <ReviewStars score={data.review.score} />
                {data.review.message ? (
                  <p className="break-words whitespace-pre-line text-slate-800">
                    {data.review.message}
                  </p>
                ) : null}
              </div>
            ) : actions.review === "not_started" ? (
              <p className="text-sm text-slate-600" data-testid="review-not-yet">
                {t("registrations.review.not_yet")}
              </p>
            ) : (
              <p className="text-sm text-slate-600">{t("registrations.review.none")}</p>
            )}
          </AccountCard>
        </div>

        <div className="flex min-w-0 flex-col gap-6 xl:col-start-1">
          <AccountCard
            title={t("registrations.detail.dates", { count: data.dates.length })}
            headingLevel={2}
          >
            <ul className="grid gap-2 sm:grid-cols-2" data-testid="registration-dates-list">
              {data.dates.map((date) => (
                <li
                  key={date.key}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
                >
                  <span className="font-medium text-slate-900">{date.day}</span>
                  <span className="text-slate-600 tabular-nums">{date.hours}</span>
                </li>
              ))}
            </ul>
            {data.calendarFeed ? (
              <div className="mt-4 border-t border-slate-100 pt-4">
                <CalendarSubscribeLinks feed={data.calendarFeed} />
              </div>
            ) : null}
          </AccountCard>

          <ChoicesCard options={data.options} answers={data.answers} />

          {data.location || data.categories.length > 0 ? (
            <AccountCard title={t("registrations.detail.about")}>
              <dl className="grid gap-4 sm:grid-cols-2">
                {data.location ? (
                  <div>
                    <dt className="text-sm text-slate-600">{t("registrations.detail.location")}</dt>
                    <dd className="text-slate-900">
                      <p className="font-medium">{data.location.title}</p>
                      {data.location.lines.map((line) => (
                        <p key={line} className="text-sm text-slate-700">
                          {line}
                        </p>
                      ))}
                    </dd>
                  </div>
                ) : null}
                {data.categories.map((group) => (
                  <div key={group.group}>
                    <dt className="text-sm text-slate-600">{group.group}</dt>
                    <dd className="text-slate-900">{group.categories}</dd>
                  </div>
                ))}
              </dl>
            </AccountCard>
          ) : null}

          <RegistrationDocuments
            documents={data.documents}
            format={format}
            pageOf={(document) => `${registrationPath(summary.cuid)}/documents/${document}`}
          />
        </div>
      </div>

      {data.bankTransfer ? <BankTransfer transfer={data.bankTransfer} format={format} /> : null}
    </div>
  );
}

/** The policy's line, and while the family may still cancel, until when and what comes back. */
function CancellationPolicy({
  policy,
  refusal,
}: {
  policy: NonNullable<Route.ComponentProps["loaderData"]["policy"]>;
  refusal: Route.ComponentProps["loaderData"]["actions"]["cancel"];
}) {
  const { t } = useTranslation();
  const refused = refusal === "not_online" || refusal === "deadline_passed";
  return (
    <div
      id="registration-cancel-policy"
      className="flex gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200"
      data-testid="registration-cancel-policy"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p>{policy.line}</p>
        {refused ? (
          <p className="font-semibold text-slate-900">
            {t(`registrations.cancel.refused.${refusal}`)}
          </p>
        ) : null}
        {policy.deadline ? <p>{policy.deadline}</p> : null}
        {policy.refund ? <p>{policy.refund}</p> : null}
      </div>
    </div>
  );
}
