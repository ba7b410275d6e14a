import { type LoginBody, loginBody } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AuthCard, textLinkClass } from "../../components/auth-card";
import { LocalizedLink, useLocalizedHref } from "../../components/localized-link";
import { SubmitButton } from "../../components/ui/button";
import { PasswordField, TextField } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { safeRedirect, withRedirect } from "../../lib/links";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/login";

export function loader({ context, params, request }: Route.LoaderArgs) {
  return {
    seo: simplePageSeo(context, params, request, {
      title: "auth.login.title",
      description: "meta.login_description",
      path: "/auth/login",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

const resolveField = sameNameFields<LoginBody>(["email", "password"]);

export default function Login() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const localize = useLocalizedHref();
  const handleError = useSubmitErrorHandler();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.login(values);
    } catch (error) {
      handleError(error, setError, resolveField);
      return;
    }
    toastSuccess(t("auth.login.messages.success"));
    await revalidate();
    await navigate(localize(safeRedirect(redirectParam)), { replace: true });
  });

  return (
    <AuthCard
      title={t("auth.login.title")}
      subtitle={t("auth.login.subtitle")}
      footer={
        <p>
          {t("auth.login.no_account")}{" "}
          <LocalizedLink
            to={withRedirect("/auth/register", redirectParam)}
            className={textLinkClass}
          >
            {t("auth.login.register_link")}
          </LocalizedLink>
        </p>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t("auth.login.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          {...register("email")}
        />
        <div className="flex flex-col gap-2">
          <PasswordField
            label={t("auth.login.password")}
            autoComplete="current-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <LocalizedLink
            to={withRedirect("/auth/password", redirectParam)}
            className={`${textLinkClass} self-end text-sm`}
          >
            {t("auth.login.forgot")}
          </LocalizedLink>
        </div>
        <SubmitButton pending={isSubmitting} size="lg" className="w-full">
          {t("auth.login.submit")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
