import { sortByStart } from "@booking/domain/availability-dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { requireAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { InfoIcon } from "../../components/icons";
import { registrationChoicesData } from "../../components/registrations/choices-data";
import {
  registrationPageSeo,
  registrationPath,
  registrationSummary,
} from "../../components/registrations/registration-data";
import {
  type ChoiceValues,
  choiceFieldOf,
  choiceValuesOf,
  chosenOptions,
  DatesFieldset,
  OptionsFieldset,
  QuestionsFieldset,
  questionAnswers,
  type RegistrationDateData,
  refineChoices,
} from "../../components/registrations/registration-fields";
import { RegistrationActionPage } from "../../components/registrations/registration-ui";
import { useBackToRegistration } from "../../components/registrations/use-back-to-registration";
import { SubmitButton } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import type { Route } from "./+types/registrations-edit";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, format } = requireAccount(context, params, request);
  const found = await storefront.reader.registrationEditForm(params.cuid);
  if (!found) notFound();
  const { registration, form } = found;
  // The dates as the edit rules of platform-and-account.md §4 make them: OPEN with a free place
  // or already registered (and not started) can change; a started registered date stays ticked.
  const dates: RegistrationDateData[] = sortByStart(registration.availability.dates).map(
    (date) => ({
      id: date.id,
      start_at: date.start_at,
      label: format.dateRange(date.start_at, date.end_at),
      selectable: date.edit_state === "selectable",
      locked: date.edit_state === "locked_selected",
    }),
  );
  const registered = new Set(registration.dates.map((entry) => entry.date_id));
  const choices = registrationChoicesData(form, format);
  return {
    seo: registrationPageSeo(context, params, request, {
      title: "registrations.edit.title",
      path: registrationPath(registration.cuid, "edit"),
    }),
    registrationId: registration.id,
    summary: registrationSummary(registration, format),
    refusal: registration.actions.edit,
    dates,
    selected: dates
      .filter((date) => registered.has(date.id) && !date.locked)
      .map((date) => String(date.id)),
    ...choices,
    initial: choiceValuesOf(choices, registration),
    total: format.money(registration.total_amount),
    paid: registration.paid_amount > 0 ? format.money(registration.paid_amount) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * Changing a registration (platform-and-account.md §2.3, §4 "Registration edit", §5): its dates
 * (OPEN with a free place, or already registered, may change; started ones are locked; at least
 * one must remain), options and answers, with the add form's fields. PUT /api/registrations
 * reprices it; then back to the registration with a toast.
 */
export default function EditRegistration({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { summary, refusal, dates, registrationId } = data;
  const { t } = useTranslation();
  const backToRegistration = useBackToRegistration(summary.cuid);
  const handleError = useSubmitErrorHandler();
  const lockedIds = useMemo(
    () => dates.filter((date) => date.locked).map((date) => date.id),
    [dates],
  );
  const schema = useMemo(
    () =>
      z
        .object({
          dates: z.array(z.string()),
          options: z.array(z.object({ price_id: z.string(), content: z.string() })),
          questions: z.array(z.object({ text: z.string(), choices: z.array(z.string()) })),
        })
        .superRefine((values, context) => {
          // At least one date must remain: a locked one counts.
          if (values.dates.length + lockedIds.length === 0) {
            context.addIssue({
              code: "custom",
              message: "AVAILABILITY_DATES_REQUIRED",
              path: ["dates"],
            });
          }
          refineChoices(data, values, context);
        }),
    [data, lockedIds],
  );
  const methods = useForm<ChoiceValues>({
    resolver: zodResolver(schema),
    defaultValues: { dates: data.selected, ...data.initial },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = methods;

  const onSubmit = handleSubmit(async (values) => {
    const options = chosenOptions(data.options, values.options);
    try {
      await api.updateRegistration({
        registration_id: registrationId,
        availability_dates: [...lockedIds, ...values.dates.map(Number)].map((date_id) => ({
          date_id,
        })),
        options: options.map(({ price_id, content }) => ({ price_id, content })),
        questions: questionAnswers(data.questions, values.questions),
        automatic_price: true,
      });
    } catch (error) {
      handleError(error, setError, (path) => choiceFieldOf(data, options, path));
      return;
    }
    await backToRegistration(t("registrations.messages.updated"));
  });

  return (
    <RegistrationActionPage
      title={t("registrations.edit.title")}
      subtitle={t("registrations.edit.subtitle")}
      summary={summary}
      refused={refusal === null ? null : t(`registrations.edit.refused.${refusal}`)}
      refusedTestId="edit-refused"
    >
      <AccountCard>
        <FormProvider {...methods}>
          <form
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-6"
            data-testid="edit-form"
            aria-label={t("registrations.edit.title")}
          >
            <p className="text-sm text-slate-600">{t("registrations.edit.dates_hint")}</p>
            <DatesFieldset
              dates={dates}
              showUnchosen={false}
              legend={t("registrations.edit.dates", { count: dates.length })}
            />
            <OptionsFieldset options={data.options} />
            <QuestionsFieldset questions={data.questions} />
            <div className="flex gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
              <InfoIcon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <p>
                {t("registrations.edit.price", { total: data.total })}{" "}
                {data.paid ? t("registrations.edit.paid", { amount: data.paid }) : null}
              </p>
            </div>
            <SubmitButton
              pending={isSubmitting}
              size="lg"
              className="w-full sm:w-auto sm:self-start"
              data-testid="edit-submit"
            >
              {t("registrations.edit.submit")}
            </SubmitButton>
          </form>
        </FormProvider>
      </AccountCard>
    </RegistrationActionPage>
  );
}
