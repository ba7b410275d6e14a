import * as Dialog from "@radix-ui/react-dialog";
import type { Dispatch, RefObject, SetStateAction } from "react";
import { useTranslation } from "../../i18n/react";
import { CloseIcon } from "../icons";
import { focusBack } from "../ui/lazy-dialog";
import type { FilterField } from "./fields";
import { FilterFieldView } from "./filter-field";
import type { FilterValues } from "./query";
import type { FilterController } from "./use-filter-controller";

/**
 * The mobile "Recherche" dialog's panel (its button is in filters-panel.tsx): the draft's fields,
 * "Réinitialiser" and "Voir les résultats".
 */
export default function FiltersDialogContent({
  fields,
  controller,
  today,
  open,
  onOpenChange,
  draft,
  setDraft,
  returnFocus,
}: {
  fields: FilterField[];
  controller: FilterController;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: FilterValues;
  setDraft: Dispatch<SetStateAction<FilterValues>>;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-2xl"
          onCloseAutoFocus={focusBack(returnFocus)}
          onEscapeKeyDown={(event) => {
            // Escape closes an open calendar popover or option list first, not the dialog.
            const target = event.target as HTMLElement | null;
            if (
              target?.closest("[data-popover-open]") ||
              target?.getAttribute("aria-expanded") === "true"
            ) {
              event.preventDefault();
            }
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold text-slate-950">
              {t("filters.dialog.title")}
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              {t("filters.dialog.description")}
            </Dialog.Description>
            <Dialog.Close
              aria-label={t("filters.dialog.close")}
              className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <form
            className="flex min-h-0 flex-1 flex-col"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              controller.apply(draft);
              onOpenChange(false);
            }}
          >
            <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 py-4">
              {fields.map((field) => (
                <FilterFieldView
                  key={`${field.kind}-${field.id}`}
                  field={field}
                  value={draft[field.id] ?? ""}
                  onChange={(id, value) => setDraft((current) => ({ ...current, [id]: value }))}
                  today={today}
                />
              ))}
            </div>
            <div className="flex gap-3 border-t border-slate-200 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <button
                type="button"
                onClick={() => {
                  const empty = Object.fromEntries(controller.ids.map((id) => [id, ""]));
                  setDraft(empty);
                  controller.apply(empty);
                }}
                className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
              >
                {t("filters.reset")}
              </button>
              <button
                type="submit"
                className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent shadow-sm hover:brightness-95"
              >
                {t("filters.dialog.submit")}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
