import {
  type WebhookEndpointBody,
  type WebhookEndpointDetail,
  webhookEndpointBody,
} from "@booking/contracts";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { integrationsApi, webhookPath } from "../../../lib/admin/integrations-api";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { FormPanel } from "../form-panel";
import { ChoiceList } from "./choice-list";

/**
 * A webhook's address, description, events (the catalogue's, with their names) and whether it
 * is enabled; creating one goes to its page, where its signing secret shows.
 */
export function WebhookForm({
  webhook,
  eventTypes,
  readOnly,
}: {
  webhook: WebhookEndpointDetail | null;
  eventTypes: readonly string[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: webhookEndpointBody,
    defaultValues: {
      url: webhook?.url ?? "",
      description: webhook?.description ?? "",
      event_types: webhook?.event_types ?? [],
      enabled: webhook?.enabled ?? true,
    } satisfies WebhookEndpointBody,
    send: (body) =>
      webhook
        ? integrationsApi.updateWebhook(webhook.cuid, body)
        : integrationsApi.createWebhook(body),
    success: t("admin.integrations.webhooks.saved"),
    onSuccess: (saved) => {
      if (!webhook) navigate(webhookPath(saved.cuid));
    },
  });
  const chosen = form.watch("event_types") ?? [];
  return (
    <form method="post" onSubmit={onSubmit} noValidate data-testid="webhook-form">
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <FormPanel title={t("admin.integrations.webhooks.endpoint")}>
          <TextField
            label={t("admin.integrations.webhooks.fields.url")}
            hint={t("admin.integrations.webhooks.fields.url_hint")}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            {...field("url")}
          />
          <TextField
            label={t("admin.integrations.webhooks.fields.description")}
            optional
            autoComplete="off"
            {...field("description")}
          />
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
            <input type="checkbox" className="size-4" {...form.register("enabled")} />
            <span>{t("admin.integrations.webhooks.fields.enabled")}</span>
          </label>
        </FormPanel>
        <FormPanel title={t("admin.integrations.webhooks.fields.events")}>
          <ChoiceList
            legend={t("admin.integrations.webhooks.fields.events")}
            hideLegend
            hint={t("admin.integrations.webhooks.fields.events_hint")}
            name="event_types"
            choices={eventTypes.map((type) => ({
              value: type,
              // A type added to the catalogue later reads as itself until it is translated.
              label: `${t(`admin.integrations.events.${type.replaceAll(".", "_")}`, { defaultValue: type })} (${type})`,
            }))}
            value={chosen}
            onChange={(next) =>
              form.setValue("event_types", next, { shouldDirty: true, shouldValidate: true })
            }
            error={form.formState.errors.event_types?.message}
          />
        </FormPanel>
        {readOnly ? null : (
          <div>
            <SubmitButton pending={pending} data-testid="webhook-save">
              {webhook
                ? t("admin.integrations.webhooks.save")
                : t("admin.integrations.webhooks.create")}
            </SubmitButton>
          </div>
        )}
      </fieldset>
    </form>
  );
}
