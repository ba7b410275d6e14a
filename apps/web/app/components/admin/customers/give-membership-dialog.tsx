import {
  LIMITS,
  MEMBERSHIP_GIFT_PAYMENTS,
  type MembershipGiftChoices,
  type MembershipGiftPayment,
} from "@booking/contracts";
import { useId, useState } from "react";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { customerOwnedApi } from "../../../lib/admin/customer-owned-api";
import { useAdminForm } from "../../../lib/admin/form";
import { PlusIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { FieldShell, inputClasses, TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { SelectField } from "../fields";

const schema = z.object({
  membership: z.string().min(1, "REQUIRED"),
  participant: z.string(),
  start_on: z.string(),
  payment: z.enum(MEMBERSHIP_GIFT_PAYMENTS),
  reason: z.string().max(500, "TOO_LONG"),
});

/**
 * Gives the customer one of the organiser's memberships (customers.memberships.create, decision
 * 0104): which one, for which participant when it is for participants, from which day when its
 * period rolls, and how it is paid — by transfer (the order owes it), from the wallet, or free
 * with the reason. The API makes it as a purchase would; the section then lists it.
 */
export function GiveMembershipDialog({
  customer,
  participants,
  choices,
}: {
  customer: { cuid: string; fullname: string; wallet_amount: number };
  participants: ReadonlyArray<{ cuid: string; fullname: string; archived: boolean }>;
  choices: MembershipGiftChoices["data"];
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const { form, field, onSubmit, pending } = useAdminForm({
    schema,
    defaultValues: {
      membership: choices[0]?.cuid ?? "",
      participant: participants.find((participant) => !participant.archived)?.cuid ?? "",
      start_on: "",
      payment: "TRANSFER" as MembershipGiftPayment,
      reason: "",
    },
    send: (values) => {
      const chosen = choices.find((choice) => choice.cuid === values.membership);
      return customerOwnedApi.giveMembership(customer.cuid, {
        membership: values.membership,
        participant: chosen?.entity === "PARTICIPANTS" ? values.participant || null : null,
        start_on: chosen?.period_type === "ROLLING" && values.start_on ? values.start_on : null,
        payment: values.payment,
        reason: values.payment === "FREE" ? values.reason.trim() || null : null,
      });
    },
    success: t("admin.customers.owned.memberships.give.done"),
    onSuccess: () => {
      form.reset();
      setOpen(false);
    },
  });
  const chosen = choices.find((choice) => choice.cuid === form.watch("membership"));
  const payment = form.watch("payment");
  const reasonField = field("reason");
  const key = "admin.customers.owned.memberships.give";

  return (
    <Modal
      title={t(`${key}.title`, { name: customer.fullname })}
      description={t(`${key}.description`)}
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
      trigger={
        <Button variant="secondary" size="sm" data-testid="give-membership">
          <PlusIcon className="size-4" />
          {t(`${key}.open`)}
        </Button>
      }
    >
      {choices.length === 0 ? (
        <p className="text-sm text-slate-700">{t(`${key}.none`)}</p>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <SelectField
            label={t(`${key}.membership`)}
            options={choices.map((choice) => ({
              value: choice.cuid,
              label: `${choice.title} · ${format.money(choice.price)}`,
            }))}
            data-testid="give-membership-choice"
            {...field("membership")}
          />
          {chosen?.entity === "PARTICIPANTS" ? (
            <SelectField
              label={t(`${key}.participant`)}
              placeholder={t("forms.choose")}
              options={participants
                .filter((participant) => !participant.archived)
                .map((participant) => ({ value: participant.cuid, label: participant.fullname }))}
              {...field("participant")}
            />
          ) : null}
          {chosen?.period_type === "ROLLING" ? (
            <TextField
              type="date"
              label={t(`${key}.start_on`)}
              hint={t(`${key}.start_hint`)}
              optional
              className="sm:max-w-56"
              data-testid="give-membership-start"
              {...field("start_on")}
            />
          ) : null}
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-900">
              {t(`${key}.payment`)}
            </legend>
            <div className="flex flex-col gap-2">
              {MEMBERSHIP_GIFT_PAYMENTS.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-sm has-checked:border-slate-900 has-checked:bg-slate-50"
                >
                  <input
                    type="radio"
                    value={value}
                    className="mt-0.5 size-4 accent-[var(--accent-ink)]"
                    data-testid={`give-membership-${value.toLowerCase()}`}
                    {...form.register("payment")}
                  />
                  <span className="flex flex-col">
                    <span className="font-medium text-slate-950">
                      {t(`${key}.payments.${value}`)}
                    </span>
                    <span className="text-slate-600">
                      {t(`${key}.payment_hints.${value}`, {
                        amount: format.money(customer.wallet_amount),
                      })}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {payment === "FREE" ? (
            <FieldShell id={`${ids}-reason`} label={t(`${key}.reason`)} error={reasonField.error}>
              <textarea
                id={`${ids}-reason`}
                rows={2}
                maxLength={LIMITS.shortText * 2}
                className={inputClasses(Boolean(reasonField.error))}
                data-testid="give-membership-reason"
                {...form.register("reason")}
              />
            </FieldShell>
          ) : null}
          <ModalActions>
            <SubmitButton pending={pending} data-testid="give-membership-submit">
              {t(`${key}.submit`)}
            </SubmitButton>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
