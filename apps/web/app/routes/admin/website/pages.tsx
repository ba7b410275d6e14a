import type { AdminPageView } from "@booking/contracts";
import { useState } from "react";
import { Link, redirect } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { Modal } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { StatusBadge } from "../../../components/admin/status-badge";
import { NewPageForm, PageSettingsForm } from "../../../components/admin/website/page-form";
import { storefrontPageUrl } from "../../../components/admin/website/paths";
import {
  ExternalLinkIcon,
  FileIcon,
  PencilIcon,
  PlusIcon,
  SlidersIcon,
} from "../../../components/icons";
import { Button, buttonClasses } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requireConsole, requirePermission } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import { websiteApi } from "../../../lib/admin/website-api";
import type { Route } from "./+types/pages";

export async function loader(args: Route.LoaderArgs) {
  // The section's first tab for a role that may see the website's settings but not its pages.
  const { session } = requireConsole(args);
  if (
    !hasPermission(session, "website.pages.read") &&
    hasPermission(session, "website.website.read")
  ) {
    throw redirect("/admin/website/layout");
  }
  requirePermission(args, "website.pages.read");
  return adminGet<{ data: AdminPageView[] }>(args, "/api/admin/website/pages");
}

function PageState({ page }: { page: AdminPageView }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge tone={page.published ? "green" : "grey"}>
        {t(page.published ? "admin.website.pages.published" : "admin.website.pages.unpublished")}
      </StatusBadge>
      {page.has_draft ? (
        <StatusBadge tone="yellow">{t("admin.website.pages.draft")}</StatusBadge>
      ) : null}
    </span>
  );
}

/** /admin/website: the organiser's pages, their state, and the way into the editor. */
export default function WebsitePages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const { dateTime } = useConsoleFormatters();
  const [editing, setEditing] = useState<AdminPageView | "new" | null>(null);
  const organiser = session.organiser;
  const columns: DataTableColumn<AdminPageView>[] = [
    {
      id: "title",
      header: t("admin.website.pages.columns.title"),
      cell: (page) => (
        <span>
          <Link
            to={`/admin/website/pages/${page.cuid}`}
            className="font-semibold text-slate-950 underline-offset-2 hover:underline"
          >
            {page.title}
          </Link>
          <span className="block font-mono text-xs text-slate-600">{page.path}</span>
        </span>
      ),
    },
    {
      id: "type",
      header: t("admin.website.pages.columns.type"),
      cell: (page) => t(`admin.website.pages.types.${page.type}`),
    },
    {
      id: "state",
      header: t("admin.website.pages.columns.state"),
      cell: (page) => <PageState page={page} />,
    },
    {
      id: "updated",
      header: t("admin.website.pages.columns.updated"),
      cell: (page) => dateTime(page.updated_at),
    },
    {
      id: "actions",
      header: t("admin.table.actions"),
      hideHeader: true,
      align: "end",
      cell: (page) => (
        <span className="inline-flex flex-wrap justify-end gap-1 xl:flex-nowrap">
          <Link
            to={`/admin/website/pages/${page.cuid}`}
            className={buttonClasses("ghost", "sm")}
            data-testid="edit-page"
          >
            <PencilIcon className="size-4" />
            {t("admin.website.pages.edit")}
            <span className="sr-only">{page.title}</span>
          </Link>
          {can("website.pages.update") ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(page)}>
              <SlidersIcon className="size-4" />
              {t("admin.website.pages.settings")}
              <span className="sr-only">{page.title}</span>
            </Button>
          ) : null}
          {page.published && organiser && page.type === "DEFAULT" ? (
            <a
              href={storefrontPageUrl(organiser.storefront_url, organiser.language, page.path)}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses("ghost", "sm")}
            >
              <ExternalLinkIcon className="size-4" />
              {t("admin.website.pages.view")}
              <span className="sr-only">{page.title}</span>
            </a>
          ) : null}
          {can("website.pages.delete") && page.deletable ? (
            <DeleteButton
              name={page.title}
              title={t("admin.website.pages.delete_title", { title: page.title })}
              description={t("admin.website.pages.delete_description")}
              done={t("admin.website.pages.deleted", { title: page.title })}
              remove={() => websiteApi.deletePage(page.cuid)}
            />
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{t("admin.website.pages.intro")}</p>
        {can("website.pages.create") ? (
          <Button onClick={() => setEditing("new")} data-testid="new-page">
            <PlusIcon className="size-4" />
            {t("admin.website.pages.new")}
          </Button>
        ) : null}
      </div>
      <DataTable
        caption={t("admin.website.pages.title")}
        testId="pages-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(page) => page.cuid}
        empty={<EmptyState icon={FileIcon} title={t("admin.website.pages.empty")} />}
      />
      <Modal
        title={t(
          editing === "new" ? "admin.website.pages.new" : "admin.website.pages.settings_title",
        )}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing === "new" ? (
          <NewPageForm />
        ) : editing ? (
          <PageSettingsForm page={editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </>
  );
}
