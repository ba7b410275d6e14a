import type { AdminActivityListItem, ListEnvelope } from "@booking/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../../lib/api";

/**
 * The activities a grid shows, ticked among the organiser's activities (the console's activity
 * list, the first 100 by title); none ticked: all of them. The setting stores their ids.
 */
export function ActivityPicker({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  value: unknown;
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [activities, setActivities] = useState<AdminActivityListItem[] | null>(null);
  useEffect(() => {
    let live = true;
    apiRequest<ListEnvelope<AdminActivityListItem>>(
      "GET",
      "/api/admin/activities?page_size=100&sort=title",
    )
      .then((list) => {
        if (live) setActivities(list.data);
      })
      .catch(() => {
        if (live) setActivities([]);
      });
    return () => {
      live = false;
    };
  }, []);
  const chosen = new Set(Array.isArray(value) ? value.map(Number) : []);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange((activities ?? []).map((activity) => activity.id).filter((item) => next.has(item)));
  };
  return (
    <fieldset className="flex flex-col gap-1.5" data-testid="setting-ids">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {activities === null ? (
        <p className="text-sm text-slate-600">{t("common.loading")}</p>
      ) : (
        <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {activities.map((activity) => (
            <li key={activity.id}>
              <label className="inline-flex min-h-9 items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="size-4 accent-slate-900"
                  checked={chosen.has(activity.id)}
                  onChange={(event) => toggle(activity.id, event.target.checked)}
                />
                {activity.title}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {t(`forms.errors.${error}`, { defaultValue: error })}
        </p>
      ) : null}
    </fieldset>
  );
}
