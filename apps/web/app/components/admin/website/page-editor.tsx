import {
  type AdminPageDraftView,
  type DraftElement,
  draftIssues,
  elementKey,
  isElementKey,
} from "@booking/contracts";
import { settingDefinitions } from "@booking/contracts/page-elements/definitions";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { websiteApi } from "../../../lib/admin/website-api";
import { PlusIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";
import { PageHeader } from "../page-header";
import { StatusBadge } from "../status-badge";
import { ElementPalette } from "./element-palette";
import { ElementTree, type TreeActions, useElementName } from "./element-tree";
import { storefrontPageUrl } from "./paths";
import { PreviewFrame } from "./preview-frame";
import { SettingField } from "./setting-field";
import {
  admittedAt,
  duplicateElement,
  findElement,
  insertElement,
  moveElement,
  newElement,
  type Parent,
  removeElement,
  type Tree,
  updateSettings,
} from "./tree";
import { VersionsDialog } from "./versions-dialog";

/** The cuids of the elements that have an error (`elements.<cuid>…`). */
function invalidElements(issues: Record<string, string>): Set<string> {
  return new Set(Object.keys(issues).map((path) => path.split(".")[1]!));
}

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
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const readOnly = !can("website.pages.update");
  const page = initial.page;
  const [content, setContent] = useState<Tree>(initial.content);
  const [saved, setSaved] = useState(() => JSON.stringify(initial.content));
  const [isDraft, setIsDraft] = useState(initial.is_draft);
  const [selected, setSelected] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  /** where the palette adds (null: the page's top level); undefined: closed */
  const [adding, setAdding] = useState<Parent | undefined>(undefined);
  const nameOf = useElementName();
  const issues = useMemo(() => draftIssues(content), [content]);
  const invalid = useMemo(() => invalidElements(issues), [issues]);
  const dirty = JSON.stringify(content) !== saved;

  const load = useCallback((next: AdminPageDraftView) => {
    setContent(next.content);
    setSaved(JSON.stringify(next.content));
    setIsDraft(next.is_draft);
  }, []);

  const { mutate: save, pending: saving } = useAdminMutation(
    (tree: DraftElement[]) => websiteApi.saveDraft(page.cuid, tree),
    { success: t("admin.website.editor.saved"), revalidate: false },
  );
  const { mutate: publish, pending: publishing } = useAdminMutation(
    () => websiteApi.publish(page.cuid),
    { success: t("admin.website.editor.published"), revalidate: false },
  );
  const { mutate: discard } = useAdminMutation(() => websiteApi.discardDraft(page.cuid), {
    success: t("admin.website.editor.discarded"),
    revalidate: false,
  });

  const saveDraft = useCallback(async () => {
    const outcome = await save(content);
    if (outcome.ok) {
      setSaved(JSON.stringify(content));
      setIsDraft(true);
    }
    return outcome.ok;
  }, [content, save]);

  const publishDraft = async () => {
    if (dirty && !(await saveDraft())) return;
    const outcome = await publish();
    if (outcome.ok) setIsDraft(false);
  };

  // Ctrl/Cmd + S saves the draft.
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
    add: (cuid) => setAdding(cuid),
  };

  const organiser = session.organiser;
  const storefront = organiser?.storefront_url ?? "";
  const preview =
    organiser && previewPath !== null
      ? `${storefrontPageUrl(storefront, organiser.language, previewPath)}?preview=true`
      : null;
  const selectedNode = selected ? findElement(content, selected) : null;
  const addTarget = adding ? findElement(content, adding) : null;
  const errorCount = Object.keys(issues).length;

  return (
    <>
      <PageHeader
        title={page.title}
        description={page.path}
        actions={
          readOnly ? null : (
            <>
              <VersionsDialog pageCuid={page.cuid} onRestored={load} />
              {isDraft ? (
                <ConfirmDialog
                  title={t("admin.website.editor.discard_title")}
                  description={t("admin.website.editor.discard_description")}
                  confirmLabel={t("admin.website.editor.discard")}
                  onConfirm={async () => {
                    const outcome = await discard();
                    if (outcome.ok) load(outcome.value);
                    return outcome.ok;
                  }}
                  trigger={<Button variant="secondary">{t("admin.website.editor.discard")}</Button>}
                />
              ) : null}
              <Button
                variant="secondary"
                onClick={() => void saveDraft()}
                disabled={saving || !dirty || errorCount > 0}
                data-testid="save-draft"
              >
                {t("admin.website.editor.save")}
              </Button>
              <Button
                onClick={() => void publishDraft()}
                disabled={publishing || saving || errorCount > 0}
                data-testid="publish-page"
              >
                {t("admin.website.editor.publish")}
              </Button>
            </>
          )
        }
      />
      <p className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
        {dirty ? (
          <StatusBadge tone="yellow">{t("admin.website.editor.unsaved")}</StatusBadge>
        ) : null}
        <StatusBadge tone={isDraft ? "blue" : "green"}>
          {t(isDraft ? "admin.website.editor.draft_state" : "admin.website.editor.published_state")}
        </StatusBadge>
        {errorCount > 0 ? (
          <StatusBadge tone="red">
            {t("admin.website.editor.invalid_count", { count: errorCount })}
          </StatusBadge>
        ) : null}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <section
            aria-labelledby="structure-title"
            className="rounded-xl border border-slate-200 bg-white p-3"
          >
            <h2 id="structure-title" className="text-base font-semibold text-slate-950">
              {t("admin.website.editor.structure")}
            </h2>
            <p className="mb-3 text-sm text-slate-600">
              {t("admin.website.editor.structure_hint")}
            </p>
            {content.length === 0 ? (
              <p className="mb-3 text-sm text-slate-700">{t("admin.website.editor.empty")}</p>
            ) : (
              <ElementTree
                tree={content}
                selected={selected}
                invalid={invalid}
                readOnly={readOnly}
                actions={actions}
              />
            )}
            {readOnly ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => setAdding(null)}
                data-testid="add-section"
              >
                <PlusIcon className="size-4" />
                {t("admin.website.editor.add_section")}
              </Button>
            )}
          </section>
          <section
            aria-labelledby="settings-title"
            className="rounded-xl border border-slate-200 bg-white p-3"
          >
            {selectedNode ? (
              <ElementSettings
                node={selectedNode}
                name={nameOf(selectedNode)}
                issues={issues}
                readOnly={readOnly}
                onChange={(settings) =>
                  setContent((tree) => updateSettings(tree, selectedNode.cuid, settings))
                }
              />
            ) : (
              <>
                <h2 id="settings-title" className="sr-only">
                  {t("admin.website.editor.preview")}
                </h2>
                <p className="text-sm text-slate-600">{t("admin.website.editor.select_hint")}</p>
              </>
            )}
          </section>
        </div>
        <section
          aria-label={t("admin.website.editor.preview")}
          className="flex min-h-[36rem] min-w-0 flex-col lg:sticky lg:top-4 lg:h-[calc(100dvh-2rem)]"
        >
          {preview ? (
            <PreviewFrame
              src={preview}
              targetOrigin={new URL(storefront).origin}
              content={content}
              hovered={hovered}
            />
          ) : null}
        </section>
      </div>
      <ElementPalette
        open={adding !== undefined}
        onOpenChange={(open) => {
          if (!open) setAdding(undefined);
        }}
        admitted={adding === undefined ? [] : admittedAt(content, adding)}
        target={
          addTarget
            ? t("admin.website.editor.add_to", { name: nameOf(addTarget) })
            : t("admin.website.editor.add_to_page")
        }
        onPick={(key) => {
          const element = newElement(key);
          setContent((tree) => insertElement(tree, adding ?? null, element));
          setSelected(element.cuid);
          setAdding(undefined);
        }}
      />
    </>
  );
}

/** The settings form of one element, generated from its setting definitions. */
function ElementSettings({
  node,
  name,
  issues,
  readOnly,
  onChange,
}: {
  node: DraftElement;
  name: string;
  issues: Record<string, string>;
  readOnly: boolean;
  onChange: (settings: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const key = elementKey(node.element, node.name);
  const definitions = isElementKey(key) ? settingDefinitions(key) : [];
  const settings = node.settings as Record<string, unknown>;
  return (
    <>
      <h2 id="settings-title" className="mb-3 text-base font-semibold text-slate-950">
        {t("admin.website.editor.settings", { name })}
      </h2>
      {definitions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.website.editor.no_settings")}</p>
      ) : null}
      <fieldset disabled={readOnly} className="flex flex-col gap-4" data-testid="element-settings">
        {definitions.map((definition) => (
          <SettingField
            key={`${node.cuid}:${definition.name}`}
            definition={definition}
            value={settings[definition.name]}
            onChange={(value) => onChange({ ...settings, [definition.name]: value })}
            path={`elements.${node.cuid}.settings.${definition.name}`}
            errors={issues}
          />
        ))}
      </fieldset>
    </>
  );
}
