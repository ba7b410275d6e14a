import type { AdminDocumentModelSummary } from "@booking/contracts";
import { Link } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { PageHeader } from "../../../components/admin/page-header";
import { FileIcon, PencilIcon, PlusIcon } from "../../../components/icons";
import { buttonClasses } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { documentsApi } from "../../../lib/admin/documents-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/list";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "documents.models.read");
  return adminGet<{ data: AdminDocumentModelSummary[] }>(args, "/api/admin/document-models");
}

/** /admin/document-models: the certificates and attestations customers download. */
export default function DocumentModels({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const requirement = (model: AdminDocumentModelSummary) =>
    [
      model.payment_requirement
        ? t(`admin.document_models.payment.${model.payment_requirement}`)
        : null,
      model.date_requirement ? t(`admin.document_models.date.${model.date_requirement}`) : null,
    ]
      .filter(Boolean)
      .join(" · ") || t("admin.document_models.no_requirement");
  const columns: DataTableColumn<AdminDocumentModelSummary>[] = [
    {
      id: "title",
      header: t("admin.document_models.columns.title"),
      cell: (model) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/document-models/${model.cuid}`}
            className="font-semibold text-slate-950 underline-offset-2 hover:underline"
          >
            {model.title}
          </Link>
          {model.active ? null : (
            <span className="text-sm text-slate-600">{t("admin.document_models.inactive")}</span>
          )}
        </span>
      ),
    },
    {
      id: "requirements",
      header: t("admin.document_models.columns.requirements"),
      cell: requirement,
    },
    {
      id: "content",
      header: t("admin.document_models.columns.content"),
      cell: (model) =>
        t("admin.document_models.content", { pages: model.pages, elements: model.elements }),
    },
    {
      id: "downloads",
      header: t("admin.document_models.columns.downloads"),
      align: "end",
      cell: (model) => model.downloads,
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (model) => (
        <span className="inline-flex gap-1">
          <Link
            to={`/admin/document-models/${model.cuid}`}
            className={buttonClasses("ghost", "sm")}
          >
            <PencilIcon className="size-4" />
            {t(
              can("documents.models.update")
                ? "admin.catalogue.edit"
                : "admin.document_models.open",
            )}
            <span className="sr-only">{model.title}</span>
          </Link>
          {can("documents.models.delete") ? (
            <DeleteButton
              name={model.title}
              title={t("admin.document_models.delete_title", { name: model.title })}
              description={t("admin.document_models.delete_description")}
              done={t("admin.document_models.deleted", { name: model.title })}
              remove={() => documentsApi.deleteModel(model.cuid)}
            />
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.document_models.title")}
        description={t("admin.document_models.description")}
        actions={
          can("documents.models.create") ? (
            <Link
              to="/admin/document-models/new"
              className={buttonClasses()}
              data-testid="new-document-model"
            >
              <PlusIcon className="size-4" />
              {t("admin.document_models.new")}
            </Link>
          ) : null
        }
      />
      <DataTable
        caption={t("admin.document_models.title")}
        testId="document-models-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(model) => model.cuid}
        empty={<EmptyState icon={FileIcon} title={t("admin.document_models.empty")} />}
      />
    </>
  );
}
