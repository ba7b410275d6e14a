import { type InvoiceSettingsView, invoiceSettingsBody } from "@booking/contracts";
import {
  BELGIAN_VAT_RATES,
  formatInvoiceNumber,
  INVOICE_ISSUE_MOMENTS,
  INVOICE_PRODUCT_KINDS,
  VAT_REGIMES,
  vatLegalMention,
} from "@booking/domain";
import { z } from "zod";
import { checkedBy } from "../../../components/admin/catalogue/form-inputs";
import { SelectField } from "../../../components/admin/fields";
import { FormPanel } from "../../../components/admin/form-panel";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { invoicesApi } from "../../../lib/admin/invoices-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/settings";

/** What the form types (numbers as text), turned into the API's body. */
const settingsForm = z
  .object({
    issue_on: z.string(),
    number_prefix: z.string(),
    yearly_reset: z.boolean(),
    payment_delay_days: z.string(),
    footer_message: z.string(),
    vat_regime: z.string(),
    vat_rates: z.record(z.string(), z.string()),
  })
  .transform((values) => ({
    ...values,
    payment_delay_days: Number(values.payment_delay_days),
    vat_rates: Object.fromEntries(
      Object.entries(values.vat_rates).map(([kind, rate]) => [kind, Number(rate)]),
    ),
  }))
  .transform(checkedBy(invoiceSettingsBody));

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "customer_invoices.settings.read");
  return { settings: await adminGet<InvoiceSettingsView>(args, "/api/admin/invoices/settings") };
}

/**
 * Customer invoices: when they are issued, their numbering, the payment delay, the footer, and
 * the organiser's VAT regime with the mention it prints (docs/decisions/0074-customer-invoices.md).
 */
export default function InvoiceSettings({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  return <InvoiceSettingsForm key={JSON.stringify(settings)} settings={settings} />;
}

function InvoiceSettingsForm({ settings }: { settings: InvoiceSettingsView }) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const readOnly = !can("customer_invoices.settings.update");
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: settingsForm,
    defaultValues: {
      issue_on: settings.issue_on,
      number_prefix: settings.number_prefix,
      yearly_reset: settings.yearly_reset,
      payment_delay_days: String(settings.payment_delay_days),
      footer_message: settings.footer_message,
      vat_regime: settings.vat_regime,
      vat_rates: Object.fromEntries(
        Object.entries(settings.vat_rates).map(([kind, rate]) => [kind, String(rate)]),
      ),
    },
    send: invoicesApi.updateSettings,
    success: t("admin.settings.saved"),
  });
  const label = (key: string) => t(`admin.invoices.settings.${key}`);
  const regime = form.watch("vat_regime") as InvoiceSettingsView["vat_regime"];
  const prefix = form.watch("number_prefix").trim();
  const yearly = form.watch("yearly_reset");
  // The mention is printed in the organiser's language, whatever the console's.
  const mention = vatLegalMention(regime, session.organiser?.language ?? "fr");
  const example = /^[A-Za-z0-9-]{0,10}$/.test(prefix)
    ? formatInvoiceNumber(prefix, "INVOICE", yearly ? new Date().getFullYear() : 0, 1)
    : null;

  return (
    <SettingsForm
      onSubmit={onSubmit}
      readOnly={readOnly}
      pending={pending}
      testId="invoice-settings-form"
    >
      <FormPanel title={label("issuing")}>
        <SelectField
          label={label("issue_on")}
          options={INVOICE_ISSUE_MOMENTS.map((value) => ({
            value,
            label: label(`issue_on_${value}`),
          }))}
          {...field("issue_on")}
        />
        <TextField
          label={label("payment_delay_days")}
          inputMode="numeric"
          className="max-w-60"
          {...field("payment_delay_days")}
        />
        <TextField label={label("footer_message")} optional {...field("footer_message")} />
      </FormPanel>
      <FormPanel title={label("numbering")} description={label("numbering_hint")}>
        <TextField
          label={label("number_prefix")}
          autoComplete="off"
          className="max-w-60"
          optional
          {...field("number_prefix")}
        />
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4" {...form.register("yearly_reset")} />
          <span className="font-medium">{label("yearly_reset")}</span>
        </label>
        {example ? (
          <p className="text-sm text-slate-600">
            {label("number_example")}{" "}
            <span
              className="font-mono font-medium text-slate-950"
              data-testid="invoice-number-example"
            >
              {example}
            </span>
          </p>
        ) : null}
      </FormPanel>
      <div className="lg:col-span-2">
        <FormPanel title={label("vat")}>
          <SelectField
            label={label("vat_regime")}
            options={VAT_REGIMES.map((value) => ({ value, label: label(`vat_regime_${value}`) }))}
            {...field("vat_regime")}
          />
          {mention ? (
            <p className="text-sm text-slate-700" data-testid="invoice-legal-mention">
              {label("legal_mention")} <span className="font-medium">{mention}</span>
            </p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {INVOICE_PRODUCT_KINDS.map((kind) => (
                <SelectField
                  key={kind}
                  label={label(`kind_${kind}`)}
                  options={BELGIAN_VAT_RATES.map((rate) => ({
                    value: String(rate),
                    label: `${rate} %`,
                  }))}
                  {...field(`vat_rates.${kind}` as never)}
                />
              ))}
            </div>
          )}
        </FormPanel>
      </div>
    </SettingsForm>
  );
}
