import { passwordLinkBody, passwordResetForm } from "@booking/contracts";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PublicConsoleFrame } from "../../components/admin/shell/console-shell";
import { AuthCard, textLinkClass } from "../../components/auth-card";
import { CheckCircleIcon } from "../../components/icons";
import { PageTitle } from "../../components/page-title";
import { Button, SubmitButton } from "../../components/ui/button";
import { PasswordField, TextField } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { adminApi } from "../../lib/admin/api";
import { useAdminForm } from "../../lib/admin/form";
import { CONSOLE_LOGIN, CONSOLE_PASSWORD } from "../../lib/admin/paths";
import { ApiRequestError } from "../../lib/api";
import { withRedirect } from "../../lib/links";
import { requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/password";

export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return null;
}

/**
 * /admin/password: without a token, asks for a reset link by e-mail; with `?token=`, sets the
 * new password — of a reset, or of an invitation (`&invitation=1`: the welcome wording).
 */
export default function ConsolePassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const redirectParam = searchParams.get("redirect");
  return (
    <PublicConsoleFrame>
      {token ? (
        <SetPassword
          token={token}
          invitation={searchParams.get("invitation") === "1"}
          redirectParam={redirectParam}
        />
      ) : (
        <RequestLink redirectParam={redirectParam} />
      )}
    </PublicConsoleFrame>
  );
}

function BackToLogin({ redirectParam }: { redirectParam: string | null }) {
  const { t } = useTranslation();
  return (
    <Link to={withRedirect(CONSOLE_LOGIN, redirectParam)} className={textLinkClass}>
      {t("admin.password.back_to_login")}
    </Link>
  );
}

function RequestLink({ redirectParam }: { redirectParam: string | null }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: passwordLinkBody,
    defaultValues: { email: "" },
    send: async (values) => {
      await adminApi.sendPasswordLink(values);
      return values.email;
    },
    revalidate: false,
    success: t("admin.password.link_sent"),
    onSuccess: setSentTo,
  });
  const title = t("admin.password.request_title");

  if (sentTo) {
    return (
      <AuthCard title={title} footer={<BackToLogin redirectParam={redirectParam} />}>
        <PageTitle title={title} />
        <div role="status" className="flex flex-col items-start gap-4">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
            <CheckCircleIcon className="size-7" />
          </span>
          <p className="text-base break-words text-slate-700">
            {t("admin.password.sent_body", { email: sentTo })}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              form.reset({ email: "" });
              setSentTo(null);
            }}
          >
            {t("admin.password.again")}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      subtitle={t("admin.password.request_subtitle")}
      footer={<BackToLogin redirectParam={redirectParam} />}
    >
      <PageTitle title={title} />
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t("admin.password.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          {...field("email")}
        />
        <SubmitButton pending={pending} size="lg" className="w-full">
          {t("admin.password.request_submit")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

const TOKEN_ERRORS = new Set(["INVALID_RESET_TOKEN", "RESET_TOKEN_EXPIRED"]);

function SetPassword({
  token,
  invitation,
  redirectParam,
}: {
  token: string;
  invitation: boolean;
  redirectParam: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tokenRejected, setTokenRejected] = useState(false);
  const { field, onSubmit, pending } = useAdminForm({
    schema: passwordResetForm,
    defaultValues: { password: "", password_confirmation: "" },
    send: async (values) => {
      try {
        return await adminApi.setPassword({ token, ...values });
      } catch (error) {
        if (error instanceof ApiRequestError && TOKEN_ERRORS.has(error.code)) {
          setTokenRejected(true);
        }
        throw error;
      }
    },
    revalidate: false,
    success: t(invitation ? "admin.password.invitation_done" : "admin.password.reset_done"),
    onSuccess: () => navigate(withRedirect(CONSOLE_LOGIN, redirectParam), { replace: true }),
  });
  const title = t(invitation ? "admin.password.invitation_title" : "admin.password.reset_title");

  return (
    <AuthCard
      title={title}
      subtitle={t(
        invitation ? "admin.password.invitation_subtitle" : "admin.password.reset_subtitle",
      )}
      footer={<BackToLogin redirectParam={redirectParam} />}
    >
      <PageTitle title={title} />
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <PasswordField
          label={t("admin.password.new_password")}
          autoComplete="new-password"
          {...field("password")}
        />
        <PasswordField
          label={t("admin.password.confirmation")}
          autoComplete="new-password"
          {...field("password_confirmation")}
        />
        <SubmitButton pending={pending} size="lg" className="w-full">
          {t(invitation ? "admin.password.invitation_submit" : "admin.password.reset_submit")}
        </SubmitButton>
        {tokenRejected ? (
          <p className="text-center text-sm text-slate-700" role="alert">
            {t("admin.password.token_rejected")}{" "}
            <Link to={withRedirect(CONSOLE_PASSWORD, redirectParam)} className={textLinkClass}>
              {t("admin.password.request_new")}
            </Link>
          </p>
        ) : null}
      </form>
    </AuthCard>
  );
}
