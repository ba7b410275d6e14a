import * as Dialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { type ReactNode, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { CloseIcon } from "../icons";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/**
 * A centred modal of the console (Radix Dialog: focus kept inside, Escape and the overlay close
 * it, focus returns to the trigger). `trigger` is the button that opens it; `open` and
 * `onOpenChange` let the page close it itself (after a form is saved).
 */
export function Modal({
  title,
  description,
  trigger,
  open,
  onOpenChange,
  children,
  wide = false,
}: {
  title: string;
  description?: ReactNode;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className={clsx(
            "dialog-overlay fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl",
            wide ? "max-w-2xl" : "max-w-md",
          )}
          // Without a description Radix warns unless told there is none.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-950">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-pretty text-slate-600">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={t("common.close")}
              className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-950"
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The buttons at the bottom of a modal: cancel, then the main action. */
export function ModalActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="secondary">{t("admin.common.cancel")}</Button>
      </Dialog.Close>
      {children}
    </div>
  );
}

/**
 * Asks before an action that cannot be undone (remove a collaborator, delete a role). The modal
 * stays open while `onConfirm` runs and closes when it answers true; on false (the call failed,
 * its error already shown) it stays open to try again or cancel.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  tone = "danger",
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  onConfirm: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (pending) return;
    setPending(true);
    try {
      if (await onConfirm()) setOpen(false);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      title={title}
      description={description}
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
    >
      <ModalActions>
        <Button
          variant={tone}
          onClick={confirm}
          disabled={pending}
          aria-busy={pending}
          data-testid="confirm-action"
        >
          {pending ? <Spinner /> : null}
          {confirmLabel}
          {pending ? <span className="sr-only">{t("common.loading")}</span> : null}
        </Button>
      </ModalActions>
    </Modal>
  );
}
