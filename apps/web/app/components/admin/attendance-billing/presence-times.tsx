import type { AttendanceEntryView } from "@booking/contracts";
import { attendanceTimesRefusal, localDateTime, localDay, zonedInstant } from "@booking/domain";
import { useId } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { Button } from "../../ui/button";

export type TimesChange = { arrived_at?: string | null; departed_at?: string | null };

/** "16:05" of an instant in the organiser's time zone. */
function wallTime(at: string, timeZone: string): string {
  const local = localDateTime(at, timeZone);
  return `${String(local.hour).padStart(2, "0")}:${String(local.minute).padStart(2, "0")}`;
}

/**
 * Arrival and departure of a participant where the activity bills the time present (decision
 * 0064): on the session's day a big "arrived now" / "left now" button first, then the time itself,
 * editable (in the organiser's time zone) and clearable; on a later day, the times are typed.
 */
export function PresenceTimes({
  entry,
  session,
  disabled,
  onChange,
}: {
  entry: AttendanceEntryView;
  session: { start_at: string; end_at: string };
  disabled: boolean;
  onChange: (change: TimesChange) => void;
}) {
  const { t } = useTranslation();
  const timeZone = useConsole().session.organiser?.timezone ?? "UTC";
  const day = localDay(session.start_at, timeZone);
  // "Now" only while it is a time the sheet takes (the session's day): later, staff type it.
  const nowAllowed =
    attendanceTimesRefusal(
      { startAt: session.start_at, endAt: session.end_at },
      { arrivedAt: new Date(), departedAt: null },
    ) === null;
  const atTime = (value: string) => {
    const [hour, minute] = value.split(":").map(Number);
    return zonedInstant(day, { hour: hour!, minute: minute! }, timeZone).toISOString();
  };
  const sides = [
    { field: "arrived_at", value: entry.arrived_at, now: "arrived_now", label: "arrival" },
    { field: "departed_at", value: entry.departed_at, now: "left_now", label: "departure" },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-2 sm:w-96" data-testid="presence-times">
      {sides.map((side) => (
        <TimeSide
          key={side.field}
          label={t(`admin.attendance_billing.${side.label}`)}
          nowLabel={nowAllowed ? t(`admin.attendance_billing.${side.now}`) : null}
          value={side.value ? wallTime(side.value, timeZone) : null}
          disabled={disabled || (side.field === "departed_at" && !entry.arrived_at)}
          onNow={() => onChange({ [side.field]: new Date().toISOString() })}
          onTime={(value) => onChange({ [side.field]: value === "" ? null : atTime(value) })}
          testId={side.field}
        />
      ))}
    </div>
  );
}

function TimeSide({
  label,
  nowLabel,
  value,
  disabled,
  onNow,
  onTime,
  testId,
}: {
  label: string;
  /** null: no "now" button, the time is typed */
  nowLabel: string | null;
  value: string | null;
  disabled: boolean;
  onNow: () => void;
  onTime: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  if (value === null && nowLabel !== null) {
    return (
      <Button
        size="lg"
        variant="secondary"
        disabled={disabled}
        onClick={onNow}
        data-testid={`${testId}-now`}
      >
        {nowLabel}
      </Button>
    );
  }
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="time"
        defaultValue={value ?? ""}
        key={value ?? "empty"}
        disabled={disabled}
        onBlur={(event) => {
          if (event.target.value !== (value ?? "")) onTime(event.target.value);
        }}
        className="min-h-12 rounded-xl border border-slate-300 px-3 text-base tabular-nums"
        data-testid={`${testId}-time`}
      />
    </div>
  );
}
