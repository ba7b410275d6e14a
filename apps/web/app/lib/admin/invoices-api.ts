import type {
  ConsoleInvoiceItem,
  CreditInvoiceBody,
  InvoiceSettingsBody,
  InvoiceSettingsView,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's invoice calls from the browser (/api/admin/invoices). */
export const invoicesApi = {
  updateSettings: (body: InvoiceSettingsBody) =>
    apiRequest<InvoiceSettingsView>("PUT", "/api/admin/invoices/settings", body),
  credit: (cuid: string, body: CreditInvoiceBody) =>
    apiRequest<{ credit_note: ConsoleInvoiceItem }>(
      "POST",
      `/api/admin/invoices/${cuid}/credit`,
      body,
    ),
  resend: (cuid: string) =>
    apiRequest<{ ok: true }>("POST", `/api/admin/invoices/${cuid}/resend`, {}),
  /** sends a refused business document over Peppol again */
  peppolResend: (cuid: string) =>
    apiRequest<ConsoleInvoiceItem>("POST", `/api/admin/invoices/${cuid}/peppol`, {}),
};
