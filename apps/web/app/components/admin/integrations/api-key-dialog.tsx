import { type ApiKeyBody, type ApiKeyCreated, apiKeyBody } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { integrationsApi } from "../../../lib/admin/integrations-api";
import { PlusIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { ChoiceList } from "./choice-list";
import { CopyField } from "./copy-field";

/**
 * "New API key": a name, its read scopes and an optional last day; once made, the whole key
 * shows here, this one time, with a button to copy it.
 */
export function ApiKeyDialog({ scopes }: { scopes: readonly string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: apiKeyBody,
    defaultValues: { name: "", scopes: [], expires_on: "" } as ApiKeyBody,
    send: (body) => integrationsApi.createKey({ ...body, expires_on: body.expires_on || null }),
    success: t("admin.integrations.api_keys.created"),
    onSuccess: (key) => setCreated(key),
  });
  const chosen = form.watch("scopes") ?? [];
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCreated(null);
      form.reset();
    }
  };
  return (
    <Modal
      title={t("admin.integrations.api_keys.new")}
      description={t("admin.integrations.api_keys.new_description")}
      open={open}
      onOpenChange={close}
      trigger={
        <Button data-testid="new-api-key">
          <PlusIcon className="size-4" />
          {t("admin.integrations.api_keys.new")}
        </Button>
      }
    >
      {created ? (
        <div className="flex flex-col gap-4">
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            {t("admin.integrations.api_keys.shown_once")}
          </p>
          <CopyField
            label={t("admin.integrations.api_keys.key")}
            value={created.key}
            testId="api-key-value"
          />
          <ModalActions>
            <Button onClick={() => close(false)}>{t("admin.integrations.api_keys.done")}</Button>
          </ModalActions>
        </div>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            label={t("admin.integrations.api_keys.fields.name")}
            autoComplete="off"
            {...field("name")}
          />
          <ChoiceList
            legend={t("admin.integrations.api_keys.fields.scopes")}
            name="scopes"
            choices={scopes.map((scope) => ({
              value: scope,
              label: t(`admin.integrations.scopes.${scope.replace(".read", "")}`),
            }))}
            value={chosen}
            onChange={(next) =>
              form.setValue("scopes", next as ApiKeyBody["scopes"], {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
            error={form.formState.errors.scopes?.message}
          />
          <TextField
            label={t("admin.integrations.api_keys.fields.expires_on")}
            hint={t("admin.integrations.api_keys.fields.expires_on_hint")}
            type="date"
            optional
            {...field("expires_on")}
          />
          <ModalActions>
            <SubmitButton pending={pending} data-testid="create-api-key">
              {t("admin.integrations.api_keys.create")}
            </SubmitButton>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
