import { z } from "zod";
import { amountField, LIMITS, requiredText } from "../common.ts";

/**
 * Field schemas the console's catalogue bodies share (locations, categories, activities, options,
 * questions, custom fields).
 */

export const cuidValue = z.string("INVALID_TYPE").min(1, "REQUIRED").max(40, "TOO_LONG");

/** An amount in minor units of the organiser's currency, at most a million units. */
export const moneyAmount = amountField(0);

/** An age in years. */
export const ageYears = z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(120, "TOO_BIG");

/** Rich text as the console's editor writes it; the server stores it sanitised. */
export const richText = z.string("INVALID_TYPE").max(50_000, "TOO_LONG");

/**
 * The new order of a list: every item of it, each once (PUT …/order). An id that does not
 * belong to the list, or a list that leaves one out, is a MISMATCH on `cuids`.
 */
export const orderBody = z.object({
  cuids: z.array(cuidValue).min(1, "REQUIRED").max(500, "TOO_BIG"),
});
export type OrderBody = z.infer<typeof orderBody>;

/**
 * The choices of a question or custom field, in their order. An existing choice keeps its id
 * (answers refer to it); a choice without id gets the next free one. Labels are unique.
 */
export const choicesBody = z
  .array(
    z.object({
      id: z.int("INVALID_TYPE").positive("INVALID_TYPE").optional(),
      label: requiredText(LIMITS.shortText),
    }),
  )
  .max(100, "TOO_BIG")
  .superRefine((choices, context) => {
    const seen = new Set<string>();
    choices.forEach((choice, index) => {
      const key = choice.label.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({ code: "custom", message: "DUPLICATE", path: [index, "label"] });
      }
      seen.add(key);
    });
  });
export type ChoicesBody = z.input<typeof choicesBody>;

export const choiceView = z.object({ id: z.int(), label: z.string() });

/** Types with choices must offer at least one (`choices` REQUIRED otherwise). */
export function requireChoicesFor<T extends { type: string; choices: unknown[] }>(
  value: T,
  context: z.RefinementCtx,
): void {
  if (value.type.startsWith("CHOICES_") && value.choices.length === 0) {
    context.addIssue({ code: "custom", message: "REQUIRED", path: ["choices"] });
  }
}
