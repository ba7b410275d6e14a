import {
  type AdminNotificationTemplateListItem,
  type ManualRecipients,
  type ManualTarget,
  manualRecipientsQuery,
} from "@booking/contracts";
import { Link } from "react-router";
import {
  ManualComposeForm,
  type TemplateChoice,
} from "../../../components/admin/notifications/manual-form";
import { useTargetLabel } from "../../../components/admin/notifications/manual-recipients";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { SENT_PATH } from "../../../lib/admin/manual-messages-api";
import { hasPermission } from "../../../lib/admin/permissions";
import { notFound } from "../../../lib/server-context";
import type { Route } from "./+types/compose";

/**
 * /admin/notifications/compose?type=…: a message written by hand to the families of an
 * availability (`availability`), one of its dates (`date`), the registrations list with its
 * filters (`q`, `activity`, `availability`, `from`, `to`, `payment`) or a customer (`customer`).
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "notifications.trigger");
  const url = new URL(args.request.url);
  const parsed = manualRecipientsQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) notFound();
  const [recipients, templates] = await Promise.all([
    adminGet<ManualRecipients>(args, `/api/admin/notifications/manual/recipients${url.search}`),
    hasPermission(session, "notification_templates.notification_templates.read")
      ? adminGet<{ data: AdminNotificationTemplateListItem[] }>(
          args,
          "/api/admin/notification-templates",
        )
      : null,
  ]);
  // The organiser's own templates; the defaults are the product's system e-mails.
  const choices: TemplateChoice[] = (templates?.data ?? []).flatMap((template) =>
    template.origin === "custom" && template.cuid
      ? [{ cuid: template.cuid, name: template.name, type: template.type }]
      : [],
  );
  return { target: parsed.data.target, recipients, templates: choices };
}

/** Where the composer was opened from, to go back to. */
function backTo(target: ManualTarget): string {
  switch (target.type) {
    case "AVAILABILITY":
    case "AVAILABILITY_DATE":
      return `/admin/availabilities/${encodeURIComponent(target.availability)}`;
    case "CUSTOMER":
      return `/admin/customers/${encodeURIComponent(target.customer)}`;
    case "REGISTRATIONS": {
      const filters = Object.entries(target.filter).filter(([, value]) => value);
      const search = new URLSearchParams(filters as [string, string][]).toString();
      return search ? `/admin/registrations?${search}` : "/admin/registrations";
    }
  }
}

export default function Compose({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const targetLabel = useTargetLabel();
  const { target, recipients, templates } = loaderData;
  return (
    <>
      <PageHeader
        title={t("admin.manual_messages.compose_title")}
        description={
          <span data-testid="compose-target">
            {t(`admin.manual_messages.target.to_${target.type}`, {
              target: targetLabel(recipients.target),
            })}
          </span>
        }
        back={{ to: backTo(target), label: t("admin.manual_messages.back") }}
        actions={
          <Link
            to={SENT_PATH}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
          >
            {t("admin.manual_messages.sent_link")}
          </Link>
        }
      />
      <ManualComposeForm target={target} recipients={recipients} templates={templates} />
    </>
  );
}
