import { clsx } from "clsx";
import { useId, useState } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { useTranslation } from "../../i18n/react";
import { useLanguage } from "../../lib/root-data";
import { birthYears, formatDay } from "../calendar/days";
import { monthNames } from "../filters/format";
import { describedBy, FieldErrorText, inputClasses, useErrorMessage } from "./field";

/** "YYYY-MM-DD" into its three parts as the selects hold them ("" for none). */
function partsOf(value: unknown): { day: string; month: string; year: string } {
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return { day: "", month: "", year: "" };
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}

/**
 * A birthdate as three selects — day, month by its name, year from this year back 100 years,
 * newest first — instead of a calendar that opens on today and offers years to come. The form
 * value is "YYYY-MM-DD" once all three are chosen, "" before (the form's rules say REQUIRED or
 * INVALID_DATE, e.g. for 31 February).
 */
export function BirthdateField<Values extends FieldValues>({
  control,
  name,
  label,
  today,
  className,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  /** the organiser's current day (YYYY-MM-DD): the latest year offered */
  today: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const [parts, setParts] = useState(() => partsOf(field.value));
  const error = useErrorMessage()(fieldState.error?.message);

  const change = (part: "day" | "month" | "year", value: string) => {
    const next = { ...parts, [part]: value };
    setParts(next);
    field.onChange(
      next.day && next.month && next.year
        ? formatDay(Number(next.year), Number(next.month), Number(next.day))
        : "",
    );
  };
  const select = (part: "day" | "month" | "year", options: Array<[string, string]>) => (
    <select
      id={`${id}-${part}`}
      aria-label={t(`forms.birthdate.${part}`)}
      value={parts[part]}
      onChange={(event) => change(part, event.target.value)}
      onBlur={field.onBlur}
      ref={part === "day" ? field.ref : undefined}
      // As wide as its longest option (never a cut month name), growing to share the row.
      className={clsx(inputClasses(Boolean(error)), "w-auto! flex-auto px-2!")}
      data-testid={`birthdate-${part}`}
      {...describedBy(id, null, error)}
    >
      <option value="">{t(`forms.birthdate.${part}`)}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );

  return (
    <fieldset className={clsx("flex flex-col gap-1.5", className)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {select(
          "day",
          Array.from({ length: 31 }, (_, index) => [String(index + 1), String(index + 1)]),
        )}
        {select(
          "month",
          monthNames(language).map((month, index) => [String(index + 1), month]),
        )}
        {select(
          "year",
          birthYears(today).map((year) => [String(year), String(year)]),
        )}
      </div>
      {error ? <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText> : null}
    </fieldset>
  );
}
