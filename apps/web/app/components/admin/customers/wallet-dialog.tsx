import { LIMITS, requiredText } from "@booking/contracts";
import { toMinorUnits } from "@booking/domain";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customersApi } from "../../../lib/admin/customers-api";
import { useAdminForm } from "../../../lib/admin/form";
import { WalletIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { FieldShell, inputClasses, TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

/** An amount typed in the currency's units ("12,50") as a positive number of minor units. */
function amountSchema(currency: string) {
  return z
    .string()
    .trim()
    .min(1, "REQUIRED")
    .transform((value, ctx) => {
      try {
        const minor = toMinorUnits(value, currency);
        if (minor > 0 && minor <= 2_147_483_647) return minor;
        ctx.addIssue({ code: "custom", message: minor > 0 ? "TOO_BIG" : "TOO_SMALL" });
      } catch {
        ctx.addIssue({ code: "custom", message: "INVALID_FORMAT" });
      }
      return z.NEVER;
    });
}

/**
 * Credit or debit a customer's wallet by hand, saying why (customers.wallet.update): the reason
 * is kept on the movement. A debit above the wallet is refused on the amount field (here, and by
 * the API should the wallet have changed meanwhile).
 */
export function WalletDialog({
  customer,
}: {
  customer: { cuid: string; fullname: string; wallet_amount: number };
}) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const currency = session.organiser?.currency ?? "EUR";
  const directionId = useId();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: z
      .object({
        direction: z.enum(["CREDIT", "DEBIT"]),
        amount: amountSchema(currency),
        reason: requiredText(500),
      })
      // Known before asking: the API refuses it the same way.
      .refine(
        (values) => values.direction === "CREDIT" || values.amount <= customer.wallet_amount,
        { path: ["amount"], message: "INSUFFICIENT_WALLET_AMOUNT" },
      ),
    defaultValues: { direction: "CREDIT", amount: "", reason: "" },
    send: (values) => customersApi.adjustWallet(customer.cuid, values),
    success: (answer) =>
      t("admin.customers.wallet.done", { amount: format.money(answer.wallet.amount) }),
    onSuccess: () => {
      form.reset();
      setOpen(false);
    },
  });
  const direction = form.watch("direction");
  const reasonField = field("reason");

  return (
    <Modal
      title={t("admin.customers.wallet.title", { name: customer.fullname })}
      description={t("admin.customers.wallet.balance", {
        amount: format.money(customer.wallet_amount),
      })}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" data-testid="adjust-wallet">
          <WalletIcon className="size-4" />
          {t("admin.customers.wallet.open")}
        </Button>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <fieldset aria-labelledby={directionId}>
          <legend id={directionId} className="mb-1.5 text-sm font-medium text-slate-900">
            {t("admin.customers.wallet.direction")}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {(["CREDIT", "DEBIT"] as const).map((value) => (
              <label
                key={value}
                className={clsx(
                  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium",
                  direction === value
                    ? "border-slate-900 bg-slate-50 text-slate-950"
                    : "border-slate-300 text-slate-700 hover:bg-slate-50",
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-[var(--accent-ink)]"
                  {...form.register("direction")}
                />
                {t(`admin.customers.wallet.${value === "CREDIT" ? "credit" : "debit"}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t("admin.customers.wallet.amount", { currency })}
          inputMode="decimal"
          autoComplete="off"
          className="sm:max-w-48"
          {...field("amount")}
        />
        <FieldShell
          id={`${directionId}-reason`}
          label={t("admin.customers.wallet.reason")}
          hint={t("admin.customers.wallet.reason_hint")}
          error={reasonField.error}
        >
          <textarea
            id={`${directionId}-reason`}
            rows={3}
            maxLength={LIMITS.shortText * 2}
            className={inputClasses(Boolean(reasonField.error))}
            {...form.register("reason")}
          />
        </FieldShell>
        <ModalActions>
          <SubmitButton pending={pending} data-testid="wallet-submit">
            {direction === "CREDIT"
              ? t("admin.customers.wallet.submit_credit")
              : t("admin.customers.wallet.submit_debit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
