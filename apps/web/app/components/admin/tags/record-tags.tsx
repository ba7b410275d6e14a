import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { type RecordTags as RecordTagsData, tagPermission } from "../../../lib/admin/tag-loaders";
import { tagsApi } from "../../../lib/admin/tags-api";
import { Button } from "../../ui/button";
import { TagChip } from "./tag-chip";

/**
 * A record's tags (a customer, a participant, a collaborator): shown as chips; with the update
 * permission, ticked in a list of the kind's tags and saved as a whole set.
 */
export function RecordTags({ record, data }: { record: string; data: RecordTagsData }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState(() => new Set(data.tags.map((tag) => tag.cuid)));
  const { mutate, pending } = useAdminMutation(
    () => tagsApi.assign(data.kind, record, [...chosen]),
    { success: t("admin.tags.saved") },
  );
  const editable = can(tagPermission(data.kind, "update")) && data.choices.length > 0;
  return (
    <div className="flex flex-col gap-2" data-testid="record-tags">
      <div className="flex flex-wrap items-center gap-2">
        {data.tags.length === 0 ? (
          <span className="text-sm text-slate-600">{t("admin.tags.none")}</span>
        ) : (
          data.tags.map((tag) => <TagChip key={tag.cuid} name={tag.name} color={tag.color} />)
        )}
        {editable && !editing ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            data-testid="edit-tags"
          >
            {t("admin.tags.edit")}
          </Button>
        ) : null}
      </div>
      {editing ? (
        <form
          className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
          onSubmit={async (event) => {
            event.preventDefault();
            if ((await mutate()).ok) setEditing(false);
          }}
        >
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t("admin.tags.choose")}
            </legend>
            {data.choices.map((tag) => (
              <label key={tag.cuid} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.has(tag.cuid)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(tag.cuid);
                    else next.delete(tag.cuid);
                    setChosen(next);
                  }}
                />
                <TagChip name={tag.name} color={tag.color} />
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              {t("admin.common.cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={pending} data-testid="save-tags">
              {t("admin.tags.save")}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
