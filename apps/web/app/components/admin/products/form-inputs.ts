import { formatInZone, localDay, zonedInstant } from "@booking/domain/zoned-time";
import { z } from "zod";
import { typedWholeNumber } from "../catalogue/form-inputs";

/** Days of validity typed in an input, as the API's seconds; blank is null (no limit). */
export const typedDays = typedWholeNumber.transform((days) =>
  days === null ? null : days * 86_400,
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day typed in a date input as the instant of its `time` in `timeZone` (a season runs from
 * the first day's 00:00 to the last day's 23:59); blank is null.
 */
export const typedDayAt = (timeZone: string, time: { hour: number; minute: number }) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return null;
      if (!DAY.test(text)) {
        context.addIssue({ code: "custom", message: "INVALID_DATE" });
        return z.NEVER;
      }
      return formatInZone(zonedInstant(text, time, timeZone), timeZone);
    });

/** The local day of an instant for a date input ("" for none). */
export const dayInput = (at: string | null | undefined, timeZone: string) =>
  at ? localDay(at, timeZone) : "";
