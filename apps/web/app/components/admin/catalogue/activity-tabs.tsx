import type { AdminOptionView, AdminQuestionView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { FileIcon, TicketIcon } from "../../icons";
import { OptionForm } from "./option-form";
import { OrderedItems } from "./ordered-items";
import { QuestionForm } from "./question-form";

/** The options of an activity, in the order the registration form offers them. */
export function OptionsTab({
  activityCuid,
  options,
}: {
  activityCuid: string;
  options: AdminOptionView[];
}) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const format = useConsoleFormatters();
  const currency = session.organiser?.currency ?? "EUR";
  const priceText = (price: AdminOptionView["prices"][number]) =>
    price.percentage === null
      ? format.money(price.amount ?? 0)
      : t("admin.options.percentage", { value: price.percentage });
  return (
    <OrderedItems
      items={options}
      nameOf={(option) => option.title}
      testId="options"
      icon={TicketIcon}
      can={{
        create: can("activities.options.create"),
        update: can("activities.options.update"),
        delete: can("activities.options.delete"),
      }}
      reorder={(cuids) => catalogueApi.orderOptions(activityCuid, cuids)}
      remove={(option) => catalogueApi.deleteOption(activityCuid, option.cuid)}
      labels={{
        heading: t("admin.options.heading"),
        intro: t("admin.options.intro"),
        create: t("admin.options.new"),
        edit: t("admin.options.edit"),
        empty: t("admin.options.empty"),
        deleteTitle: (option) => t("admin.options.delete_title", { title: option.title }),
        deleteDescription: () => t("admin.options.delete_description"),
        deleted: (option) => t("admin.options.deleted", { title: option.title }),
      }}
      renderItem={(option) => (
        <>
          <h3 className="font-semibold text-slate-950">{option.title}</h3>
          {option.description ? (
            <p className="text-sm text-slate-600">{option.description}</p>
          ) : null}
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {option.prices.map((price) => (
              <li
                key={price.cuid}
                className="rounded-full border border-slate-200 bg-slate-50 px-3 py-0.5"
              >
                {price.label} · <span className="tabular-nums">{priceText(price)}</span>
              </li>
            ))}
          </ul>
          {option.answer_required ? (
            <p className="mt-2 text-xs text-slate-600">{t("admin.options.asks_answer")}</p>
          ) : null}
        </>
      )}
      renderForm={(option, done) => (
        <OptionForm activityCuid={activityCuid} option={option} currency={currency} onDone={done} />
      )}
    />
  );
}

/** The questions of an activity's registration form, in their order. */
export function QuestionsTab({
  activityCuid,
  questions,
}: {
  activityCuid: string;
  questions: AdminQuestionView[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  return (
    <OrderedItems
      items={questions}
      nameOf={(question) => question.title}
      testId="questions"
      icon={FileIcon}
      can={{
        create: can("activities.questions.create"),
        update: can("activities.questions.update"),
        delete: can("activities.questions.delete"),
      }}
      reorder={(cuids) => catalogueApi.orderQuestions(activityCuid, cuids)}
      remove={(question) => catalogueApi.deleteQuestion(activityCuid, question.cuid)}
      labels={{
        heading: t("admin.questions.heading"),
        intro: t("admin.questions.intro"),
        create: t("admin.questions.new"),
        edit: t("admin.questions.edit"),
        empty: t("admin.questions.empty"),
        deleteTitle: (question) => t("admin.questions.delete_title", { title: question.title }),
        deleteDescription: () => t("admin.questions.delete_description"),
        deleted: (question) => t("admin.questions.deleted", { title: question.title }),
      }}
      renderItem={(question) => (
        <>
          <h3 className="font-semibold text-slate-950">
            {question.title}
            {question.required ? (
              <span className="ml-2 text-xs font-medium text-slate-600">
                {t("admin.questions.required_badge")}
              </span>
            ) : null}
          </h3>
          <p className="text-sm text-slate-600">
            {t(`admin.questions.types.${question.type}`)}
            {question.choices.length > 0
              ? ` · ${question.choices.map((choice) => choice.label).join(", ")}`
              : ""}
          </p>
        </>
      )}
      renderForm={(question, done) => (
        <QuestionForm activityCuid={activityCuid} question={question} onDone={done} />
      )}
    />
  );
}
