import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";

/**
 * The delete button of a catalogue item: asks first, says what deleting implies, toasts when
 * done; a refusal (LOCATION_IN_USE, OPTION_IN_USE…) is toasted and the dialog stays open.
 */
export function DeleteButton({
  name,
  title,
  description,
  done,
  remove,
  onDeleted,
  showLabel = false,
}: {
  /** what is deleted, for the button's accessible name */
  name: string;
  title: string;
  description: string;
  /** the success toast */
  done: string;
  remove: () => Promise<unknown>;
  /** after a success, instead of reloading the page's data (leave a deleted item's page) */
  onDeleted?: () => void;
  showLabel?: boolean;
}) {
  const { t } = useTranslation();
  const { mutate } = useAdminMutation(remove, { success: done, revalidate: !onDeleted });
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={t("admin.catalogue.delete")}
      onConfirm={async () => {
        const { ok } = await mutate();
        if (ok) onDeleted?.();
        return ok;
      }}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          data-testid="delete-item"
        >
          <TrashIcon className="size-4" />
          {showLabel ? t("admin.catalogue.delete") : null}
          <span className="sr-only">
            {showLabel ? name : `${t("admin.catalogue.delete")} ${name}`}
          </span>
        </Button>
      }
    />
  );
}
