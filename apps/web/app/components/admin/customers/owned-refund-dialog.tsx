import { LIMITS, requiredText } from "@booking/contracts";
import { toMinorUnits } from "@booking/domain";
import { useId, useState } from "react";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { Button, SubmitButton } from "../../ui/button";
import { FieldShell, inputClasses, TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

/** An optional amount typed in the currency's units: blank is undefined (all that was paid). */
function optionalAmount(currency: string, paid: number) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return undefined;
      try {
        const minor = toMinorUnits(value, currency);
        if (minor >= 0 && minor <= paid) return minor;
        ctx.addIssue({ code: "custom", message: minor < 0 ? "TOO_SMALL" : "REFUND_ABOVE_PAID" });
      } catch {
        ctx.addIssue({ code: "custom", message: "INVALID_FORMAT" });
      }
      return z.NEVER;
    });
}

/**
 * Refund a customer's bundle or voucher to their wallet (decision 0087): an amount up to what was
 * paid (all of it when left blank) and why. One dialog serves both; `send` is the call.
 */
export function OwnedRefundDialog({
  title,
  paid,
  send,
  testId,
}: {
  title: string;
  paid: number;
  send: (body: { amount?: number; reason: string }) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const currency = session.organiser?.currency ?? "EUR";
  const reasonId = useId();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: z.object({ amount: optionalAmount(currency, paid), reason: requiredText(500) }),
    defaultValues: { amount: "", reason: "" },
    send,
    success: t("admin.customers.owned.refund.done"),
    onSuccess: () => {
      form.reset();
      setOpen(false);
    },
  });
  const reasonField = field("reason");
  return (
    <Modal
      title={title}
      description={t("admin.customers.owned.refund.description", { paid: format.money(paid) })}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" data-testid={testId}>
          {t("admin.customers.owned.refund.open")}
        </Button>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t("admin.customers.owned.refund.amount", { currency })}
          hint={t("admin.customers.owned.refund.amount_hint", { paid: format.money(paid) })}
          inputMode="decimal"
          autoComplete="off"
          className="sm:max-w-48"
          {...field("amount")}
        />
        <FieldShell
          id={reasonId}
          label={t("admin.customers.owned.refund.reason")}
          error={reasonField.error}
        >
          <textarea
            id={reasonId}
            rows={3}
            maxLength={LIMITS.shortText * 2}
            className={inputClasses(Boolean(reasonField.error))}
            {...form.register("reason")}
          />
        </FieldShell>
        <ModalActions>
          <SubmitButton pending={pending} data-testid="refund-submit">
            {t("admin.customers.owned.refund.submit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
