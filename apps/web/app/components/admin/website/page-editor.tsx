import type { AdminPageDraftView } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { PlusIcon } from "../../icons";
import { Button } from "../../ui/button";
import { PageHeader } from "../page-header";
import { DraftState, EditorActions } from "./editor-actions";
import { ElementPalette } from "./element-palette";
import { ElementSettings } from "./element-settings";
import { ElementTree, type TreeActions, useElementName } from "./element-tree";
import { LeaveGuard } from "./leave-guard";
import { storefrontPageUrl } from "./paths";
import { PreviewFrame } from "./preview-frame";
import {
  admittedAt,
  duplicateElement,
  findElement,
  insertElement,
  moveElement,
  newElement,
  type Parent,
  removeElement,
  updateSettings,
} from "./tree";
import { type PageDraft, usePageDraft } from "./use-page-draft";

/**
 * The page builder: the element tree and the selected element's settings on the left, the live
 * preview (the storefront page fed the unsaved tree) on the right. Every change is checked with
 * the rules the server applies on save, shown inline; Save keeps a draft, Publish puts it online.
 */
export function PageEditor({
  initial,
  previewPath,
}: {
  initial: AdminPageDraftView;
  previewPath: string | null;
}) {
  const { can, session } = useConsole();
  const readOnly = !can("website.pages.update");
  const draft = usePageDraft(initial, readOnly);
  const [selected, setSelected] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  /** where the palette adds (null: the page's top level); undefined: closed */
  const [adding, setAdding] = useState<Parent | undefined>(undefined);
  const { content, setContent } = draft;

  const actions: TreeActions = {
    select: setSelected,
    hover: setHovered,
    move: (cuid, by) => setContent((tree) => moveElement(tree, cuid, by)),
    duplicate: (cuid) => {
      const result = duplicateElement(content, cuid);
      setContent(result.tree);
      if (result.copy) setSelected(result.copy);
    },
    remove: (cuid) => {
      setContent((tree) => removeElement(tree, cuid));
      if (selected === cuid) setSelected(null);
    },
    add: setAdding,
  };

  const organiser = session.organiser;
  const preview =
    organiser && previewPath !== null
      ? {
          src: `${storefrontPageUrl(organiser.storefront_url, organiser.language, previewPath)}?preview=true`,
          origin: new URL(organiser.storefront_url).origin,
        }
      : null;

  return (
    <>
      <PageHeader
        title={initial.page.title}
        description={initial.page.path}
        actions={readOnly ? null : <EditorActions draft={draft} />}
      />
      <DraftState draft={draft} />
      <div className="grid gap-4 lg:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <StructurePanel
            draft={draft}
            selected={selected}
            readOnly={readOnly}
            actions={actions}
            onAddSection={() => setAdding(null)}
          />
          <SettingsPanel draft={draft} selected={selected} readOnly={readOnly} />
        </div>
        <PreviewPanel preview={preview} draft={draft} hovered={hovered} />
      </div>
      <LeaveGuard dirty={draft.dirty} />
      <Palette
        draft={draft}
        adding={adding}
        onClose={() => setAdding(undefined)}
        onAdded={(cuid) => {
          setSelected(cuid);
          setAdding(undefined);
        }}
      />
    </>
  );
}

function StructurePanel({
  draft,
  selected,
  readOnly,
  actions,
  onAddSection,
}: {
  draft: PageDraft;
  selected: string | null;
  readOnly: boolean;
  actions: TreeActions;
  onAddSection: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="structure-title"
      className="rounded-xl border border-slate-200 bg-white p-3"
    >
      <h2 id="structure-title" className="text-base font-semibold text-slate-950">
        {t("admin.website.editor.structure")}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t("admin.website.editor.structure_hint")}</p>
      {draft.content.length === 0 ? (
        <p className="mb-3 text-sm text-slate-700">{t("admin.website.editor.empty")}</p>
      ) : (
        <ElementTree
          tree={draft.content}
          selected={selected}
          invalid={draft.invalid}
          readOnly={readOnly}
          actions={actions}
        />
      )}
      {readOnly ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={onAddSection}
          data-testid="add-section"
        >
          <PlusIcon className="size-4" />
          {t("admin.website.editor.add_section")}
        </Button>
      )}
    </section>
  );
}

function SettingsPanel({
  draft,
  selected,
  readOnly,
}: {
  draft: PageDraft;
  selected: string | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useElementName();
  const node = selected ? findElement(draft.content, selected) : null;
  return (
    <section
      aria-labelledby="settings-title"
      className="rounded-xl border border-slate-200 bg-white p-3"
    >
      {node ? (
        <ElementSettings
          node={node}
          name={nameOf(node)}
          issues={draft.issues}
          readOnly={readOnly}
          onChange={(settings) =>
            draft.setContent((tree) => updateSettings(tree, node.cuid, settings))
          }
        />
      ) : (
        <>
          <h2 id="settings-title" className="sr-only">
            {t("admin.website.pages.settings")}
          </h2>
          <p className="text-sm text-slate-600">{t("admin.website.editor.select_hint")}</p>
        </>
      )}
    </section>
  );
}

/** The storefront page framed in preview mode, fed the unsaved tree. */
function PreviewPanel({
  preview,
  draft,
  hovered,
}: {
  preview: { src: string; origin: string } | null;
  draft: PageDraft;
  hovered: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("admin.website.editor.preview")}
      className="flex min-h-[36rem] min-w-0 flex-col lg:sticky lg:top-4 lg:h-[calc(100dvh-2rem)]"
    >
      {preview ? (
        <PreviewFrame
          src={preview.src}
          targetOrigin={preview.origin}
          content={draft.content}
          hovered={hovered}
        />
      ) : null}
    </section>
  );
}

/** The palette, adding at the top level (sections) or inside the element it was opened for. */
function Palette({
  draft,
  adding,
  onClose,
  onAdded,
}: {
  draft: PageDraft;
  adding: Parent | undefined;
  onClose: () => void;
  onAdded: (cuid: string) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useElementName();
  const target = adding ? findElement(draft.content, adding) : null;
  return (
    <ElementPalette
      open={adding !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      admitted={adding === undefined ? [] : admittedAt(draft.content, adding)}
      target={
        target
          ? t("admin.website.editor.add_to", { name: nameOf(target) })
          : t("admin.website.editor.add_to_page")
      }
      onPick={(key) => {
        const element = newElement(key);
        draft.setContent((tree) => insertElement(tree, adding ?? null, element));
        onAdded(element.cuid);
      }}
    />
  );
}
