import type { Language, RegistrationDetail } from "@booking/contracts";
import type { Formatters } from "../../lib/format";
import { formatDay } from "../../lib/format";
import type { Translate } from "./data";

/**
 * The chosen options and the answers of a registration or a registration request as their pages
 * show them: the option's title (and the chosen price's label when it has several), its amount or
 * percentage, the free-text answer; each question's title and its answer as text (choice labels,
 * a date spelled out). Options and questions the organiser removed since keep their answer.
 */
export function choicesData(
  chosen: Pick<RegistrationDetail, "options" | "questions">,
  format: Formatters,
  language: Language,
  t: Translate,
) {
  return {
    options: chosen.options.map((option) => ({
      title: option.price?.option.title ?? t("registrations.detail.option_removed"),
      label:
        option.price && option.price.label !== option.price.option.title
          ? option.price.label
          : null,
      amount: option.price
        ? option.price.amount !== null
          ? format.money(option.price.amount)
          : format.percent(option.price.percentage ?? 0)
        : null,
      content: option.content,
    })),
    answers: chosen.questions.map((answer) => ({
      title: answer.question?.title ?? t("registrations.detail.question_removed"),
      answer: answerText(answer, language),
    })),
  };
}

/** An answer as text: choice labels, a date spelled out, or the text itself. */
export function answerText(
  answer: RegistrationDetail["questions"][number],
  language: Language,
): string | null {
  const { content, question } = answer;
  if (content === null) return null;
  if (question && (question.type === "CHOICES_SINGLE" || question.type === "CHOICES_MULTIPLE")) {
    const ids = Array.isArray(content) ? content : [content];
    return ids
      .map((id) => question.choices.find((choice) => String(choice.id) === String(id))?.label)
      .filter((label): label is string => Boolean(label))
      .join(", ");
  }
  if (question?.type === "DATE" && typeof content === "string") {
    return formatDay(content, language, { day: "numeric", month: "long", year: "numeric" });
  }
  return Array.isArray(content) ? content.join(", ") : String(content);
}
