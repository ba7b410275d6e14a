import type { TagKind, TagView } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { tagPermission } from "../../../lib/admin/tag-loaders";
import { tagsApi } from "../../../lib/admin/tags-api";
import { PencilIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { ConfirmDialog } from "../dialog";
import { FormPanel } from "../form-panel";
import { TagChip } from "./tag-chip";

/** The tags of one kind (customers, participants, collaborators): add, rename, recolour, delete. */
export function TagsPanel({ kind, tags }: { kind: TagKind; tags: readonly TagView[] }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  return (
    <FormPanel
      title={t(`admin.tags.kinds.${kind}`)}
      description={t("admin.tags.kind_description")}
      testId={`tags-${kind}`}
    >
      {tags.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.tags.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tags.map((tag) => (
            <TagRow key={tag.cuid} kind={kind} tag={tag} />
          ))}
        </ul>
      )}
      {can(tagPermission(kind, "create")) ? (
        <TagForm
          submitLabel={t("admin.tags.add")}
          send={(body) => tagsApi.create(kind, body)}
          success={t("admin.tags.added")}
        />
      ) : null}
    </FormPanel>
  );
}

function TagRow({ kind, tag }: { kind: TagKind; tag: TagView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [editing, setEditing] = useState(false);
  const removal = useAdminMutation(() => tagsApi.remove(kind, tag.cuid), {
    success: t("admin.tags.deleted"),
  });
  if (editing) {
    return (
      <li className="py-2">
        <TagForm
          initial={tag}
          submitLabel={t("admin.tags.save")}
          send={(body) => tagsApi.update(kind, tag.cuid, body)}
          success={t("admin.tags.saved")}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="flex items-center gap-2">
        <TagChip name={tag.name} color={tag.color} />
        <span className="text-xs text-slate-600">
          {t("admin.tags.count", { count: tag.count })}
        </span>
      </span>
      <span className="flex gap-1">
        {can(tagPermission(kind, "update")) ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon className="size-4" />
            {t("admin.tags.edit_tag")}
          </Button>
        ) : null}
        {can(tagPermission(kind, "delete")) ? (
          <ConfirmDialog
            title={t("admin.tags.delete_title", { name: tag.name })}
            description={t("admin.tags.delete_body", { count: tag.count })}
            confirmLabel={t("admin.tags.delete")}
            onConfirm={async () => (await removal.mutate()).ok}
            trigger={
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                <TrashIcon className="size-4" />
                {t("admin.tags.delete")}
              </Button>
            }
          />
        ) : null}
      </span>
    </li>
  );
}

function TagForm({
  initial,
  submitLabel,
  send,
  success,
  onDone,
}: {
  initial?: { name: string; color: string };
  submitLabel: string;
  send: (body: { name: string; color: string }) => Promise<unknown>;
  success: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [color, setColor] = useState(initial?.color ?? "#2e86de");
  const { mutate, pending } = useAdminMutation(() => send({ name, color }), { success });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await mutate()).ok) {
          if (onDone) onDone();
          else setName("");
        }
      }}
    >
      <label
        htmlFor={`${id}-name`}
        className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-slate-800"
      >
        {t("admin.tags.name")}
        <input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          required
          onChange={(event) => setName(event.target.value)}
          className={inputClasses(false)}
          data-testid="tag-name"
        />
      </label>
      <label
        htmlFor={`${id}-color`}
        className="flex flex-col gap-1 text-sm font-medium text-slate-800"
      >
        {t("admin.tags.color")}
        <input
          id={`${id}-color`}
          type="color"
          value={color}
          onChange={(event) => setColor(event.target.value)}
          className="h-11 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
      </label>
      {onDone ? (
        <Button variant="secondary" onClick={onDone}>
          {t("admin.common.cancel")}
        </Button>
      ) : null}
      <Button type="submit" disabled={pending || name.trim() === ""} data-testid="tag-submit">
        {submitLabel}
      </Button>
    </form>
  );
}
