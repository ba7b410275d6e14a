import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";
import { choicesBody, choiceView, cuidValue, requireChoicesFor } from "./catalogue-fields.ts";

/**
 * The questions an activity's registration form asks (/api/admin/activities/:cuid/questions),
 * of the types the storefront form answers (platform-and-account.md §5 "Questions").
 */

export const QUESTION_TYPES = ["TEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"] as const;

export const adminQuestionView = z.object({
  id: z.int(),
  cuid: z.string(),
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  order: z.int(),
  choices: z.array(choiceView),
});
export type AdminQuestionView = z.infer<typeof adminQuestionView>;
export const adminQuestionList = z.object({ data: z.array(adminQuestionView) });

/**
 * POST /api/admin/activities/:cuid/questions, PUT …/questions/:question. Choices count only for
 * the CHOICES_ types. Once answered, a question keeps its type (QUESTION_ANSWERED).
 */
export const questionBody = z
  .object({
    type: z.enum(QUESTION_TYPES),
    title: requiredText(LIMITS.shortText),
    description: optionalText(LIMITS.longText),
    required: z.boolean("INVALID_TYPE").default(false),
    choices: choicesBody.default([]),
  })
  .superRefine(requireChoicesFor);
export type QuestionBody = z.input<typeof questionBody>;

export const activityQuestionParams = z.object({ cuid: cuidValue, question: cuidValue });
