import type {
  AdminRegistrationResponse,
  AdminReplacementChoices,
  CustomerNoteView,
  RegistrationAnswersForm,
} from "@booking/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/admin/page-header";
import { AnswersDialog } from "../../../components/admin/registrations/answers-dialog";
import { CancelDialog } from "../../../components/admin/registrations/cancel-dialog";
import { DetailCard, Facts } from "../../../components/admin/registrations/detail-card";
import { RegistrationNotesCard } from "../../../components/admin/registrations/notes-card";
import { RegistrationBadges } from "../../../components/admin/registrations/registration-badges";
import { ReplaceDialog } from "../../../components/admin/registrations/replace-dialog";
import { RestoreButton } from "../../../components/admin/registrations/restore-button";
import { TransferDialog } from "../../../components/admin/registrations/transfer-dialog";
import { StatusBadge } from "../../../components/admin/status-badge";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/detail";

export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "registrations.registrations.read");
  const base = `/api/admin/registrations/${encodeURIComponent(args.params.cuid)}`;
  const { registration } = await adminGet<AdminRegistrationResponse>(args, base);
  // Notes and replacements only for roles that may see them (the API would answer 403).
  const notes = hasPermission(session, "registrations.notes.read")
    ? (await adminGet<{ data: CustomerNoteView[] }>(args, `${base}/notes`)).data
    : null;
  const replacements =
    !registration.cancelled && hasPermission(session, "registrations.registrations.replace")
      ? (await adminGet<AdminReplacementChoices>(args, `${base}/replacements`)).data
      : null;
  const answers =
    !registration.cancelled && hasPermission(session, "registrations.registrations.update")
      ? await adminGet<RegistrationAnswersForm>(args, `${base}/answers`)
      : null;
  return { registration, notes, replacements, answers };
}

const ATTENDANCE_TONES = { PRESENT: "green", ABSENT: "red", EXCUSED: "yellow" } as const;

/** One registration: who, what, money, dates with attendance, history; cancel and transfer. */
export default function RegistrationDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const { registration, notes, replacements, answers } = loaderData;
  const availabilityPage = `/admin/availabilities/${encodeURIComponent(registration.availability.cuid)}`;

  return (
    <>
      <PageHeader
        title={registration.participant.fullname}
        description={`${registration.activity.title} · ${format.dateRange(registration.start_at, registration.end_at)}`}
        back={{ to: "/admin/registrations", label: t("admin.registrations.title") }}
        actions={
          registration.cancelled ? (
            can("registrations.registrations.cancel") ? (
              <RestoreButton registration={registration} />
            ) : null
          ) : (
            <>
              {replacements ? (
                <ReplaceDialog registration={registration} choices={replacements} />
              ) : null}
              {can("registrations.registrations.transfer") ? (
                <TransferDialog registration={registration} />
              ) : null}
              {can("registrations.registrations.cancel") ? (
                <CancelDialog registration={registration} />
              ) : null}
            </>
          )
        }
      />
      {registration.cancelled &&
      registration.waiting_list_count > 0 &&
      can("waiting_list.entries.read") ? (
        <p className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-950 ring-1 ring-sky-200">
          {t("admin.registrations.detail.waiting", { count: registration.waiting_list_count })}{" "}
          <Link to={`${availabilityPage}/waiting-list`} className="font-semibold underline">
            {t("admin.registrations.detail.open_waiting_list")}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <DetailCard title={t("admin.registrations.detail.registration")}>
          <Facts
            rows={[
              [
                t("admin.registrations.detail.state"),
                <RegistrationBadges key="b" registration={registration} />,
              ],
              [
                t("admin.registrations.detail.reference"),
                <code key="r">{registration.reference}</code>,
              ],
              [
                t("admin.registrations.columns.activity"),
                <Link
                  key="a"
                  to={`${availabilityPage}/registrations`}
                  className="underline-offset-4 hover:underline"
                >
                  {registration.activity.title}
                </Link>,
              ],
              [t("admin.registrations.detail.created"), format.dateTime(registration.created_at)],
            ]}
          />
        </DetailCard>
        <DetailCard title={t("admin.registrations.detail.customer")}>
          <Facts
            rows={[
              [t("admin.registrations.columns.customer"), registration.customer.fullname],
              [
                t("admin.registrations.detail.email"),
                <a
                  key="e"
                  href={`mailto:${registration.customer.email}`}
                  className="break-all underline-offset-4 hover:underline"
                >
                  {registration.customer.email}
                </a>,
              ],
              [
                t("admin.registrations.detail.phone"),
                <a
                  key="p"
                  href={`tel:${registration.customer.phone}`}
                  className="underline-offset-4 hover:underline"
                >
                  {registration.customer.phone}
                </a>,
              ],
              [t("admin.registrations.detail.wallet"), format.money(registration.wallet_amount)],
            ]}
          />
        </DetailCard>
        <DetailCard title={t("admin.registrations.detail.amounts")}>
          <Facts
            rows={[
              [t("admin.registrations.detail.total"), format.money(registration.total_amount)],
              [t("admin.registrations.detail.deposit"), format.money(registration.deposit_amount)],
              [t("admin.registrations.detail.paid"), format.money(registration.paid_amount)],
              [t("admin.registrations.detail.outstanding"), format.money(registration.outstanding)],
              ...(registration.refunded > 0
                ? [
                    [
                      t("admin.registrations.detail.refunded"),
                      format.money(registration.refunded),
                    ] as [string, ReactNode],
                  ]
                : []),
            ]}
          />
        </DetailCard>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailCard
          title={t("admin.registrations.detail.dates", { count: registration.dates.length })}
        >
          <ul className="flex flex-col divide-y divide-slate-100 text-sm">
            {registration.dates.map((date) => (
              <li key={date.cuid} className="flex items-center justify-between gap-3 py-2">
                {can("registrations.attendances.read") ? (
                  <Link
                    to={`${availabilityPage}/dates/${encodeURIComponent(date.cuid)}/attendance`}
                    className="underline-offset-4 hover:underline"
                  >
                    {format.dateRange(date.start_at, date.end_at)}
                  </Link>
                ) : (
                  <span>{format.dateRange(date.start_at, date.end_at)}</span>
                )}
                {date.attendance ? (
                  <StatusBadge tone={ATTENDANCE_TONES[date.attendance]}>
                    {t(`admin.attendance.states.${date.attendance}`)}
                  </StatusBadge>
                ) : null}
              </li>
            ))}
          </ul>
        </DetailCard>
        <DetailCard
          title={t("admin.registrations.detail.choices")}
          action={answers ? <AnswersDialog registration={registration} data={answers} /> : null}
        >
          {registration.options.length === 0 && registration.questions.length === 0 ? (
            <p className="text-sm text-slate-600">{t("admin.registrations.detail.no_choices")}</p>
          ) : (
            <Facts
              rows={[
                ...registration.options.map((option): [string, ReactNode] => [
                  option.title,
                  [option.label, option.content].filter(Boolean).join(" — "),
                ]),
                ...registration.questions.map((question): [string, ReactNode] => [
                  question.title,
                  question.answer || "—",
                ]),
              ]}
            />
          )}
        </DetailCard>
      </div>
      {registration.cancellation || registration.changes.length > 0 ? (
        <DetailCard title={t("admin.registrations.detail.history")}>
          <ul className="flex flex-col gap-2 text-sm text-slate-800">
            {registration.changes.map((change) => (
              <li key={change.created_at}>
                <span className="font-medium">{format.dateTime(change.created_at)}</span> —{" "}
                {t(
                  change.by_customer
                    ? "admin.registrations.detail.changed_by_customer"
                    : "admin.registrations.detail.changed_by_organiser",
                  {
                    added: change.added_dates.length,
                    removed: change.removed_dates.length,
                    before: format.money(change.total_before),
                    after: format.money(change.total_after),
                  },
                )}
              </li>
            ))}
            {registration.cancellation ? (
              <li>
                <span className="font-medium">
                  {format.dateTime(registration.cancellation.created_at)}
                </span>{" "}
                —{" "}
                {t(`admin.registrations.detail.cancelled_by.${registration.cancellation.type}`, {
                  defaultValue: registration.cancellation.type,
                })}
                {registration.cancellation.message
                  ? ` ${t("admin.registrations.detail.quote", { message: registration.cancellation.message })}`
                  : ""}
              </li>
            ) : null}
          </ul>
        </DetailCard>
      ) : null}
      {notes ? <RegistrationNotesCard registration={registration} notes={notes} /> : null}
    </>
  );
}
