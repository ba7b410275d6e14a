import type { ConsoleInvoiceItem } from "@booking/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { invoicesApi } from "../../../lib/admin/invoices-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { useLanguage } from "../../../lib/root-data";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { AmountField, amountText, typedAmount } from "../payments/amount-field";

/**
 * Issues a credit note on an invoice: all that its credit notes left by default, or part of it,
 * with the reason printed on the credit note (docs/decisions/0074-customer-invoices.md).
 */
export function CreditDialog({ invoice }: { invoice: ConsoleInvoiceItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { session } = useConsole();
  const currency = session.organiser?.currency ?? "EUR";
  const format = useConsoleFormatters();
  const left = invoice.total_amount - invoice.credited_amount;
  const full = amountText(left, currency, language);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(full);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const credit = useAdminMutation(
    (body: { amount: number; reason: string }) => invoicesApi.credit(invoice.cuid, body),
    {
      success: (value) => t("admin.invoices.credit.done", { number: value.credit_note.number }),
    },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minor = typedAmount(amount, currency);
    const next = {
      amount:
        minor === null || minor <= 0 ? "INVALID_FORMAT" : minor > left ? "TOO_BIG" : undefined,
      reason: reason.trim() === "" ? "REQUIRED" : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason || minor === null) return;
    const outcome = await credit.mutate({ amount: minor, reason: reason.trim() });
    if (outcome.ok) setOpen(false);
  }

  return (
    <Modal
      title={t("admin.invoices.credit.title", { number: invoice.number })}
      description={t("admin.invoices.credit.description", { amount: format.money(left) })}
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
        <Button variant="ghost" size="sm" data-testid="credit-invoice">
          {t("admin.invoices.credit.open")}
        </Button>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <AmountField
          label={t("admin.invoices.credit.amount")}
          value={amount}
          onChange={setAmount}
          currency={currency}
          error={errors.amount}
          testId="credit-amount"
        />
        <TextField
          label={t("admin.invoices.credit.reason")}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={255}
          error={errors.reason}
          data-testid="credit-reason"
        />
        <ModalActions>
          <SubmitButton pending={credit.pending} variant="danger" data-testid="credit-submit">
            {t("admin.invoices.credit.submit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
