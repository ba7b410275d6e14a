import type { EstimateAnswer } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import type { Ineligibility } from "../../lib/participant-eligibility";
import { AgeLimits } from "../catalogue/location";
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
import {
  AddToCartForm,
  ParticipantField,
  QuantityField,
  quantitySchema,
  useAfterAdding,
} from "./add-to-cart-fields";
import { EstimatePanel } from "./estimate-panel";

/** What the availability loader prepares for the form (labels formatted on the server). */
export interface RegistrationFormData {
  availabilityId: number;
  price: string;
  deposit: string | null;
  /** each marked with why it cannot be registered here (the age limits), null when it can */
  participants: Array<{ id: number; fullname: string; ineligible: Ineligibility }>;
  /** preselected participant id ("?participant=" cuid, else the only one), or null */
  participantId: number | null;
  /** the availability's age limits, checked on the first date; null without any */
  ages: { minimum: number | null; maximum: number | null } | null;
  dates: RegistrationDateData[];
  /** ids of the selectable dates, by start */
  defaultDates: number[];
  /** the estimate (or refusal) of the form's default values, read with the page; null: ask */
  firstEstimate: EstimateAnswer | null;
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
  const priceIds = chosenOptions(data.options, optionValues ?? []).map((option) => option.price_id);
  const validQuantity =
    Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : 1;
  // The live estimate asks only with a participant and at least one date.
  const estimateBody =
    participantId && (selectedDates ?? []).length > 0
      ? {
          availability_id: data.availabilityId,
          participant_id: Number(participantId),
          quantity: validQuantity,
          availability_dates: (selectedDates ?? []).map((date) => ({ date_id: Number(date) })),
          options: priceIds.map((price_id) => ({ price_id })),
        }
      : null;

  const onSubmit = handleSubmit(async (values) => {
    const options = chosenOptions(data.options, values.options);
    try {
      const answer = await api.addCartItems({
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
      await afterAdding(answer);
    } catch (error) {
      handleError(error, setError, (path) => {
        const field = path.replace(/^registrations\.\d+\./, "");
        if (field === "participant_id" || field === "quantity") return field;
        return choiceFieldOf(data, options, field);
      });
    }
  });

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
          {data.ages ? (
            <div className="flex flex-col gap-1 text-sm text-slate-700">
              <p data-testid="age-rule">
                {t("cart.add-to-cart.form.age_rule")}{" "}
                <span className="font-medium text-slate-900">
                  <AgeLimits minimum={data.ages.minimum} maximum={data.ages.maximum} />
                </span>
              </p>
              {data.participants.map((participant) =>
                participant.ineligible ? (
                  <p key={participant.id} data-testid="ineligible-participant">
                    {t(`cart.add-to-cart.form.ineligible.${participant.ineligible}`, {
                      name: participant.fullname,
                    })}
                  </p>
                ) : null,
              )}
            </div>
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

        <EstimatePanel
          body={estimateBody}
          first={data.firstEstimate}
          currency={data.currency}
          locale={data.locale}
        />
      </AddToCartForm>
    </FormProvider>
  );
}
