import {
  AGE_FORMATS_MAX_RULES,
  AGE_UNITS,
  type AgeFormatRule,
  type AgeUnit,
  addDaysToDay,
  DAYS_PER_UNIT,
  formatAge,
  ROUNDING_METHODS,
  type RoundingMethod,
} from "@booking/domain";
import { get, type UseFormReturn, useFieldArray } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { inputClasses, useErrorMessage } from "../../ui/field";
import { MoveButtons } from "../catalogue/move-buttons";
import { selectClasses } from "../fields";

/** One rule as the editor types it: numbers as text, "" for no limit. */
export const ageRuleRow = z.object({
  type: z.enum(AGE_UNITS),
  number_of_days: z.number(),
  limit: z.string(),
  rounding_interval: z.string(),
  rounding_method: z.enum(ROUNDING_METHODS),
});
export type AgeRuleRow = z.infer<typeof ageRuleRow>;

export const ageRuleRowOf = (rule: AgeFormatRule): AgeRuleRow => ({
  type: rule.type,
  number_of_days: rule.number_of_days,
  limit: rule.limit === null ? "" : String(rule.limit),
  rounding_interval: String(rule.rounding_interval),
  rounding_method: rule.rounding_method,
});

/** A decimal typed with "." or ","; null for blank, NaN when it is not a number. */
export function typedDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : Number.NaN;
}

/** The rules of the rows that read as numbers (the preview skips the others). */
function usableRules(rows: readonly AgeRuleRow[]): AgeFormatRule[] {
  return rows.flatMap((row) => {
    const limit = typedDecimal(row.limit);
    const interval = typedDecimal(row.rounding_interval);
    if (Number.isNaN(limit) || interval === null || Number.isNaN(interval)) return [];
    return [{ ...row, limit, rounding_interval: interval }];
  });
}

/** Ages the preview shows, as the organiser thinks of them. */
const SAMPLES: ReadonlyArray<{ unit: AgeUnit; value: number }> = [
  { unit: "days", value: 10 },
  { unit: "weeks", value: 6 },
  { unit: "months", value: 5 },
  { unit: "months", value: 18 },
  { unit: "months", value: 56 },
  { unit: "years", value: 25 },
];
/** A fixed day: the preview is the same on the server and in the browser. */
const PREVIEW_DAY = "2026-06-15";

type FormWithAges = { formats: { ages: AgeRuleRow[] } };

/**
 * The age display rules (platform-and-account.md §3.2): the first rule whose limit the age has
 * not reached shows it, in its unit, rounded; the fallback (whole years, rounded down) ends the
 * list. Rules are added, removed and moved, with a preview of a few ages.
 */
export function AgeFormatsEditor<T extends FormWithAges, O>({
  form: typedForm,
  timeZone,
  readOnly,
}: {
  form: UseFormReturn<T, unknown, O>;
  timeZone: string;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  // The editor only touches `formats.ages`, whatever else the form holds.
  const form = typedForm as unknown as UseFormReturn<FormWithAges>;
  const { fields, append, remove, swap } = useFieldArray({
    control: form.control,
    name: "formats.ages",
  });
  const rows = form.watch("formats.ages");
  const number = new Intl.NumberFormat(i18n.language);
  const rules = usableRules(rows);
  const path = (index: number, key: keyof AgeRuleRow) => `formats.ages.${index}.${key}` as const;
  const errorOf = (index: number, key: keyof AgeRuleRow) =>
    (get(form.formState.errors, path(index, key)) as { message?: string } | undefined)?.message;
  const label = (key: string) => t(`admin.settings.preferences.ages.${key}`);

  return (
    <div className="flex flex-col gap-3" data-testid="age-formats">
      <ol className="flex flex-col gap-2">
        {fields.map((row, index) => {
          const limitError = errorMessage(errorOf(index, "limit"));
          const intervalError = errorMessage(errorOf(index, "rounding_interval"));
          const unit = rows[index]?.type ?? row.type;
          return (
            <li
              key={row.id}
              className="grid grid-cols-2 items-end gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_11rem_auto]"
            >
              <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
                {label("unit")}
                <select
                  className={selectClasses(false)}
                  {...form.register(path(index, "type"), {
                    onChange: (event) =>
                      form.setValue(
                        path(index, "number_of_days"),
                        DAYS_PER_UNIT[event.target.value as AgeUnit],
                      ),
                  })}
                >
                  {AGE_UNITS.map((value) => (
                    <option key={value} value={value}>
                      {t(`admin.settings.preferences.ages.units.${value}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
                {t("admin.settings.preferences.ages.limit", {
                  unit: t(`admin.settings.preferences.ages.units.${unit}`).toLowerCase(),
                })}
                <input
                  className={inputClasses(Boolean(limitError))}
                  inputMode="decimal"
                  placeholder={label("no_limit")}
                  aria-invalid={limitError ? true : undefined}
                  {...form.register(path(index, "limit"))}
                />
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
                {label("interval")}
                <input
                  className={inputClasses(Boolean(intervalError))}
                  inputMode="decimal"
                  aria-invalid={intervalError ? true : undefined}
                  {...form.register(path(index, "rounding_interval"))}
                />
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
                {label("method")}
                <select
                  className={selectClasses(false)}
                  {...form.register(path(index, "rounding_method"))}
                >
                  {ROUNDING_METHODS.map((method: RoundingMethod) => (
                    <option key={method} value={method}>
                      {t(`admin.settings.preferences.ages.methods.${method}`)}
                    </option>
                  ))}
                </select>
              </label>
              {readOnly ? null : (
                <span className="col-span-2 flex justify-end sm:col-span-1">
                  <MoveButtons
                    index={index}
                    count={fields.length}
                    label={label("rule")}
                    onMove={(delta) => swap(index, index + delta)}
                  />
                  <button
                    type="button"
                    className="inline-flex size-8 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                    onClick={() => remove(index)}
                    aria-label={label("remove")}
                    title={label("remove")}
                  >
                    <TrashIcon className="size-4" />
                  </button>
                </span>
              )}
              {limitError || intervalError ? (
                <p className="col-span-full text-sm font-medium text-red-700" role="alert">
                  {limitError ?? intervalError}
                </p>
              ) : null}
            </li>
          );
        })}
        <li className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600">
          {label("fallback")}
        </li>
      </ol>
      {readOnly || fields.length >= AGE_FORMATS_MAX_RULES ? null : (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              append({
                type: "years",
                number_of_days: DAYS_PER_UNIT.years,
                limit: "",
                rounding_interval: "1",
                rounding_method: "down",
              })
            }
          >
            <PlusIcon className="size-4" />
            {label("add")}
          </Button>
        </div>
      )}
      <div className="rounded-lg bg-slate-50 p-3">
        <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {label("preview")}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {SAMPLES.map((sample) => {
            const days = Math.round(sample.value * DAYS_PER_UNIT[sample.unit]);
            const birthdate = addDaysToDay(PREVIEW_DAY, -days);
            const shown = formatAge(
              birthdate,
              new Date(`${PREVIEW_DAY}T12:00:00Z`),
              rules,
              timeZone,
            );
            return (
              <div key={`${sample.unit}-${sample.value}`} className="contents">
                <dt className="text-slate-600">
                  {t(`admin.settings.preferences.ages.sample.${sample.unit}`, {
                    count: sample.value,
                  })}
                </dt>
                <dd className="font-medium text-slate-950">
                  {t(`participants.age.${shown.type}`, {
                    count: shown.value,
                    value: number.format(shown.value),
                  })}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
    </div>
  );
}
