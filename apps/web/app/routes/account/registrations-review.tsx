import { reviewVisibility } from "@booking/domain/registrations";
import { zodResolver } from "@hookform/resolvers/zod";
import { clsx } from "clsx";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { AccountCard } from "../../components/account/card";
import { LockIcon } from "../../components/icons";
import {
  loadRegistration,
  registrationPageSeo,
  registrationPath,
  registrationSummary,
} from "../../components/registrations/registration-data";
import { RegistrationActionPage } from "../../components/registrations/registration-ui";
import { ScoreChoice } from "../../components/registrations/review-stars";
import { useBackToRegistration } from "../../components/registrations/use-back-to-registration";
import { SubmitButton } from "../../components/ui/button";
import { describedBy, FieldShell, inputClasses, useErrorMessage } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/registrations-review";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, registration } = await loadRegistration(context, params, request);
  return {
    seo: registrationPageSeo(context, params, request, {
      title: registration.review
        ? "registrations.review.edit_title"
        : "registrations.review.new_title",
      path: registrationPath(registration.cuid, "review"),
    }),
    registrationId: registration.id,
    summary: registrationSummary(registration, page.format),
    refusal: registration.actions.review,
    review: registration.review
      ? {
          id: registration.review.id,
          score: registration.review.score,
          message: registration.review.message,
          private: registration.review.private,
        }
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

const MESSAGE_MAX = 5000;

const schema = z.object({
  score: z.number("REQUIRED").int("REQUIRED").min(1, "REQUIRED").max(5, "TOO_BIG"),
  message: z.string().max(MESSAGE_MAX, "TOO_LONG"),
  public: z.boolean(),
});
type FormValues = z.infer<typeof schema>;

/**
 * Writing or changing the review of a registration (platform-and-account.md §2.3, §4, §5): a
 * score from 5 down to 1, an optional message and whether it may be shown publicly — on for a
 * new review, and no longer changeable once the review exists. POST or PUT
 * /api/registrations/review, then back to the registration with a toast.
 */
export default function RegistrationReview({ loaderData }: Route.ComponentProps) {
  const { summary, review, refusal, registrationId } = loaderData;
  const { t } = useTranslation();
  const backToRegistration = useBackToRegistration(summary.cuid);
  const handleError = useSubmitErrorHandler();
  const errorMessage = useErrorMessage();
  const ids = useId();
  const visibility = reviewVisibility(review);

  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      score: review?.score ?? (null as unknown as number),
      message: review?.message ?? "",
      public: visibility.public,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const message = values.message.trim() || null;
    try {
      if (review) {
        await api.updateReview({
          review_id: review.id,
          score: values.score,
          message,
          public: visibility.public,
        });
      } else {
        await api.createReview({
          registration_id: registrationId,
          score: values.score,
          message,
          public: values.public,
        });
      }
    } catch (error) {
      handleError(error, setError, sameNameFields<FormValues>(["score", "message", "public"]));
      return;
    }
    await backToRegistration(t("registrations.messages.reviewed"));
  });

  const messageError = errors.message?.message;
  return (
    <RegistrationActionPage
      title={t(review ? "registrations.review.edit_title" : "registrations.review.new_title")}
      subtitle={t("registrations.review.subtitle")}
      summary={summary}
      refused={
        refusal === null
          ? null
          : t(
              refusal === "not_started"
                ? "registrations.review.not_yet"
                : "registrations.review.refused",
            )
      }
      refusedTestId="review-refused"
    >
      <AccountCard title={t("registrations.review.title")}>
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex max-w-xl flex-col gap-6"
          data-testid="review-form"
        >
          <Controller
            control={control}
            name="score"
            render={({ field }) => (
              <ScoreChoice
                name={field.name}
                value={typeof field.value === "number" ? field.value : null}
                onChange={field.onChange}
                legend={t("registrations.review.score")}
                error={errorMessage(errors.score?.message)}
              />
            )}
          />
          <FieldShell
            id={`${ids}-message`}
            label={t("registrations.review.message")}
            hint={t("registrations.review.message_hint")}
            error={messageError}
            optional
          >
            <textarea
              id={`${ids}-message`}
              rows={5}
              maxLength={MESSAGE_MAX}
              className={inputClasses(Boolean(messageError))}
              {...describedBy(`${ids}-message`, true, messageError)}
              {...register("message")}
            />
          </FieldShell>
          <Controller
            control={control}
            name="public"
            render={({ field }) => (
              <div className="flex flex-col gap-1.5">
                <label
                  className={clsx(
                    "flex items-start justify-between gap-4",
                    visibility.locked ? "cursor-not-allowed" : "cursor-pointer",
                  )}
                >
                  <span className="flex flex-col">
                    <span className="text-sm font-medium text-slate-900">
                      {t("registrations.review.public")}
                    </span>
                    <span id={`${ids}-public-hint`} className="text-sm text-slate-600">
                      {visibility.locked
                        ? t("registrations.review.public_locked")
                        : t("registrations.review.public_hint")}
                    </span>
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    name={field.name}
                    ref={field.ref}
                    checked={field.value}
                    aria-checked={field.value}
                    aria-describedby={`${ids}-public-hint`}
                    disabled={visibility.locked}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.checked)}
                    className="peer sr-only"
                    data-testid="review-public"
                  />
                  <span
                    aria-hidden="true"
                    className={clsx(
                      "relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent",
                      field.value ? "bg-accent" : "bg-slate-300",
                      visibility.locked && "opacity-60",
                    )}
                  >
                    <span
                      className={clsx(
                        "absolute top-0.5 flex size-5 items-center justify-center rounded-full bg-white shadow transition-transform",
                        field.value ? "translate-x-5" : "translate-x-0.5",
                      )}
                    >
                      {visibility.locked ? <LockIcon className="size-3 text-slate-500" /> : null}
                    </span>
                  </span>
                </label>
              </div>
            )}
          />
          <SubmitButton
            pending={isSubmitting}
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            data-testid="review-submit"
          >
            {t(review ? "registrations.review.submit_edit" : "registrations.review.submit_new")}
          </SubmitButton>
        </form>
      </AccountCard>
    </RegistrationActionPage>
  );
}
