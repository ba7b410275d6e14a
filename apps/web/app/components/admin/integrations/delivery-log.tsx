import type { WebhookDeliveryView } from "@booking/contracts";
import { WEBHOOK_DELIVERY_STATUSES } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { Link, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { integrationsApi } from "../../../lib/admin/integrations-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { InboxIcon } from "../../icons";
import { Button } from "../../ui/button";
import { DataTable, type DataTableColumn } from "../data-table";
import { EmptyState } from "../empty-state";
import { FilterSelect } from "../list-controls";
import { StatusBadge } from "../status-badge";

const TONE: Record<WebhookDeliveryView["status"], StatusTone> = {
  PENDING: "yellow",
  SUCCEEDED: "green",
  FAILED: "red",
};

/**
 * A webhook's deliveries, newest first (filtered by status in the URL, 50 a page): each one's
 * event, status, last answer and attempts (code, duration, what came back); finished ones can be
 * sent again.
 */
export function DeliveryLog({
  webhookCuid,
  deliveries,
  nextBefore,
  canResend,
}: {
  webhookCuid: string;
  deliveries: readonly WebhookDeliveryView[];
  nextBefore: string | null;
  canResend: boolean;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const resend = useAdminMutation(
    (delivery: string) => integrationsApi.resend(webhookCuid, delivery),
    { success: t("admin.integrations.deliveries.resent") },
  );
  const columns: DataTableColumn<WebhookDeliveryView>[] = [
    {
      id: "event",
      header: t("admin.integrations.deliveries.columns.event"),
      cell: (delivery) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-950">{delivery.event_type}</span>
          <span className="text-xs text-slate-600">{format.dateTime(delivery.created_at)}</span>
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.integrations.deliveries.columns.status"),
      cell: (delivery) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge tone={TONE[delivery.status]}>
            {t(`admin.integrations.deliveries.status.${delivery.status}`)}
          </StatusBadge>
          {delivery.next_attempt_at ? (
            <span className="text-xs text-slate-600">
              {t("admin.integrations.deliveries.next_attempt", {
                at: format.dateTime(delivery.next_attempt_at),
              })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "code",
      header: t("admin.integrations.deliveries.columns.code"),
      cell: (delivery) => delivery.last_response_code ?? "—",
    },
    {
      id: "attempts",
      header: t("admin.integrations.deliveries.columns.attempts"),
      cell: (delivery) => delivery.attempts,
      align: "end",
    },
    {
      id: "actions",
      header: t("admin.integrations.deliveries.columns.actions"),
      hideHeader: true,
      cell: (delivery) =>
        canResend && delivery.status !== "PENDING" ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={resend.pending}
            onClick={() => resend.mutate(delivery.cuid)}
            data-testid="resend-delivery"
          >
            {t("admin.integrations.deliveries.resend")}
          </Button>
        ) : null,
    },
  ];
  const older = new URLSearchParams(searchParams);
  if (nextBefore) older.set("before", nextBefore);
  return (
    <div className="flex flex-col gap-3">
      <DataTable
        caption={t("admin.integrations.deliveries.title")}
        testId="webhook-deliveries"
        columns={columns}
        rows={deliveries}
        rowKey={(delivery) => delivery.cuid}
        toolbar={
          <FilterSelect
            label={t("admin.integrations.deliveries.columns.status")}
            param="status"
            allLabel={t("admin.integrations.deliveries.all")}
            options={WEBHOOK_DELIVERY_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.integrations.deliveries.status.${status}`),
            }))}
          />
        }
        detailLabel={(delivery) =>
          t("admin.integrations.deliveries.show_attempts", { event: delivery.event_type })
        }
        renderDetail={(delivery) => (
          <ol className="flex flex-col gap-2 text-sm">
            {delivery.attempt_log.map((attempt) => (
              <li key={attempt.attempt} className="break-words">
                <span className="font-medium">
                  {t("admin.integrations.deliveries.attempt", {
                    number: attempt.attempt,
                    at: format.dateTime(attempt.at),
                  })}
                </span>{" "}
                — {attempt.response_code ?? t("admin.integrations.deliveries.no_answer")},{" "}
                {t("admin.integrations.deliveries.duration", { ms: attempt.duration_ms })}
                {attempt.detail ? (
                  <code className="mt-1 block max-h-24 overflow-auto rounded bg-slate-100 p-2 text-xs">
                    {attempt.detail}
                  </code>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        empty={<EmptyState icon={InboxIcon} title={t("admin.integrations.deliveries.empty")} />}
      />
      {nextBefore ? (
        <Link
          to={`${location.pathname}?${older.toString()}`}
          className="self-start text-sm font-semibold text-slate-950 underline underline-offset-4"
        >
          {t("admin.integrations.deliveries.older")}
        </Link>
      ) : null}
    </div>
  );
}
