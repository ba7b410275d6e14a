import type { AdminPaymentView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { paymentsApi } from "../../../lib/admin/payments-api";
import { AmountReasonDialog } from "./amount-reason-dialog";

/**
 * Refunds an online payment through its provider: all of it by default, or part of it, with
 * the reason kept on the payment. A payment is refunded once.
 */
export function RefundDialog({ payment }: { payment: AdminPaymentView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const refund = useAdminMutation(
    (body: { amount: number; reason: string }) => paymentsApi.refund(payment.cuid, body),
    {
      success: (value) =>
        t("admin.payments.refund.done", { amount: format.money(value.refunded_amount ?? 0) }),
    },
  );
  return (
    <AmountReasonDialog
      title={t("admin.payments.refund.title")}
      description={t("admin.payments.refund.description", {
        amount: format.money(payment.amount),
        provider: payment.provider ?? "",
      })}
      labels={{
        open: t("admin.payments.refund.open"),
        amount: t("admin.payments.refund.amount"),
        hint: t("admin.payments.refund.amount_hint", { amount: format.money(payment.amount) }),
        reason: t("admin.payments.refund.reason"),
        submit: t("admin.payments.refund.submit"),
      }}
      currency={payment.currency}
      maximum={payment.amount}
      tooBig="REFUND_ABOVE_PAID"
      send={async (body) => (await refund.mutate(body)).ok}
      testId="refund"
      triggerTestId="refund-payment"
    />
  );
}
