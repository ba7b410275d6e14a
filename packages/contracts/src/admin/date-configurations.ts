import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { scheduleBody } from "./availabilities.ts";

/**
 * A date configuration (console: /api/admin/date-configurations, decision 0093): a named weekly
 * pattern — ISO weekdays (1 Monday … 7 Sunday) and local time slots "HH:MM"–"HH:MM" — that the
 * availability dates generator fills its weekdays and slots from.
 */
export const adminDateConfigurationView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  weekdays: z.array(z.int()),
  slots: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type AdminDateConfigurationView = z.infer<typeof adminDateConfigurationView>;
export const adminDateConfigurationList = z.object({ data: z.array(adminDateConfigurationView) });

/**
 * POST /api/admin/date-configurations, PUT /api/admin/date-configurations/:cuid. The weekdays and
 * slots are checked as the schedule generator checks them (`weekdays` REQUIRED,
 * `slots.0.end` END_NOT_AFTER_START, `slots.1` SLOTS_OVERLAP…).
 */
export const dateConfigurationBody = z.object({
  name: requiredText(LIMITS.name),
  weekdays: scheduleBody.shape.weekdays,
  slots: scheduleBody.shape.slots,
});
export type DateConfigurationBody = z.input<typeof dateConfigurationBody>;
