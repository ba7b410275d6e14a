import type { EstimateView } from "@booking/contracts";
import { formatMoney } from "@booking/domain/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiRequestError, api } from "../../lib/api";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import {
  type ChoiceValues,
  choiceFieldOf,
  chosenOptions,
  DatesFieldset,
  OptionsFieldset,
  QuestionsFieldset,
  questionAnswers,
  type RegistrationDateData,
  type RegistrationOptionData,
  type RegistrationQuestionData,
  refineChoices,
} from "../registrations/registration-fields";
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
  dates: RegistrationDateData[];
  /** ids of the selectable dates, by start */
  defaultDates: number[];
  options: RegistrationOptionData[];
  questions: RegistrationQuestionData[];
  /** money formatting of the estimate, done in the browser with the organiser's currency */
  currency: string;
  locale: string;
}

interface FormValues extends ChoiceValues {
  participant_id: string;
  quantity: number;
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
    .superRefine((values, context) => refineChoices(data, values, context));
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
  const ids = useId();
  const schema = useMemo(() => formSchema(data), [data]);

  const methods = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      participant_id: data.participantId !== null ? String(data.participantId) : "",
      quantity: 1,
      dates: data.defaultDates.map(String),
      options: data.options.map(() => ({ price_id: "", content: "" })),
      questions: data.questions.map(() => ({ text: "", choices: [] })),
    },
  });
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = methods;

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
  const priceIds = chosenOptions(data.options, optionValues ?? [])
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
    const options = chosenOptions(data.options, values.options);
    try {
      await api.addCartItems({
        registrations: [
          {
            availability_id: data.availabilityId,
            participant_id: Number(values.participant_id),
            quantity: values.quantity,
            availability_dates: values.dates.map((date) => ({ date_id: Number(date) })),
            options: options.map(({ price_id, content }) => ({ price_id, content })),
            questions: questionAnswers(data.questions, values.questions),
          },
        ],
      });
      setEstimateVersion((version) => version + 1);
      await afterAdding();
    } catch (error) {
      handleError(error, setError, (path) => {
        const field = path.replace(/^registrations\.\d+\./, "");
        if (field === "participant_id" || field === "quantity") return field;
        return choiceFieldOf(data, options, field);
      });
    }
  });

  const details = estimate.state === "done" ? estimate.value.details : null;
  const detailLines = details
    ? (Object.entries(details) as Array<[keyof typeof details, number]>).filter(
        ([, amount]) => amount !== 0,
      )
    : [];

  return (
    <FormProvider {...methods}>
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

        <DatesFieldset dates={data.dates} />
        <OptionsFieldset options={data.options} />
        <QuestionsFieldset questions={data.questions} />

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
            <p className="mt-1 text-sm text-slate-600">
              {t("cart.add-to-cart.form.estimate.idle")}
            </p>
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
    </FormProvider>
  );
}
