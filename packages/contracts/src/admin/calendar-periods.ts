import { z } from "zod";
import { calendarDate, LIMITS, requiredText } from "../common.ts";

/** A named span of days such as school holidays (console: /api/admin/calendar-periods). */
export const adminCalendarPeriodView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  /** first day, YYYY-MM-DD in the organiser's time zone */
  start_date: z.string(),
  /** last day, included */
  end_date: z.string(),
});
export type AdminCalendarPeriodView = z.infer<typeof adminCalendarPeriodView>;
export const adminCalendarPeriodList = z.object({ data: z.array(adminCalendarPeriodView) });

/** POST /api/admin/calendar-periods, PUT /api/admin/calendar-periods/:cuid */
export const calendarPeriodBody = z
  .object({ name: requiredText(LIMITS.name), start_date: calendarDate, end_date: calendarDate })
  .refine((period) => period.end_date >= period.start_date, {
    path: ["end_date"],
    message: "TO_BEFORE_FROM",
  });
export type CalendarPeriodBody = z.input<typeof calendarPeriodBody>;
