import { z } from "zod";

/** One price of an activity option: a fixed amount (minor units) or a percentage of the price. */
export const registrationOptionPriceView = z.object({
  id: z.int(),
  label: z.string(),
  amount: z.int().nullable(),
  percentage: z.number().nullable(),
});

/** An option offered with a registration, its prices in their order. */
export const registrationOptionView = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string().nullable(),
  order: z.int(),
  /** the option asks a free-text answer when it is taken */
  answer_required: z.boolean(),
  prices: z.array(registrationOptionPriceView),
});

export const registrationQuestionView = z.object({
  id: z.int(),
  type: z.enum(["TEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"]),
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  order: z.int(),
  choices: z.array(z.object({ id: z.union([z.int(), z.string()]), label: z.string() })),
});

/**
 * What the registration add form of an availability needs from its activity (storefront.md §5
 * "Add availability"): the options with their prices and the questions, each in its order.
 */
export const registrationFormView = z.object({
  options: z.array(registrationOptionView),
  questions: z.array(registrationQuestionView),
});
export type RegistrationOptionView = z.infer<typeof registrationOptionView>;
export type RegistrationQuestionView = z.infer<typeof registrationQuestionView>;
export type RegistrationFormView = z.infer<typeof registrationFormView>;

/**
 * The chosen options of a registration or cart item; `price` is null when the organiser has since
 * removed it.
 */
export const chosenOptionsView = z.array(
  z.object({
    price_id: z.int(),
    content: z.string().nullable(),
    price: z
      .object({
        id: z.int(),
        label: z.string(),
        amount: z.int().nullable(),
        percentage: z.number().nullable(),
        option: z.object({ id: z.int(), title: z.string() }),
      })
      .nullable(),
  }),
);

/** The answers of a registration or cart item; `question` is null once the organiser removed it. */
export const questionAnswersView = z.array(
  z.object({
    question_id: z.int(),
    content: z.union([z.string(), z.int(), z.array(z.int())]).nullable(),
    question: z
      .object({
        id: z.int(),
        title: z.string(),
        type: z.enum(["TEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"]),
        choices: z.array(z.object({ id: z.union([z.int(), z.string()]), label: z.string() })),
      })
      .nullable(),
  }),
);
