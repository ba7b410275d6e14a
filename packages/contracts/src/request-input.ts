import type { FieldErrorCode } from "./errors.ts";

/**
 * The rule every request's input obeys before its own contract is even looked at (body, query
 * string and path parameters of every route): no text carries a NUL character or half of a UTF-16
 * surrogate pair (PostgreSQL cannot store either), and no number goes beyond what an `integer`
 * column holds. Contracts then bound each field tighter (amounts by MAX_AMOUNT, …).
 */
export const MAX_REQUEST_INTEGER = 2_147_483_647;
/**
 * Deepest nesting of arrays and objects in a request (a page tree with its settings needs about
 * 20): deeper input would exhaust the stack of whatever walks it, this rule first.
 */
export const MAX_REQUEST_DEPTH = 64;

/** With the `u` flag a well-formed pair reads as one code point, so only lone halves match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export function isSafeText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

export interface UnsafeInput {
  /** dotted path of the offending value ("participant.firstname", "tags.2", or a key itself) */
  path: string;
  code: Extract<FieldErrorCode, "INVALID_CHARACTERS" | "TOO_BIG" | "TOO_SMALL">;
}

/** The first value of `input` (parsed JSON, a query string or path parameters) breaking the rule. */
export function findUnsafeInput(input: unknown, path: string[] = []): UnsafeInput | null {
  const at = (code: UnsafeInput["code"], extra?: string): UnsafeInput => ({
    path: [...path, ...(extra === undefined ? [] : [extra])].join("."),
    code,
  });
  if (typeof input === "string") return isSafeText(input) ? null : at("INVALID_CHARACTERS");
  if (typeof input === "number") {
    if (input > MAX_REQUEST_INTEGER || input === Number.POSITIVE_INFINITY) return at("TOO_BIG");
    if (input < -MAX_REQUEST_INTEGER || input === Number.NEGATIVE_INFINITY) return at("TOO_SMALL");
    return null;
  }
  if (typeof input === "object" && input !== null && path.length >= MAX_REQUEST_DEPTH) {
    return at("TOO_BIG");
  }
  if (Array.isArray(input)) {
    for (const [index, item] of input.entries()) {
      const found = findUnsafeInput(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof input === "object" && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      if (!isSafeText(key)) return at("INVALID_CHARACTERS", key);
      const found = findUnsafeInput(value, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
