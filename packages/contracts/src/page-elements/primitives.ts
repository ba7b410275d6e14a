import { z } from "zod";
import { LIMITS } from "../common.ts";
import { CUID_PATTERN } from "./render-rules.ts";

export { CUID_PATTERN };

// Building blocks shared by the element settings schemas and the catalogue filter query. Every
// failure answers with a shared field code (INVALID_FORMAT, INVALID_CHOICE, TOO_SMALL, …).

/** Longest URL or site path a setting accepts. */
export const MAX_URL_LENGTH = 2048;

export const cuid = z
  .string()
  .trim()
  .regex(CUID_PATTERN, "INVALID_FORMAT")
  .describe("A cuid (lower-case letters and digits)");

/** Control characters, white space and backslashes are never part of an href or a src. */
function hasUnsafeCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || character === "\\" || /\s/u.test(character)) return true;
  }
  return false;
}

/** A site path: one leading slash (two would be another host), no white space or backslash. */
function isSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !hasUnsafeCharacter(value);
}

function parseAbsoluteUrl(value: string): URL | null {
  if (hasUnsafeCharacter(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An https: URL with a host name (no credentials in it). */
export function isHttpsUrl(value: string): boolean {
  const url = parseAbsoluteUrl(value);
  return (
    url !== null &&
    url.protocol === "https:" &&
    url.hostname !== "" &&
    url.username === "" &&
    url.password === ""
  );
}

const ANCHOR = /^#[A-Za-z0-9_:.-]*$/;
const MAILTO = /^mailto:[^\s@]+@[^\s@]+\.[^\s@]+(\?.*)?$/i;
const TEL = /^tel:\+?[0-9][0-9().\-\s]{1,30}$/i;

/**
 * The link rule of the page builder ("Link editor accepts https, mailto and tel"): a site path
 * ("/catalogue", localised by the renderer), an anchor ("#faq", "#" alone is the navigation
 * default), or an absolute https:, mailto: or tel: URL. Everything else (javascript:, data:,
 * http:, protocol-relative "//host", bare words) is INVALID_FORMAT.
 */
export function isSafeLinkHref(value: string): boolean {
  if (value.startsWith("/")) return isSitePath(value);
  if (value.startsWith("#")) return ANCHOR.test(value);
  const lower = value.toLowerCase();
  if (lower.startsWith("mailto:")) return MAILTO.test(value) && !hasUnsafeCharacter(value);
  if (lower.startsWith("tel:")) return TEL.test(value);
  return isHttpsUrl(value);
}

export const linkHref = z
  .string()
  .trim()
  .min(1, "REQUIRED")
  .max(MAX_URL_LENGTH, "TOO_LONG")
  .refine(isSafeLinkHref, "INVALID_FORMAT")
  .describe("Site path (/…), #anchor, or an https:, mailto: or tel: URL");

/** An image: a site path (uploaded files, /demo-images/…) or an https: URL. */
export const imageSrc = z
  .string()
  .trim()
  .min(1, "REQUIRED")
  .max(MAX_URL_LENGTH, "TOO_LONG")
  .refine((value) => isSitePath(value) || isHttpsUrl(value), "INVALID_FORMAT")
  .describe("Site path (/…) or https: URL of an image");

/** An https: URL only (iframes). */
export const httpsUrl = z
  .string()
  .trim()
  .min(1, "REQUIRED")
  .max(MAX_URL_LENGTH, "TOO_LONG")
  .refine(isHttpsUrl, "INVALID_FORMAT")
  .describe("An https: URL");

/** Optional text: trimmed; missing, null or empty after trim all read as null. */
export const optionalText = (max: number = LIMITS.shortText) =>
  z
    .string()
    .trim()
    .max(max, "TOO_LONG")
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional link: missing, null or "" read as null; anything else must pass the link rule. */
export const optionalLinkHref = z
  .union([z.literal(""), linkHref])
  .nullish()
  .transform((value) => (value ? value : null));

/** A CSS length as inline styles take it: 0, or a number with px, rem, em, %, vh or vw. */
export const cssLength = z
  .string()
  .trim()
  .max(20, "TOO_LONG")
  .regex(/^(0|\d{1,4}(\.\d{1,3})?(px|rem|em|%|vh|vw))$/, "INVALID_FORMAT")
  .describe("CSS length: 0, or a number with px, rem, em, %, vh or vw");

/** A colour as #RGB or #RRGGBB, normalised to upper case. */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "INVALID_FORMAT")
  .transform((value) => value.toUpperCase())
  .describe("Colour #RGB or #RRGGBB");

/** CSS font-weight: 100 to 900 in steps of 100. */
export const fontWeight = z
  .int()
  .min(100, "TOO_SMALL")
  .max(900, "TOO_BIG")
  .multipleOf(100, "INVALID_CHOICE");

/**
 * An aspect ratio as CSS takes it: "auto" or "W / H" with positive numbers ("16 / 9", "4/3",
 * "1.5 / 1"), normalised to "W / H".
 */
export const aspectRatio = z
  .string()
  .trim()
  .max(20, "TOO_LONG")
  .transform((value, ctx) => {
    if (value === "auto") return value;
    const match = /^(\d{1,4}(?:\.\d{1,3})?)\s*\/\s*(\d{1,4}(?:\.\d{1,3})?)$/.exec(value);
    if (!match || Number(match[1]) <= 0 || Number(match[2]) <= 0) {
      ctx.issues.push({ code: "custom", message: "INVALID_FORMAT", input: value });
      return z.NEVER;
    }
    return `${match[1]} / ${match[2]}`;
  })
  .describe('"auto" or "W / H"');

/** A list whose duplicates are dropped (first occurrence kept), at most `max` items. */
export const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, "TOO_BIG")
    .transform((values) => [...new Set(values)] as z.output<T>[]);

/** A list of cuids; empty means "no restriction" wherever the setting filters a list. */
export const cuidList = (max = 100) => uniqueList(cuid, max);

/** A list of integer ids (as the API's `id` and `resources` parameters take them); empty: all. */
export const idList = (max = 100) =>
  uniqueList(z.int().min(1, "TOO_SMALL").max(2_147_483_647, "TOO_BIG"), max);

export const AVAILABILITY_STATUSES = ["OPEN", "CLOSED", "FULL"] as const;
export type AvailabilityStatusName = (typeof AVAILABILITY_STATUSES)[number];

/** Availability statuses a section lists: at least one. */
export const statusList = uniqueList(z.enum(AVAILABILITY_STATUSES), AVAILABILITY_STATUSES.length)
  .refine((values) => values.length > 0, "TOO_SMALL")
  .default((): AvailabilityStatusName[] => ["OPEN"]);

/** Hours of the schedule grid: 0 to 24; "" (the builder's empty field) and null mean none. */
export const scheduleHour = z
  .union([z.number().min(0, "TOO_SMALL").max(24, "TOO_BIG"), z.literal(""), z.null()])
  .optional()
  .transform((value) => (value === "" || value === undefined ? null : value));

/** Schedule rows run from the earliest to the latest item, clamped by these when none is set. */
export const DEFAULT_SCHEDULE_HOURS = { start: 0, end: 24 } as const;

/** 12 grid units per hour in the schedules. */
export const SCHEDULE_UNITS_PER_HOUR = 12;

/** start_hour must come before end_hour when both are set (error on end_hour). */
export function hoursInOrder(settings: { start_hour: number | null; end_hour: number | null }) {
  return (
    settings.start_hour === null ||
    settings.end_hour === null ||
    settings.start_hour < settings.end_hour
  );
}
export const HOURS_ORDER_ISSUE = { message: "TOO_SMALL", path: ["end_hour"] };

/** Page size of paginated sections: default 20 (spec §9), at most 100. */
export const pageSize = z.int().min(1, "TOO_SMALL").max(100, "TOO_BIG").default(20);

/** Grid columns: default 2 (spec §5, §9), 1 to 6. */
export const gridColumns = (defaultValue: number) =>
  z.int().min(1, "TOO_SMALL").max(6, "TOO_BIG").default(defaultValue);

export const ALIGNMENTS = ["left", "center", "right"] as const;
