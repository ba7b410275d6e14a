import type {
  AdminNotificationTemplateView,
  NotificationTemplateVariable,
} from "@booking/contracts";
import { useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { ConfirmDialog } from "../../../components/admin/dialog";
import {
  TEMPLATES_PATH,
  TemplateForm,
} from "../../../components/admin/notifications/template-form";
import { TemplateOriginBadge } from "../../../components/admin/notifications/template-origin-badge";
import { PageHeader } from "../../../components/admin/page-header";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import {
  notificationTemplatesApi,
  TEMPLATES_API,
} from "../../../lib/admin/notification-templates-api";
import type { Route } from "./+types/templates-edit";

/**
 * /admin/notifications/templates/new, /admin/notifications/templates/:cuid (the organiser's own)
 * and /admin/notifications/templates/defaults/:key (a default e-mail, as written or edited).
 */
export async function loader(args: Route.LoaderArgs) {
  const { cuid, key } = args.params as { cuid?: string; key?: string };
  const permission =
    cuid || key
      ? "notification_templates.notification_templates.read"
      : "notification_templates.notification_templates.create";
  requirePermission(args, permission);
  const [template, variables] = await Promise.all([
    cuid || key
      ? adminGet<AdminNotificationTemplateView>(
          args,
          cuid
            ? `${TEMPLATES_API}/${encodeURIComponent(cuid)}`
            : `${TEMPLATES_API}/defaults/${encodeURIComponent(key ?? "")}`,
        )
      : null,
    adminGet<{ data: NotificationTemplateVariable[] }>(args, `${TEMPLATES_API}/variables`),
  ]);
  return { template, variables: variables.data };
}

export default function TemplateEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const { template, variables } = loaderData;
  const language = t(
    `admin.notification_templates.languages.${session.organiser?.language ?? "fr"}`,
  );
  const back = { to: TEMPLATES_PATH, label: t("admin.notification_templates.back") };
  if (!template) {
    return (
      <>
        <PageHeader
          title={t("admin.notification_templates.new_title")}
          description={t("admin.notification_templates.written_in", { language })}
          back={back}
        />
        <TemplateForm template={null} variables={variables} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={template.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2" data-testid="template-origin">
            <TemplateOriginBadge origin={template.origin} />
            <span>{t(`admin.notification_templates.type.${template.type}`)}</span>
            <span>{t("admin.notification_templates.written_in", { language })}</span>
          </span>
        }
        back={back}
        actions={<TemplateActions template={template} />}
      />
      <TemplateForm
        key={template.updated_at ?? "default"}
        template={template}
        variables={variables}
      />
    </>
  );
}

/** Reset an edited default; delete one of the organiser's own. */
function TemplateActions({ template }: { template: AdminNotificationTemplateView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const key = template.default_key;
  const { mutate } = useAdminMutation(() => notificationTemplatesApi.resetDefault(key ?? ""), {
    success: t("admin.notification_templates.reset.done", { name: template.name }),
  });
  if (key) {
    if (
      template.origin !== "edited" ||
      !can("notification_templates.notification_templates.update")
    ) {
      return null;
    }
    return (
      <ConfirmDialog
        title={t("admin.notification_templates.reset.title", { name: template.name })}
        description={t("admin.notification_templates.reset.description")}
        confirmLabel={t("admin.notification_templates.reset.confirm")}
        onConfirm={async () => (await mutate()).ok}
        trigger={
          <Button variant="secondary" data-testid="reset-template">
            {t("admin.notification_templates.reset.button")}
          </Button>
        }
      />
    );
  }
  if (!template.cuid || !can("notification_templates.notification_templates.delete")) return null;
  const cuid = template.cuid;
  return (
    <DeleteButton
      showLabel
      name={template.name}
      title={t("admin.notification_templates.delete.title", { name: template.name })}
      description={t("admin.notification_templates.delete.description")}
      done={t("admin.notification_templates.delete.done", { name: template.name })}
      remove={() => notificationTemplatesApi.remove(cuid)}
      onDeleted={() => navigate(TEMPLATES_PATH)}
    />
  );
}
