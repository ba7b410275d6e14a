import { customerInvoiceSettings, type TenantTx } from "@booking/db";
import { eq } from "@booking/db/orm";
import { DEFAULT_INVOICE_SETTINGS, type InvoiceSettings } from "@booking/domain";

type SettingsRow = typeof customerInvoiceSettings.$inferSelect;

function settingsOf(row: SettingsRow): InvoiceSettings {
  return {
    issue_on: row.issueOn,
    number_prefix: row.numberPrefix,
    yearly_reset: row.yearlyReset,
    payment_delay_days: row.paymentDelayDays,
    footer_message: row.footerMessage,
    vat_regime: row.vatRegime,
    vat_rates: { ...DEFAULT_INVOICE_SETTINGS.vat_rates, ...row.vatRates },
  };
}

/** The organiser's invoice settings; the defaults when it never saved any. */
export async function findInvoiceSettings(
  tx: TenantTx,
  organiserId: number,
): Promise<InvoiceSettings> {
  const [row] = await tx
    .select()
    .from(customerInvoiceSettings)
    .where(eq(customerInvoiceSettings.organiserId, organiserId));
  return row ? settingsOf(row) : DEFAULT_INVOICE_SETTINGS;
}

/** Writes the organiser's settings (the row is created on the first save). */
export async function saveInvoiceSettings(
  tx: TenantTx,
  organiserId: number,
  settings: InvoiceSettings,
): Promise<void> {
  const values = {
    issueOn: settings.issue_on,
    numberPrefix: settings.number_prefix,
    yearlyReset: settings.yearly_reset,
    paymentDelayDays: settings.payment_delay_days,
    footerMessage: settings.footer_message,
    vatRegime: settings.vat_regime,
    vatRates: settings.vat_rates,
  };
  await tx
    .insert(customerInvoiceSettings)
    .values({ organiserId, ...values })
    .onConflictDoUpdate({ target: customerInvoiceSettings.organiserId, set: values });
}
