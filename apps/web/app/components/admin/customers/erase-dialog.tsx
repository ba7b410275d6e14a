import { customerErasureBody } from "@booking/contracts";
import { confirmationMatches } from "@booking/domain";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { customersApi } from "../../../lib/admin/customers-api";
import { useAdminForm } from "../../../lib/admin/form";
import { TrashIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

/**
 * Erases a customer's personal data at the family's request (customers.customers.delete,
 * decision 0104): what goes and what stays, the full name typed as the account's own deletion
 * asks it, then the API's anonymisation. Its refusals (something owed, money in the wallet, a
 * registration to come) say what to do first; the page then shows the anonymised record.
 */
export function EraseDialog({ customer }: { customer: { cuid: string; fullname: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: customerErasureBody,
    defaultValues: { confirmation: "" },
    send: (values) => customersApi.erase(customer.cuid, values),
    success: t("admin.customers.erase.done"),
    onSuccess: () => setOpen(false),
  });
  const matches = confirmationMatches(customer.fullname, form.watch("confirmation") ?? "");

  return (
    <Modal
      title={t("admin.customers.erase.title", { name: customer.fullname })}
      description={t("admin.customers.erase.description")}
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
      trigger={
        <Button variant="secondary" data-testid="erase-customer">
          <TrashIcon className="size-4" />
          {t("admin.customers.erase.open")}
        </Button>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-pretty text-slate-700">{t("admin.customers.erase.blocked")}</p>
        <TextField
          label={t("admin.customers.erase.confirmation", { name: customer.fullname })}
          autoComplete="off"
          spellCheck={false}
          data-testid="erase-confirmation"
          {...field("confirmation")}
        />
        <ModalActions>
          <SubmitButton
            pending={pending}
            variant="danger"
            disabled={!matches}
            data-testid="erase-submit"
          >
            {t("admin.customers.erase.submit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
