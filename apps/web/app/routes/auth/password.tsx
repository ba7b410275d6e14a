import { type PasswordLinkBody, passwordLinkBody, passwordResetForm } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { AuthCard, textLinkClass } from "../../components/auth-card";
import { CheckCircleIcon } from "../../components/icons";
import { LocalizedLink, useLocalizedHref } from "../../components/localized-link";
import { Button, SubmitButton } from "../../components/ui/button";
import { PasswordField, TextField } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { withRedirect } from "../../lib/links";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/password";

export function loader({ context, params, request }: Route.LoaderArgs) {
  // A reset link carries a secret token: that page is never indexed, its canonical has no token.
  const reset = new URL(request.url).searchParams.has("token");
  return {
    seo: simplePageSeo(context, params, request, {
      title: reset ? "auth.password.reset.title" : "auth.password.request.title",
      description: "meta.password_description",
      path: "/auth/password",
      robots: reset ? "noindex" : undefined,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** /auth/password: with ?token= the new-password form, otherwise the reset-link request. */
export default function Password() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const redirectParam = searchParams.get("redirect");
  return token ? (
    <ResetPassword token={token} redirectParam={redirectParam} />
  ) : (
    <RequestLink redirectParam={redirectParam} />
  );
}

function BackToLogin({ redirectParam }: { redirectParam: string | null }) {
  const { t } = useTranslation();
  return (
    <LocalizedLink to={withRedirect("/auth/login", redirectParam)} className={textLinkClass}>
      {t("auth.password.back_to_login")}
    </LocalizedLink>
  );
}

const resolveLinkField = sameNameFields<PasswordLinkBody>(["email"]);

function RequestLink({ redirectParam }: { redirectParam: string | null }) {
  const { t } = useTranslation();
  const handleError = useSubmitErrorHandler();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordLinkBody>({
    resolver: zodResolver(passwordLinkBody),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.sendPasswordLink(values);
    } catch (error) {
      handleError(error, setError, resolveLinkField);
      return;
    }
    toastSuccess(t("auth.password.messages.link_sent"));
    setSentTo(values.email);
  });

  if (sentTo) {
    return (
      <AuthCard
        title={t("auth.password.request.title")}
        footer={<BackToLogin redirectParam={redirectParam} />}
      >
        <div role="status" className="flex flex-col items-start gap-4">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
            <CheckCircleIcon className="size-7" />
          </span>
          <h2 className="text-lg font-semibold text-slate-950">
            {t("auth.password.request.sent_title")}
          </h2>
          <p className="text-base break-words text-slate-700">
            {t("auth.password.request.sent_body", { email: sentTo })}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              reset({ email: "" });
              setSentTo(null);
            }}
          >
            {t("auth.password.request.again")}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.password.request.title")}
      subtitle={t("auth.password.request.subtitle")}
      footer={<BackToLogin redirectParam={redirectParam} />}
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t("auth.password.request.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          {...register("email")}
        />
        <SubmitButton pending={isSubmitting} size="lg" className="w-full">
          {t("auth.password.request.submit")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

type ResetForm = z.input<typeof passwordResetForm>;
const resolveResetField = sameNameFields<ResetForm>(["password", "password_confirmation"]);

function ResetPassword({ token, redirectParam }: { token: string; redirectParam: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const handleError = useSubmitErrorHandler();
  const [tokenRejected, setTokenRejected] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(passwordResetForm),
    defaultValues: { password: "", password_confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.resetPassword({ token, ...values });
    } catch (error) {
      if (
        error instanceof ApiRequestError &&
        (error.code === "INVALID_RESET_TOKEN" ||
          error.code === "RESET_TOKEN_EXPIRED" ||
          (error.code === "VALIDATION_ERROR" && "token" in error.fields))
      ) {
        setTokenRejected(true);
      }
      handleError(error, setError, resolveResetField);
      return;
    }
    toastSuccess(t("auth.password.messages.reset_done"));
    await navigate(localize(withRedirect("/auth/login", redirectParam)), { replace: true });
  });

  return (
    <AuthCard
      title={t("auth.password.reset.title")}
      subtitle={t("auth.password.reset.subtitle")}
      footer={<BackToLogin redirectParam={redirectParam} />}
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <PasswordField
          label={t("auth.password.reset.password")}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <PasswordField
          label={t("auth.password.reset.password_confirmation")}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register("password_confirmation")}
        />
        <SubmitButton pending={isSubmitting} size="lg" className="w-full">
          {t("auth.password.reset.submit")}
        </SubmitButton>
        {tokenRejected ? (
          <p className="text-center text-sm text-slate-700">
            <LocalizedLink
              to={withRedirect("/auth/password", redirectParam)}
              className={textLinkClass}
            >
              {t("auth.password.reset.request_new")}
            </LocalizedLink>
          </p>
        ) : null}
      </form>
    </AuthCard>
  );
}
