import { type LoginBody, loginBody } from "@booking/contracts";
import { redirect, useSearchParams } from "react-router";
import { PublicConsoleFrame } from "../../../components/admin/shell/console-shell";
import { AuthCard } from "../../../components/auth-card";
import { PageTitle } from "../../../components/page-title";
import { SubmitButton } from "../../../components/ui/button";
import { PasswordField, TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { consoleRedirect, PLATFORM_HOME } from "../../../lib/admin/paths";
import { platformApi } from "../../../lib/admin/platform-api";
import { requireAdmin } from "../../../lib/server-context";
import type { Route } from "./+types/login";

/** Where to go after logging in: a page of the platform area, its home otherwise. */
function platformRedirect(value: string | null): string {
  const target = consoleRedirect(value);
  return target.startsWith(`${PLATFORM_HOME}/`) && !target.startsWith(`${PLATFORM_HOME}/login`)
    ? target
    : PLATFORM_HOME;
}

/** An operator already logged in goes straight on. */
export function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  if (admin.operator) {
    throw redirect(platformRedirect(new URL(request.url).searchParams.get("redirect")));
  }
  return null;
}

/**
 * /admin/platform/login: the platform operators' log-in, apart from the collaborators' (its own
 * session cookie; the same rate limits and constant-time answers).
 */
export default function PlatformLogin() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const { field, onSubmit, pending } = useAdminForm({
    schema: loginBody,
    defaultValues: { email: "", password: "" } satisfies LoginBody,
    send: platformApi.login,
    revalidate: false,
    onSuccess: () => window.location.assign(platformRedirect(redirectParam)),
  });

  return (
    <PublicConsoleFrame>
      <PageTitle title={t("admin.platform.login.title")} />
      <AuthCard
        title={t("admin.platform.login.title")}
        subtitle={t("admin.platform.login.subtitle")}
      >
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <TextField
            label={t("admin.platform.login.email")}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            autoFocus
            {...field("email")}
          />
          <PasswordField
            label={t("admin.platform.login.password")}
            autoComplete="current-password"
            {...field("password")}
          />
          <SubmitButton pending={pending} size="lg" className="w-full">
            {t("admin.platform.login.submit")}
          </SubmitButton>
        </form>
      </AuthCard>
    </PublicConsoleFrame>
  );
}
