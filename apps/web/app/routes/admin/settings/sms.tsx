import { type SmsSettingsView, type SmsUsageView, smsSettingsBody } from "@booking/contracts";
import { useState } from "react";
import { z } from "zod";
import { checkedBy } from "../../../components/admin/catalogue/form-inputs";
import { FormPanel } from "../../../components/admin/form-panel";
import { SmsCounter } from "../../../components/admin/notifications/sms-counter";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { SmsUsagePanel } from "../../../components/admin/settings/sms-usage";
import { StoredAccount } from "../../../components/admin/settings/stored-account";
import { StatusBadge } from "../../../components/admin/status-badge";
import { FieldShell, inputClasses, PasswordField, TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { settingsApi } from "../../../lib/admin/settings-api";
import type { Route } from "./+types/sms";

/** The account's fields are sent only when the organiser opened them to add or replace it. */
const smsForm = z
  .object({
    sender_name: z.string(),
    replace_account: z.boolean(),
    credentials: z.object({ account_sid: z.string(), auth_token: z.string(), from: z.string() }),
  })
  .transform(({ sender_name, replace_account, credentials }) => ({
    sender_name,
    credentials: replace_account ? { provider: "twilio", ...credentials } : undefined,
  }))
  .transform(checkedBy(smsSettingsBody));

const FORM_FIELDS = [
  "sender_name",
  "credentials.account_sid",
  "credentials.auth_token",
  "credentials.from",
] as const;

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "organiser.preferences.read");
  const [sms, usage] = await Promise.all([
    adminGet<SmsSettingsView>(args, "/api/admin/settings/sms"),
    adminGet<SmsUsageView>(args, "/api/admin/settings/sms/usage"),
  ]);
  return { sms, usage };
}

/**
 * SMS: the sender name families see, the organiser's own Twilio account (stored encrypted, never
 * shown again: only "configured"), what its SMS cost per month, and a counter to try a text.
 */
export default function SmsSettings({ loaderData }: Route.ComponentProps) {
  const { sms, usage } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      {/* A save reloads the settings: the form starts again from them (the secret fields empty). */}
      <SmsForm key={JSON.stringify(sms)} sms={sms} />
      <div className="grid gap-5 lg:grid-cols-2">
        <SmsUsagePanel usage={usage} />
        <SmsTester unitAmount={sms.unit_amount} />
      </div>
    </div>
  );
}

function SmsForm({ sms }: { sms: SmsSettingsView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const readOnly = !can("organiser.preferences.update");
  const label = (key: string) => t(`admin.settings.sms.${key}`);
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: smsForm,
    defaultValues: {
      sender_name: sms.sender_name ?? "",
      replace_account: false,
      credentials: { account_sid: "", auth_token: "", from: "" },
    },
    resolveField: (path) =>
      (FORM_FIELDS as readonly string[]).includes(path)
        ? (path as (typeof FORM_FIELDS)[number])
        : null,
    send: settingsApi.updateSms,
    success: t("admin.settings.saved"),
  });
  const removeAccount = useAdminMutation(
    () => settingsApi.updateSms({ sender_name: sms.sender_name, credentials: null }),
    { success: label("account_removed") },
  );
  const replacing = form.watch("replace_account");
  const providerText = sms.own_provider
    ? "own_provider_used"
    : sms.platform_provider
      ? "platform_provider"
      : "no_platform_provider";

  return (
    <SettingsForm onSubmit={onSubmit} readOnly={readOnly} pending={pending} testId="sms-form">
      <FormPanel title={label("sender")} description={label("sender_hint")}>
        <TextField
          label={label("sender_name")}
          hint={label("sender_name_hint")}
          optional
          maxLength={11}
          data-testid="sms-sender-name"
          autoComplete="off"
          spellCheck={false}
          {...field("sender_name")}
        />
      </FormPanel>
      <FormPanel title={label("provider")} description={label(providerText)}>
        {sms.own_provider ? (
          <StoredAccount
            testId="own-sms-provider"
            name={label("own_account")}
            state={
              sms.own_provider === "configured" ? (
                <StatusBadge tone="green">{label("configured")}</StatusBadge>
              ) : (
                label("unreadable")
              )
            }
            readOnly={readOnly}
            remove={{
              label: label("remove_account"),
              title: label("remove_account_title"),
              body: label("remove_account_body"),
              onConfirm: async () => (await removeAccount.mutate()).ok,
            }}
          />
        ) : null}
        {readOnly ? null : (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              data-testid="sms-replace-account"
              {...form.register("replace_account")}
            />
            {label(sms.own_provider ? "replace_account" : "add_account")}
          </label>
        )}
        {replacing && !readOnly ? (
          <div className="flex flex-col gap-4" data-testid="sms-account-fields">
            <TextField
              label={label("account_sid")}
              hint={label("account_sid_hint")}
              data-testid="sms-account-sid"
              autoComplete="off"
              spellCheck={false}
              {...field("credentials.account_sid")}
            />
            <PasswordField
              label={label("auth_token")}
              hint={label("auth_token_hint")}
              data-testid="sms-auth-token"
              autoComplete="off"
              spellCheck={false}
              {...field("credentials.auth_token")}
            />
            <TextField
              label={label("from")}
              hint={label("from_hint")}
              data-testid="sms-account-from"
              autoComplete="off"
              spellCheck={false}
              {...field("credentials.from")}
            />
          </div>
        ) : null}
      </FormPanel>
    </SettingsForm>
  );
}

/** Try a text: its characters, parts and cost, before writing it in a message or a rule. */
function SmsTester({ unitAmount }: { unitAmount: number }) {
  const { t } = useTranslation();
  const [body, setBody] = useState("");
  const id = "sms-tester";
  return (
    <FormPanel
      title={t("admin.settings.sms.tester")}
      description={t("admin.settings.sms.tester_hint")}
    >
      <FieldShell id={id} label={t("admin.settings.sms.tester_label")}>
        <textarea
          id={id}
          rows={4}
          className={inputClasses(false)}
          data-testid="sms-tester"
          aria-describedby={`${id}-counter`}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      </FieldShell>
      <SmsCounter id={`${id}-counter`} body={body} unitAmount={unitAmount} />
    </FormPanel>
  );
}
