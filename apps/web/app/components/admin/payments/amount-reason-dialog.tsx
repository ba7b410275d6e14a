import { type FormEvent, useState } from "react";
import { useLanguage } from "../../../lib/root-data";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { AmountField, amountText, typedAmount } from "./amount-field";

/**
 * A dialog taking money back — a payment's refund, an invoice's credit note —: an amount (all of
 * `maximum` by default, or part of it) and a reason, both checked before `send` is called.
 * `testId` prefixes its parts (`{testId}-amount`, `-reason`, `-submit`; the trigger is
 * `triggerTestId`).
 */
export function AmountReasonDialog({
  title,
  description,
  labels,
  currency,
  maximum,
  tooBig,
  send,
  testId,
  triggerTestId,
}: {
  title: string;
  description: string;
  labels: { open: string; amount: string; hint?: string; reason: string; submit: string };
  currency: string;
  maximum: number;
  /** the error an amount above `maximum` shows */
  tooBig: string;
  /** sends the amount and reason; true once done (the dialog closes) */
  send(body: { amount: number; reason: string }): Promise<boolean>;
  testId: string;
  triggerTestId: string;
}) {
  const language = useLanguage();
  const full = amountText(maximum, currency, language);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [amount, setAmount] = useState(full);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minor = typedAmount(amount, currency);
    const next = {
      amount:
        minor === null || minor <= 0 ? "INVALID_FORMAT" : minor > maximum ? tooBig : undefined,
      reason: reason.trim() === "" ? "REQUIRED" : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason || minor === null) return;
    setPending(true);
    try {
      if (await send({ amount: minor, reason: reason.trim() })) setOpen(false);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      title={title}
      description={description}
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
        <Button variant="ghost" size="sm" data-testid={triggerTestId}>
          {labels.open}
        </Button>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <AmountField
          label={labels.amount}
          hint={labels.hint}
          value={amount}
          onChange={setAmount}
          currency={currency}
          error={errors.amount}
          testId={`${testId}-amount`}
        />
        <TextField
          label={labels.reason}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={255}
          error={errors.reason}
          data-testid={`${testId}-reason`}
        />
        <ModalActions>
          <SubmitButton pending={pending} variant="danger" data-testid={`${testId}-submit`}>
            {labels.submit}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
