import type { AdminRequestDetail } from "@booking/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/admin/page-header";
import { DetailCard, Facts } from "../../../components/admin/registrations/detail-card";
import { registrationHref } from "../../../components/admin/registrations/registration-columns";
import {
  RequestedSessions,
  RequestStatus,
  requestHref,
  useParticipantAge,
} from "../../../components/admin/registrations/request-columns";
import {
  ApproveDialog,
  RejectDialog,
} from "../../../components/admin/registrations/request-dialogs";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/requests-detail";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "registrations.requests.read");
  const { registration_request } = await adminGet<{ registration_request: AdminRequestDetail }>(
    args,
    `/api/admin/registrations/requests/${encodeURIComponent(args.params.cuid)}`,
  );
  return { request: registration_request };
}

/**
 * One registration request: who asks, for which sessions (in preference order, with the places
 * left), the options and answers, the family's history; approve or reject while PENDING.
 */
export default function RegistrationRequestDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const ageOf = useParticipantAge();
  const { request } = loaderData;
  const label = (key: string) => t(`admin.registration_requests.detail.${key}`);
  const age = ageOf(request.participant.birthdate);

  return (
    <>
      <PageHeader
        title={request.participant.fullname}
        description={[request.activity.title, request.tier?.name, age].filter(Boolean).join(" · ")}
        back={{
          to: "/admin/registrations/requests",
          label: t("admin.registration_requests.title"),
        }}
        actions={
          request.status === "PENDING" && can("registrations.requests.update") ? (
            <>
              <RejectDialog request={request} />
              <ApproveDialog request={request} />
            </>
          ) : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <DetailCard title={label("request")}>
          <Facts
            rows={[
              [
                t("admin.registration_requests.columns.status"),
                <RequestStatus key="s" status={request.status} />,
              ],
              [label("reference"), <code key="r">{request.reference}</code>],
              ...(request.tier ? [[label("tier"), request.tier.name] as [string, ReactNode]] : []),
              [label("requested_at"), format.dateTime(request.created_at)],
              ...(request.status_changed_at
                ? [
                    [label("answered_at"), format.dateTime(request.status_changed_at)] as [
                      string,
                      ReactNode,
                    ],
                  ]
                : []),
            ]}
          />
          {request.message ? (
            <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
              <p className="text-xs font-medium text-slate-600">{label("message")}</p>
              <p className="mt-1 whitespace-pre-line text-slate-900">{request.message}</p>
            </div>
          ) : null}
        </DetailCard>
        <DetailCard title={label("family")}>
          <Facts
            rows={[
              [t("admin.registration_requests.columns.customer"), request.customer.fullname],
              [
                label("email"),
                <a
                  key="e"
                  href={`mailto:${request.customer.email}`}
                  className="break-all underline-offset-4 hover:underline"
                >
                  {request.customer.email}
                </a>,
              ],
              [
                label("phone"),
                <a
                  key="p"
                  href={`tel:${request.customer.phone}`}
                  className="underline-offset-4 hover:underline"
                >
                  {request.customer.phone}
                </a>,
              ],
              [label("wallet"), format.money(request.family.wallet_amount)],
              [label("outstanding"), format.money(request.family.outstanding_amount)],
            ]}
          />
        </DetailCard>
        <DetailCard title={label("amounts")}>
          <Facts
            rows={[
              [label("total"), format.money(request.total_amount)],
              [label("paid"), format.money(request.paid_amount)],
              [label("due"), format.money(request.amount_due)],
            ]}
          />
        </DetailCard>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailCard title={label("sessions")}>
          <p className="mb-3 text-xs text-slate-600">{label("sessions_hint")}</p>
          <RequestedSessions sessions={request.availabilities} />
          {request.registrations.length > 0 ? (
            <div className="mt-4">
              <h3 className="text-xs font-medium text-slate-600">{label("registrations_made")}</h3>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {request.registrations.map((registration) => (
                  <li key={registration.cuid}>
                    <Link
                      to={registrationHref(registration.cuid)}
                      className="underline-offset-4 hover:underline"
                    >
                      {format.dateTime(registration.start_at)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </DetailCard>
        <DetailCard title={label("choices")}>
          {request.options.length === 0 && request.questions.length === 0 ? (
            <p className="text-sm text-slate-600">{label("no_choices")}</p>
          ) : (
            <Facts
              rows={[
                ...request.options.map((option): [string, ReactNode] => [
                  option.title,
                  [option.label, option.content].filter(Boolean).join(" — "),
                ]),
                ...request.questions.map((question): [string, ReactNode] => [
                  question.title,
                  question.answer || "—",
                ]),
              ]}
            />
          )}
        </DetailCard>
      </div>
      <FamilyHistory family={request.family} />
    </>
  );
}

function FamilyHistory({ family }: { family: AdminRequestDetail["family"] }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const label = (key: string) => t(`admin.registration_requests.detail.${key}`);
  const heading = "text-xs font-medium text-slate-600";
  return (
    <DetailCard title={label("history")}>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className={heading}>{label("past_registrations")}</h3>
          {family.registrations.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{label("no_history")}</p>
          ) : (
            <ul className="mt-1 flex flex-col divide-y divide-slate-100 text-sm">
              {family.registrations.map((registration) => (
                <li key={registration.cuid} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link
                    to={registrationHref(registration.cuid)}
                    className="underline-offset-4 hover:underline"
                  >
                    {registration.participant} — {registration.activity}
                  </Link>
                  <span className="text-slate-600">
                    {format.date(registration.start_at)} ·{" "}
                    {registration.cancelled
                      ? label("cancelled")
                      : `${format.money(registration.paid_amount)} / ${format.money(registration.total_amount)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className={heading}>{label("other_requests")}</h3>
          {family.requests.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{label("no_history")}</p>
          ) : (
            <ul className="mt-1 flex flex-col divide-y divide-slate-100 text-sm">
              {family.requests.map((other) => (
                <li
                  key={other.cuid}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <Link to={requestHref(other.cuid)} className="underline-offset-4 hover:underline">
                    {other.participant} — {other.activity}
                  </Link>
                  <span className="flex items-center gap-2 text-slate-600">
                    {format.date(other.created_at)} <RequestStatus status={other.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </DetailCard>
  );
}
