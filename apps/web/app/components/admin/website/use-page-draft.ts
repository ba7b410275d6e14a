import { type AdminPageDraftView, type DraftElement, draftIssues } from "@booking/contracts";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { websiteApi } from "../../../lib/admin/website-api";
import type { Tree } from "./tree";

/** The cuids of the elements that have an error (`elements.<cuid>…`). */
function invalidElements(issues: Record<string, string>): Set<string> {
  return new Set(Object.keys(issues).map((path) => path.split(".")[1]!));
}

/**
 * The page's tree as edited, its errors (the rules the server applies on save) and the calls
 * that save, publish and discard it. Ctrl/Cmd + S saves the draft.
 */
export function usePageDraft(initial: AdminPageDraftView, readOnly: boolean) {
  const { t } = useTranslation();
  const pageCuid = initial.page.cuid;
  const [content, setContent] = useState<Tree>(initial.content);
  const [saved, setSaved] = useState(() => JSON.stringify(initial.content));
  const [isDraft, setIsDraft] = useState(initial.is_draft);
  const issues = useMemo(() => draftIssues(content), [content]);
  const invalid = useMemo(() => invalidElements(issues), [issues]);
  const dirty = JSON.stringify(content) !== saved;

  /** Replaces the tree by the server's (after a restore or a discard). */
  const load = useCallback((next: AdminPageDraftView) => {
    setContent(next.content);
    setSaved(JSON.stringify(next.content));
    setIsDraft(next.is_draft);
  }, []);

  const quiet = { revalidate: false } as const;
  const save = useAdminMutation((tree: DraftElement[]) => websiteApi.saveDraft(pageCuid, tree), {
    ...quiet,
    success: t("admin.website.editor.saved"),
  });
  const publish = useAdminMutation(() => websiteApi.publish(pageCuid), {
    ...quiet,
    success: t("admin.website.editor.published"),
  });
  const discard = useAdminMutation(() => websiteApi.discardDraft(pageCuid), {
    ...quiet,
    success: t("admin.website.editor.discarded"),
  });

  const saveDraft = useCallback(async () => {
    const outcome = await save.mutate(content);
    if (outcome.ok) {
      setSaved(JSON.stringify(content));
      setIsDraft(true);
    }
    return outcome.ok;
  }, [content, save.mutate]);

  /** Saves unsaved changes first: what is published is what the organiser sees. */
  const publishDraft = async () => {
    if (dirty && !(await saveDraft())) return;
    const outcome = await publish.mutate();
    if (outcome.ok) setIsDraft(false);
  };

  const discardDraft = async () => {
    const outcome = await discard.mutate();
    if (outcome.ok) load(outcome.value);
    return outcome.ok;
  };

  useEffect(() => {
    if (readOnly) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void saveDraft();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [readOnly, saveDraft]);

  return {
    pageCuid,
    content,
    setContent,
    isDraft,
    dirty,
    issues,
    invalid,
    saving: save.pending,
    publishing: publish.pending,
    load,
    saveDraft,
    publishDraft,
    discardDraft,
  };
}

export type PageDraft = ReturnType<typeof usePageDraft>;
