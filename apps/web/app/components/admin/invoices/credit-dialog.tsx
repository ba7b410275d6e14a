import type { ConsoleInvoiceItem } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { invoicesApi } from "../../../lib/admin/invoices-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { AmountReasonDialog } from "../payments/amount-reason-dialog";

/**
 * Issues a credit note on an invoice: all that its credit notes left by default, or part of it,
 * with the reason printed on the credit note (docs/decisions/0074-customer-invoices.md).
 */
export function CreditDialog({ invoice }: { invoice: ConsoleInvoiceItem }) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const left = invoice.total_amount - invoice.credited_amount;
  const credit = useAdminMutation(
    (body: { amount: number; reason: string }) => invoicesApi.credit(invoice.cuid, body),
    {
      success: (value) => t("admin.invoices.credit.done", { number: value.credit_note.number }),
    },
  );
  return (
    <AmountReasonDialog
      title={t("admin.invoices.credit.title", { number: invoice.number })}
      description={t("admin.invoices.credit.description", { amount: format.money(left) })}
      labels={{
        open: t("admin.invoices.credit.open"),
        amount: t("admin.invoices.credit.amount"),
        reason: t("admin.invoices.credit.reason"),
        submit: t("admin.invoices.credit.submit"),
      }}
      currency={session.organiser?.currency ?? "EUR"}
      maximum={left}
      tooBig="TOO_BIG"
      send={async (body) => (await credit.mutate(body)).ok}
      testId="credit"
      triggerTestId="credit-invoice"
    />
  );
}
