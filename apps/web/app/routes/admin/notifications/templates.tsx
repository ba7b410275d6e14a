import type { AdminNotificationTemplateListItem } from "@booking/contracts";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import {
  TEMPLATES_PATH,
  templatePath,
} from "../../../components/admin/notifications/template-form";
import { TemplateOriginBadge } from "../../../components/admin/notifications/template-origin-badge";
import { PageHeader } from "../../../components/admin/page-header";
import { MailIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/templates";

/** /admin/notifications/templates: the default e-mails (as written or edited), then the organiser's own. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "notification_templates.notification_templates.read");
  return adminGet<{ data: AdminNotificationTemplateListItem[] }>(
    args,
    "/api/admin/notification-templates",
  );
}

export default function NotificationTemplates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const format = useConsoleFormatters();
  const language = session.organiser?.language ?? "fr";
  const columns: DataTableColumn<AdminNotificationTemplateListItem>[] = [
    {
      id: "name",
      header: t("admin.notification_templates.columns.name"),
      cell: (template) => (
        <Link
          to={templatePath(template)}
          className="block min-w-0 font-semibold break-words text-slate-950 underline-offset-4 hover:underline"
        >
          {template.name}
          {template.subject ? (
            <span className="block text-sm font-normal break-words text-slate-600">
              {template.subject}
            </span>
          ) : null}
        </Link>
      ),
    },
    {
      id: "type",
      header: t("admin.notification_templates.columns.type"),
      cell: (template) => (
        <span className="whitespace-nowrap">
          {t(`admin.notification_templates.type.${template.type}`)}
        </span>
      ),
    },
    {
      id: "origin",
      header: t("admin.notification_templates.columns.origin"),
      cell: (template) => <TemplateOriginBadge origin={template.origin} />,
    },
    {
      id: "updated_at",
      header: t("admin.notification_templates.columns.updated_at"),
      cell: (template) => (template.updated_at ? format.date(template.updated_at) : "—"),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.notification_templates.title")}
        description={t("admin.notification_templates.description", {
          language: t(`admin.notification_templates.languages.${language}`),
        })}
        actions={
          can("notification_templates.notification_templates.create") ? (
            <ButtonLink to={`${TEMPLATES_PATH}/new`} data-testid="new-template">
              <PlusIcon className="size-4" />
              {t("admin.notification_templates.new")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.notification_templates.title")}
        testId="templates-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(template) => template.default_key ?? template.cuid ?? template.name}
        empty={<EmptyState icon={MailIcon} title={t("admin.notification_templates.empty")} />}
      />
    </>
  );
}
