import type { ScheduleBody } from "@booking/contracts";
import { useId } from "react";
import { useTranslation } from "../../../i18n/react";
import { dateTimeFormat, LOCALES } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { FieldErrorText, inputClasses, useErrorMessage } from "../../ui/field";
import { SelectField } from "../fields";

/** A weekly schedule as the form holds it (the API's `schedule` body). */
export type ScheduleValue = Required<ScheduleBody>;

export const EMPTY_SCHEDULE: ScheduleValue = {
  from: "",
  to: "",
  weekdays: [],
  slots: [{ start: "", end: "" }],
  skip: [],
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** "lun.", "Mon": 1 January 2024 was a Monday. */
export function useWeekdayNames() {
  const language = useLanguage();
  const format = dateTimeFormat(LOCALES[language], { weekday: "short", timeZone: "UTC" });
  return (weekday: number) => format.format(new Date(Date.UTC(2024, 0, weekday)));
}

/**
 * The fields of a weekly schedule: the period (local days), the weekdays, the time slots of each
 * day and the holidays to skip. `errors` are the generator's codes by field path (`slots.0.end`,
 * `skip.1.to`, `dates`), from the preview or from saving. A date configuration picked above them
 * fills the weekdays and slots, which stay editable.
 */
export function ScheduleEditor({
  value,
  onChange,
  errors,
  patterns = [],
}: {
  value: ScheduleValue;
  onChange: (value: ScheduleValue) => void;
  errors: Record<string, string>;
  /** the organiser's date configurations, which fill the weekdays and slots when picked */
  patterns?: readonly WeeklyPatternChoice[];
}) {
  const { t } = useTranslation();
  const set = (changes: Partial<ScheduleValue>) => onChange({ ...value, ...changes });
  const setHoliday = (index: number, changes: Partial<ScheduleValue["skip"][number]>) =>
    set({ skip: value.skip.map((range, i) => (i === index ? { ...range, ...changes } : range)) });

  return (
    <div className="flex flex-col gap-5" data-testid="schedule-editor">
      <div className="grid gap-3 sm:grid-cols-2">
        <InlineInput
          label={t("admin.availabilities.schedule.from")}
          type="date"
          value={value.from}
          onChange={(from) => set({ from })}
          error={errors.from}
          testId="schedule-from"
        />
        <InlineInput
          label={t("admin.availabilities.schedule.to")}
          type="date"
          value={value.to}
          onChange={(to) => set({ to })}
          error={errors.to}
          testId="schedule-to"
        />
      </div>

      {patterns.length > 0 ? (
        <PatternPicker patterns={patterns} onPick={(pattern) => set(pattern)} />
      ) : null}
      <WeeklyPatternFields value={value} onChange={set} errors={errors} />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">
          {t("admin.availabilities.schedule.holidays")}
        </legend>
        <p className="text-sm text-slate-600">{t("admin.availabilities.schedule.holidays_hint")}</p>
        {value.skip.map((range, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is what the errors name
            key={index}
            className="flex flex-wrap items-start gap-2"
          >
            <InlineInput
              label={t("admin.availabilities.schedule.holiday_from", { number: index + 1 })}
              type="date"
              value={range.from}
              onChange={(from) => setHoliday(index, { from })}
              error={errors[`skip.${index}.from`]}
              testId={`schedule-holiday-${index}-from`}
            />
            <InlineInput
              label={t("admin.availabilities.schedule.holiday_to", { number: index + 1 })}
              type="date"
              value={range.to}
              onChange={(to) => setHoliday(index, { to })}
              error={errors[`skip.${index}.to`]}
              testId={`schedule-holiday-${index}-to`}
            />
            <RemoveButton
              label={t("admin.availabilities.schedule.remove_holiday", { number: index + 1 })}
              onClick={() => set({ skip: value.skip.filter((_, i) => i !== index) })}
            />
          </div>
        ))}
        <div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => set({ skip: [...value.skip, { from: "", to: "" }] })}
            data-testid="schedule-add-holiday"
          >
            <PlusIcon className="size-4" />
            {t("admin.availabilities.schedule.add_holiday")}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}

/** A weekly pattern as the forms hold it: weekdays and time slots. */
export type WeeklyPatternValue = Pick<ScheduleValue, "weekdays" | "slots">;

/** A date configuration offered by the schedule generator. */
export type WeeklyPatternChoice = WeeklyPatternValue & { cuid: string; name: string };

/**
 * The weekdays and the time slots of a weekly pattern (a schedule, a date configuration), with
 * the generator's codes under them (`weekdays`, `slots.0.end`…).
 */
export function WeeklyPatternFields({
  value,
  onChange,
  errors,
}: {
  value: WeeklyPatternValue;
  onChange: (changes: Partial<WeeklyPatternValue>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const weekdayName = useWeekdayNames();
  const id = useId();
  const toggleWeekday = (weekday: number, on: boolean) =>
    onChange({
      weekdays: on
        ? [...value.weekdays, weekday].sort()
        : value.weekdays.filter((item) => item !== weekday),
    });
  const setSlot = (index: number, changes: Partial<WeeklyPatternValue["slots"][number]>) =>
    onChange({
      slots: value.slots.map((slot, i) => (i === index ? { ...slot, ...changes } : slot)),
    });
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-900">
          {t("admin.availabilities.schedule.weekdays")}
        </legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((weekday) => {
            const checked = value.weekdays.includes(weekday);
            return (
              <label
                key={weekday}
                className={`flex min-w-14 cursor-pointer items-center justify-center gap-1.5 rounded-lg border px-3 py-2 text-sm font-medium has-focus-visible:ring-2 has-focus-visible:ring-accent ${
                  checked
                    ? "border-accent bg-accent text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-slate-400"
                }`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  onChange={(event) => toggleWeekday(weekday, event.target.checked)}
                  data-testid={`schedule-weekday-${weekday}`}
                />
                {weekdayName(weekday)}
              </label>
            );
          })}
        </div>
        <FieldError
          code={errors.weekdays ?? firstError(errors, "weekdays.")}
          id={`${id}-weekdays`}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">
          {t("admin.availabilities.schedule.slots")}
        </legend>
        {value.slots.map((slot, index) => (
          <div
            // Slots have no identity of their own but their place in the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is what the errors name
            key={index}
            className="flex flex-wrap items-start gap-2"
          >
            <InlineInput
              label={t("admin.availabilities.schedule.slot_start", { number: index + 1 })}
              type="time"
              value={slot.start}
              onChange={(start) => setSlot(index, { start })}
              error={errors[`slots.${index}.start`] ?? errors[`slots.${index}`]}
              testId={`schedule-slot-${index}-start`}
            />
            <InlineInput
              label={t("admin.availabilities.schedule.slot_end", { number: index + 1 })}
              type="time"
              value={slot.end}
              onChange={(end) => setSlot(index, { end })}
              error={errors[`slots.${index}.end`]}
              testId={`schedule-slot-${index}-end`}
            />
            {value.slots.length > 1 ? (
              <RemoveButton
                label={t("admin.availabilities.schedule.remove_slot", { number: index + 1 })}
                onClick={() => onChange({ slots: value.slots.filter((_, i) => i !== index) })}
              />
            ) : null}
          </div>
        ))}
        <FieldError code={errors.slots} id={`${id}-slots`} />
        <div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ slots: [...value.slots, { start: "", end: "" }] })}
          >
            <PlusIcon className="size-4" />
            {t("admin.availabilities.schedule.add_slot")}
          </Button>
        </div>
      </fieldset>
    </>
  );
}

/** « Horaire type »: fills the schedule's weekdays and slots from a date configuration. */
function PatternPicker({
  patterns,
  onPick,
}: {
  patterns: readonly WeeklyPatternChoice[];
  onPick: (pattern: WeeklyPatternValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("admin.date_configurations.picker")}
      hint={t("admin.date_configurations.picker_hint")}
      placeholder={t("admin.date_configurations.picker_none")}
      options={patterns.map((pattern) => ({ value: pattern.cuid, label: pattern.name }))}
      defaultValue=""
      name="date_configuration"
      data-testid="schedule-pattern"
      onChange={(event) => {
        const pattern = patterns.find((item) => item.cuid === event.target.value);
        if (pattern) onPick({ weekdays: [...pattern.weekdays], slots: [...pattern.slots] });
      }}
    />
  );
}

/** The first error under a path prefix (`weekdays.3` → shown on the weekdays). */
function firstError(errors: Record<string, string>, prefix: string): string | undefined {
  return Object.entries(errors).find(([path]) => path.startsWith(prefix))?.[1];
}

function FieldError({ code, id }: { code: string | undefined; id: string }) {
  const message = useErrorMessage()(code);
  return message ? <FieldErrorText id={id}>{message}</FieldErrorText> : null;
}

/** A small labelled input of the schedule (dates and times side by side). */
function InlineInput({
  label,
  type,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  type: "date" | "time";
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId?: string;
}) {
  const id = useId();
  const message = useErrorMessage()(error);
  return (
    <div className="flex min-w-36 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        className={`${inputClasses(Boolean(message))} py-2 text-sm`}
        data-testid={testId}
      />
      {message ? <FieldErrorText id={`${id}-error`}>{message}</FieldErrorText> : null}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="mt-5 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700"
    >
      <TrashIcon className="size-4" />
    </button>
  );
}
