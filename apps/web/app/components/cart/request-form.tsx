import { requestSelectionButton } from "@booking/domain/registration-request-selection";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { useCart } from "../../lib/cart-context";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import type { RequestPageData } from "../../lib/request-page";
import { toastSuccessOf } from "../../lib/toast";
import { LoginPrompt, SidePanel } from "../catalogue/detail";
import { useLocalizedHref } from "../localized-link";
import {
  type ChoiceValues,
  choiceFieldOf,
  chosenOptions,
  OptionsFieldset,
  QuestionsFieldset,
  questionAnswers,
  refineChoices,
} from "../registrations/registration-fields";
import { SubmitButton } from "../ui/button";
import { ParticipantField } from "./add-to-cart-fields";
import { RequestFeedback, RequestSchedule } from "./request-schedule";

interface FormValues extends Omit<ChoiceValues, "dates"> {
  participant_id: string;
}

/**
 * The request form (storefront.md §4 "Registration request selection", §5 "Registration
 * request"; issue 15 §1): the tier, the sessions picked in the week, the participant, options and
 * questions; validating adds the request to the cart — repeated as many times as the tier's
 * registrations count (§7) — and goes to /checkout. The button is disabled below the tier's
 * minimum or above its maximum, red above it; an empty selection does nothing.
 */
export function RequestForm({ data }: { data: RequestPageData }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const cart = useCart();
  const navigate = useNavigate();
  const localized = useLocalizedHref();
  const handleError = useSubmitErrorHandler();
  const [selected, setSelected] = useState<string[]>(data.preselected);
  const [tierCuid, setTierCuid] = useState(data.tierCuid);
  const tier = data.tiers.find((candidate) => candidate.cuid === tierCuid) ?? null;
  // Without tiers, one request of any sessions.
  const bounds = tier ?? {
    registrations: 1,
    minimum_availabilities: 1,
    maximum_availabilities: Math.max(1, data.sessions.length),
  };
  const button = requestSelectionButton(selected.length, bounds);
  const schema = useMemo(
    () =>
      z
        .object({
          participant_id: z.string().min(1, "REQUIRED"),
          options: z.array(z.object({ price_id: z.string(), content: z.string() })),
          questions: z.array(z.object({ text: z.string(), choices: z.array(z.string()) })),
        })
        .superRefine((values, context) => refineChoices(data, values, context)),
    [data],
  );
  const methods = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      participant_id: data.participantId !== null ? String(data.participantId) : "",
      options: data.options.map(() => ({ price_id: "", content: "" })),
      questions: data.questions.map(() => ({ text: "", choices: [] })),
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = methods;
  const toggle = (cuid: string) =>
    setSelected((current) =>
      current.includes(cuid) ? current.filter((value) => value !== cuid) : [...current, cuid],
    );

  const onSubmit = handleSubmit(async (values) => {
    if (button.disabled) return;
    const options = chosenOptions(data.options, values.options);
    // The sessions in the schedule's order, each with every date still to come.
    const chosen = data.sessions.filter((session) => selected.includes(session.cuid));
    const entry = {
      participant_id: Number(values.participant_id),
      availabilities: chosen.map((session) => ({ id: session.id })),
      options: options.map(({ price_id, content }) => ({ price_id, content })),
      questions: questionAnswers(data.questions, values.questions),
    };
    try {
      await api.addCartItems({
        registrations_requests: Array.from({ length: bounds.registrations }, () => entry),
      });
      toastSuccessOf(i18n, "cart.messages.updated");
      // To /checkout first: there the cart panel does not open for the new items.
      await navigate(localized("/checkout"));
      await cart.refresh();
    } catch (error) {
      handleError(error, setError, (path) => {
        const field = path.replace(/^registrations_requests\.\d+\./, "");
        if (field === "participant_id") return field;
        return choiceFieldOf(data, options, field) as never;
      });
    }
  });

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,22rem)] lg:items-start">
      <div className="flex min-w-0 flex-col gap-6">
        {data.tiers.length > 0 ? (
          <fieldset className="flex flex-col gap-2" data-testid="request-tiers">
            <legend className="text-xl font-semibold text-slate-950">{t("requests.tier")}</legend>
            <div className="flex flex-wrap gap-2">
              {data.tiers.map((candidate) => (
                <label
                  key={candidate.cuid}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium has-checked:border-slate-900 has-checked:bg-slate-900 has-checked:text-white"
                >
                  <input
                    type="radio"
                    name="tier"
                    className="sr-only"
                    value={candidate.cuid}
                    checked={candidate.cuid === tierCuid}
                    onChange={() => setTierCuid(candidate.cuid)}
                  />
                  {candidate.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <RequestSchedule sessions={data.sessions} selected={selected} onToggle={toggle} />
      </div>
      <div className="min-w-0 lg:sticky lg:top-24">
        {!data.customer ? (
          <LoginPrompt />
        ) : (
          <SidePanel title={t("requests.form_title")} testId="request-panel">
            <FormProvider {...methods}>
              <form
                noValidate
                onSubmit={onSubmit}
                aria-label={t("requests.form_title")}
                className="flex flex-col gap-5"
              >
                <RequestFeedback count={selected.length} tier={bounds} />
                <p className="text-sm text-slate-700">{t("requests.price_on_approval")}</p>
                <ParticipantField
                  id={`${ids}-participant`}
                  participants={data.participants}
                  error={errors.participant_id}
                  registration={register("participant_id")}
                />
                <OptionsFieldset options={data.options} />
                <QuestionsFieldset questions={data.questions} />
                <SubmitButton
                  pending={isSubmitting}
                  size="lg"
                  className="w-full"
                  variant={button.danger ? "danger" : "primary"}
                  disabled={button.disabled}
                  data-testid="request-submit"
                >
                  {t("requests.submit")}
                </SubmitButton>
              </form>
            </FormProvider>
          </SidePanel>
        )}
      </div>
    </div>
  );
}
