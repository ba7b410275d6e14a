import type { CustomerDiscountList, CustomerDiscountView } from "@booking/contracts";
import { useState } from "react";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { apiRequest } from "../../../lib/api";
import { PencilIcon, PlusIcon, TagIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { DeleteButton } from "../catalogue/delete-button";
import { Modal, ModalActions } from "../dialog";
import { EmptyState } from "../empty-state";
import { SelectField } from "../fields";
import { Section } from "./customer-sections";

const schema = z.object({
  discount: z.string().min(1, "REQUIRED"),
  ends_on: z.string(),
  reason: z.string().max(255, "TOO_LONG"),
});
const KEY = "admin.customers.discounts";

/**
 * Gives a discount to the customer, or changes one given (its last day and reason): the cart
 * applies it from the next pricing on, registrations already bought keep theirs (decision 0100).
 */
function DiscountDialog({
  customerCuid,
  given,
  choices,
  onClose,
}: {
  customerCuid: string;
  given: CustomerDiscountView | null;
  choices: CustomerDiscountList["choices"];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema,
    defaultValues: {
      discount: given?.discount.cuid ?? choices[0]?.cuid ?? "",
      ends_on: given?.ends_on ?? "",
      reason: given?.reason ?? "",
    },
    send: ({ discount, ends_on, reason }) =>
      given
        ? apiRequest("PUT", `/api/admin/customer-discounts/${encodeURIComponent(given.cuid)}`, {
            ends_on: ends_on || null,
            reason,
          })
        : apiRequest("POST", `/api/admin/customers/${encodeURIComponent(customerCuid)}/discounts`, {
            discount,
            ends_on: ends_on || null,
            reason,
          }),
    success: t(given ? `${KEY}.changed` : `${KEY}.given`),
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {given ? (
        <p className="text-sm font-medium text-slate-950">{given.discount.name}</p>
      ) : (
        <SelectField
          label={t(`${KEY}.discount`)}
          options={choices.map((choice) => ({ value: choice.cuid, label: choice.name }))}
          data-testid="give-discount-choice"
          {...field("discount")}
        />
      )}
      <TextField
        type="date"
        label={t(`${KEY}.ends_on`)}
        hint={t(`${KEY}.ends_on_hint`)}
        optional
        className="sm:max-w-56"
        data-testid="give-discount-ends-on"
        {...field("ends_on")}
      />
      <TextField
        label={t(`${KEY}.reason`)}
        optional
        autoComplete="off"
        data-testid="give-discount-reason"
        {...field("reason")}
      />
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-customer-discount">
          {t(given ? "admin.catalogue.save" : `${KEY}.give`)}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}

/** The customer's tab « Réductions »: the discounts given, each changed or withdrawn. */
export function CustomerDiscountsTab({
  customer,
  list,
}: {
  customer: { cuid: string; fullname: string } | null;
  list: CustomerDiscountList;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const [editing, setEditing] = useState<CustomerDiscountView | "new" | null>(null);
  const off = (discount: CustomerDiscountView["discount"]) =>
    discount.percentage !== null
      ? t("admin.customer_discounts.percentage_off", { percentage: discount.percentage })
      : t("admin.customer_discounts.amount_off", { amount: format.money(discount.amount ?? 0) });
  const canGive = customer !== null && can("customers.discounts.create") && list.choices.length > 0;
  return (
    <Section
      title={t(`${KEY}.title`)}
      action={
        canGive ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEditing("new")}
            data-testid="give-discount"
          >
            <PlusIcon className="size-4" />
            {t(`${KEY}.give`)}
          </Button>
        ) : undefined
      }
    >
      {list.data.length === 0 ? (
        <EmptyState icon={TagIcon} title={t(`${KEY}.empty`)} />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="customer-discounts">
          {list.data.map((given) => (
            <li
              key={given.cuid}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
            >
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <span className="font-semibold text-slate-950">
                  {given.discount.name} · {off(given.discount)}
                </span>
                <span className="text-slate-600">
                  {given.ends_on
                    ? t(`${KEY}.until`, { date: format.date(given.ends_on) })
                    : t(`${KEY}.no_end`)}
                  {given.discount.active ? "" : ` · ${t("admin.customer_discounts.inactive")}`}
                </span>
                {given.reason ? <span className="text-slate-600">{given.reason}</span> : null}
              </div>
              <span className="inline-flex gap-1">
                {can("customers.discounts.update") ? (
                  <Button variant="ghost" size="sm" onClick={() => setEditing(given)}>
                    <PencilIcon className="size-4" />
                    {t("admin.catalogue.edit")}
                    <span className="sr-only">{given.discount.name}</span>
                  </Button>
                ) : null}
                {can("customers.discounts.delete") ? (
                  <DeleteButton
                    name={given.discount.name}
                    title={t(`${KEY}.withdraw_title`)}
                    description={t(`${KEY}.withdraw_description`)}
                    done={t(`${KEY}.withdrawn`)}
                    remove={() =>
                      apiRequest(
                        "DELETE",
                        `/api/admin/customer-discounts/${encodeURIComponent(given.cuid)}`,
                      )
                    }
                  />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Modal
        title={t(editing === "new" ? `${KEY}.give_title` : `${KEY}.change_title`, {
          name: customer?.fullname ?? "",
        })}
        open={editing !== null && customer !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing !== null && customer !== null ? (
          <DiscountDialog
            customerCuid={customer.cuid}
            given={editing === "new" ? null : editing}
            choices={list.choices}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Section>
  );
}
