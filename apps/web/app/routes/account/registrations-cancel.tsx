import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useAccount } from "../../components/account/account-data";
import { ConsequencesCard } from "../../components/account/consequences-card";
import {
  loadRegistration,
  registrationPageSeo,
  registrationPath,
  registrationSummary,
} from "../../components/registrations/registration-data";
import { RegistrationActionPage } from "../../components/registrations/registration-ui";
import { useBackToRegistration } from "../../components/registrations/use-back-to-registration";
import { SubmitButton } from "../../components/ui/button";
import { describedBy, FieldShell, inputClasses } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/registrations-cancel";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, registration } = await loadRegistration(context, params, request);
  return {
    seo: registrationPageSeo(context, params, request, {
      title: "registrations.cancel.title",
      path: registrationPath(registration.cuid, "cancel"),
    }),
    registrationId: registration.id,
    summary: registrationSummary(registration, page.format),
    refusal: registration.actions.cancel,
    paid: registration.paid_amount > 0 ? page.format.money(registration.paid_amount) : null,
    // What the activity's cancellation policy credits to the wallet (decision 0101).
    refund: registration.cancellation_policy?.refund_amount
      ? page.format.money(registration.cancellation_policy.refund_amount)
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

const MESSAGE_MAX = 5000;
const schema = z.object({
  message: z.string().trim().min(1, "REQUIRED").max(MESSAGE_MAX, "TOO_LONG"),
});
type FormValues = z.infer<typeof schema>;

/**
 * Cancelling a registration (platform-and-account.md §2.3, §5): what it means, a message for the
 * organiser (required), then POST /api/registrations/cancel and back to the registration with a
 * toast. A registration already cancelled or started says so instead.
 */
export default function CancelRegistration({ loaderData }: Route.ComponentProps) {
  const { summary, refusal, paid, refund, registrationId } = loaderData;
  const { t } = useTranslation();
  const account = useAccount();
  const backToRegistration = useBackToRegistration(summary.cuid);
  const handleError = useSubmitErrorHandler();
  const ids = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: { message: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.cancelRegistration({ registration_id: registrationId, message: values.message });
    } catch (error) {
      handleError(error, setError, sameNameFields<FormValues>(["message"]));
      return;
    }
    await backToRegistration(t("registrations.messages.cancelled"), { replace: true });
  });

  const consequences = [
    t("registrations.cancel.places", { name: summary.participant }),
    refund
      ? t("registrations.cancel.refund_wallet", { amount: refund })
      : paid
        ? t("registrations.cancel.paid", { amount: paid, organiser: account.organiser })
        : t("registrations.cancel.unpaid"),
    t("registrations.cancel.final"),
  ];
  const messageError = errors.message?.message;

  return (
    <RegistrationActionPage
      title={t("registrations.cancel.title")}
      subtitle={t("registrations.cancel.subtitle")}
      summary={summary}
      refused={refusal === null ? null : t(`registrations.cancel.refused.${refusal}`)}
      refusedTestId="cancel-refused"
    >
      <ConsequencesCard title={t("registrations.cancel.consequences")} consequences={consequences}>
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex max-w-xl flex-col gap-5"
          data-testid="cancel-form"
        >
          <FieldShell
            id={`${ids}-message`}
            label={t("registrations.cancel.message")}
            hint={t("registrations.cancel.message_hint")}
            error={messageError}
          >
            <textarea
              id={`${ids}-message`}
              rows={4}
              maxLength={MESSAGE_MAX}
              aria-required
              className={inputClasses(Boolean(messageError))}
              {...describedBy(`${ids}-message`, true, messageError)}
              {...register("message")}
            />
          </FieldShell>
          <SubmitButton
            pending={isSubmitting}
            variant="danger"
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            data-testid="cancel-submit"
          >
            {t("registrations.cancel.submit")}
          </SubmitButton>
        </form>
      </ConsequencesCard>
    </RegistrationActionPage>
  );
}
