import { z } from "zod";
import { registrationOptionsInput, registrationQuestionsInput } from "../carts.ts";
import { registrationFormView } from "../registration-form.ts";

/**
 * PUT /api/admin/registrations/:cuid/answers (decision 0104): staff correct what the family
 * answered — every answer to the activity's questions (the list replaces the stored one, checked
 * as the storefront checks it: REQUIRED, INVALID_CHOICE, INVALID_DATE… on `questions.N.content`)
 * and the text typed with a chosen option that asks for one (`options`: only the registration's
 * own options, by price id, INVALID_CHOICE otherwise; options left out keep their text). Which
 * options were chosen, and so the price, does not change here.
 */
export const registrationAnswersBody = z.object({
  options: registrationOptionsInput,
  questions: registrationQuestionsInput,
});
export type RegistrationAnswersBody = z.input<typeof registrationAnswersBody>;

/**
 * GET /api/admin/registrations/:cuid/answers: the activity's questions and options to answer,
 * and what the registration holds (an answer as stored: text or YYYY-MM-DD, a choice id, ids).
 */
export const registrationAnswersForm = z.object({
  form: registrationFormView,
  options: z.array(z.object({ price_id: z.int(), content: z.string().nullable() })),
  questions: z.array(
    z.object({
      question_id: z.int(),
      content: z.union([z.string(), z.number(), z.array(z.number())]).nullable(),
    }),
  ),
});
export type RegistrationAnswersForm = z.infer<typeof registrationAnswersForm>;
