import { type OperatorPasswordBody, operatorPasswordBody } from "@booking/contracts";
import { useSearchParams } from "react-router";
import { PublicConsoleFrame } from "../../../components/admin/shell/console-shell";
import { AuthCard } from "../../../components/auth-card";
import { PageTitle } from "../../../components/page-title";
import { SubmitButton } from "../../../components/ui/button";
import { PasswordField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { PLATFORM_LOGIN } from "../../../lib/admin/paths";
import { platformApi } from "../../../lib/admin/platform-api";
import { requireAdmin } from "../../../lib/server-context";
import type { Route } from "./+types/password";

export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return null;
}

/** /admin/platform/password?token=…: the one-time link `npm run operator -- create` printed. */
export default function PlatformPassword() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const title = t("admin.platform.password.title");
  const { field, onSubmit, pending } = useAdminForm({
    schema: operatorPasswordBody,
    defaultValues: {
      token,
      password: "",
      password_confirmation: "",
    } satisfies OperatorPasswordBody,
    send: platformApi.setPassword,
    revalidate: false,
    success: t("admin.platform.password.done"),
    onSuccess: () => window.location.assign(PLATFORM_LOGIN),
  });

  return (
    <PublicConsoleFrame>
      <PageTitle title={title} />
      <AuthCard title={title} subtitle={t("admin.platform.password.subtitle")}>
        {token ? (
          <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
            <PasswordField
              label={t("admin.platform.password.password")}
              autoComplete="new-password"
              autoFocus
              {...field("password")}
            />
            <PasswordField
              label={t("admin.platform.password.confirmation")}
              autoComplete="new-password"
              {...field("password_confirmation")}
            />
            <SubmitButton pending={pending} size="lg" className="w-full">
              {t("admin.platform.password.submit")}
            </SubmitButton>
          </form>
        ) : (
          <p role="alert" className="text-base text-slate-700">
            {t("admin.platform.password.missing_token")}
          </p>
        )}
      </AuthCard>
    </PublicConsoleFrame>
  );
}
