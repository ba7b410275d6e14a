import { type BusinessSettingsView, businessSettingsBody } from "@booking/contracts";
import { FormPanel } from "../../../components/admin/form-panel";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { settingsApi } from "../../../lib/admin/settings-api";
import type { Route } from "./+types/business";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "organiser.business.read");
  return { business: await adminGet<BusinessSettingsView>(args, "/api/admin/settings/business") };
}

/** The organiser's company: legal name and VAT number, the bank account customers pay, the address. */
export default function BusinessSettings({ loaderData }: Route.ComponentProps) {
  // A save reloads the settings: the form starts again from them as stored (IBAN compacted…).
  return <BusinessForm key={JSON.stringify(loaderData.business)} business={loaderData.business} />;
}

function BusinessForm({ business }: { business: BusinessSettingsView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const text = (value: string | null) => value ?? "";
  const { field, onSubmit, pending } = useAdminForm({
    schema: businessSettingsBody,
    defaultValues: {
      legal_name: text(business.legal_name),
      vat_number: text(business.vat_number),
      enterprise_number: text(business.enterprise_number),
      iban: text(business.iban),
      bic: text(business.bic),
      street: text(business.street),
      number: text(business.number),
      postcode: text(business.postcode),
      city: text(business.city),
      country: text(business.country),
    },
    send: settingsApi.updateBusiness,
    success: t("admin.settings.saved"),
  });
  const label = (name: string) => t(`admin.settings.business.${name}`);

  return (
    <SettingsForm
      onSubmit={onSubmit}
      readOnly={!can("organiser.business.update")}
      pending={pending}
      testId="business-form"
    >
      <FormPanel title={label("company")}>
        <TextField
          label={label("legal_name")}
          autoComplete="organization"
          optional
          {...field("legal_name")}
        />
        <TextField
          label={label("vat_number")}
          hint={label("vat_number_hint")}
          autoComplete="off"
          optional
          {...field("vat_number")}
        />
        <TextField
          label={label("enterprise_number")}
          hint={label("enterprise_number_hint")}
          autoComplete="off"
          optional
          data-testid="business-enterprise-number"
          {...field("enterprise_number")}
        />
      </FormPanel>
      <FormPanel title={label("bank")} description={label("bank_hint")}>
        <TextField
          label={label("iban")}
          autoComplete="off"
          spellCheck={false}
          optional
          data-testid="business-iban"
          {...field("iban")}
        />
        <TextField
          label={label("bic")}
          autoComplete="off"
          spellCheck={false}
          optional
          {...field("bic")}
        />
      </FormPanel>
      <FormPanel title={label("address")}>
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] items-end gap-3">
          <TextField
            label={label("street")}
            autoComplete="address-line1"
            optional
            {...field("street")}
          />
          <TextField label={label("number")} optional {...field("number")} />
        </div>
        <div className="grid grid-cols-[8rem_minmax(0,1fr)] items-end gap-3">
          <TextField
            label={label("postcode")}
            autoComplete="postal-code"
            optional
            {...field("postcode")}
          />
          <TextField
            label={label("city")}
            autoComplete="address-level2"
            optional
            {...field("city")}
          />
        </div>
        <TextField
          label={label("country")}
          hint={label("country_hint")}
          autoComplete="country"
          maxLength={2}
          className="max-w-40"
          optional
          {...field("country")}
        />
      </FormPanel>
    </SettingsForm>
  );
}
