import { useId } from "react";
import { useTranslation } from "../../../i18n/react";
import { instantOfLocalInput } from "../../../lib/admin/zoned-input";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { FieldErrorText, inputClasses, useErrorMessage } from "../../ui/field";

/** A date typed by hand: its local day and times in the organiser's zone. */
export type DateRow = { day: string; start: string; end: string };

export const EMPTY_DATE_ROW: DateRow = { day: "", start: "", end: "" };

/**
 * The rows as the API's dates (instants with offset), or the errors of the rows that are not
 * complete (REQUIRED) by the API's paths (`dates.0.start_at`).
 */
export function rowsToDates(
  rows: readonly DateRow[],
  timeZone: string,
): { dates: { start_at: string; end_at: string }[] } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const dates = rows.map((row, index) => {
    const start =
      row.day && row.start ? instantOfLocalInput(`${row.day}T${row.start}`, timeZone) : null;
    const end = row.day && row.end ? instantOfLocalInput(`${row.day}T${row.end}`, timeZone) : null;
    if (!start) errors[`dates.${index}.start_at`] = "REQUIRED";
    if (!end) errors[`dates.${index}.end_at`] = "REQUIRED";
    return { start_at: start ?? "", end_at: end ?? "" };
  });
  if (rows.length === 0) errors.dates = "REQUIRED";
  return Object.keys(errors).length > 0 ? { errors } : { dates };
}

/**
 * Dates one by one: a day, a start and an end time each; rows are added and removed, unless
 * `single` (the one date of an edit).
 */
export function DateRowsEditor({
  rows,
  onChange,
  errors,
  single = false,
}: {
  rows: DateRow[];
  onChange: (rows: DateRow[]) => void;
  errors: Record<string, string>;
  single?: boolean;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = useId();
  const set = (index: number, changes: Partial<DateRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...changes } : row)));

  return (
    <div className="flex flex-col gap-3" data-testid="date-rows">
      {rows.length > 0 ? (
        // The inputs have their own accessible names; these are the eyes' column headings.
        <div aria-hidden="true" className="flex gap-2 text-xs font-medium text-slate-600">
          <span className="flex-1">{t("admin.availabilities.dates.day")}</span>
          <span className="w-32">{t("admin.availabilities.dates.start")}</span>
          <span className="w-32">{t("admin.availabilities.dates.end")}</span>
          {single ? null : <span className="w-10" />}
        </div>
      ) : null}
      {rows.map((row, index) => {
        const error = errorMessage(
          errors[`dates.${index}.start_at`] ??
            errors[`dates.${index}.end_at`] ??
            errors[`dates.${index}`],
        );
        const label = (name: string) =>
          t(`admin.availabilities.dates.${name}`, { number: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is what the errors name
          <div key={index} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-end gap-2">
              <input
                type="date"
                aria-label={label("day_label")}
                value={row.day}
                onChange={(event) => set(index, { day: event.target.value })}
                className={`${inputClasses(Boolean(error))} w-auto flex-1 py-2 text-sm`}
                data-testid={`date-row-${index}-day`}
              />
              <input
                type="time"
                aria-label={label("start_label")}
                value={row.start}
                onChange={(event) => set(index, { start: event.target.value })}
                className={`${inputClasses(Boolean(error))} w-32 py-2 text-sm`}
                data-testid={`date-row-${index}-start`}
              />
              <input
                type="time"
                aria-label={label("end_label")}
                value={row.end}
                onChange={(event) => set(index, { end: event.target.value })}
                className={`${inputClasses(Boolean(error))} w-32 py-2 text-sm`}
                data-testid={`date-row-${index}-end`}
              />
              {single ? null : (
                <button
                  type="button"
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  aria-label={label("remove_row")}
                  title={label("remove_row")}
                  className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700"
                >
                  <TrashIcon className="size-4" />
                </button>
              )}
            </div>
            {error ? <FieldErrorText id={`${id}-${index}`}>{error}</FieldErrorText> : null}
          </div>
        );
      })}
      {errors.dates ? (
        <FieldErrorText id={`${id}-dates`}>{errorMessage(errors.dates)}</FieldErrorText>
      ) : null}
      {single ? null : (
        <div>
          <Button
            variant="ghost"
            size="sm"
            // A new row starts with the times of the last one: sessions mostly share them.
            onClick={() => onChange([...rows, { ...(rows.at(-1) ?? EMPTY_DATE_ROW), day: "" }])}
          >
            <PlusIcon className="size-4" />
            {t("admin.availabilities.dates.add_row")}
          </Button>
        </div>
      )}
    </div>
  );
}
