import type {
  AdminActivityListItem,
  AdminBulkApprovalPreview,
  AdminBulkApprovalResult,
  AdminRequestList,
  ListEnvelope,
} from "@booking/contracts";
import { useId, useState } from "react";
import { Form } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { selectClasses } from "../../../components/admin/fields";
import { PageHeader } from "../../../components/admin/page-header";
import {
  RequestedSessions,
  requestHref,
} from "../../../components/admin/registrations/request-columns";
import { StatusBadge } from "../../../components/admin/status-badge";
import { InboxIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import { registrationRequestsApi } from "../../../lib/admin/registration-requests-api";
import type { Route } from "./+types/requests-bulk";

type Line = AdminBulkApprovalPreview["data"][number];

/**
 * The bulk approval of a season's opening (issue 15 §1): pick an activity (and a tier), see
 * which pending requests would be approved in order of request time while places last and
 * which would not and why, then confirm.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "registrations.requests.update");
  const url = new URL(args.request.url);
  const activity = url.searchParams.get("activity")?.trim().slice(0, 40) || null;
  const tier = url.searchParams.get("tier")?.trim().slice(0, 40) || null;
  const activities = await adminGet<ListEnvelope<AdminActivityListItem>>(
    args,
    "/api/admin/activities?page_size=100&sort=title",
  );
  if (!activity) return { activity, tier, activities: activities.data, tiers: [], preview: null };
  const [preview, queue] = await Promise.all([
    adminGet<AdminBulkApprovalPreview>(
      args,
      withQuery("/api/admin/registrations/requests/bulk-approval", {
        activity,
        tier: tier ?? undefined,
      }),
    ),
    adminGet<AdminRequestList>(
      args,
      withQuery("/api/admin/registrations/requests", { activity, page_size: "1" }),
    ),
  ]);
  return { activity, tier, activities: activities.data, tiers: queue.tiers, preview };
}

const OUTCOME_TONES = { approve: "green", full: "red", not_selectable: "grey" } as const;

function useLineColumns(kind: "outcome" | "result"): DataTableColumn<Line>[] {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const label = (key: string) => t(`admin.registration_requests.columns.${key}`);
  return [
    {
      id: "participant",
      header: label("participant"),
      cell: (line) => (
        <span className="flex flex-col">
          <a
            href={requestHref(line.request.cuid)}
            className="font-medium underline-offset-4 hover:underline"
          >
            {line.request.participant.fullname}
          </a>
          <span className="text-xs text-slate-500">{line.request.customer.fullname}</span>
        </span>
      ),
    },
    {
      id: "requested_at",
      header: label("requested_at"),
      cell: (line) => (
        <span className="whitespace-nowrap">{format.dateTime(line.request.created_at)}</span>
      ),
    },
    {
      id: "sessions",
      header: t("admin.registration_requests.bulk.sessions"),
      cell: (line) => (
        <RequestedSessions
          sessions={line.request.availabilities.filter((session) =>
            line.availabilities.includes(session.cuid),
          )}
        />
      ),
    },
    {
      id: "outcome",
      header: label("status"),
      cell: (line) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge
            tone={OUTCOME_TONES[line.outcome]}
            value={line.outcome}
            testId="bulk-outcome"
          >
            {t(`admin.registration_requests.bulk.${kind}.${line.outcome}`)}
          </StatusBadge>
          {line.blocking ? (
            <span className="text-xs text-slate-600">
              {t("admin.registration_requests.bulk.blocked_by", {
                date: format.dateTime(line.blocking.start_at),
              })}
            </span>
          ) : null}
        </span>
      ),
    },
  ];
}

export default function BulkApproval({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const id = useId();
  const { preview } = loaderData;
  const [result, setResult] = useState<AdminBulkApprovalResult | null>(null);
  const previewColumns = useLineColumns("outcome");
  const resultColumns = useLineColumns("result");
  const approving = preview?.data.filter((line) => line.outcome === "approve").length ?? 0;
  const { mutate, pending } = useAdminMutation(
    () =>
      registrationRequestsApi.confirmBulk({
        activity: loaderData.activity!,
        tier: loaderData.tier,
        requests: preview!.data.map((line) => line.request.cuid),
      }),
    {
      revalidate: false,
      success: (answer) => t("admin.registration_requests.bulk.done", { count: answer.approved }),
    },
  );
  const lines = result?.data ?? preview?.data ?? [];

  return (
    <>
      <PageHeader
        title={t("admin.registration_requests.bulk.title")}
        description={t("admin.registration_requests.bulk.description")}
        back={{
          to: "/admin/registrations/requests",
          label: t("admin.registration_requests.title"),
        }}
      />
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3"
        onSubmit={() => setResult(null)}
      >
        <div className="flex w-full flex-col gap-1 sm:w-auto">
          <label htmlFor={`${id}-activity`} className="text-xs font-medium text-slate-600">
            {t("admin.registration_requests.bulk.activity")}
          </label>
          <select
            id={`${id}-activity`}
            name="activity"
            defaultValue={loaderData.activity ?? ""}
            required
            className={`${selectClasses(false)} py-2 text-sm sm:min-w-64`}
            data-testid="bulk-activity"
          >
            <option value="">{t("admin.registration_requests.bulk.choose_activity")}</option>
            {loaderData.activities.map((activity) => (
              <option key={activity.cuid} value={activity.cuid}>
                {activity.title}
              </option>
            ))}
          </select>
        </div>
        {loaderData.tiers.length > 0 ? (
          <div className="flex w-full flex-col gap-1 sm:w-auto">
            <label htmlFor={`${id}-tier`} className="text-xs font-medium text-slate-600">
              {t("admin.registration_requests.bulk.tier")}
            </label>
            <select
              id={`${id}-tier`}
              name="tier"
              defaultValue={loaderData.tier ?? ""}
              className={`${selectClasses(false)} py-2 text-sm sm:min-w-48`}
            >
              <option value="">{t("admin.registration_requests.bulk.all_tiers")}</option>
              {loaderData.tiers.map((tier) => (
                <option key={tier.cuid} value={tier.cuid}>
                  {tier.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Button type="submit" variant="secondary" data-testid="bulk-preview">
          {t("admin.registration_requests.bulk.preview")}
        </Button>
      </Form>
      {preview ? (
        <>
          {result === null && preview.data.length > 0 ? (
            <div className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-800" data-testid="bulk-summary">
                {approving === 0
                  ? t("admin.registration_requests.bulk.nothing")
                  : `${t("admin.registration_requests.bulk.would_approve", { count: approving })}, ${t(
                      "admin.registration_requests.bulk.would_wait",
                      { count: preview.data.length - approving },
                    )}`}
              </p>
              <Button
                disabled={pending || approving === 0}
                aria-busy={pending}
                onClick={async () => {
                  const outcome = await mutate();
                  if (outcome.ok) setResult(outcome.value);
                }}
                data-testid="bulk-confirm"
              >
                {t("admin.registration_requests.bulk.confirm", { count: approving })}
              </Button>
            </div>
          ) : null}
          <DataTable
            caption={t("admin.registration_requests.bulk.title")}
            testId="bulk-table"
            columns={result ? resultColumns : previewColumns}
            rows={lines}
            rowKey={(line) => line.request.cuid}
            empty={
              <EmptyState icon={InboxIcon} title={t("admin.registration_requests.bulk.none")} />
            }
          />
        </>
      ) : null}
    </>
  );
}
