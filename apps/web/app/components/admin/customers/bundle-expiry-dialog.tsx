import type { CustomerBundleAdminView } from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { useState } from "react";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerOwnedApi } from "../../../lib/admin/customer-owned-api";
import { useAdminForm } from "../../../lib/admin/form";
import { localInputValue, typedLocalDateTime } from "../../../lib/admin/zoned-input";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

/** A new end of validity for a customer's bundle, in the organiser's time zone; blank: none. */
export function BundleExpiryDialog({ bundle }: { bundle: CustomerBundleAdminView }) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: z.object({ expires_at: typedLocalDateTime(timeZone) }),
    defaultValues: { expires_at: localInputValue(bundle.expires_at, timeZone) },
    send: (values) => customerOwnedApi.setBundleExpiry(bundle.cuid, values),
    success: t("admin.customers.owned.expiry.done"),
    onSuccess: () => setOpen(false),
  });
  return (
    <Modal
      title={t("admin.customers.owned.expiry.title", { title: bundle.title })}
      description={
        bundle.expires_at
          ? t("admin.customers.owned.expiry.current", { date: format.dateTime(bundle.expires_at) })
          : t("admin.customers.owned.expiry.none")
      }
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset();
        setOpen(next);
      }}
      trigger={
        <Button variant="secondary" size="sm" data-testid="bundle-expiry">
          {t("admin.customers.owned.expiry.open")}
        </Button>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          type="datetime-local"
          label={t("admin.customers.owned.expiry.field")}
          hint={t("admin.customers.owned.expiry.hint")}
          className="sm:max-w-64"
          {...field("expires_at")}
        />
        <ModalActions>
          <SubmitButton pending={pending} data-testid="expiry-submit">
            {t("admin.customers.owned.expiry.submit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
