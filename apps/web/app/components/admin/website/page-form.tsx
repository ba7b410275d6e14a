import {
  type AdminPageCreateBody,
  type AdminPageSettingsBody,
  type AdminPageView,
  adminPageCreateBody,
  adminPageSettingsBody,
  PAGE_TYPES,
} from "@booking/contracts";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { websiteApi } from "../../../lib/admin/website-api";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { ModalActions } from "../dialog";
import { SelectField } from "../fields";

/** A new page: title, path and type; the editor opens on it once created. */
export function NewPageForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { field, onSubmit, pending } = useAdminForm({
    schema: adminPageCreateBody,
    defaultValues: { title: "", path: "/", type: "DEFAULT" } satisfies AdminPageCreateBody,
    send: (values) => websiteApi.createPage(values),
    success: (page) => t("admin.website.pages.created", { title: page.title }),
    revalidate: false,
    onSuccess: (page) => navigate(`/admin/website/pages/${page.cuid}`),
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        label={t("admin.website.pages.fields.title")}
        autoComplete="off"
        data-testid="page-title"
        {...field("title")}
      />
      <TextField
        label={t("admin.website.pages.fields.path")}
        hint={t("admin.website.pages.fields.path_hint")}
        autoComplete="off"
        data-testid="page-path"
        {...field("path")}
      />
      <SelectField
        label={t("admin.website.pages.fields.type")}
        hint={t("admin.website.pages.fields.type_hint")}
        options={PAGE_TYPES.map((type) => ({
          value: type,
          label: t(`admin.website.pages.types.${type}`),
        }))}
        {...field("type")}
      />
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-page">
          {t("admin.website.pages.create")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}

/** A page's title, path and what search engines read (SEO title, meta description). */
export function PageSettingsForm({ page, onDone }: { page: AdminPageView; onDone: () => void }) {
  const { t } = useTranslation();
  const { field, onSubmit, pending } = useAdminForm({
    schema: adminPageSettingsBody,
    defaultValues: {
      title: page.title,
      path: page.path,
      seo_title: page.seo_title ?? "",
      description: page.description ?? "",
    } satisfies AdminPageSettingsBody,
    send: (values) => websiteApi.updatePage(page.cuid, values),
    success: (saved) => t("admin.website.pages.saved", { title: saved.title }),
    onSuccess: onDone,
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        label={t("admin.website.pages.fields.title")}
        autoComplete="off"
        {...field("title")}
      />
      <TextField
        label={t("admin.website.pages.fields.path")}
        hint={t(
          page.path === "/"
            ? "admin.website.pages.fields.home_path_hint"
            : "admin.website.pages.fields.path_hint",
        )}
        readOnly={page.path === "/"}
        autoComplete="off"
        {...field("path")}
      />
      <TextField
        label={t("admin.website.pages.fields.seo_title")}
        hint={t("admin.website.pages.fields.seo_title_hint")}
        optional
        autoComplete="off"
        {...field("seo_title")}
      />
      <TextField
        label={t("admin.website.pages.fields.description")}
        hint={t("admin.website.pages.fields.description_hint")}
        optional
        autoComplete="off"
        {...field("description")}
      />
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-page-settings">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
