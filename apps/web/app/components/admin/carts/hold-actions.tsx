import type { CartHoldView } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { customerCartsApi } from "../../../lib/admin/customer-carts-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { ConfirmDialog, Modal, ModalActions } from "../dialog";

/** The extensions staff pick from, in minutes: a quarter of an hour to a week. */
const EXTENSIONS = [15, 60, 24 * 60, 3 * 24 * 60, 7 * 24 * 60] as const;

/** Pushes a live hold's end back by a chosen delay (decision 0092). */
export function ExtendHoldDialog({ hold }: { hold: CartHoldView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState<number>(60);
  const id = useId();
  const { mutate, pending } = useAdminMutation(
    () => customerCartsApi.extendHold(hold.cuid, { minutes }),
    { success: t("admin.carts.extend.done") },
  );
  return (
    <Modal
      title={t("admin.carts.extend.title", { title: hold.title })}
      description={t("admin.carts.extend.description", {
        expires: format.dateTime(hold.expires_at),
      })}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" data-testid="extend-hold">
          {t("admin.carts.extend.open")}
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
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {t("admin.carts.extend.by")}
          </label>
          <select
            id={id}
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value))}
            className={inputClasses(false)}
            data-testid="extend-minutes"
          >
            {EXTENSIONS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.carts.extend.options.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <ModalActions>
          <Button type="submit" disabled={pending} data-testid="extend-submit">
            {t("admin.carts.extend.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** Takes the item out of the cart: its places are free at once. */
export function ReleaseHoldButton({ hold }: { hold: CartHoldView }) {
  const { t } = useTranslation();
  const { mutate } = useAdminMutation(() => customerCartsApi.releaseHold(hold.cuid), {
    success: t("admin.carts.release.done"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" data-testid="release-hold">
          {t("admin.carts.release.open")}
        </Button>
      }
      title={t("admin.carts.release.title", { title: hold.title })}
      description={t("admin.carts.release.description")}
      confirmLabel={t("admin.carts.release.open")}
      onConfirm={async () => (await mutate()).ok}
    />
  );
}
