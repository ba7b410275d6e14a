import type { ApiKeyView } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { ConfirmDialog } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { ApiKeyDialog } from "../../../components/admin/integrations/api-key-dialog";
import { IntegrationsTabs } from "../../../components/admin/integrations/integrations-tabs";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { LockIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { API_KEYS_API, integrationsApi } from "../../../lib/admin/integrations-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import type { Route } from "./+types/api-keys";

const TONE: Record<ApiKeyView["status"], StatusTone> = {
  ACTIVE: "green",
  REVOKED: "grey",
  EXPIRED: "yellow",
};

/** /admin/integrations/api-keys: the organiser's keys of its read API (`/api/docs`). */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "integrations.integrations.read");
  return adminGet<{ data: ApiKeyView[]; scopes: string[] }>(args, API_KEYS_API);
}

function RevokeButton({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  const revoke = useAdminMutation(integrationsApi.revokeKey, {
    success: t("admin.integrations.api_keys.revoked"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" data-testid="revoke-api-key">
          {t("admin.integrations.api_keys.revoke")}
        </Button>
      }
      title={t("admin.integrations.api_keys.revoke_title", { name: apiKey.name })}
      description={t("admin.integrations.api_keys.revoke_description")}
      confirmLabel={t("admin.integrations.api_keys.revoke")}
      onConfirm={async () => (await revoke.mutate(apiKey.cuid)).ok}
    />
  );
}

export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const never = t("admin.integrations.api_keys.never");
  const columns: DataTableColumn<ApiKeyView>[] = [
    {
      id: "name",
      header: t("admin.integrations.api_keys.columns.name"),
      cell: (key) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-950">{key.name}</span>
          <code className="text-xs text-slate-600">{key.prefix}…</code>
        </span>
      ),
    },
    {
      id: "scopes",
      header: t("admin.integrations.api_keys.columns.scopes"),
      cell: (key) =>
        key.scopes
          .map((scope) => t(`admin.integrations.scopes.${scope.replace(".read", "")}`))
          .join(", "),
    },
    {
      id: "status",
      header: t("admin.integrations.api_keys.columns.status"),
      cell: (key) => (
        <StatusBadge tone={TONE[key.status]}>
          {t(`admin.integrations.api_keys.status.${key.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: "used",
      header: t("admin.integrations.api_keys.columns.last_used"),
      cell: (key) => (key.last_used_at ? format.dateTime(key.last_used_at) : never),
    },
    {
      id: "expires",
      header: t("admin.integrations.api_keys.columns.expires"),
      cell: (key) => (key.expires_at ? format.dateTime(key.expires_at) : never),
    },
    {
      id: "actions",
      header: t("admin.integrations.api_keys.columns.actions"),
      hideHeader: true,
      cell: (key) =>
        key.status === "ACTIVE" && can("integrations.integrations.deactivate") ? (
          <RevokeButton apiKey={key} />
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader
        title={t("admin.integrations.title")}
        description={t("admin.integrations.api_keys.description")}
        actions={
          can("integrations.integrations.activate") ? (
            <ApiKeyDialog scopes={loaderData.scopes} />
          ) : null
        }
      />
      <IntegrationsTabs />
      <p className="text-sm text-slate-600">
        {t("admin.integrations.api_keys.docs")}{" "}
        <a href="/api/docs" className="font-semibold text-slate-950 underline underline-offset-4">
          /api/docs
        </a>
      </p>
      <DataTable
        caption={t("admin.integrations.tabs.api_keys")}
        testId="api-keys-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(key) => key.cuid}
        empty={<EmptyState icon={LockIcon} title={t("admin.integrations.api_keys.empty")} />}
      />
    </>
  );
}
