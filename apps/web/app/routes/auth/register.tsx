import {
  emailAddress,
  LIMITS,
  phoneNumber,
  type RegisterBody,
  requiredText,
} from "@booking/contracts";
import { parseCalendarDate } from "@booking/domain";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type Path, type Resolver, useForm } from "react-hook-form";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { z } from "zod";
import { AuthCard, textLinkClass } from "../../components/auth-card";
import { customFieldInputs } from "../../components/custom-field-input";
import { CustomerContactFields, contactFieldProps } from "../../components/customer-contact-fields";
import { LocalizedLink, useLocalizedHref } from "../../components/localized-link";
import { BirthdateField } from "../../components/ui/birthdate-field";
import { SubmitButton } from "../../components/ui/button";
import { FieldErrorText, PasswordField, useErrorMessage } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import {
  type CustomField,
  type CustomValues,
  customFieldOfErrorPath,
  customValuesSchema,
  defaultCustomValues,
  fieldKey,
  toCustomData,
} from "../../lib/custom-fields";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { safeRedirect, withRedirect } from "../../lib/links";
import { seoMeta } from "../../lib/seo";
import { requireStorefront } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/register";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { organiser } = requireStorefront(context);
  return {
    seo: simplePageSeo(context, params, request, {
      title: "register.title",
      description: "meta.register_description",
      path: "/auth/register",
    }),
    createParticipant: organiser.settings.create_customers_participant,
    customFields: organiser.custom_fields,
    // The organiser's own title and subtitle (website settings); null: the default texts.
    texts: organiser.register_texts,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

interface RegisterForm {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  password: string;
  terms: boolean;
  newsletter: boolean;
  custom: CustomValues;
  participant: { birthdate: string; custom: CustomValues };
}

const password = z
  .string()
  .min(1, "REQUIRED")
  .min(LIMITS.password.min, "TOO_SHORT")
  .max(LIMITS.password.max, "TOO_LONG");

const today = () => new Date().toISOString().slice(0, 10);

function registerFormSchema(
  customerFields: CustomField[],
  participantFields: CustomField[],
  createParticipant: boolean,
) {
  return z.object({
    firstname: requiredText(LIMITS.name),
    lastname: requiredText(LIMITS.name),
    email: emailAddress,
    phone: phoneNumber,
    password,
    terms: z.boolean().refine((value) => value, "register.form.messages.errors.terms"),
    newsletter: z.boolean(),
    custom: customValuesSchema(customerFields),
    participant: createParticipant
      ? z.object({
          birthdate: z
            .string()
            .trim()
            .min(1, "REQUIRED")
            .refine((value) => parseCalendarDate(value) !== null, "INVALID_DATE")
            .refine((value) => value <= today(), "INVALID_DATE"),
          custom: customValuesSchema(participantFields),
        })
      : z.any(),
  });
}

const PLAIN_FIELDS = [
  "firstname",
  "lastname",
  "email",
  "phone",
  "password",
  "terms",
  "participant.birthdate",
];

export default function Register({ loaderData }: Route.ComponentProps) {
  const { createParticipant, customFields, texts } = loaderData;
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const localize = useLocalizedHref();
  const handleError = useSubmitErrorHandler();
  const errorMessage = useErrorMessage();

  const resolver = useMemo(
    () =>
      zodResolver(
        registerFormSchema(customFields.customers, customFields.participants, createParticipant),
      ) as unknown as Resolver<RegisterForm>,
    [customFields, createParticipant],
  );

  const form = useForm<RegisterForm>({
    resolver,
    defaultValues: {
      firstname: "",
      lastname: "",
      email: "",
      phone: "",
      password: "",
      terms: false,
      newsletter: false,
      custom: defaultCustomValues(customFields.customers),
      participant: { birthdate: "", custom: defaultCustomValues(customFields.participants) },
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  /** API paths (`email`, `custom_data.12`, `participant.custom_data.0.data`) → form fields. */
  function resolveField(path: string): Path<RegisterForm> | null {
    if (PLAIN_FIELDS.includes(path)) {
      if (path === "participant.birthdate" && !createParticipant) return null;
      return path as Path<RegisterForm>;
    }
    const inParticipant = path.startsWith("participant.");
    if (inParticipant && !createParticipant) return null;
    const field = customFieldOfErrorPath(
      inParticipant ? customFields.participants : customFields.customers,
      inParticipant ? path.slice("participant.".length) : path,
    );
    if (!field) return null;
    return `${inParticipant ? "participant.custom" : "custom"}.${fieldKey(field)}` as Path<RegisterForm>;
  }

  const onSubmit = handleSubmit(async (values) => {
    const body: RegisterBody = {
      firstname: values.firstname,
      lastname: values.lastname,
      email: values.email,
      phone: values.phone,
      password: values.password,
      terms: true,
      newsletter: values.newsletter,
      custom_data: toCustomData(customFields.customers, values.custom),
      ...(createParticipant
        ? {
            participant: {
              birthdate: values.participant.birthdate,
              custom_data: toCustomData(customFields.participants, values.participant.custom),
            },
          }
        : {}),
    };
    try {
      await api.register(body);
    } catch (error) {
      handleError(error, setError, resolveField);
      return;
    }
    toastSuccess(t("register.form.messages.success"));
    await revalidate();
    await navigate(localize(safeRedirect(redirectParam)), { replace: true });
  });

  const termsError = errorMessage(errors.terms?.message);

  return (
    <AuthCard
      wide
      title={texts.title ?? t("register.title")}
      subtitle={texts.subtitle ?? t("register.subtitle")}
      footer={
        <p>
          {t("register.have_account")}{" "}
          <LocalizedLink to={withRedirect("/auth/login", redirectParam)} className={textLinkClass}>
            {t("register.login_link")}
          </LocalizedLink>
        </p>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-8">
        <fieldset className="flex flex-col gap-5">
          <legend className="mb-4 text-lg font-semibold text-slate-950">
            {t("register.sections.identity")}
          </legend>
          <CustomerContactFields {...contactFieldProps(form)} />
          {customFieldInputs(
            customFields.customers,
            (key) => register(`custom.${key}`),
            errors.custom,
          )}
        </fieldset>

        {createParticipant ? (
          <div className="border-t border-slate-200 pt-8">
            <fieldset className="flex flex-col gap-5">
              <legend className="mb-1 text-lg font-semibold text-slate-950">
                {t("register.sections.participant")}
              </legend>
              <p className="text-sm text-slate-700">{t("register.sections.participant_help")}</p>
              <BirthdateField
                control={form.control}
                name="participant.birthdate"
                label={t("register.form.birthdate")}
                today={today()}
                className="sm:max-w-md"
              />
              {customFieldInputs(
                customFields.participants,
                (key) => register(`participant.custom.${key}`),
                errors.participant?.custom,
              )}
            </fieldset>
          </div>
        ) : null}

        <div className="border-t border-slate-200 pt-8">
          <fieldset className="flex flex-col gap-5">
            <legend className="mb-4 text-lg font-semibold text-slate-950">
              {t("register.sections.security")}
            </legend>
            <PasswordField
              label={t("register.form.password")}
              autoComplete="new-password"
              hint={t("register.form.password_hint")}
              error={errors.password?.message}
              {...register("password")}
            />
            <div className="flex flex-col gap-1.5">
              <div className="flex items-start gap-3">
                <input
                  id="register-terms"
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-[var(--accent-ink)]"
                  aria-invalid={termsError ? true : undefined}
                  aria-describedby={termsError ? "register-terms-error" : undefined}
                  aria-required
                  {...register("terms")}
                />
                <label htmlFor="register-terms" className="text-base text-slate-900">
                  {t("register.form.terms_before")}{" "}
                  <LocalizedLink to="/terms" target="_blank" className={textLinkClass}>
                    {t("register.form.terms_link")}
                  </LocalizedLink>
                </label>
              </div>
              {termsError ? (
                <FieldErrorText id="register-terms-error">{termsError}</FieldErrorText>
              ) : null}
            </div>
            {/* Opt-in only: unticked until the customer ticks it (decision 0047). */}
            <div className="flex items-start gap-3">
              <input
                id="register-newsletter"
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-[var(--accent-ink)]"
                {...register("newsletter")}
              />
              <label htmlFor="register-newsletter" className="text-base text-slate-900">
                {t("register.form.newsletter")}
              </label>
            </div>
          </fieldset>
        </div>

        <SubmitButton pending={isSubmitting} size="lg" className="w-full">
          {t("register.form.submit")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
