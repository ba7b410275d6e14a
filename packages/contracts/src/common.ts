import { z } from "zod";

/** Upper bounds that keep any single text input small; longer input is a VALIDATION_ERROR. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 32,
  password: { min: 6, max: 200 },
  shortText: 255,
  longText: 5000,
  token: 200,
} as const;

/** A string trimmed before validation; empty after trim counts as missing (REQUIRED). */
export const requiredText = (max: number = LIMITS.shortText) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
    .trim()
    .min(1, "REQUIRED")
    .max(max, "TOO_LONG");

/** E-mail as the spec wants it: trimmed and lower-cased, then checked. */
export const emailAddress = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
  .trim()
  .toLowerCase()
  .min(1, "REQUIRED")
  .max(LIMITS.email, "TOO_LONG")
  .pipe(z.email("INVALID_EMAIL"));

/** International phone number: a leading + and 6 to 15 digits, spaces and separators allowed. */
export const phoneNumber = requiredText(LIMITS.phone).refine(
  (value) => /^\+[1-9][\d\s().-]{5,24}$/.test(value) && countDigits(value) <= 15,
  "INVALID_FORMAT",
);

function countDigits(value: string): number {
  return value.replace(/\D/g, "").length;
}

/** A calendar day (YYYY-MM-DD) or an ISO datetime, normalised to YYYY-MM-DD. */
export const calendarDate = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
  .trim()
  .max(40, "TOO_LONG")
  .refine((value) => parseCalendarDate(value) !== null, "INVALID_DATE")
  .transform((value) => parseCalendarDate(value)!);

function parseCalendarDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, time] = match;
  if (time !== undefined && Number.isNaN(Date.parse(value))) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** One stored custom-field value (spec §3.5): multiple choices joined by ", ", dates as ISO. */
export const customDataEntry = z.object({
  field_id: z.int("INVALID_TYPE").positive("INVALID_TYPE"),
  data: z.string("INVALID_TYPE").max(LIMITS.longText, "TOO_LONG").nullable(),
});
export type CustomDataEntry = z.infer<typeof customDataEntry>;

export const customData = z.array(customDataEntry).max(100, "TOO_BIG").default([]);

/**
 * The largest amount of money any request may carry, in minor units (a million units of the
 * currency): a price, a transfer, a wallet credit, a refund. Sums of such amounts (a cart, a
 * wallet's balance) stay far below what PostgreSQL's `integer` holds.
 */
export const MAX_AMOUNT = 100_000_000;

/** An amount of money in minor units, from `min` (0 or 1) to MAX_AMOUNT. */
export const amountField = (min: 0 | 1 = 0) =>
  z
    .int({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
    .min(min, "TOO_SMALL")
    .max(MAX_AMOUNT, "TOO_BIG");

/** List envelope of every collection answer. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), count: z.int(), limit: z.int(), offset: z.int() });

export type ListEnvelope<T> = { data: T[]; count: number; limit: number; offset: number };

export const DEFAULT_PAGE_SIZE = 20;

/** The last page a list can be asked for: 10,000 pages of 100 are a million rows. */
export const MAX_PAGE_NUMBER = 10_000;

export const pageNumber = z.coerce
  .number()
  .int("INVALID_TYPE")
  .min(1, "TOO_SMALL")
  .max(MAX_PAGE_NUMBER, "TOO_BIG")
  .default(1);

/** page_number / page_size as the UI sends them, turned into limit / offset. */
export const pagingQuery = z.object({
  page_number: pageNumber,
  page_size: z.coerce
    .number()
    .int("INVALID_TYPE")
    .min(1, "TOO_SMALL")
    .max(100, "TOO_BIG")
    .default(DEFAULT_PAGE_SIZE),
});

export const okResponse = z.object({ ok: z.literal(true) });
