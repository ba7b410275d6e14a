import type { WebhookEndpointView } from "@booking/contracts";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { IntegrationsTabs } from "../../../components/admin/integrations/integrations-tabs";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { GlobeIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { NEW_WEBHOOK_PATH, WEBHOOKS_API, webhookPath } from "../../../lib/admin/integrations-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/webhooks";

/** /admin/integrations: the organiser's webhook endpoints. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "integrations.integrations.read");
  return adminGet<{ data: WebhookEndpointView[] }>(args, WEBHOOKS_API);
}

export default function Webhooks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const columns: DataTableColumn<WebhookEndpointView>[] = [
    {
      id: "url",
      header: t("admin.integrations.webhooks.columns.url"),
      cell: (webhook) => (
        <Link
          to={webhookPath(webhook.cuid)}
          className="font-semibold break-all text-slate-950 underline-offset-4 hover:underline"
        >
          {webhook.url}
        </Link>
      ),
    },
    {
      id: "description",
      header: t("admin.integrations.webhooks.columns.description"),
      cell: (webhook) => webhook.description || "—",
    },
    {
      id: "events",
      header: t("admin.integrations.webhooks.columns.events"),
      cell: (webhook) => webhook.event_types.join(", "),
    },
    {
      id: "status",
      header: t("admin.integrations.webhooks.columns.status"),
      cell: (webhook) =>
        webhook.enabled ? (
          <StatusBadge tone="green">{t("admin.integrations.webhooks.enabled")}</StatusBadge>
        ) : (
          <StatusBadge tone={webhook.disabled_reason === "FAILING" ? "red" : "grey"}>
            {t(`admin.integrations.webhooks.disabled.${webhook.disabled_reason ?? "DISABLED"}`)}
          </StatusBadge>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.integrations.title")}
        description={t("admin.integrations.webhooks.description")}
        actions={
          can("integrations.integrations.activate") ? (
            <ButtonLink to={NEW_WEBHOOK_PATH} data-testid="new-webhook">
              <PlusIcon className="size-4" />
              {t("admin.integrations.webhooks.new")}
            </ButtonLink>
          ) : null
        }
      />
      <IntegrationsTabs />
      <DataTable
        caption={t("admin.integrations.tabs.webhooks")}
        testId="webhooks-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(webhook) => webhook.cuid}
        empty={
          <EmptyState
            icon={GlobeIcon}
            title={t("admin.integrations.webhooks.empty")}
            body={t("admin.integrations.webhooks.empty_body")}
          />
        }
      />
    </>
  );
}
