import type { ConsoleInvoiceItem } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { invoicesApi } from "../../../lib/admin/invoices-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { Button } from "../../ui/button";
import { CreditDialog } from "./credit-dialog";

const linkClass = "px-2 text-sm font-semibold text-accent-ink underline-offset-4 hover:underline";

function Resend({ invoice }: { invoice: ConsoleInvoiceItem }) {
  const { t } = useTranslation();
  const resend = useAdminMutation(() => invoicesApi.resend(invoice.cuid), {
    success: t("admin.invoices.resent"),
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => resend.mutate()}
      disabled={resend.pending}
      data-testid="resend-invoice"
    >
      {t("admin.invoices.resend")}
    </Button>
  );
}

/** A document's downloads (PDF, UBL), its e-mail again and its credit note, as staff may. */
export function InvoiceActions({ invoice }: { invoice: ConsoleInvoiceItem }) {
  const { can } = useConsole();
  return (
    <span className="flex flex-wrap items-center justify-end gap-1">
      <a
        href={invoice.pdf_url}
        target="_blank"
        rel="noreferrer"
        className={linkClass}
        data-testid="invoice-pdf"
      >
        PDF
      </a>
      {invoice.ubl_url ? (
        <a href={invoice.ubl_url} download className={linkClass}>
          UBL
        </a>
      ) : null}
      {can("notifications.trigger") ? <Resend invoice={invoice} /> : null}
      {invoice.type === "INVOICE" &&
      invoice.credited_amount < invoice.total_amount &&
      can("payments.payments.refund") ? (
        <CreditDialog invoice={invoice} />
      ) : null}
    </span>
  );
}
