import { formatInZone, localDateTime, zonedInstant } from "@booking/domain/zoned-time";
import { z } from "zod";

/**
 * Date-time inputs of the console: `<input type="datetime-local">` shows and takes the wall clock
 * of the organiser's time zone (not the browser's), and the API takes instants with an offset.
 */

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** "2027-09-01T14:00" of an instant in `timeZone`; "" for none. */
export function localInputValue(at: string | null | undefined, timeZone: string): string {
  if (!at) return "";
  const local = localDateTime(at, timeZone);
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}`;
}

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** The instant of a datetime-local value in `timeZone`, with its offset; null when not one. */
export function instantOfLocalInput(value: string, timeZone: string): string | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  try {
    const at = zonedInstant(
      match[1]!,
      { hour: Number(match[2]), minute: Number(match[3]) },
      timeZone,
    );
    return formatInZone(at, timeZone);
  } catch {
    return null;
  }
}

/** A form value typed in a datetime-local input, as the API's instant; blank is null. */
export const typedLocalDateTime = (timeZone: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return null;
      const instant = instantOfLocalInput(text, timeZone);
      if (instant === null) {
        context.addIssue({ code: "custom", message: "INVALID_DATE" });
        return z.NEVER;
      }
      return instant;
    });
