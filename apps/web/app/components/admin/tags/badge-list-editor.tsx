import type { BadgeListView } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { badgesApi } from "../../../lib/admin/tags-api";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { ConfirmDialog } from "../dialog";
import { FormPanel } from "../form-panel";

type Row = { key: string; cuid?: string; label: string; color: string };

let nextKey = 0;
const newRow = (): Row => ({ key: `new-${nextKey++}`, label: "", color: "#2e86de" });

/**
 * One badge list (or a new one): its name and its badges in order, each with a colour; saved as
 * a whole. A badge removed here leaves the participants who carried it.
 */
export function BadgeListEditor({ list }: { list: BadgeListView | null }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const id = useId();
  const [name, setName] = useState(list?.name ?? "");
  const [rows, setRows] = useState<Row[]>(
    list ? list.badges.map((badge) => ({ key: badge.cuid, ...badge })) : [newRow()],
  );
  const body = () => ({
    name,
    badges: rows.map(({ cuid, label, color }) => ({ ...(cuid ? { cuid } : {}), label, color })),
  });
  const save = useAdminMutation(
    () => (list ? badgesApi.update(list.cuid, body()) : badgesApi.create(body())),
    { success: t("admin.badges.list_saved") },
  );
  const removal = useAdminMutation(() => badgesApi.remove(list!.cuid), {
    success: t("admin.badges.list_deleted"),
  });
  const editable = can(list ? "badge_lists.badge_lists.update" : "badge_lists.badge_lists.create");
  const change = (key: string, values: Partial<Row>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...values } : row)));

  return (
    <FormPanel
      title={list ? list.name : t("admin.badges.new_list")}
      description={list ? t("admin.badges.carried", { count: list.participants_count }) : undefined}
      testId={list ? "badge-list" : "new-badge-list"}
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          const outcome = await save.mutate();
          if (outcome.ok && !list) {
            setName("");
            setRows([newRow()]);
          }
        }}
      >
        <fieldset disabled={!editable} className="flex flex-col gap-3">
          <label
            htmlFor={`${id}-name`}
            className="flex flex-col gap-1 text-sm font-medium text-slate-800"
          >
            {t("admin.badges.list_name")}
            <input
              id={`${id}-name`}
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
              className={inputClasses(false)}
              data-testid="badge-list-name"
            />
          </label>
          <ol className="flex flex-col gap-2">
            {rows.map((row, index) => (
              <li key={row.key} className="flex items-end gap-2">
                <label className="flex flex-1 flex-col gap-1 text-xs font-medium text-slate-600">
                  {t("admin.badges.badge", { number: index + 1 })}
                  <input
                    value={row.label}
                    maxLength={60}
                    onChange={(event) => change(row.key, { label: event.target.value })}
                    className={inputClasses(false)}
                    data-testid="badge-label"
                  />
                </label>
                <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
                  {t("admin.tags.color")}
                  <input
                    type="color"
                    value={row.color}
                    onChange={(event) => change(row.key, { color: event.target.value })}
                    className="h-11 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                  />
                </label>
                <Button
                  variant="ghost"
                  aria-label={t("admin.badges.remove_badge", { number: index + 1 })}
                  disabled={rows.length === 1}
                  onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
                >
                  <TrashIcon className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
        </fieldset>
        {editable ? (
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="secondary" size="sm" onClick={() => setRows([...rows, newRow()])}>
              <PlusIcon className="size-4" />
              {t("admin.badges.add_badge")}
            </Button>
            <span className="flex gap-2">
              {list && can("badge_lists.badge_lists.delete") ? (
                <ConfirmDialog
                  title={t("admin.badges.delete_title", { name: list.name })}
                  description={t("admin.badges.delete_body")}
                  confirmLabel={t("admin.badges.delete")}
                  onConfirm={async () => (await removal.mutate()).ok}
                  trigger={
                    <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                      {t("admin.badges.delete")}
                    </Button>
                  }
                />
              ) : null}
              <Button type="submit" size="sm" disabled={save.pending} data-testid="badge-list-save">
                {t("admin.badges.save_list")}
              </Button>
            </span>
          </div>
        ) : null}
      </form>
    </FormPanel>
  );
}
