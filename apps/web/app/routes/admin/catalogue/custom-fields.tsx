import { type AdminCustomFieldView, CUSTOM_FIELD_ENTITIES } from "@booking/contracts";
import { clsx } from "clsx";
import { Link } from "react-router";
import { CustomFieldForm } from "../../../components/admin/catalogue/custom-field-form";
import { OrderedItems } from "../../../components/admin/catalogue/ordered-items";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { FileIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/custom-fields";

type Entity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "customers.custom_fields.read");
  const requested = new URL(args.request.url).searchParams.get("entity");
  const entity: Entity = CUSTOM_FIELD_ENTITIES.find((value) => value === requested) ?? "CUSTOMERS";
  const fields = await adminGet<{ data: AdminCustomFieldView[] }>(
    args,
    `/api/admin/custom-fields?entity=${entity}`,
  );
  return { entity, fields: fields.data };
}

/**
 * /admin/custom-fields: the extra questions asked of customers (at registration, in their
 * profile) and of participants, in the order the forms show them.
 */
export default function CustomFields({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { entity, fields } = loaderData;
  return (
    <>
      <PageHeader
        title={t("admin.custom_fields.title")}
        description={t("admin.custom_fields.description")}
      />
      <nav
        aria-label={t("admin.custom_fields.entities_label")}
        className="border-b border-slate-200"
      >
        <ul className="-mb-px flex gap-1">
          {CUSTOM_FIELD_ENTITIES.map((value) => (
            <li key={value}>
              <Link
                to={`?entity=${value}`}
                preventScrollReset
                aria-current={entity === value ? "page" : undefined}
                className={clsx(
                  "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold",
                  entity === value
                    ? "border-slate-900 text-slate-950"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {t(`admin.custom_fields.entities.${value}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <OrderedItems
        key={entity}
        items={fields}
        nameOf={(field) => field.title}
        testId="custom-fields"
        icon={FileIcon}
        can={{
          create: can("customers.custom_fields.create"),
          update: can("customers.custom_fields.update"),
          delete: can("customers.custom_fields.delete"),
        }}
        reorder={(cuids) => catalogueApi.orderCustomFields({ entity, cuids })}
        remove={(field) => catalogueApi.deleteCustomField(field.cuid)}
        labels={{
          heading: t(`admin.custom_fields.entities.${entity}`),
          create: t("admin.custom_fields.new"),
          edit: t("admin.custom_fields.edit"),
          empty: t("admin.custom_fields.empty"),
          deleteTitle: (field) => t("admin.custom_fields.delete_title", { title: field.title }),
          deleteDescription: (field) =>
            field.values_count > 0
              ? t("admin.custom_fields.delete_has_values", { count: field.values_count })
              : t("admin.custom_fields.delete_description"),
          deleted: (field) => t("admin.custom_fields.deleted", { title: field.title }),
        }}
        renderItem={(field) => (
          <>
            <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-950">
              {field.title}
              {field.required ? (
                <StatusBadge tone="blue">{t("admin.custom_fields.required")}</StatusBadge>
              ) : null}
              {field.active ? null : (
                <StatusBadge tone="grey">{t("admin.custom_fields.inactive")}</StatusBadge>
              )}
            </h3>
            <p className="text-sm text-slate-600">
              {t(`admin.custom_fields.types.${field.type}`)}
              {field.choices.length > 0
                ? ` · ${field.choices.map((choice) => choice.label).join(", ")}`
                : ""}
            </p>
            <p className="text-xs text-slate-600">
              {t("admin.custom_fields.values_count", { count: field.values_count })}
            </p>
          </>
        )}
        renderForm={(field, done) => (
          <CustomFieldForm entity={entity} field={field} onDone={done} />
        )}
      />
    </>
  );
}
