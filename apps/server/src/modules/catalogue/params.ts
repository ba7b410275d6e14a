import { FIELD_ERROR_CODES, isDay } from "@booking/contracts";
import { dayRangeInZone, toInstant } from "@booking/domain";
import type { z } from "zod";
import { validationError } from "../../http/app-error.ts";

const knownFieldCodes = new Set<string>(FIELD_ERROR_CODES);

/**
 * Parses query parameters with a contract schema outside of a route (the SSR reader), with the
 * same answer as a route's validation: VALIDATION_ERROR with one code per parameter.
 */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".") || "querystring";
    fields[path] ??= knownFieldCodes.has(issue.message) ? issue.message : "INVALID_TYPE";
  }
  throw validationError(fields);
}

/**
 * `after` / `before` values: an ISO date-time with offset, or a plain day taken as the start of
 * that day in the organiser's time zone.
 */
export function instantOf(value: string, timezone: string): Date {
  return isDay(value) ? dayRangeInZone(value, timezone).start : toInstant(value);
}

export function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}
