import type { RegistrationFormView } from "@booking/contracts";
import type { Formatters } from "../../lib/format";
import type { RegistrationOptionData, RegistrationQuestionData } from "./registration-fields";

/**
 * The options (with their prices formatted: "+ 15,00 €", "+ 10 %") and questions of an activity
 * as the registration fields show them; options without any price are left out. Run by the
 * loaders of the add form and of the account's edit page.
 */
export function registrationChoicesData(
  config: RegistrationFormView | null,
  format: Formatters,
): { options: RegistrationOptionData[]; questions: RegistrationQuestionData[] } {
  return {
    options: (config?.options ?? [])
      .filter((option) => option.prices.length > 0)
      .map((option) => ({
        id: option.id,
        title: option.title,
        description: option.description,
        answerRequired: option.answer_required,
        prices: option.prices.map((price) => ({
          id: price.id,
          label: price.label,
          amount:
            price.amount !== null
              ? `+ ${format.money(price.amount)}`
              : `+ ${format.percent(price.percentage ?? 0)}`,
        })),
      })),
    questions: (config?.questions ?? []).map((question) => ({
      id: question.id,
      type: question.type,
      title: question.title,
      description: question.description,
      required: question.required,
      choices: question.choices.map((choice) => ({ id: String(choice.id), label: choice.label })),
    })),
  };
}
