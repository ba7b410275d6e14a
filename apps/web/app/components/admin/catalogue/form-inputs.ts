import { toMinorUnits } from "@booking/domain";
import type { FieldValues, Path } from "react-hook-form";
import { z } from "zod";

/**
 * What the catalogue forms type in text inputs, turned into the API's values before the
 * contract's own checks (each form schema pipes into its contract).
 */

/** An amount typed in the currency's units ("12,50" or "12.50"), as minor units; blank is 0. */
export const typedAmount = (currency: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return 0;
      try {
        return toMinorUnits(text, currency);
      } catch {
        context.addIssue({ code: "custom", message: "INVALID_FORMAT" });
        return z.NEVER;
      }
    });

/** A whole number typed in an input; blank is null. */
export const typedWholeNumber = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === "") return null;
    if (!/^\d{1,9}$/.test(text)) {
      context.addIssue({ code: "custom", message: "INVALID_TYPE" });
      return z.NEVER;
    }
    return Number(text);
  });

/** A percentage typed with "," or "." as decimal separator. */
export const typedPercentage = z
  .string()
  .trim()
  .transform((text, context) => {
    const value = Number(text.replace(",", "."));
    if (text === "" || !Number.isFinite(value)) {
      context.addIssue({ code: "custom", message: "INVALID_FORMAT" });
      return z.NEVER;
    }
    return value;
  });

/** A whole number as an input shows it ("" for none). */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/**
 * The form field of an API error path when the form names its fields as the API does (nested
 * paths included: `settings.waiting_list`, `prices.0.amount`); null for any other path.
 */
export function apiPathFields<T extends FieldValues>(roots: readonly string[]) {
  return (path: string): Path<T> | null =>
    roots.includes(path.split(".")[0] ?? "") ? (path as Path<T>) : null;
}

/**
 * Hands a form's converted values to the API's contract (`.transform(checkedBy(contract))`):
 * the browser checks what the API will, its issues kept on the same field paths.
 */
export function checkedBy<S extends z.ZodType>(contract: S) {
  return (values: unknown, context: z.RefinementCtx): z.output<S> => {
    const result = contract.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  };
}
