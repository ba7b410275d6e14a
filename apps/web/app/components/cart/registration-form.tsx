import type { EstimateView } from "@booking/contracts";
import { unchosenDates } from "@booking/domain/availability-dates";
import { formatMoney } from "@booking/domain/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { clsx } from "clsx";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiRequestError, api } from "../../lib/api";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { InfoIcon } from "../icons";
import {
  describedBy,
  FieldErrorText,
  FieldShell,
  inputClasses,
  useErrorMessage,
} from "../ui/field";
import { Spinner } from "../ui/spinner";
import {
  AddToCartForm,
  ParticipantField,
  QuantityField,
  quantitySchema,
  useAfterAdding,
} from "./add-to-cart-fields";

/** What the availability loader prepares for the form (labels formatted on the server). */
export interface RegistrationFormData {
  availabilityId: number;
  price: string;
  deposit: string | null;
  participants: Array<{ id: number; fullname: string }>;
  /** preselected participant id ("?participant=" cuid, else the only one), or null */
  participantId: number | null;
  dates: Array<{ id: number; start_at: string; label: string; selectable: boolean }>;
  /** ids of the selectable dates, by start */
  defaultDates: number[];
  options: Array<{
    id: number;
    title: string;
    description: string | null;
    answerRequired: boolean;
    prices: Array<{ id: number; label: string; amount: string }>;
  }>;
  questions: Array<{
    id: number;
    type: "TEXT" | "DATE" | "CHOICES_SINGLE" | "CHOICES_MULTIPLE";
    title: string;
    description: string | null;
    required: boolean;
    choices: Array<{ id: string; label: string }>;
  }>;
  /** money formatting of the estimate, done in the browser with the organiser's currency */
  currency: string;
  locale: string;
}

interface FormValues {
  participant_id: string;
  quantity: number;
  dates: string[];
  /** per option of the form: the chosen price id ("" when not taken) and the answer */
  options: Array<{ price_id: string; content: string }>;
  /** per question: `text` (TEXT, DATE, CHOICES_SINGLE) or `choices` (CHOICES_MULTIPLE) */
  questions: Array<{ text: string; choices: string[] }>;
}

const DATES_REQUIRED = "cart.add-to-cart.form.messages.errors.availability_dates_required";
const ESTIMATE_DEBOUNCE = 300;
/** The most places one registration takes. */
const MAX_QUANTITY = 20;

function formSchema(data: RegistrationFormData) {
  return z
    .object({
      participant_id: z.string().min(1, "REQUIRED"),
      quantity: quantitySchema(MAX_QUANTITY),
      dates: z.array(z.string()).min(1, DATES_REQUIRED),
      options: z.array(z.object({ price_id: z.string(), content: z.string() })),
      questions: z.array(z.object({ text: z.string(), choices: z.array(z.string()) })),
    })
    .superRefine((values, context) => {
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
    });
}

/** The chosen options as the API takes them, with the form index of each. */
function chosenOptions(data: RegistrationFormData, values: FormValues["options"]) {
  return data.options.flatMap((option, index) => {
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
  question: RegistrationFormData["questions"][number],
  value: FormValues["questions"][number] | undefined,
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

/**
 * The registration add form of an open availability (storefront.md §4 "Dates", "Participant
 * selection", "After adding", §5 "Add availability"): participant, quantity, dates, options,
 * questions, a live estimate, then POST /api/carts/items.
 */
export function RegistrationForm({ data }: { data: RegistrationFormData }) {
  const { t } = useTranslation();
  const afterAdding = useAfterAdding();
  const handleError = useSubmitErrorHandler();
  const errorMessage = useErrorMessage();
  const ids = useId();
  const schema = useMemo(() => formSchema(data), [data]);

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      participant_id: data.participantId !== null ? String(data.participantId) : "",
      quantity: 1,
      dates: data.defaultDates.map(String),
      options: data.options.map(() => ({ price_id: "", content: "" })),
      questions: data.questions.map(() => ({ text: "", choices: [] })),
    },
  });

  const participantId = useWatch({ control, name: "participant_id" });
  const quantity = useWatch({ control, name: "quantity" });
  const selectedDates = useWatch({ control, name: "dates" });
  const optionValues = useWatch({ control, name: "options" });
  const [estimateVersion, setEstimateVersion] = useState(0);

  // The live estimate: debounced, only with a participant and at least one date; a late answer
  // of an older request is dropped.
  const [estimate, setEstimate] = useState<
    | { state: "idle" }
    | { state: "loading" }
    | { state: "done"; value: EstimateView }
    | { state: "error"; code: string }
  >({ state: "idle" });
  const estimateRequest = useRef(0);
  const priceIds = chosenOptions(data, optionValues ?? [])
    .map((option) => option.price_id)
    .join(",");
  const dateIds = (selectedDates ?? []).join(",");
  const validQuantity =
    Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : 1;
  useEffect(() => {
    void estimateVersion;
    const id = ++estimateRequest.current;
    if (!participantId || !dateIds) {
      setEstimate({ state: "idle" });
      return;
    }
    setEstimate((current) => (current.state === "done" ? current : { state: "loading" }));
    const timer = setTimeout(() => {
      api
        .estimateCartItem({
          availability_id: data.availabilityId,
          participant_id: Number(participantId),
          quantity: validQuantity,
          availability_dates: dateIds.split(",").map((date) => ({ date_id: Number(date) })),
          options: priceIds
            ? priceIds.split(",").map((price) => ({ price_id: Number(price) }))
            : [],
        })
        .then((value) => {
          if (id === estimateRequest.current) setEstimate({ state: "done", value });
        })
        .catch((error: unknown) => {
          if (id !== estimateRequest.current) return;
          setEstimate({
            state: "error",
            code: error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR",
          });
        });
    }, ESTIMATE_DEBOUNCE);
    return () => clearTimeout(timer);
  }, [data.availabilityId, participantId, dateIds, priceIds, validQuantity, estimateVersion]);

  const money = (minor: number) => formatMoney(minor, data.currency, data.locale);

  const onSubmit = handleSubmit(async (values) => {
    const options = chosenOptions(data, values.options);
    try {
      await api.addCartItems({
        registrations: [
          {
            availability_id: data.availabilityId,
            participant_id: Number(values.participant_id),
            quantity: values.quantity,
            availability_dates: values.dates.map((date) => ({ date_id: Number(date) })),
            options: options.map(({ price_id, content }) => ({ price_id, content })),
            questions: data.questions.map((question, index) => ({
              question_id: question.id,
              content: questionContent(question, values.questions[index]),
            })),
          },
        ],
      });
      setEstimateVersion((version) => version + 1);
      await afterAdding();
    } catch (error) {
      handleError(error, setError, (path) => {
        const field = path.replace(/^registrations\.\d+\./, "");
        if (field === "participant_id" || field === "quantity") return field;
        if (field.startsWith("availability_dates")) return "dates";
        const option = /^options\.(\d+)\.(price_id|content)$/.exec(field);
        if (option) {
          const index = options[Number(option[1])]?.index;
          if (index === undefined) return null;
          return `options.${index}.${option[2]}` as Path<FormValues>;
        }
        const question = /^questions\.(\d+)$/.exec(field);
        if (question) {
          const index = data.questions.findIndex((entry) => entry.id === Number(question[1]));
          if (index < 0) return null;
          const kind = data.questions[index]!.type === "CHOICES_MULTIPLE" ? "choices" : "text";
          return `questions.${index}.${kind}` as Path<FormValues>;
        }
        return null;
      });
    }
  });

  const unchosen = unchosenDates(data.dates, (selectedDates ?? []).map(Number));
  const datesError = errorMessage(errors.dates?.message ?? errors.dates?.root?.message);
  const details = estimate.state === "done" ? estimate.value.details : null;
  const detailLines = details
    ? (Object.entries(details) as Array<[keyof typeof details, number]>).filter(
        ([, amount]) => amount !== 0,
      )
    : [];

  return (
    <AddToCartForm
      title={t("cart.add-to-cart.form.title")}
      testId="registration-panel"
      price={data.price}
      onSubmit={onSubmit}
      pending={isSubmitting}
    >
      <ParticipantField
        id={`${ids}-participant`}
        participants={data.participants}
        error={errors.participant_id}
        registration={register("participant_id")}
      >
        {data.participants.length === 0 ? (
          <p className="text-sm text-slate-700">{t("cart.add-to-cart.form.no_participants")}</p>
        ) : null}
      </ParticipantField>

      <QuantityField
        id={`${ids}-quantity`}
        max={MAX_QUANTITY}
        error={errors.quantity}
        registration={register("quantity", { valueAsNumber: true })}
      />

      {data.dates.length > 0 ? (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={datesError ? `${ids}-dates-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-slate-900">
            {t("cart.add-to-cart.form.dates", { count: data.dates.length })}
          </legend>
          <ul
            className={clsx(
              "gap-2",
              data.dates.length > 7 ? "grid sm:grid-cols-2" : "flex flex-col",
            )}
          >
            {data.dates.map((date) => (
              <li key={date.id}>
                <label
                  className={clsx(
                    "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2",
                    date.selectable ? "cursor-pointer hover:border-slate-400" : "text-slate-500",
                  )}
                >
                  <input
                    type="checkbox"
                    value={String(date.id)}
                    disabled={!date.selectable}
                    className="size-5 accent-[var(--accent)]"
                    {...register("dates")}
                  />
                  <span className={date.selectable ? undefined : "line-through"}>{date.label}</span>
                </label>
              </li>
            ))}
          </ul>
          {datesError ? (
            <FieldErrorText id={`${ids}-dates-error`}>{datesError}</FieldErrorText>
          ) : null}
          {unchosen.length > 0 ? (
            <div
              role="alert"
              data-testid="unchosen-dates"
              className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
            >
              <InfoIcon className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-medium">
                  {t("cart.add-to-cart.form.unchosen", { count: unchosen.length })}
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
      ) : null}

      {data.options.length > 0 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-900">
            {t("cart.add-to-cart.form.options")}
          </legend>
          {data.options.map((option, index) => {
            const value = optionValues?.[index];
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
                      <span>{t("cart.add-to-cart.form.option_none")}</span>
                    </label>
                    {option.prices.map((price) => (
                      <label
                        key={price.id}
                        className="flex min-h-10 cursor-pointer items-center gap-3"
                      >
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
                    label={t("cart.add-to-cart.form.option_answer", { title: option.title })}
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
      ) : null}

      {data.questions.length > 0 ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-medium text-slate-900">
            {t("cart.add-to-cart.form.questions")}
          </legend>
          {data.questions.map((question, index) => (
            <QuestionField
              key={question.id}
              question={question}
              index={index}
              register={register}
              error={
                question.type === "CHOICES_MULTIPLE"
                  ? errors.questions?.[index]?.choices?.message
                  : errors.questions?.[index]?.text?.message
              }
            />
          ))}
        </fieldset>
      ) : null}

      <section
        aria-live="polite"
        aria-label={t("cart.add-to-cart.form.estimate.title")}
        className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      >
        <div className="flex items-baseline justify-between gap-4">
          <span className="font-medium">{t("cart.add-to-cart.form.estimate.title")}</span>
          {estimate.state === "done" ? (
            <span className="text-xl font-bold text-slate-950" data-testid="estimate-price">
              {money(estimate.value.price)}
            </span>
          ) : estimate.state === "loading" ? (
            <Spinner />
          ) : null}
        </div>
        {estimate.state === "idle" ? (
          <p className="mt-1 text-sm text-slate-600">{t("cart.add-to-cart.form.estimate.idle")}</p>
        ) : null}
        {estimate.state === "error" ? (
          <p className="mt-1 text-sm text-red-700">
            {t(`forms.errors.${estimate.code}`, { defaultValue: estimate.code })}
          </p>
        ) : null}
        {detailLines.length > 0 ? (
          <dl
            className="mt-2 flex flex-col gap-1 text-sm text-slate-700"
            data-testid="estimate-details"
          >
            {detailLines.map(([key, amount]) => (
              <div key={key} className="flex justify-between gap-4">
                <dt>{t(`cart.add-to-cart.form.estimate.details.${key}`)}</dt>
                <dd>{money(amount)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {estimate.state === "done" && estimate.value.deposit > 0 ? (
          <p className="mt-1 flex justify-between gap-4 text-sm text-slate-700">
            <span>{t("catalogue.deposit")}</span>
            <span>{money(estimate.value.deposit)}</span>
          </p>
        ) : null}
      </section>
    </AddToCartForm>
  );
}

function QuestionField({
  question,
  index,
  register,
  error,
}: {
  question: RegistrationFormData["questions"][number];
  index: number;
  register: ReturnType<typeof useForm<FormValues>>["register"];
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = useId();
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
