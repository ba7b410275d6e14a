import { unchosenDates } from "@booking/domain/availability-dates";
import { clsx } from "clsx";
import { useId } from "react";
import { Controller, type Path, useFormContext, useFormState, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useTranslation } from "../../i18n/react";
import { InfoIcon, LockIcon } from "../icons";
import {
  describedBy,
  FieldErrorText,
  FieldShell,
  inputClasses,
  useErrorMessage,
} from "../ui/field";

/**
 * The choices of a registration — dates, options and question answers — as both the add form
 * (storefront.md §4 "Dates", §5 "Add availability") and the account's edit page
 * (platform-and-account.md §2.3, §4 "Registration edit", §5) show them. The fields read the
 * surrounding form through react-hook-form's context (`FormProvider`), whose values include
 * {@link ChoiceValues}.
 */

/** An option of the activity, its prices formatted on the server. */
export interface RegistrationOptionData {
  id: number;
  title: string;
  description: string | null;
  answerRequired: boolean;
  prices: Array<{ id: number; label: string; amount: string }>;
}

export interface RegistrationQuestionData {
  id: number;
  type: "TEXT" | "DATE" | "CHOICES_SINGLE" | "CHOICES_MULTIPLE";
  title: string;
  description: string | null;
  required: boolean;
  choices: Array<{ id: string; label: string }>;
}

/**
 * A date of the availability: `selectable` may be ticked or unticked; a date that is not is
 * shown struck through, except a `locked` one, which stays ticked (a registered date that has
 * started, on the edit page).
 */
export interface RegistrationDateData {
  id: number;
  start_at: string;
  label: string;
  selectable: boolean;
  locked?: boolean;
}

/** The form values of the choices. */
export interface ChoiceValues {
  dates: string[];
  /** per option of the form: the chosen price id ("" when not taken) and the answer */
  options: Array<{ price_id: string; content: string }>;
  /** per question: `text` (TEXT, DATE, CHOICES_SINGLE) or `choices` (CHOICES_MULTIPLE) */
  questions: Array<{ text: string; choices: string[] }>;
}

/**
 * The checks of the choices made before any call: an option that asks an answer has one once
 * taken, a required question is answered (for the form's `superRefine`).
 */
export function refineChoices(
  data: { options: RegistrationOptionData[]; questions: RegistrationQuestionData[] },
  values: Pick<ChoiceValues, "options" | "questions">,
  context: z.RefinementCtx,
): void {
  data.options.forEach((option, index) => {
    const value = values.options[index];
    if (option.answerRequired && value?.price_id && !value.content.trim()) {
      context.addIssue({
        code: "custom",
        message: "REQUIRED",
        path: ["options", index, "content"],
      });
    }
  });
  data.questions.forEach((question, index) => {
    const value = values.questions[index];
    if (!question.required) return;
    const empty =
      question.type === "CHOICES_MULTIPLE"
        ? (value?.choices.length ?? 0) === 0
        : !value?.text.trim();
    if (empty) {
      context.addIssue({
        code: "custom",
        message: "REQUIRED",
        path: ["questions", index, question.type === "CHOICES_MULTIPLE" ? "choices" : "text"],
      });
    }
  });
}

/** The chosen options as the API takes them, with the form index of each. */
export function chosenOptions(options: RegistrationOptionData[], values: ChoiceValues["options"]) {
  return options.flatMap((option, index) => {
    const value = values[index];
    if (!value?.price_id) return [];
    return [
      {
        index,
        price_id: Number(value.price_id),
        content: option.answerRequired ? value.content.trim() || null : null,
      },
    ];
  });
}

function questionContent(
  question: RegistrationQuestionData,
  value: ChoiceValues["questions"][number] | undefined,
) {
  const toId = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);
  if (!value) return null;
  switch (question.type) {
    case "CHOICES_MULTIPLE":
      return value.choices.length > 0 ? value.choices.map(toId) : null;
    case "CHOICES_SINGLE":
      return value.text ? toId(value.text) : null;
    default:
      return value.text.trim() || null;
  }
}

/** Every question with its answer, as the API takes them. */
export function questionAnswers(
  questions: RegistrationQuestionData[],
  values: ChoiceValues["questions"],
) {
  return questions.map((question, index) => ({
    question_id: question.id,
    content: questionContent(question, values[index]),
  }));
}

/**
 * The form values of stored choices (the edit page): each option's chosen price and answer, each
 * question's answer.
 */
export function choiceValuesOf(
  data: { options: RegistrationOptionData[]; questions: RegistrationQuestionData[] },
  stored: {
    options: ReadonlyArray<{ price_id: number; content: string | null }>;
    questions: ReadonlyArray<{ question_id: number; content: string | number | number[] | null }>;
  },
): Pick<ChoiceValues, "options" | "questions"> {
  return {
    options: data.options.map((option) => {
      const chosen = stored.options.find((entry) =>
        option.prices.some((price) => price.id === entry.price_id),
      );
      return chosen
        ? { price_id: String(chosen.price_id), content: chosen.content ?? "" }
        : { price_id: "", content: "" };
    }),
    questions: data.questions.map((question) => {
      const content = stored.questions.find((entry) => entry.question_id === question.id)?.content;
      if (Array.isArray(content)) return { text: "", choices: content.map(String) };
      if (content === null || content === undefined) return { text: "", choices: [] };
      return { text: String(content), choices: [] };
    }),
  };
}

/**
 * The form field of an API error path (relative to the registration: `availability_dates`,
 * `options.{j}.content`, `questions.{question_id}`), or null when the form has none. `sent` are
 * the options sent, with their form index.
 */
export function choiceFieldOf(
  data: { questions: RegistrationQuestionData[] },
  sent: ReadonlyArray<{ index: number }>,
  field: string,
): Path<ChoiceValues> | null {
  if (field.startsWith("availability_dates")) return "dates";
  const option = /^options\.(\d+)\.(price_id|content)$/.exec(field);
  if (option) {
    const index = sent[Number(option[1])]?.index;
    if (index === undefined) return null;
    return `options.${index}.${option[2] as "price_id" | "content"}`;
  }
  const question = /^questions\.(\d+)$/.exec(field);
  if (question) {
    const index = data.questions.findIndex((entry) => entry.id === Number(question[1]));
    if (index < 0) return null;
    const kind = data.questions[index]!.type === "CHOICES_MULTIPLE" ? "choices" : "text";
    return `questions.${index}.${kind}`;
  }
  return null;
}

/**
 * The dates' checkboxes, with their error and, when `showUnchosen`, the alert listing the dates
 * left out (struck through).
 */
export function DatesFieldset({
  dates,
  showUnchosen = true,
  legend,
}: {
  dates: RegistrationDateData[];
  showUnchosen?: boolean;
  legend?: string;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const ids = useId();
  const { register, control } = useFormContext<ChoiceValues>();
  const { errors } = useFormState({ control, name: "dates" });
  const selected = useWatch({ control, name: "dates" });
  if (dates.length === 0) return null;
  const unchosen = showUnchosen
    ? unchosenDates(
        dates,
        (selected ?? [])
          .map(Number)
          .concat(dates.filter((date) => date.locked).map((date) => date.id)),
      )
    : [];
  const datesError = errorMessage(errors.dates?.message ?? errors.dates?.root?.message);
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={datesError ? `${ids}-dates-error` : undefined}
      data-testid="registration-dates"
    >
      <legend className="mb-2 text-sm font-medium text-slate-900">
        {legend ?? t("registrations.fields.dates", { count: dates.length })}
      </legend>
      <ul className={clsx("gap-2", dates.length > 7 ? "grid sm:grid-cols-2" : "flex flex-col")}>
        {dates.map((date) => {
          const enabled = date.selectable && !date.locked;
          return (
            <li key={date.id}>
              <label
                className={clsx(
                  "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2",
                  enabled ? "cursor-pointer hover:border-slate-400" : "text-slate-500",
                  date.locked && "bg-slate-50",
                )}
                data-testid="registration-date"
                data-state={date.locked ? "locked" : enabled ? "selectable" : "unavailable"}
              >
                <input
                  type="checkbox"
                  className="size-5 accent-[var(--accent)]"
                  {...(date.locked
                    ? // A started registered date: it stays part of the registration.
                      { checked: true, disabled: true, readOnly: true }
                    : { value: String(date.id), disabled: !enabled, ...register("dates") })}
                />
                <span className={clsx("flex-1", !enabled && !date.locked && "line-through")}>
                  {date.label}
                </span>
                {date.locked ? (
                  <LockIcon
                    className="size-4 shrink-0 text-slate-500"
                    aria-label={t("registrations.edit.locked")}
                  />
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
      {datesError ? <FieldErrorText id={`${ids}-dates-error`}>{datesError}</FieldErrorText> : null}
      {unchosen.length > 0 ? (
        <div
          role="alert"
          data-testid="unchosen-dates"
          className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
        >
          <InfoIcon className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-medium">
              {t("registrations.fields.unchosen", { count: unchosen.length })}
            </p>
            <ul className="mt-1 flex flex-col gap-0.5">
              {unchosen.map((date) => (
                <li key={date.id}>
                  <s>{date.label}</s>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The options: one with a single price is a switch, one with several a choice of a price (or
 * none); the answer field shows once an option that asks one is taken.
 */
export function OptionsFieldset({ options }: { options: RegistrationOptionData[] }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const ids = useId();
  const { register, control } = useFormContext<ChoiceValues>();
  const { errors } = useFormState({ control, name: "options" });
  const values = useWatch({ control, name: "options" });
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-900">
        {t("registrations.fields.options")}
      </legend>
      {options.map((option, index) => {
        const value = values?.[index];
        const answerError = errors.options?.[index]?.content?.message;
        const priceError = errors.options?.[index]?.price_id?.message;
        const optionId = `${ids}-option-${option.id}`;
        return (
          <div
            key={option.id}
            data-testid="option"
            className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
          >
            {option.prices.length === 1 ? (
              <Controller
                control={control}
                name={`options.${index}.price_id`}
                render={({ field }) => (
                  <label className="flex cursor-pointer items-start justify-between gap-3">
                    <span className="flex flex-col">
                      <span className="font-medium text-slate-950">{option.title}</span>
                      {option.description ? (
                        <span className="text-sm text-slate-600">{option.description}</span>
                      ) : null}
                      <span className="text-sm text-slate-700">{option.prices[0]!.amount}</span>
                    </span>
                    <input
                      type="checkbox"
                      role="switch"
                      name={field.name}
                      ref={field.ref}
                      checked={field.value !== ""}
                      aria-checked={field.value !== ""}
                      onBlur={field.onBlur}
                      onChange={(event) =>
                        field.onChange(event.target.checked ? String(option.prices[0]!.id) : "")
                      }
                      className="peer sr-only"
                    />
                    <span
                      aria-hidden="true"
                      className={clsx(
                        "relative mt-1 inline-flex h-6 w-11 shrink-0 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent",
                        field.value !== "" ? "bg-accent" : "bg-slate-300",
                      )}
                    >
                      <span
                        className={clsx(
                          "absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform",
                          field.value !== "" ? "translate-x-5" : "translate-x-0.5",
                        )}
                      />
                    </span>
                  </label>
                )}
              />
            ) : (
              <fieldset className="flex flex-col gap-1">
                <legend className="font-medium text-slate-950">{option.title}</legend>
                {option.description ? (
                  <p className="text-sm text-slate-600">{option.description}</p>
                ) : null}
                <label className="flex min-h-10 cursor-pointer items-center gap-3">
                  <input
                    type="radio"
                    value=""
                    className="size-5 accent-[var(--accent)]"
                    {...register(`options.${index}.price_id`)}
                  />
                  <span>{t("registrations.fields.option_none")}</span>
                </label>
                {option.prices.map((price) => (
                  <label key={price.id} className="flex min-h-10 cursor-pointer items-center gap-3">
                    <input
                      type="radio"
                      value={String(price.id)}
                      className="size-5 accent-[var(--accent)]"
                      {...register(`options.${index}.price_id`)}
                    />
                    <span className="flex-1">{price.label}</span>
                    <span className="text-sm text-slate-700">{price.amount}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {priceError ? (
              <FieldErrorText id={`${optionId}-price-error`}>
                {errorMessage(priceError)}
              </FieldErrorText>
            ) : null}
            {option.answerRequired && value?.price_id ? (
              <FieldShell
                id={`${optionId}-answer`}
                label={t("registrations.fields.option_answer", { title: option.title })}
                error={answerError}
              >
                <input
                  id={`${optionId}-answer`}
                  type="text"
                  aria-required
                  className={inputClasses(Boolean(answerError))}
                  {...describedBy(`${optionId}-answer`, null, answerError)}
                  {...register(`options.${index}.content`)}
                />
              </FieldShell>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The questions, each by its type; `legend` replaces the storefront's (the console has its own). */
export function QuestionsFieldset({
  questions,
  legend,
}: {
  questions: RegistrationQuestionData[];
  legend?: string;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<ChoiceValues>();
  const { errors } = useFormState({ control, name: "questions" });
  if (questions.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-medium text-slate-900">
        {legend ?? t("registrations.fields.questions")}
      </legend>
      {questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          index={index}
          error={
            question.type === "CHOICES_MULTIPLE"
              ? errors.questions?.[index]?.choices?.message
              : errors.questions?.[index]?.text?.message
          }
        />
      ))}
    </fieldset>
  );
}

function QuestionField({
  question,
  index,
  error,
}: {
  question: RegistrationQuestionData;
  index: number;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = useId();
  const { register } = useFormContext<ChoiceValues>();
  const label = (
    <>
      {question.title}
      {question.required ? (
        <span className="ml-1 text-red-700" aria-hidden="true">
          *
        </span>
      ) : null}
      {question.required ? <span className="sr-only"> ({t("forms.required")})</span> : null}
    </>
  );
  if (question.type === "TEXT" || question.type === "DATE") {
    return (
      <FieldShell id={id} label={label} hint={question.description ?? undefined} error={error}>
        <input
          id={id}
          type={question.type === "DATE" ? "date" : "text"}
          aria-required={question.required || undefined}
          className={inputClasses(Boolean(error))}
          {...describedBy(id, question.description, error)}
          {...register(`questions.${index}.text`)}
        />
      </FieldShell>
    );
  }
  const multiple = question.type === "CHOICES_MULTIPLE";
  const message = errorMessage(error);
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-describedby={message ? `${id}-error` : question.description ? `${id}-hint` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-900">{label}</legend>
      {question.description ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {question.description}
        </p>
      ) : null}
      {question.choices.map((choice) => (
        <label key={choice.id} className="flex min-h-10 cursor-pointer items-center gap-3">
          <input
            type={multiple ? "checkbox" : "radio"}
            value={choice.id}
            className="size-5 accent-[var(--accent)]"
            {...register(multiple ? `questions.${index}.choices` : `questions.${index}.text`)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
      {message ? <FieldErrorText id={`${id}-error`}>{message}</FieldErrorText> : null}
    </fieldset>
  );
}
