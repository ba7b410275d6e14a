import { type LoginBody, loginBody } from "@booking/contracts";
import { Link, redirect, useSearchParams } from "react-router";
import { PublicConsoleFrame } from "../../components/admin/shell/console-shell";
import { AuthCard, textLinkClass } from "../../components/auth-card";
import { PageTitle } from "../../components/page-title";
import { SubmitButton } from "../../components/ui/button";
import { PasswordField, TextField } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { adminApi } from "../../lib/admin/api";
import { useAdminForm } from "../../lib/admin/form";
import { CONSOLE_PASSWORD, consoleRedirect } from "../../lib/admin/paths";
import { withRedirect } from "../../lib/links";
import { requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/login";

/** A collaborator already logged in goes straight on. */
export function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  if (admin.session) {
    throw redirect(consoleRedirect(new URL(request.url).searchParams.get("redirect")));
  }
  return null;
}

/** /admin/login: the collaborators' log-in (separate from the customers' of the storefronts). */
export default function ConsoleLogin() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get("redirect");
  const { field, onSubmit, pending } = useAdminForm({
    schema: loginBody,
    defaultValues: { email: "", password: "" } satisfies LoginBody,
    send: adminApi.login,
    revalidate: false,
    // A new page: the console's language and everything shown belong to the session.
    onSuccess: () => window.location.assign(consoleRedirect(redirectParam)),
  });

  return (
    <PublicConsoleFrame>
      <PageTitle title={t("admin.login.title")} />
      <AuthCard title={t("admin.login.title")} subtitle={t("admin.login.subtitle")}>
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {searchParams.get("handover") === "expired" ? (
            // A sign-up's one-time link that was already used or is too old (signup/routes.ts).
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
              {t("forms.errors.SIGNUP_LINK_INVALID")} {t("admin.login.handover_expired")}
            </p>
          ) : null}
          <TextField
            label={t("admin.login.email")}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            autoFocus
            {...field("email")}
          />
          <div className="flex flex-col gap-2">
            <PasswordField
              label={t("admin.login.password")}
              autoComplete="current-password"
              {...field("password")}
            />
            <Link
              to={withRedirect(CONSOLE_PASSWORD, redirectParam)}
              className={`${textLinkClass} self-end text-sm`}
            >
              {t("admin.login.forgot")}
            </Link>
          </div>
          <SubmitButton pending={pending} size="lg" className="w-full">
            {t("admin.login.submit")}
          </SubmitButton>
        </form>
      </AuthCard>
    </PublicConsoleFrame>
  );
}
