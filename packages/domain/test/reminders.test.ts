import { describe, expect, it } from "vitest";
import {
  daysOverdue,
  dueReminderStep,
  isMarkedOverdue,
  manualReminderThrottled,
  type ReminderSchedule,
  reminderDueDay,
  scheduleProblem,
} from "../src/reminders.ts";

const ZONE = "Europe/Brussels";
const schedule: ReminderSchedule = { enabled: true, offsets_days: [7, 21], overdue_after_days: 30 };
/** 09:00 in Brussels (winter) of a day */
const at = (day: string, hour = "08") => new Date(`${day}T${hour}:00:00Z`);

describe("payment reminder schedule", () => {
  it("refuses offsets out of range, not increasing, too many, or overdue before the last", () => {
    expect(scheduleProblem(schedule)).toBeNull();
    expect(scheduleProblem({ ...schedule, offsets_days: [] })).toBeNull();
    expect(scheduleProblem({ ...schedule, offsets_days: [0] })).toBe("OFFSET_OUT_OF_RANGE");
    expect(scheduleProblem({ ...schedule, offsets_days: [7, 7] })).toBe("OFFSETS_NOT_INCREASING");
    expect(scheduleProblem({ ...schedule, offsets_days: [1, 2, 3, 4, 5, 6, 7] })).toBe(
      "TOO_MANY_STEPS",
    );
    expect(scheduleProblem({ ...schedule, overdue_after_days: 20 })).toBe(
      "OVERDUE_BEFORE_LAST_REMINDER",
    );
    expect(scheduleProblem({ ...schedule, overdue_after_days: null })).toBeNull();
  });

  it("takes the invoice's due date before the transfer's deadline, in the organiser's days", () => {
    // 23:30 UTC on the 9th is already the 10th in Brussels.
    expect(reminderDueDay(new Date("2026-12-09T23:30:00Z"), "2026-12-01", ZONE)).toBe("2026-12-10");
    expect(reminderDueDay(null, "2026-12-01", ZONE)).toBe("2026-12-01");
  });

  it("counts days overdue from the due day, at local midnight", () => {
    expect(daysOverdue("2026-12-01", at("2026-12-01"), ZONE)).toBe(0);
    expect(daysOverdue("2026-12-01", new Date("2026-12-07T23:30:00Z"), ZONE)).toBe(7);
    expect(daysOverdue("2026-12-01", at("2026-11-29"), ZONE)).toBe(-2);
  });

  it("sends each step on its day, only the latest one after a gap, none when off or done", () => {
    const step = (day: string, last = 0, s = schedule) =>
      dueReminderStep(s, "2026-12-01", last, at(day), ZONE);
    expect(step("2026-12-07")).toBeNull();
    expect(step("2026-12-08")).toBe(1);
    expect(step("2026-12-09", 1)).toBeNull();
    expect(step("2026-12-22", 1)).toBe(2);
    expect(step("2026-12-30")).toBe(2);
    expect(step("2027-01-30", 2)).toBeNull();
    // A step sent by hand counts: the schedule goes on after it.
    expect(step("2026-12-08", 1)).toBeNull();
    expect(step("2026-12-22", 3)).toBeNull();
    expect(step("2026-12-22", 0, { ...schedule, enabled: false })).toBeNull();
  });

  it("marks overdue from its day on, never when off or without a day", () => {
    expect(isMarkedOverdue(schedule, "2026-12-01", at("2026-12-30"), ZONE)).toBe(false);
    expect(isMarkedOverdue(schedule, "2026-12-01", at("2026-12-31"), ZONE)).toBe(true);
    expect(
      isMarkedOverdue(
        { ...schedule, overdue_after_days: null },
        "2026-12-01",
        at("2027-06-01"),
        ZONE,
      ),
    ).toBe(false);
    expect(
      isMarkedOverdue({ ...schedule, enabled: false }, "2026-12-01", at("2027-06-01"), ZONE),
    ).toBe(false);
  });

  it("throttles a reminder by hand for ten minutes after the previous one", () => {
    const now = new Date("2026-12-10T10:00:00Z");
    expect(manualReminderThrottled(null, now)).toBe(false);
    expect(manualReminderThrottled(new Date("2026-12-10T09:51:00Z"), now)).toBe(true);
    expect(manualReminderThrottled(new Date("2026-12-10T09:50:00Z"), now)).toBe(false);
  });
});
