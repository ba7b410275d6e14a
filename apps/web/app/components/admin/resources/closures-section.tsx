import type { AdminResourceView } from "@booking/contracts";
import { DEFAULT_TIME_ZONE, zonedInstant } from "@booking/domain";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { resourcesApi } from "../../../lib/admin/resources-api";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";

/** "YYYY-MM-DDTHH:MM" of a datetime-local input, read in the organiser's time zone; null if empty. */
function instantOf(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  return zonedInstant(
    match[1]!,
    { hour: Number(match[2]), minute: Number(match[3]) },
    timeZone,
  ).toISOString();
}

/** The periods a resource cannot be booked (works, a tournament): add one, remove one. */
export function ClosuresSection({ resource }: { resource: AdminResourceView }) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const format = useConsoleFormatters();
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const editable = can("resources.resources.update");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAdminMutation(resourcesApi.addClosure, {
    success: t("admin.resource_editor.closure_added"),
  });
  const remove = useAdminMutation(resourcesApi.removeClosure, {
    success: t("admin.resource_editor.closure_removed"),
  });
  const stamp = (at: string) => `${format.date(at)} ${format.time(at)}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const startAt = instantOf(start, timeZone);
    const endAt = instantOf(end, timeZone);
    const found: Record<string, string> = {};
    if (!startAt) found.start_at = "REQUIRED";
    if (!endAt) found.end_at = "REQUIRED";
    setErrors(found);
    if (!startAt || !endAt) return;
    const outcome = await add.mutate(resource.cuid, { start_at: startAt, end_at: endAt });
    if (outcome.ok) {
      setStart("");
      setEnd("");
    }
  };

  return (
    <section
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="closures-heading"
      data-testid="closures"
    >
      <div>
        <h2 id="closures-heading" className="text-lg font-semibold text-slate-950">
          {t("admin.resource_editor.closures")}
        </h2>
        <p className="text-sm text-slate-700">{t("admin.resource_editor.closures_hint")}</p>
      </div>
      {resource.closures.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.resource_editor.no_closures")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {resource.closures.map((closure) => (
            <li
              key={closure.cuid}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="closure"
            >
              <span className="tabular-nums text-slate-900">
                {t("admin.resource_editor.closure_period", {
                  from: stamp(closure.start_at),
                  to: stamp(closure.end_at),
                })}
              </span>
              {editable ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={remove.pending}
                  onClick={() => remove.mutate(resource.cuid, closure.cuid)}
                >
                  {t("admin.resource_editor.remove_closure")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <TextField
            type="datetime-local"
            name="start_at"
            label={t("admin.resource_editor.closure_start")}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            error={errors.start_at}
            data-testid="closure-start"
          />
          <TextField
            type="datetime-local"
            name="end_at"
            label={t("admin.resource_editor.closure_end")}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            error={errors.end_at}
            data-testid="closure-end"
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={add.pending}
            data-testid="closure-add"
          >
            {t("admin.resource_editor.add_closure")}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
