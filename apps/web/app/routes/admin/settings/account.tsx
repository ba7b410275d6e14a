import { type AccountSettingsView, accountSettingsBody, LANGUAGES } from "@booking/contracts";
import { SelectField } from "../../../components/admin/fields";
import { FormPanel } from "../../../components/admin/form-panel";
import { LogoField } from "../../../components/admin/settings/logo-field";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { settingsApi } from "../../../lib/admin/settings-api";
import type { Route } from "./+types/account";

/**
 * The zones and currencies the organiser may pick, listed on the server (the browser's Intl may
 * know a few more or fewer: the page must render the same on both sides).
 */
function choices(account: AccountSettingsView, language: string) {
  const zones = Intl.supportedValuesOf("timeZone");
  const names = new Intl.DisplayNames([language], { type: "currency" });
  return {
    timeZones: zones.includes(account.timezone) ? zones : [account.timezone, ...zones],
    currencies: Intl.supportedValuesOf("currency").map((code) => ({
      value: code,
      label: `${code} – ${names.of(code) ?? code}`,
    })),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "organiser.account.read");
  const account = await adminGet<AccountSettingsView>(args, "/api/admin/settings/account");
  // The console speaks the organiser's language (root.tsx).
  return { account, ...choices(account, session.organiser?.language ?? "fr") };
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  // A save reloads the settings: the form starts again from them as stored. The logo is saved
  // apart, so a new logo does not reset what is being typed.
  const { logo_url: _logo, ...saved } = loaderData.account;
  return <AccountForm key={JSON.stringify(saved)} {...loaderData} />;
}

function AccountForm({
  account,
  timeZones,
  currencies,
}: {
  account: AccountSettingsView;
  timeZones: string[];
  currencies: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const editable = can("organiser.account.update");
  const { field, onSubmit, pending } = useAdminForm({
    schema: accountSettingsBody,
    defaultValues: {
      name: account.name,
      language: account.language,
      currency: account.currency,
      timezone: account.timezone,
      contact_email: account.contact_email ?? "",
      contact_phone: account.contact_phone ?? "",
    },
    send: settingsApi.updateAccount,
    success: t("admin.settings.saved"),
  });

  return (
    <SettingsForm onSubmit={onSubmit} readOnly={!editable} pending={pending} testId="account-form">
      <FormPanel title={t("admin.settings.account.identity")}>
        <TextField
          label={t("admin.settings.account.name")}
          autoComplete="organization"
          {...field("name")}
        />
        <LogoField url={account.logo_url} editable={editable} />
      </FormPanel>
      <FormPanel
        title={t("admin.settings.account.locale")}
        description={t("admin.settings.account.locale_hint")}
      >
        <SelectField
          label={t("admin.settings.account.language")}
          options={LANGUAGES.map((code) => ({
            value: code,
            label: t(`admin.settings.languages.${code}`),
          }))}
          {...field("language")}
        />
        <SelectField
          label={t("admin.settings.account.timezone")}
          options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
          {...field("timezone")}
        />
        {account.currency_locked ? (
          <TextField
            label={t("admin.settings.account.currency")}
            readOnly
            hint={t("admin.settings.account.currency_locked")}
            {...field("currency")}
          />
        ) : (
          <SelectField
            label={t("admin.settings.account.currency")}
            options={currencies}
            {...field("currency")}
          />
        )}
      </FormPanel>
      <FormPanel
        title={t("admin.settings.account.contact")}
        description={t("admin.settings.account.contact_hint")}
      >
        <TextField
          label={t("admin.settings.account.contact_email")}
          type="email"
          autoComplete="email"
          optional
          {...field("contact_email")}
        />
        <TextField
          label={t("admin.settings.account.contact_phone")}
          type="tel"
          autoComplete="tel"
          placeholder="+32 2 123 45 67"
          optional
          {...field("contact_phone")}
        />
      </FormPanel>
    </SettingsForm>
  );
}
