import { useTranslation } from "../../../i18n/react";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";
import { StatusBadge } from "../status-badge";
import type { PageDraft } from "./use-page-draft";
import { VersionsDialog } from "./versions-dialog";

/** Versions, Discard the draft, Save the draft, Publish. */
export function EditorActions({ draft }: { draft: PageDraft }) {
  const { t } = useTranslation();
  const blocked = Object.keys(draft.issues).length > 0;
  return (
    <>
      <VersionsDialog pageCuid={draft.pageCuid} onRestored={draft.load} />
      {draft.isDraft ? (
        <ConfirmDialog
          title={t("admin.website.editor.discard_title")}
          description={t("admin.website.editor.discard_description")}
          confirmLabel={t("admin.website.editor.discard")}
          onConfirm={draft.discardDraft}
          trigger={<Button variant="secondary">{t("admin.website.editor.discard")}</Button>}
        />
      ) : null}
      <Button
        variant="secondary"
        onClick={() => void draft.saveDraft()}
        disabled={draft.saving || !draft.dirty || blocked}
        data-testid="save-draft"
      >
        {t("admin.website.editor.save")}
      </Button>
      <Button
        onClick={() => void draft.publishDraft()}
        disabled={draft.publishing || draft.saving || blocked}
        data-testid="publish-page"
      >
        {t("admin.website.editor.publish")}
      </Button>
    </>
  );
}

/** Unsaved changes, draft or published content, how many errors. */
export function DraftState({ draft }: { draft: PageDraft }) {
  const { t } = useTranslation();
  const errors = Object.keys(draft.issues).length;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
      {draft.dirty ? (
        <StatusBadge tone="yellow">{t("admin.website.editor.unsaved")}</StatusBadge>
      ) : null}
      <StatusBadge tone={draft.isDraft ? "blue" : "green"}>
        {t(
          draft.isDraft
            ? "admin.website.editor.draft_state"
            : "admin.website.editor.published_state",
        )}
      </StatusBadge>
      {errors > 0 ? (
        <StatusBadge tone="red">
          {t("admin.website.editor.invalid_count", { count: errors })}
        </StatusBadge>
      ) : null}
    </p>
  );
}
