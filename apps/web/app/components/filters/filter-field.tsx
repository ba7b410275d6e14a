import { clsx } from "clsx";
import { useId, useMemo } from "react";
import { useTranslation } from "../../i18n/react";
import { useLanguage } from "../../lib/root-data";
import { isDay } from "../calendar/days";
import { MonthGrid } from "../calendar/month-grid";
import { Popover } from "../calendar/popover";
import { CalendarIcon, CloseIcon, SearchIcon } from "../icons";
import { CheckboxGroup, type ChoiceOption, legendClass, MultiSelect } from "./choice-inputs";
import { CATEGORY_CHECKBOX_LIMIT, type FilterField, LOCATION_CHECKBOX_LIMIT } from "./fields";
import { formatCalendarDay, weekdayNames } from "./format";
import { joinList, splitList } from "./query";

export type FieldChange = (id: string, value: string, options?: { immediate?: boolean }) => void;

export interface FilterFieldViewProps {
  field: FilterField;
  value: string;
  onChange: FieldChange;
  /** today in the organiser's time zone, "YYYY-MM-DD" */
  today: string;
}

export const filterInputClass =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-500 hover:border-slate-400";
const labelClass = `${legendClass} block`;
const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";

/** One filter, rendered by kind; its inputs are named after the filter id. */
export function FilterFieldView({ field, value, onChange, today }: FilterFieldViewProps) {
  const { t } = useTranslation();
  switch (field.kind) {
    case "search":
      return <SearchField value={value} onChange={onChange} />;
    case "date":
      return <DateField value={value} onChange={onChange} today={today} />;
    case "date-calendar":
      return (
        <DateCalendarField
          value={value}
          onChange={onChange}
          today={today}
          highlighted={field.highlighted}
        />
      );
    case "weekday":
      return <WeekdayField value={value} onChange={onChange} />;
    case "location":
      return (
        <ChoiceField
          id={field.id}
          label={t("filters.location.label")}
          options={field.options}
          limit={LOCATION_CHECKBOX_LIMIT}
          value={value}
          onChange={onChange}
        />
      );
    case "category":
      return (
        <ChoiceField
          id={field.id}
          label={field.label}
          options={field.options}
          limit={CATEGORY_CHECKBOX_LIMIT}
          value={value}
          onChange={onChange}
        />
      );
    case "period":
      return (
        <ChoiceField
          id={field.id}
          label={t("filters.period.label")}
          options={field.options}
          limit={LOCATION_CHECKBOX_LIMIT}
          value={value}
          onChange={onChange}
        />
      );
    case "availabilities-period":
      return <AvailabilitiesPeriodField value={value} onChange={onChange} />;
    case "age":
      return <AgeField value={value} onChange={onChange} />;
  }
}

function SearchField({ value, onChange }: { value: string; onChange: FieldChange }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {t("filters.search.label")}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          name="search"
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t("filters.search.placeholder")}
          value={value}
          onChange={(event) => onChange("search", event.target.value)}
          className={clsx(filterInputClass, "pl-10")}
        />
      </div>
    </div>
  );
}

/** A date input with a calendar popover (popover picks apply at once). */
function DateField({
  value,
  onChange,
  today,
}: {
  value: string;
  onChange: FieldChange;
  today: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {t("filters.date.label")}
      </label>
      <div className="relative flex items-center gap-2">
        <input
          id={id}
          type="date"
          name="date"
          value={isDay(value) ? value : ""}
          onChange={(event) => onChange("date", event.target.value)}
          className={clsx(filterInputClass, "min-w-0 flex-1")}
        />
        <Popover
          label={t("filters.date.calendar")}
          triggerLabel={t("filters.date.open_calendar")}
          triggerClassName={iconButton}
          trigger={<CalendarIcon className="size-5" />}
          anchored={false}
        >
          {(close) => (
            <MonthGrid
              label={t("filters.date.calendar")}
              value={isDay(value) ? value : null}
              today={today}
              autoFocus
              onSelect={(day) => {
                onChange("date", day, { immediate: true });
                close();
              }}
            />
          )}
        </Popover>
        {value ? (
          <button
            type="button"
            className={iconButton}
            aria-label={t("filters.date.clear", {
              date: isDay(value) ? formatCalendarDay(value, language) : value,
            })}
            onClick={() => onChange("date", "", { immediate: true })}
          >
            <CloseIcon className="size-5" />
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A month calendar marking the days that have availabilities; picking a day sets `date`. */
function DateCalendarField({
  value,
  onChange,
  today,
  highlighted,
}: {
  value: string;
  onChange: FieldChange;
  today: string;
  highlighted: string[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const days = useMemo(() => new Set(highlighted), [highlighted]);
  const headingId = useId();
  return (
    <div className="min-w-0">
      <div className="mb-2 flex items-center justify-between gap-2">
        <p id={headingId} className={legendClass}>
          {t("filters.date_calendar.label")}
        </p>
        {isDay(value) ? (
          <button
            type="button"
            onClick={() => onChange("date", "", { immediate: true })}
            className="min-h-8 rounded-md px-2 text-sm font-medium text-accent-ink underline-offset-4 hover:underline"
            aria-label={t("filters.date.clear", { date: formatCalendarDay(value, language) })}
          >
            {t("filters.date_calendar.clear")}
          </button>
        ) : null}
      </div>
      <MonthGrid
        label={t("filters.date_calendar.label")}
        value={isDay(value) ? value : null}
        today={today}
        highlighted={days}
        onSelect={(day) => onChange("date", day === value ? "" : day, { immediate: true })}
      />
      {days.size > 0 ? (
        <p className="mt-1 flex items-center gap-2 text-xs text-slate-600">
          <span aria-hidden="true" className="inline-block size-2 rounded-full bg-accent-ink" />
          {t("filters.date_calendar.legend")}
        </p>
      ) : null}
    </div>
  );
}

function WeekdayField({ value, onChange }: { value: string; onChange: FieldChange }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useMemo(() => weekdayNames(language), [language]);
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const options = names.long.map((name, index) => ({
    value: String(index + 1),
    label: capital(name),
    short: capital((names.short[index] ?? name).replace(/\.$/, "")),
  }));
  return (
    <CheckboxGroup
      chips
      name="weekday"
      label={t("filters.weekday.label")}
      options={options}
      value={splitList(value)}
      onChange={(next) => onChange("weekday", joinList(next))}
    />
  );
}

/**
 * A list filter: checkboxes up to `limit` options (debounced like any edit), a multi-select
 * combobox above (its list is a popover: a pick applies at once).
 */
function ChoiceField({
  id,
  label,
  options,
  limit,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: ChoiceOption[];
  limit: number;
  value: string;
  onChange: FieldChange;
}) {
  const selected = splitList(value);
  if (options.length > limit) {
    return (
      <MultiSelect
        name={id}
        label={label}
        options={options}
        value={selected}
        onChange={(next) => onChange(id, joinList(next), { immediate: true })}
      />
    );
  }
  return (
    <CheckboxGroup
      name={id}
      label={label}
      options={options}
      value={selected}
      onChange={(next) => onChange(id, joinList(next))}
    />
  );
}

/** "YYYY-MM-DD,YYYY-MM-DD": written once both days are set (or both cleared). */
function AvailabilitiesPeriodField({ value, onChange }: { value: string; onChange: FieldChange }) {
  const { t } = useTranslation();
  const id = useId();
  const [start = "", end = ""] = value.split(",");
  function update(nextStart: string, nextEnd: string) {
    if (!nextStart && !nextEnd) onChange("availabilities-period", "");
    else onChange("availabilities-period", `${nextStart},${nextEnd}`);
  }
  const complete = isDay(start) && isDay(end);
  return (
    <fieldset className="min-w-0">
      <legend className={legendClass}>{t("filters.availabilities_period.label")}</legend>
      <div className="flex flex-wrap gap-2">
        <div className="min-w-[9.5rem] flex-1">
          <label htmlFor={`${id}-start`} className="mb-1 block text-xs font-medium text-slate-700">
            {t("filters.availabilities_period.start")}
          </label>
          <input
            id={`${id}-start`}
            type="date"
            value={isDay(start) ? start : ""}
            max={isDay(end) ? end : undefined}
            onChange={(event) => update(event.target.value, end)}
            className={filterInputClass}
          />
        </div>
        <div className="min-w-[9.5rem] flex-1">
          <label htmlFor={`${id}-end`} className="mb-1 block text-xs font-medium text-slate-700">
            {t("filters.availabilities_period.end")}
          </label>
          <input
            id={`${id}-end`}
            type="date"
            value={isDay(end) ? end : ""}
            min={isDay(start) ? start : undefined}
            onChange={(event) => update(start, event.target.value)}
            className={filterInputClass}
          />
        </div>
      </div>
      <input type="hidden" name="availabilities-period" value={complete ? `${start},${end}` : ""} />
    </fieldset>
  );
}

function AgeField({ value, onChange }: { value: string; onChange: FieldChange }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {t("filters.age.label")}
      </label>
      <input
        id={id}
        type="number"
        name="age"
        inputMode="numeric"
        min={0}
        max={120}
        step={1}
        placeholder={t("filters.age.placeholder")}
        value={value}
        onChange={(event) => onChange("age", event.target.value)}
        className={filterInputClass}
      />
    </div>
  );
}
