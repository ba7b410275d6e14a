import type { CartAdminDetail } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerCartsApi } from "../../../lib/admin/customer-carts-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

/**
 * Cancels every registration of a processed cart (decision 0092): their places are freed and
 * the families told; staff choose whether what each paid goes back to the wallet (with the
 * refund permission) or nothing is given back (a refund made otherwise, or none owed).
 */
export function CancelCartDialog({ cart }: { cart: CartAdminDetail }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const mayRefund = can("registrations.registrations.refund");
  const [open, setOpen] = useState(false);
  const [refund, setRefund] = useState<"wallet" | "none">(mayRefund ? "wallet" : "none");
  const [message, setMessage] = useState("");
  const messageId = useId();
  const live = cart.registrations.filter((registration) => !registration.cancelled);
  const paid = live.reduce((sum, registration) => sum + registration.paid_amount, 0);
  const { mutate, pending } = useAdminMutation(
    () => customerCartsApi.cancelCart(cart.cuid, { refund, message: message || null }),
    { success: t("admin.carts.cancel.done") },
  );
  return (
    <Modal
      title={t("admin.carts.cancel.title", { reference: cart.reference ?? "" })}
      description={t("admin.carts.cancel.description", { count: live.length })}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger" size="sm" data-testid="cancel-cart">
          {t("admin.carts.cancel.open")}
        </Button>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if ((await mutate()).ok) setOpen(false);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">
            {t("admin.carts.cancel.refund")}
          </legend>
          {(["wallet", "none"] as const).map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="radio"
                name="refund"
                value={choice}
                checked={refund === choice}
                disabled={choice === "wallet" && !mayRefund}
                onChange={() => setRefund(choice)}
                data-testid={`cancel-refund-${choice}`}
              />
              {t(`admin.carts.cancel.refunds.${choice}`, { amount: format.money(paid) })}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={messageId} className="text-sm font-medium text-slate-900">
            {t("admin.carts.cancel.message")}
          </label>
          <textarea
            id={messageId}
            rows={3}
            maxLength={5000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className={inputClasses(false)}
          />
        </div>
        <ModalActions>
          <Button type="submit" variant="danger" disabled={pending} data-testid="cancel-submit">
            {t("admin.carts.cancel.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
