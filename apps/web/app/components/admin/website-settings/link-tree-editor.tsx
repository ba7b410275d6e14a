import type { LinkTargets, NavigationLink } from "@booking/contracts";
import { clsx } from "clsx";
import type { KeyboardEvent } from "react";
import { useTranslation } from "../../../i18n/react";
import { ChevronDownIcon, PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { HrefField } from "./href-field";
import { appendLink, moveLink, newLink, removeLink, type TreePath, updateLink } from "./link-tree";
import type { FieldErrors } from "./use-website-save";

interface TreeProps {
  links: NavigationLink[];
  onChange: (links: NavigationLink[]) => void;
  /** levels allowed: 1 for a flat list, 3 for the header's navigation */
  maxDepth: number;
  targets: LinkTargets;
  errors: FieldErrors;
  /** the path of the list in the saved body ("navigation", "footer.legal_links") */
  errorPath: string;
  /** names the list for assistive technologies */
  label: string;
  testId: string;
}

/** After a move, the moved link's same button keeps the focus (it was re-rendered elsewhere). */
function refocus(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * Edits a list of links, nested up to `maxDepth` levels: each link's name and address, moved up
 * or down among its siblings (buttons, or Alt+↑ / Alt+↓ from any of its fields), given
 * sub-links, removed. In the header, a link whose sub-links have none of their own opens a
 * dropdown; one level deeper, a mega menu (as the storefront draws them).
 */
export function LinkTreeEditor(props: TreeProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid={props.testId}>
      <LinkList {...props} parent={[]} depth={1} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => props.onChange(appendLink(props.links, [], newLink()))}
          data-testid={`${props.testId}-add`}
        >
          <PlusIcon className="size-4" />
          {t("admin.website_settings.links.add")}
        </Button>
        <p className="text-sm text-slate-600">{t("admin.website_settings.links.href_hint")}</p>
      </div>
    </div>
  );
}

function LinkList({ parent, depth, ...props }: TreeProps & { parent: TreePath; depth: number }) {
  const { t } = useTranslation();
  let siblings = props.links;
  for (const index of parent) siblings = siblings[index]!.children;
  if (siblings.length === 0) {
    return depth === 1 ? (
      <p className="text-sm text-slate-600">{t("admin.website_settings.links.empty")}</p>
    ) : null;
  }
  return (
    <ol
      aria-label={depth === 1 ? props.label : undefined}
      className={clsx("flex flex-col gap-3", depth > 1 && "mt-3 border-l-2 border-slate-200 pl-3")}
    >
      {siblings.map((link, index) => (
        <LinkItem
          key={link.id}
          {...props}
          link={link}
          path={[...parent, index]}
          depth={depth}
          last={index === siblings.length - 1}
        />
      ))}
    </ol>
  );
}

function LinkItem({
  link,
  path,
  depth,
  last,
  ...props
}: TreeProps & { link: NavigationLink; path: TreePath; depth: number; last: boolean }) {
  const { t } = useTranslation();
  const first = path.at(-1) === 0;
  const errorAt = (field: string) =>
    props.errors[`${props.errorPath}.${path.join(".children.")}.${field}`];
  const move = (delta: -1 | 1, focusId: string) => {
    props.onChange(moveLink(props.links, path, delta));
    refocus(focusId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    if (
      event.target !== event.currentTarget &&
      (event.target as HTMLElement).tagName === "SELECT"
    ) {
      return;
    }
    event.preventDefault();
    const up = event.key === "ArrowUp";
    if (up ? first : last) return;
    const target = event.target as HTMLElement;
    props.onChange(moveLink(props.links, path, up ? -1 : 1));
    if (target.id) refocus(target.id);
  };
  const kind =
    depth === 1 && props.maxDepth > 1 && link.children.length > 0
      ? link.children.some((child) => child.children.length > 0)
        ? "mega"
        : "dropdown"
      : null;
  const name = link.name || t("admin.website_settings.links.untitled");
  return (
    <li
      className="rounded-lg border border-slate-200 bg-slate-50/60 p-3"
      onKeyDown={onKeyDown}
      data-testid="link-item"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {name}
          {kind ? (
            <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
              {t(`admin.website_settings.links.kind_${kind}`)}
            </span>
          ) : null}
        </p>
        <LinkActions
          id={link.id}
          name={name}
          first={first}
          last={last}
          onMove={move}
          onAddChild={
            depth < props.maxDepth
              ? () => props.onChange(appendLink(props.links, path, newLink()))
              : null
          }
          onRemove={() => props.onChange(removeLink(props.links, path))}
        />
      </div>
      <div className="mt-2 grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <TextField
          name={`${link.id}-name`}
          label={t("admin.website_settings.links.name")}
          value={link.name}
          maxLength={100}
          onChange={(event) =>
            props.onChange(updateLink(props.links, path, { name: event.target.value }))
          }
          error={errorAt("name")}
          data-testid="link-name"
        />
        <HrefField
          label={t("admin.website_settings.links.href")}
          value={link.href}
          onChange={(href) => props.onChange(updateLink(props.links, path, { href }))}
          targets={props.targets}
          error={errorAt("href")}
          withHint={false}
          testId="link-href"
        />
      </div>
      {depth < props.maxDepth ? <LinkList {...props} parent={path} depth={depth + 1} /> : null}
    </li>
  );
}

/** A link's buttons: up, down (its moved copy keeps the focus), add a sub-link, remove. */
function LinkActions({
  id,
  name,
  first,
  last,
  onMove,
  onAddChild,
  onRemove,
}: {
  id: string;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1, focusId: string) => void;
  /** null at the deepest level */
  onAddChild: (() => void) | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        id={`${id}-up`}
        variant="ghost"
        size="sm"
        disabled={first}
        aria-label={t("admin.website_settings.links.move_up", { name })}
        onClick={() => onMove(-1, `${id}-up`)}
      >
        <ChevronDownIcon className="size-4 rotate-180" />
      </Button>
      <Button
        id={`${id}-down`}
        variant="ghost"
        size="sm"
        disabled={last}
        aria-label={t("admin.website_settings.links.move_down", { name })}
        onClick={() => onMove(1, `${id}-down`)}
      >
        <ChevronDownIcon className="size-4" />
      </Button>
      {onAddChild ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("admin.website_settings.links.add_child", { name })}
          onClick={onAddChild}
        >
          <PlusIcon className="size-4" />
          <span className="hidden sm:inline">{t("admin.website_settings.links.child")}</span>
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        aria-label={t("admin.website_settings.links.remove", { name })}
        onClick={onRemove}
      >
        <TrashIcon className="size-4" />
      </Button>
    </div>
  );
}
