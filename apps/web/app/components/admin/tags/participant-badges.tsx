import type { BadgeListView, BadgeRef } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { badgesApi } from "../../../lib/admin/tags-api";
import { Button } from "../../ui/button";
import { TagChip } from "./tag-chip";

/**
 * A participant's badges (decision 0088): chips named by their list ("Allergies: Gluten"); with
 * the participant update permission and the badge lists, ticked list by list and saved whole.
 */
export function ParticipantBadges({
  participant,
  badges,
  lists,
}: {
  participant: string;
  badges: readonly BadgeRef[];
  /** null: the role may not read the badge lists */
  lists: readonly BadgeListView[] | null;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState(() => new Set(badges.map((badge) => badge.cuid)));
  const { mutate, pending } = useAdminMutation(() => badgesApi.assign(participant, [...chosen]), {
    success: t("admin.badges.saved"),
  });
  const editable = can("participants.participants.update") && lists !== null && lists.length > 0;
  const toggle = (cuid: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(cuid);
    else next.delete(cuid);
    setChosen(next);
  };
  return (
    <div className="flex flex-col gap-2" data-testid="participant-badges">
      <div className="flex flex-wrap items-center gap-2">
        {badges.length === 0 ? (
          <span className="text-sm text-slate-600">{t("admin.badges.none")}</span>
        ) : (
          badges.map((badge) => (
            <TagChip key={badge.cuid} name={`${badge.list} : ${badge.label}`} color={badge.color} />
          ))
        )}
        {editable && !editing ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            data-testid="edit-badges"
          >
            {t("admin.badges.edit")}
          </Button>
        ) : null}
      </div>
      {editing && lists ? (
        <form
          className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
          onSubmit={async (event) => {
            event.preventDefault();
            if ((await mutate()).ok) setEditing(false);
          }}
        >
          {lists.map((list) => (
            <fieldset key={list.cuid} className="flex flex-wrap gap-x-4 gap-y-1">
              <legend className="mb-1 text-sm font-medium text-slate-800">{list.name}</legend>
              {list.badges.map((badge) => (
                <label key={badge.cuid} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={chosen.has(badge.cuid)}
                    onChange={(event) => toggle(badge.cuid, event.target.checked)}
                  />
                  <TagChip name={badge.label} color={badge.color} />
                </label>
              ))}
            </fieldset>
          ))}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              {t("admin.common.cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={pending} data-testid="save-badges">
              {t("admin.badges.save")}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
