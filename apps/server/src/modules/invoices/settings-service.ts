import type { InvoiceSettingsView, invoiceSettingsBody } from "@booking/contracts";
import { type InvoiceSettings, vatLegalMention } from "@booking/domain";
import type { z } from "zod";
import type { ConsoleContext } from "../../http/console-context.ts";
import { findInvoiceSettings, saveInvoiceSettings } from "./settings-queries.ts";

function settingsView(context: ConsoleContext, settings: InvoiceSettings): InvoiceSettingsView {
  return {
    ...settings,
    legal_mention: vatLegalMention(settings.vat_regime, context.organiser.language),
  };
}

/** GET /api/admin/invoices/settings. */
export async function getInvoiceSettings(context: ConsoleContext): Promise<InvoiceSettingsView> {
  return settingsView(context, await findInvoiceSettings(context.db, context.organiser.id));
}

/**
 * PUT /api/admin/invoices/settings (audited). A new prefix or reset rule applies to documents
 * issued from now on; issued ones keep their numbers, and each series' counter goes on.
 */
export async function updateInvoiceSettings(
  context: ConsoleContext,
  input: z.output<typeof invoiceSettingsBody>,
): Promise<InvoiceSettingsView> {
  const before = await findInvoiceSettings(context.db, context.organiser.id);
  await saveInvoiceSettings(context.db, context.organiser.id, input);
  await context.audit({
    action: "invoice_settings.updated",
    entity: "organiser",
    entityId: context.organiser.slug,
    before: { ...before },
    after: { ...input },
  });
  return settingsView(context, input);
}
