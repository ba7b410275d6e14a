import {
  type Language,
  type SignupBody,
  type SignupResponse,
  signupBody,
} from "@booking/contracts";
import { organiserSlugProblem, suggestOrganiserSlug } from "@booking/domain";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { type Path, type Resolver, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "../../i18n/react";
import { apiRequest } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { SelectField, type SelectOption } from "../admin/fields";
import { CheckCircleIcon } from "../icons";
import { SubmitButton } from "../ui/button";
import { FieldErrorText, PasswordField, TextField, useErrorMessage } from "../ui/field";
import { PlatformShell } from "./platform-shell";
import { SlugField, useSlugAvailability } from "./slug-field";

export interface SignupPageProps {
  language: Language;
  consoleUrl: string;
  otherLanguageHref: string;
  year: number;
  /** the platform's host, which a slug becomes a sub-domain of */
  domain: string;
  languages: readonly Language[];
  timeZones: string[];
  currencies: SelectOption[];
}

type SignupForm = {
  organiser: { name: string; slug: string; language: Language; currency: string; timezone: string };
  owner: { firstname: string; lastname: string; email: string; password: string };
  terms: boolean;
};

/** The contract's checks, plus the slug's rules (format, reserved names) before any request. */
const formSchema = signupBody.superRefine((value, context) => {
  const problem = organiserSlugProblem(value.organiser.slug);
  if (problem) context.addIssue({ code: "custom", path: ["organiser", "slug"], message: problem });
});

const FIELDS = [
  "organiser.name",
  "organiser.slug",
  "organiser.language",
  "organiser.currency",
  "organiser.timezone",
  "owner.firstname",
  "owner.lastname",
  "owner.email",
  "owner.password",
  "terms",
] as const satisfies readonly Path<SignupForm>[];

/** The sign-up page: the form beside what the new organiser gets. */
export function SignupPage(props: SignupPageProps) {
  const { t } = useTranslation();
  return (
    <PlatformShell
      language={props.language}
      consoleUrl={props.consoleUrl}
      otherLanguageHref={props.otherLanguageHref}
      year={props.year}
    >
      <div className="bg-gradient-to-b from-accent-soft to-white px-4 py-12 sm:px-6 md:py-16">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-950 md:text-4xl">
              {t("platform.signup.title")}
            </h1>
            <p className="mt-3 max-w-2xl text-lg text-slate-700">{t("platform.signup.lead")}</p>
            <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
              <SignupFormCard {...props} />
            </div>
            <p className="mt-6 text-sm text-slate-700">
              {t("platform.signup.have_account")}{" "}
              <a
                href={props.consoleUrl}
                className="font-semibold text-accent-ink underline underline-offset-2"
              >
                {t("platform.signup.login")}
              </a>
            </p>
          </div>
          <Benefits />
        </div>
      </div>
    </PlatformShell>
  );
}

function Benefits() {
  const { t } = useTranslation();
  const items = ["site", "console", "payments", "team"] as const;
  return (
    <aside className="flex flex-col gap-6 lg:pt-24">
      <div className="rounded-2xl bg-slate-950 p-6 text-slate-200">
        <h2 className="text-lg font-semibold text-white">{t("platform.signup.benefits.title")}</h2>
        <ul className="mt-4 flex flex-col gap-3">
          {items.map((item) => (
            <li key={item} className="flex gap-3 text-sm">
              <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-emerald-400" />
              {t(`platform.signup.benefits.${item}`)}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

function SignupFormCard({ language, domain, languages, timeZones, currencies }: SignupPageProps) {
  const { t } = useTranslation();
  const handleError = useSubmitErrorHandler();
  const errorMessage = useErrorMessage();
  // The slug follows the name until the organiser types one of their own.
  const slugEdited = useRef(false);
  const form = useForm<SignupForm>({
    resolver: zodResolver(formSchema) as unknown as Resolver<SignupForm>,
    defaultValues: {
      organiser: { name: "", slug: "", language, currency: "EUR", timezone: "Europe/Brussels" },
      owner: { firstname: "", lastname: "", email: "", password: "" },
      terms: false,
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  // Set once created: the button stays busy while the browser leaves for the console.
  const [leaving, setLeaving] = useState(false);
  const slug = useWatch({ control, name: "organiser.slug" });
  const availability = useSlugAvailability(slug);

  const name = register("organiser.name");
  const slugInput = register("organiser.slug");

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await apiRequest<SignupResponse>("POST", "/api/signup", {
        ...values,
        terms: true,
        // The referral link (`/signup?ref={slug}`) names the organiser that referred this one.
        referral: new URLSearchParams(window.location.search).get("ref") ?? undefined,
      } satisfies SignupBody);
      setLeaving(true);
      // A one-time link to the console's host, which logs the new owner in there.
      window.location.assign(created.console_url);
    } catch (error) {
      handleError(error, setError, sameNameFields<SignupForm>(FIELDS));
    }
  });

  const termsError = errorMessage(errors.terms?.message);
  const emailTaken = errors.owner?.email?.message === "EMAIL_ALREADY_USED";

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-8">
      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className="mb-4 text-lg font-semibold text-slate-950">
          {t("platform.signup.organiser")}
        </legend>
        <TextField
          label={t("platform.signup.name")}
          placeholder={t("platform.signup.name_placeholder")}
          autoComplete="organization"
          error={errors.organiser?.name?.message}
          {...name}
          onChange={(event) => {
            void name.onChange(event);
            if (!slugEdited.current) {
              setValue("organiser.slug", suggestOrganiserSlug(event.target.value));
            }
          }}
        />
        <SlugField
          label={t("platform.signup.slug")}
          hint={t("platform.signup.slug_hint")}
          domain={domain}
          status={availability}
          error={errors.organiser?.slug?.message}
          {...slugInput}
          onChange={(event) => {
            slugEdited.current = event.target.value !== "";
            void slugInput.onChange(event);
          }}
        />
        <div className="grid gap-5 sm:grid-cols-3 [&>*]:min-w-0">
          <SelectField
            label={t("platform.signup.language")}
            options={languages.map((code) => ({
              value: code,
              label: t(`common.languages.${code}`),
            }))}
            error={errors.organiser?.language?.message}
            {...register("organiser.language")}
          />
          <SelectField
            label={t("platform.signup.currency")}
            options={currencies}
            error={errors.organiser?.currency?.message}
            {...register("organiser.currency")}
          />
          <SelectField
            label={t("platform.signup.timezone")}
            options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
            error={errors.organiser?.timezone?.message}
            {...register("organiser.timezone")}
          />
        </div>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-5 border-t border-slate-200 pt-8">
        <legend className="float-left mb-1 text-lg font-semibold text-slate-950">
          {t("platform.signup.owner")}
        </legend>
        <p className="clear-left text-sm text-slate-700">{t("platform.signup.owner_help")}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("platform.signup.firstname")}
            autoComplete="given-name"
            error={errors.owner?.firstname?.message}
            {...register("owner.firstname")}
          />
          <TextField
            label={t("platform.signup.lastname")}
            autoComplete="family-name"
            error={errors.owner?.lastname?.message}
            {...register("owner.lastname")}
          />
        </div>
        <TextField
          label={t("platform.signup.email")}
          hint={t("platform.signup.email_hint")}
          type="email"
          autoComplete="email"
          error={emailTaken ? "platform.signup.email_taken" : errors.owner?.email?.message}
          {...register("owner.email")}
        />
        <PasswordField
          label={t("platform.signup.password")}
          hint={t("platform.signup.password_hint")}
          autoComplete="new-password"
          error={errors.owner?.password?.message}
          {...register("owner.password")}
        />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-3">
            <input
              id="signup-terms"
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-[var(--accent-ink)]"
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? "signup-terms-error" : undefined}
              aria-required
              {...register("terms")}
            />
            <label htmlFor="signup-terms" className="text-base text-slate-900">
              {t("platform.signup.terms_before")} {t("platform.signup.terms_link")}
            </label>
          </div>
          {termsError ? (
            <FieldErrorText id="signup-terms-error">{termsError}</FieldErrorText>
          ) : null}
          <details className="ml-8 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium text-accent-ink underline underline-offset-2">
              {t("platform.signup.terms.title")}
            </summary>
            <div className="mt-3 flex flex-col gap-2">
              {(["service", "data", "billing", "end"] as const).map((part) => (
                <p key={part}>{t(`platform.signup.terms.${part}`)}</p>
              ))}
            </div>
          </details>
        </div>
      </fieldset>

      <SubmitButton
        pending={isSubmitting || leaving}
        size="lg"
        className="w-full sm:w-auto sm:self-start"
      >
        {isSubmitting || leaving ? t("platform.signup.pending") : t("platform.signup.submit")}
      </SubmitButton>
    </form>
  );
}
