import type { ConsoleInvoiceItem } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { StatusBadge } from "../status-badge";

/** An invoice's payment: what is outstanding, or paid; nothing for a credit note. */
export function PaymentStatus({ invoice }: { invoice: ConsoleInvoiceItem }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  if (invoice.outstanding_amount === null) return null;
  return invoice.outstanding_amount > 0 ? (
    <StatusBadge tone="yellow" value="OUTSTANDING">
      {t("admin.invoices.outstanding", { amount: format.money(invoice.outstanding_amount) })}
    </StatusBadge>
  ) : (
    <StatusBadge tone="green" value="PAID">
      {t("admin.invoices.statuses.PAID")}
    </StatusBadge>
  );
}
