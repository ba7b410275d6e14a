import type {
  AdminNotificationRuleView,
  AdminNotificationTemplateListItem,
  ListEnvelope,
  NotificationTemplateVariable,
} from "@booking/contracts";
import { useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { RuleForm } from "../../../components/admin/notifications/rule-form";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { readCategoryGroups } from "../../../lib/admin/catalogue-loaders";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import { RULES_API, RULES_PATH, rulesApi } from "../../../lib/admin/rules-api";
import type { Route } from "./+types/rules-edit";

const TEMPLATES_API = "/api/admin/notification-templates";
/** The default templates a rule may send (the server's RULE_TEMPLATE_KEYS). */
const RULE_TEMPLATE_KEYS = ["cart-confirmation"];

/** /admin/notifications/rules/new and /admin/notifications/rules/:cuid. */
export async function loader(args: Route.LoaderArgs) {
  const { cuid } = args.params as { cuid?: string };
  const { session } = requirePermission(
    args,
    cuid ? "activities.notifications.read" : "activities.notifications.update",
  );
  const templatesReadable = hasPermission(
    session,
    "notification_templates.notification_templates.read",
  );
  const [rule, rules, activities, categoryGroups, templates, variables] = await Promise.all([
    cuid
      ? adminGet<AdminNotificationRuleView>(args, `${RULES_API}/${encodeURIComponent(cuid)}`)
      : null,
    adminGet<{ data: AdminNotificationRuleView[] }>(args, RULES_API),
    hasPermission(session, "activities.activities.read")
      ? adminGet<ListEnvelope<{ id: number; title: string }>>(
          args,
          "/api/admin/activities?page_size=100",
        ).then((list) => list.data.map(({ id, title }) => ({ value: String(id), label: title })))
      : [],
    readCategoryGroups(args),
    templatesReadable
      ? adminGet<{ data: AdminNotificationTemplateListItem[] }>(args, TEMPLATES_API)
      : { data: [] },
    templatesReadable
      ? adminGet<{ data: NotificationTemplateVariable[] }>(args, `${TEMPLATES_API}/variables`)
      : { data: [] },
  ]);
  return {
    rule,
    // A rule may wait for the others, not for itself.
    rules: rules.data
      .filter((other) => other.cuid !== cuid)
      .map((other) => ({ value: other.cuid, label: other.name })),
    activities,
    categories: categoryGroups.flatMap((group) =>
      group.categories.map((category) => ({
        value: String(category.id),
        label: `${group.title} › ${category.title}`,
      })),
    ),
    templates: templates.data.flatMap((template) =>
      template.type !== "EMAIL"
        ? []
        : template.default_key
          ? RULE_TEMPLATE_KEYS.includes(template.default_key)
            ? [{ value: `key:${template.default_key}`, label: template.name }]
            : []
          : template.cuid
            ? [{ value: `cuid:${template.cuid}`, label: template.name }]
            : [],
    ),
    variables: variables.data,
  };
}

export default function RuleEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useConsole();
  const { rule, rules, activities, categories, templates, variables } = loaderData;
  return (
    <>
      <PageHeader
        title={rule?.name ?? t("admin.notification_rules.new_title")}
        description={rule ? t(`admin.notification_rules.triggers.${rule.trigger}`) : undefined}
        back={{ to: RULES_PATH, label: t("admin.notification_rules.back") }}
        actions={
          rule && !rule.is_default && can("activities.notifications.update") ? (
            <DeleteButton
              name={rule.name}
              title={t("admin.notification_rules.delete.title")}
              description={t("admin.notification_rules.delete.description")}
              done={t("admin.notification_rules.delete.done")}
              remove={() => rulesApi.remove(rule.cuid)}
              onDeleted={() => navigate(RULES_PATH)}
              showLabel
            />
          ) : null
        }
      />
      <RuleForm
        key={rule?.cuid ?? "new"}
        rule={rule}
        activities={activities}
        categories={categories}
        templates={templates}
        rules={rules}
        variables={variables}
        readOnly={!can("activities.notifications.update")}
      />
    </>
  );
}
