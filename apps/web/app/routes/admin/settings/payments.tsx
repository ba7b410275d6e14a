import { type PaymentsSettingsView, paymentsSettingsBody } from "@booking/contracts";
import { z } from "zod";
import { checkedBy } from "../../../components/admin/catalogue/form-inputs";
import { FormPanel } from "../../../components/admin/form-panel";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { StoredAccount } from "../../../components/admin/settings/stored-account";
import { StatusBadge } from "../../../components/admin/status-badge";
import { FieldErrorText, PasswordField, useErrorMessage } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { settingsApi } from "../../../lib/admin/settings-api";
import type { Route } from "./+types/payments";

/** A blank key field keeps the stored key: only a typed one replaces it. */
const paymentsForm = z
  .object({
    bank_transfers_payments_activated: z.boolean(),
    online_payments_activated: z.boolean(),
    mollie_api_key: z.string(),
  })
  .transform((values) => ({
    ...values,
    mollie_api_key: values.mollie_api_key.trim() === "" ? undefined : values.mollie_api_key,
  }))
  .transform(checkedBy(paymentsSettingsBody));

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "organiser.payments.read");
  return { payments: await adminGet<PaymentsSettingsView>(args, "/api/admin/settings/payments") };
}

/**
 * How customers pay: bank transfers with the structured reference, online payments through the
 * platform's provider or the organiser's own Mollie account (its key is never shown again, only
 * its last four characters).
 */
export default function PaymentsSettings({ loaderData }: Route.ComponentProps) {
  // A save reloads the settings: the form starts again from them (the key field empty).
  return <PaymentsForm key={JSON.stringify(loaderData.payments)} payments={loaderData.payments} />;
}

function PaymentsForm({ payments }: { payments: PaymentsSettingsView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const errorMessage = useErrorMessage();
  const readOnly = !can("organiser.payments.update");
  const own = payments.own_provider;
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: paymentsForm,
    defaultValues: {
      bank_transfers_payments_activated: payments.bank_transfers_payments_activated,
      online_payments_activated: payments.online_payments_activated,
      mollie_api_key: "",
    },
    send: settingsApi.updatePayments,
    success: t("admin.settings.saved"),
  });
  const removeKey = useAdminMutation(
    () =>
      settingsApi.updatePayments({
        bank_transfers_payments_activated: payments.bank_transfers_payments_activated,
        online_payments_activated: payments.online_payments_activated,
        mollie_api_key: null,
      }),
    { success: t("admin.settings.payments.key_removed") },
  );
  const onlineError = errorMessage(form.formState.errors.online_payments_activated?.message);
  const label = (key: string) => t(`admin.settings.payments.${key}`);
  const switches = ["bank_transfers_payments_activated", "online_payments_activated"] as const;

  return (
    <SettingsForm onSubmit={onSubmit} readOnly={readOnly} pending={pending} testId="payments-form">
      <FormPanel title={label("methods")}>
        {switches.map((name) => (
          <div key={name} className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                aria-invalid={
                  name === "online_payments_activated" && onlineError ? true : undefined
                }
                {...form.register(name)}
              />
              <span>
                <span className="font-medium">{label(name)}</span>
                <span className="block text-slate-600">{label(`${name}_hint`)}</span>
              </span>
            </label>
            {name === "online_payments_activated" && onlineError ? (
              <FieldErrorText id="online-payments-error">{onlineError}</FieldErrorText>
            ) : null}
          </div>
        ))}
      </FormPanel>
      <FormPanel
        title={label("provider")}
        description={label(
          own
            ? "own_provider_used"
            : payments.platform_provider
              ? "platform_provider"
              : "no_platform_provider",
        )}
      >
        {own ? (
          <StoredAccount
            testId="own-provider"
            name={label("own_account")}
            state={
              own.api_key_last4 === null ? (
                label("key_unreadable")
              ) : (
                <>
                  <span className="font-mono">••••{own.api_key_last4}</span>{" "}
                  <StatusBadge tone={own.mode === "live" ? "green" : "yellow"}>
                    {label(own.mode === "live" ? "mode_live" : "mode_test")}
                  </StatusBadge>
                </>
              )
            }
            readOnly={readOnly}
            remove={{
              label: label("remove_key"),
              title: label("remove_key_title"),
              body: label("remove_key_body"),
              onConfirm: async () => (await removeKey.mutate()).ok,
            }}
          />
        ) : null}
        {readOnly ? null : (
          <PasswordField
            label={label(own ? "replace_key" : "api_key")}
            hint={label("api_key_hint")}
            autoComplete="off"
            spellCheck={false}
            {...field("mollie_api_key")}
          />
        )}
      </FormPanel>
    </SettingsForm>
  );
}
