import type { WebhookDeliveryView, WebhookEndpointDetail } from "@booking/contracts";
import { useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { FormPanel } from "../../../components/admin/form-panel";
import { CopyField } from "../../../components/admin/integrations/copy-field";
import { DeliveryLog } from "../../../components/admin/integrations/delivery-log";
import { WebhookForm } from "../../../components/admin/integrations/webhook-form";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { integrationsApi, WEBHOOKS_API, WEBHOOKS_PATH } from "../../../lib/admin/integrations-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/webhook-edit";

/**
 * /admin/integrations/webhooks/new and /admin/integrations/webhooks/:cuid: the endpoint's form,
 * its signing secret and its delivery log (`status` and `before` in the URL).
 */
export async function loader(args: Route.LoaderArgs) {
  const { cuid } = args.params as { cuid?: string };
  requirePermission(
    args,
    cuid ? "integrations.integrations.read" : "integrations.integrations.activate",
  );
  const list = await adminGet<{ event_types: string[] }>(args, WEBHOOKS_API);
  if (!cuid) return { webhook: null, eventTypes: list.event_types, deliveries: null };
  const path = `${WEBHOOKS_API}/${encodeURIComponent(cuid)}`;
  const query = new URL(args.request.url).searchParams;
  const filters = new URLSearchParams();
  for (const name of ["status", "before"]) {
    const value = query.get(name);
    if (value) filters.set(name, value);
  }
  const [webhook, deliveries] = await Promise.all([
    adminGet<WebhookEndpointDetail>(args, path),
    adminGet<{ data: WebhookDeliveryView[]; next_before: string | null }>(
      args,
      `${path}/deliveries?${filters.toString()}`,
    ),
  ]);
  return { webhook, eventTypes: list.event_types, deliveries };
}

export default function WebhookEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useConsole();
  const { webhook, eventTypes, deliveries } = loaderData;
  return (
    <>
      <PageHeader
        title={webhook ? webhook.url : t("admin.integrations.webhooks.new")}
        description={webhook?.description || undefined}
        back={{ to: WEBHOOKS_PATH, label: t("admin.integrations.tabs.webhooks") }}
        actions={
          webhook && can("integrations.integrations.deactivate") ? (
            <DeleteButton
              name={webhook.url}
              title={t("admin.integrations.webhooks.delete.title")}
              description={t("admin.integrations.webhooks.delete.description")}
              done={t("admin.integrations.webhooks.delete.done")}
              remove={() => integrationsApi.deleteWebhook(webhook.cuid)}
              onDeleted={() => navigate(WEBHOOKS_PATH)}
              showLabel
            />
          ) : null
        }
      />
      {webhook?.disabled_reason === "FAILING" ? (
        <p
          role="status"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          {t("admin.integrations.webhooks.failing")}
        </p>
      ) : null}
      <WebhookForm
        key={webhook?.cuid ?? "new"}
        webhook={webhook}
        eventTypes={eventTypes}
        readOnly={!can("integrations.integrations.activate")}
      />
      {webhook && deliveries ? (
        <>
          <FormPanel
            title={t("admin.integrations.webhooks.signing.title")}
            description={t("admin.integrations.webhooks.signing.description")}
          >
            <CopyField
              label={t("admin.integrations.webhooks.signing.secret")}
              value={webhook.signing_secret}
              testId="webhook-secret"
            />
          </FormPanel>
          <section className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold text-slate-950">
              {t("admin.integrations.deliveries.title")}
            </h2>
            <DeliveryLog
              webhookCuid={webhook.cuid}
              deliveries={deliveries.data}
              nextBefore={deliveries.next_before}
              canResend={webhook.enabled && can("integrations.integrations.activate")}
            />
          </section>
        </>
      ) : null}
    </>
  );
}
