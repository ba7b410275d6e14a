import type { TransferTargetType } from "@booking/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { paymentsApi } from "../../../lib/admin/payments-api";
import { useLanguage } from "../../../lib/root-data";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { AmountField, amountText, typedAmount } from "./amount-field";

/** Today in the organiser's time zone, as the date input takes it. */
function today(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
}

/** What a transfer recorded by hand pays: a processed cart, an attendance charge or a booking share. */
export type TransferDialogTarget = {
  type: TransferTargetType;
  cuid: string;
  reference: string;
  amount_due: number;
  /** who owes it, as the dialog names them */
  customer: string;
};

/**
 * Records a bank transfer received for a cart (from the outstanding list) or an attendance charge
 * (from its month's charges): the amount starts at what it owes; more than that goes to the
 * customer's wallet, which the dialog says before.
 */
export function TransferDialog({ target }: { target: TransferDialogTarget }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const currency = session.organiser?.currency ?? "EUR";
  const timeZone = session.organiser?.timezone ?? "Europe/Brussels";
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("");
  const [receivedOn, setReceivedOn] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const record = useAdminMutation(
    (body: { amount: number; received_on: string; note: string | null }) =>
      paymentsApi.recordTransfer(target, body),
    {
      success: (value) =>
        value.target.amount_due === 0
          ? t("admin.payments.transfer.done_settled", { reference: value.target.reference })
          : t("admin.payments.transfer.done", {
              reference: value.target.reference,
              due: format.money(value.target.amount_due),
            }),
    },
  );
  const minor = typedAmount(amount, currency);
  const surplus = minor === null ? 0 : minor - target.amount_due;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (minor === null) {
      setError("INVALID_FORMAT");
      return;
    }
    setError(undefined);
    const outcome = await record.mutate({
      amount: minor,
      received_on: receivedOn,
      note: note.trim() || null,
    });
    if (outcome.ok) setOpen(false);
  }

  return (
    <Modal
      title={t("admin.payments.transfer.title", { reference: target.reference })}
      description={t("admin.payments.transfer.description", {
        customer: target.customer,
        due: format.money(target.amount_due),
      })}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setAmount(amountText(target.amount_due, currency, language));
          setReceivedOn(today(timeZone));
          setNote("");
          setError(undefined);
        }
      }}
      trigger={
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          data-testid="record-transfer"
        >
          {t("admin.payments.transfer.open")}
          <span className="sr-only">{target.reference}</span>
        </Button>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <AmountField
          label={t("admin.payments.transfer.amount")}
          hint={
            surplus > 0
              ? t("admin.payments.transfer.surplus", { amount: format.money(surplus) })
              : undefined
          }
          value={amount}
          onChange={setAmount}
          currency={currency}
          error={error}
          testId="transfer-amount"
        />
        <TextField
          label={t("admin.payments.transfer.received_on")}
          name="received_on"
          type="date"
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.target.value)}
          data-testid="transfer-date"
        />
        <TextField
          label={t("admin.payments.transfer.note")}
          name="note"
          optional
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={255}
        />
        <ModalActions>
          <SubmitButton pending={record.pending} data-testid="transfer-submit">
            {t("admin.payments.transfer.submit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
