import type { AdminRegistrationEstimate, AdminRegistrationForm } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import { ApiRequestError } from "../../../lib/api";
import { registrationChoicesData } from "../../registrations/choices-data";
import {
  type ChoiceValues,
  choiceFieldOf,
  chosenOptions,
  DatesFieldset,
  OptionsFieldset,
  QuestionsFieldset,
  questionAnswers,
  type RegistrationDateData,
  refineChoices,
} from "../../registrations/registration-fields";
import { SubmitButton } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { minorUnits } from "./amount";
import { registrationHref } from "./registration-columns";

interface FormValues extends ChoiceValues {
  override: boolean;
  /** the overridden price in the currency's units, as typed */
  price: string;
  use_wallet: boolean;
  /** register outside the age limits (audited by the server) */
  age_override: boolean;
}

/** The estimate's refusals that the organiser may set aside with `age_override`. */
const AGE_REFUSALS = ["AGE_OUT_OF_RANGE", "BIRTHDATE_REQUIRED"];

const ESTIMATE_DEBOUNCE = 300;

/**
 * The last step of registering by hand: the availability's dates (its selectable ones ticked),
 * options and questions as the storefront asks them, the live price as the customer's cart will
 * charge it (bundles, volume discount), an optional price set by hand and the use of the
 * customer's wallet; then the registration is made and its page opened.
 */
export function ByHandForm({
  customer,
  participant,
  data,
  walletAmount,
}: {
  customer: string;
  participant: string;
  data: AdminRegistrationForm;
  walletAmount: number;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const navigate = useNavigate();
  const ids = useId();
  const choices = useMemo(() => registrationChoicesData(data.form, format), [data.form, format]);
  const dates: RegistrationDateData[] = useMemo(() => {
    const now = Date.now();
    return data.availability.dates.map((date) => {
      const free = date.capacity === null ? null : date.capacity - date.registered - date.held;
      return {
        id: date.id,
        start_at: date.start_at,
        label: `${format.dateRange(date.start_at, date.end_at)} · ${
          free === null
            ? t("admin.registrations.availability.unlimited")
            : t("admin.registrations.availability.free_places", { count: Math.max(free, 0) })
        }`,
        selectable:
          date.status === "OPEN" && Date.parse(date.start_at) > now && (free === null || free > 0),
      };
    });
  }, [data.availability.dates, format, t]);

  const schema = useMemo(
    () =>
      z
        .object({
          dates: z.array(z.string()).min(1, "AVAILABILITY_DATES_REQUIRED"),
          options: z.array(z.object({ price_id: z.string(), content: z.string() })),
          questions: z.array(z.object({ text: z.string(), choices: z.array(z.string()) })),
          override: z.boolean(),
          price: z.string(),
          use_wallet: z.boolean(),
          age_override: z.boolean(),
        })
        .superRefine((values, context) => {
          refineChoices(choices, values, context);
          if (values.override && minorUnits(values.price) === null) {
            context.addIssue({ code: "custom", message: "INVALID_FORMAT", path: ["price"] });
          }
        }),
    [choices],
  );
  const methods = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      dates: dates.filter((date) => date.selectable).map((date) => String(date.id)),
      options: choices.options.map(() => ({ price_id: "", content: "" })),
      questions: choices.questions.map(() => ({ text: "", choices: [] })),
      override: false,
      price: "",
      use_wallet: false,
      age_override: false,
    },
  });
  const { register, control, handleSubmit, setError, formState } = methods;
  const values = useWatch({ control });

  const body = useCallback(
    (form: Partial<FormValues>) => ({
      customer,
      participant,
      availability: data.availability.cuid,
      availability_dates: (form.dates ?? []).map((date) => ({ date_id: Number(date) })),
      options: chosenOptions(choices.options, (form.options ?? []) as FormValues["options"]).map(
        ({ price_id, content }) => ({ price_id, content }),
      ),
      questions: questionAnswers(
        choices.questions,
        (form.questions ?? []) as FormValues["questions"],
      ),
      price_override: form.override ? minorUnits(form.price ?? "") : null,
      use_wallet: form.use_wallet ?? false,
      age_override: form.age_override ?? false,
    }),
    [customer, participant, data.availability.cuid, choices],
  );

  // The live price: debounced, from what it depends on (dates, options, the price set by hand);
  // a late answer of an older request is dropped.
  const [estimate, setEstimate] = useState<
    | { state: "idle" | "loading" }
    | { state: "done"; value: AdminRegistrationEstimate }
    | { state: "error"; code: string }
  >({ state: "idle" });
  const latest = useRef(0);
  const estimateKey = JSON.stringify({
    dates: values.dates ?? [],
    options: values.options ?? [],
    override: values.override ?? false,
    price: values.price ?? "",
  });
  useEffect(() => {
    const request = ++latest.current;
    const priced = JSON.parse(estimateKey) as Partial<FormValues>;
    if (!priced.dates?.length) {
      setEstimate({ state: "idle" });
      return;
    }
    setEstimate((current) => (current.state === "done" ? current : { state: "loading" }));
    const timer = setTimeout(() => {
      registrationsApi
        .estimate(body(priced))
        .then((value) => {
          if (request === latest.current) setEstimate({ state: "done", value });
        })
        .catch((error: unknown) => {
          if (request !== latest.current) return;
          setEstimate({
            state: "error",
            code: error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR",
          });
        });
    }, ESTIMATE_DEBOUNCE);
    return () => clearTimeout(timer);
  }, [estimateKey, body]);

  const { mutate } = useAdminMutation(registrationsApi.create, {
    success: t("admin.registrations.new.done"),
    revalidate: false,
    form: {
      setError,
      resolveField: (path) =>
        path === "price_override"
          ? "price"
          : choiceFieldOf(
              choices,
              chosenOptions(choices.options, methods.getValues("options")),
              path,
            ),
    },
  });
  const onSubmit = handleSubmit(async (form) => {
    const outcome = await mutate(body(form));
    if (outcome.ok) navigate(registrationHref(outcome.value.registration.cuid));
  });

  const errorMessage = (code: string | undefined) =>
    code ? t(`forms.errors.${code}`, { defaultValue: code }) : undefined;

  return (
    <FormProvider {...methods}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-6"
        data-testid="by-hand-form"
      >
        <DatesFieldset dates={dates} legend={t("admin.registrations.new.dates")} />
        <OptionsFieldset options={choices.options} />
        <QuestionsFieldset questions={choices.questions} />

        <section
          aria-labelledby={`${ids}-price`}
          className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
        >
          <div className="flex items-baseline justify-between gap-4" aria-live="polite">
            <h2 id={`${ids}-price`} className="font-semibold text-slate-950">
              {t("admin.registrations.new.price")}
            </h2>
            {estimate.state === "done" ? (
              <span className="text-xl font-bold text-slate-950" data-testid="by-hand-price">
                {format.money(estimate.value.price)}
              </span>
            ) : estimate.state === "loading" ? (
              <Spinner />
            ) : null}
          </div>
          {estimate.state === "done" && estimate.value.price !== estimate.value.storefront_price ? (
            <p className="text-sm text-slate-600">
              {t("admin.registrations.new.storefront_price", {
                amount: format.money(estimate.value.storefront_price),
              })}
            </p>
          ) : null}
          {estimate.state === "error" ? (
            <p className="text-sm text-red-700">{errorMessage(estimate.code)}</p>
          ) : null}
          {values.age_override ||
          (estimate.state === "error" && AGE_REFUSALS.includes(estimate.code)) ? (
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                data-testid="age-override"
                {...register("age_override")}
              />
              {t("admin.registrations.new.age_override")}
            </label>
          ) : null}
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" className="size-4" {...register("override")} />
            {t("admin.registrations.new.override")}
          </label>
          {values.override ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-amount`} className="text-sm font-medium text-slate-800">
                {t("admin.registrations.new.override_amount")}
              </label>
              <input
                id={`${ids}-amount`}
                inputMode="decimal"
                autoComplete="off"
                className={inputClasses(Boolean(formState.errors.price))}
                aria-invalid={Boolean(formState.errors.price)}
                {...register("price")}
              />
              {formState.errors.price ? (
                <p className="text-sm text-red-700">
                  {errorMessage(formState.errors.price.message)}
                </p>
              ) : (
                <p className="text-xs text-slate-600">
                  {t("admin.registrations.new.override_hint")}
                </p>
              )}
            </div>
          ) : null}
          {walletAmount > 0 ? (
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input type="checkbox" className="size-4" {...register("use_wallet")} />
              {t("admin.registrations.new.use_wallet", { amount: format.money(walletAmount) })}
            </label>
          ) : null}
        </section>

        <div className="flex justify-end">
          <SubmitButton pending={formState.isSubmitting} data-testid="confirm-registration">
            {t("admin.registrations.new.submit")}
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
