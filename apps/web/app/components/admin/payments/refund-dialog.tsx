import type { AdminPaymentView } from "@booking/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { paymentsApi } from "../../../lib/admin/payments-api";
import { useLanguage } from "../../../lib/root-data";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { AmountField, amountText, typedAmount } from "./amount-field";

/**
 * Refunds an online payment through its provider: all of it by default, or part of it, with
 * the reason kept on the payment. A payment is refunded once.
 */
export function RefundDialog({ payment }: { payment: AdminPaymentView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useConsoleFormatters();
  const full = amountText(payment.amount, payment.currency, language);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(full);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const refund = useAdminMutation(
    (body: { amount: number; reason: string }) => paymentsApi.refund(payment.cuid, body),
    {
      success: (value) =>
        t("admin.payments.refund.done", { amount: format.money(value.refunded_amount ?? 0) }),
    },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minor = typedAmount(amount, payment.currency);
    const next = {
      amount:
        minor === null
          ? "INVALID_FORMAT"
          : minor > payment.amount
            ? "REFUND_ABOVE_PAID"
            : undefined,
      reason: reason.trim() === "" ? "REQUIRED" : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason || minor === null) return;
    const outcome = await refund.mutate({ amount: minor, reason: reason.trim() });
    if (outcome.ok) setOpen(false);
  }

  return (
    <Modal
      title={t("admin.payments.refund.title")}
      description={t("admin.payments.refund.description", {
        amount: format.money(payment.amount),
        provider: payment.provider ?? "",
      })}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setAmount(full);
          setReason("");
          setErrors({});
        }
      }}
      trigger={
        <Button variant="ghost" size="sm" data-testid="refund-payment">
          {t("admin.payments.refund.open")}
        </Button>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <AmountField
          label={t("admin.payments.refund.amount")}
          hint={t("admin.payments.refund.amount_hint", { amount: format.money(payment.amount) })}
          value={amount}
          onChange={setAmount}
          currency={payment.currency}
          error={errors.amount}
          testId="refund-amount"
        />
        <TextField
          label={t("admin.payments.refund.reason")}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={255}
          error={errors.reason}
          data-testid="refund-reason"
        />
        <ModalActions>
          <SubmitButton pending={refund.pending} variant="danger" data-testid="refund-submit">
            {t("admin.payments.refund.submit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
