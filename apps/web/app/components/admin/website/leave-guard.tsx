import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { Button } from "../../ui/button";
import { Modal, ModalActions } from "../dialog";

/**
 * Asks before leaving the editor with unsaved changes: a console link (Stay / Leave) or closing
 * and reloading the tab (the browser's own question).
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  if (blocker.state !== "blocked") return null;
  return (
    <Modal
      title={t("admin.website.editor.leave_title")}
      description={t("admin.website.editor.leave_description")}
      open
      onOpenChange={(open) => {
        if (!open) blocker.reset();
      }}
    >
      <ModalActions>
        <Button variant="secondary" onClick={() => blocker.reset()}>
          {t("admin.website.editor.stay")}
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed()} data-testid="leave-editor">
          {t("admin.website.editor.leave")}
        </Button>
      </ModalActions>
    </Modal>
  );
}
