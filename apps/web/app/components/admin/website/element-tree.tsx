import type { DraftElement } from "@booking/contracts";
import { clsx } from "clsx";
import type { KeyboardEvent } from "react";
import { useTranslation } from "../../../i18n/react";
import { AlertIcon, ChevronDownIcon, LayersIcon, PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";
import type { Tree } from "./tree";

/** The element's name in the console's words, with the start of its text to tell siblings apart. */
export function useElementName() {
  const { t } = useTranslation();
  return (node: DraftElement) => {
    const kind = t(`admin.website.elements.${node.element}-${node.name}`, {
      defaultValue: node.name,
    });
    const settings = node.settings as Record<string, unknown>;
    const text = [settings.title, settings.text, settings.label].find(
      (value): value is string => typeof value === "string" && value.trim() !== "",
    );
    return text ? `${kind} · ${text.length > 40 ? `${text.slice(0, 40)}…` : text}` : kind;
  };
}

export interface TreeActions {
  select: (cuid: string) => void;
  hover: (cuid: string | null) => void;
  move: (cuid: string, by: -1 | 1) => void;
  duplicate: (cuid: string) => void;
  remove: (cuid: string) => void;
  /** opens the palette to add inside the element */
  add: (cuid: string) => void;
}

/**
 * The page's tree as nested lists: each element a button to select it; the selected one shows
 * move, add-inside, duplicate and remove. Keys on an element: ↑/↓ select the previous/next one,
 * Alt+↑/↓ move it.
 */
export function ElementTree({
  tree,
  selected,
  invalid,
  readOnly,
  actions,
}: {
  tree: Tree;
  selected: string | null;
  /** cuids of the elements that have errors */
  invalid: ReadonlySet<string>;
  readOnly: boolean;
  actions: TreeActions;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-tree-item]");
    if (!target || event.target !== target) return;
    const cuid = target.dataset.treeItem!;
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const by = event.key === "ArrowUp" ? -1 : 1;
      if (event.altKey) {
        if (!readOnly) actions.move(cuid, by);
        // The moved element keeps the focus once React has put it in its new place.
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`[data-tree-item="${cuid}"]`)?.focus(),
        );
        return;
      }
      const items = [
        ...(event.currentTarget.querySelectorAll<HTMLElement>("[data-tree-item]") ?? []),
      ];
      const next = items[items.indexOf(target) + by];
      next?.focus();
      if (next?.dataset.treeItem) actions.select(next.dataset.treeItem);
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys bubble up from the element buttons
    <div onKeyDown={onKeyDown} onMouseLeave={() => actions.hover(null)}>
      <Branch
        nodes={tree}
        depth={0}
        selected={selected}
        invalid={invalid}
        readOnly={readOnly}
        actions={actions}
      />
    </div>
  );
}

function Branch({
  nodes,
  depth,
  ...rest
}: {
  nodes: Tree;
  depth: number;
  selected: string | null;
  invalid: ReadonlySet<string>;
  readOnly: boolean;
  actions: TreeActions;
}) {
  if (nodes.length === 0) return null;
  return (
    <ul className={clsx("flex flex-col gap-1", depth > 0 && "mt-1 border-l border-slate-200 pl-3")}>
      {nodes.map((node, index) => (
        <Item
          key={node.cuid}
          node={node}
          first={index === 0}
          last={index === nodes.length - 1}
          depth={depth}
          {...rest}
        />
      ))}
    </ul>
  );
}

function Item({
  node,
  first,
  last,
  depth,
  selected,
  invalid,
  readOnly,
  actions,
}: {
  node: DraftElement;
  first: boolean;
  last: boolean;
  depth: number;
  selected: string | null;
  invalid: ReadonlySet<string>;
  readOnly: boolean;
  actions: TreeActions;
}) {
  const { t } = useTranslation();
  const nameOf = useElementName();
  const name = nameOf(node);
  const isSelected = selected === node.cuid;
  const hasErrors = invalid.has(node.cuid);
  return (
    <li
      onMouseEnter={(event) => {
        event.stopPropagation();
        actions.hover(node.cuid);
      }}
    >
      <div
        className={clsx(
          "flex flex-wrap items-center gap-x-1 rounded-lg border px-1",
          isSelected ? "border-slate-900 bg-slate-50" : "border-slate-200 bg-white",
          hasErrors && "border-red-600",
        )}
      >
        <button
          type="button"
          data-tree-item={node.cuid}
          data-testid="tree-item"
          aria-current={isSelected ? "true" : undefined}
          onClick={() => actions.select(node.cuid)}
          onFocus={() => actions.hover(node.cuid)}
          className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-2 text-left text-sm"
        >
          <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
            {t(`admin.website.kinds.${node.element}`)}
          </span>
          <span className="truncate font-medium text-slate-900">{name}</span>
          {hasErrors ? (
            <span className="inline-flex shrink-0 items-center text-red-700">
              <AlertIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">{t("admin.website.editor.has_errors")}</span>
            </span>
          ) : null}
        </button>
        {/* The selected element's actions, on their own line so names stay readable on phones. */}
        {readOnly || !isSelected ? null : (
          <span className="flex w-full shrink-0 items-center justify-end border-t border-slate-200">
            <IconButton
              label={`${t("admin.website.editor.move_up")}: ${name}`}
              disabled={first}
              onClick={() => actions.move(node.cuid, -1)}
            >
              <ChevronDownIcon className="size-4 rotate-180" />
            </IconButton>
            <IconButton
              label={`${t("admin.website.editor.move_down")}: ${name}`}
              disabled={last}
              onClick={() => actions.move(node.cuid, 1)}
            >
              <ChevronDownIcon className="size-4" />
            </IconButton>
            {node.element !== "block" ? (
              <IconButton
                label={`${t("admin.website.editor.add_inside")}: ${name}`}
                onClick={() => actions.add(node.cuid)}
              >
                <PlusIcon className="size-4" />
              </IconButton>
            ) : null}
            <IconButton
              label={`${t("admin.website.editor.duplicate")}: ${name}`}
              onClick={() => actions.duplicate(node.cuid)}
            >
              <LayersIcon className="size-4" />
            </IconButton>
            <ConfirmDialog
              title={t("admin.website.editor.remove_title", { name })}
              description={t("admin.website.editor.remove_description")}
              confirmLabel={t("admin.website.editor.remove_confirm")}
              onConfirm={async () => {
                actions.remove(node.cuid);
                return true;
              }}
              trigger={
                <IconButton label={`${t("admin.website.editor.remove")}: ${name}`}>
                  <TrashIcon className="size-4" />
                </IconButton>
              }
            />
          </span>
        )}
      </div>
      <Branch
        nodes={node.children ?? []}
        depth={depth + 1}
        selected={selected}
        invalid={invalid}
        readOnly={readOnly}
        actions={actions}
      />
    </li>
  );
}

function IconButton({
  label,
  children,
  ...props
}: { label: string; children: React.ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="min-h-9 px-2"
      aria-label={label}
      title={label}
      {...props}
    >
      {children}
    </Button>
  );
}
