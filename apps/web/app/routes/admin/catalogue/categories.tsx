import {
  type AdminCategoryGroupView,
  type AdminCategoryView,
  CATEGORY_GROUP_SCOPES,
  type CategoryBody,
  type CategoryGroupBody,
  categoryBody,
  categoryGroupBody,
} from "@booking/contracts";
import { useState } from "react";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { MoveButtons, movedOrder } from "../../../components/admin/catalogue/move-buttons";
import { Modal, ModalActions } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { SelectField } from "../../../components/admin/fields";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { BadgeIcon, PencilIcon, PlusIcon } from "../../../components/icons";
import { Button, SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import type { Route } from "./+types/categories";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "activities.categories.read");
  const groups = await adminGet<{ data: AdminCategoryGroupView[] }>(
    args,
    "/api/admin/category-groups",
  );
  return { groups: groups.data };
}

type Editing =
  | { kind: "group"; group?: AdminCategoryGroupView }
  | { kind: "category"; group: AdminCategoryGroupView; category?: AdminCategoryView };

/**
 * /admin/categories: the groups that classify activities (age range, sport, level…) and their
 * categories, in the order the storefront's filters list them.
 */
export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { groups } = loaderData;
  const [editing, setEditing] = useState<Editing | null>(null);
  const orderGroups = useAdminMutation(catalogueApi.orderGroups);
  const orderCategories = useAdminMutation(catalogueApi.orderCategories);
  const mayUpdate = can("activities.categories.update");
  const mayDelete = can("activities.categories.delete");
  const mayCreate = can("activities.categories.create");
  const groupCuids = groups.map((group) => group.cuid);

  return (
    <>
      <PageHeader
        title={t("admin.categories.title")}
        description={t("admin.categories.description")}
        actions={
          mayCreate ? (
            <Button onClick={() => setEditing({ kind: "group" })} data-testid="new-group">
              <PlusIcon className="size-4" />
              {t("admin.categories.new_group")}
            </Button>
          ) : null
        }
      />
      {groups.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState icon={BadgeIcon} title={t("admin.categories.empty")} />
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="category-groups">
          {groups.map((group, index) => {
            const cuids = group.categories.map((category) => category.cuid);
            return (
              <section
                key={group.cuid}
                aria-labelledby={`group-${group.cuid}`}
                className="flex flex-col rounded-xl border border-slate-200 bg-white shadow-xs"
              >
                <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
                  <h2 id={`group-${group.cuid}`} className="font-semibold text-slate-950">
                    {group.title}
                  </h2>
                  <StatusBadge tone={group.scope === "PRIMARY" ? "blue" : "grey"}>
                    {t(`admin.categories.scopes.${group.scope}`)}
                  </StatusBadge>
                  <span className="ml-auto inline-flex items-center">
                    {mayUpdate ? (
                      <>
                        <MoveButtons
                          index={index}
                          count={groups.length}
                          label={group.title}
                          disabled={orderGroups.pending}
                          onMove={(delta) =>
                            orderGroups.mutate(movedOrder(groupCuids, index, delta))
                          }
                        />
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setEditing({ kind: "group", group })}
                        >
                          <PencilIcon className="size-4" />
                          <span className="sr-only">
                            {t("admin.catalogue.edit")} {group.title}
                          </span>
                        </Button>
                      </>
                    ) : null}
                    {mayDelete ? (
                      <DeleteButton
                        name={group.title}
                        title={t("admin.categories.delete_group_title", { title: group.title })}
                        description={t(
                          group.categories.length > 0
                            ? "admin.categories.delete_group_not_empty"
                            : "admin.categories.delete_group_description",
                        )}
                        done={t("admin.categories.group_deleted", { title: group.title })}
                        remove={() => catalogueApi.deleteGroup(group.cuid)}
                      />
                    ) : null}
                  </span>
                </header>
                <ul className="divide-y divide-slate-100">
                  {group.categories.map((category, position) => (
                    <li key={category.cuid} className="flex items-center gap-2 px-4 py-2">
                      <span className="min-w-0 flex-1">
                        <span className="text-sm font-medium text-slate-900">{category.title}</span>
                        <span className="block text-xs text-slate-600">
                          {t("admin.categories.activities_count", {
                            count: category.activities_count,
                          })}
                        </span>
                      </span>
                      {mayUpdate ? (
                        <>
                          <MoveButtons
                            index={position}
                            count={group.categories.length}
                            label={category.title}
                            disabled={orderCategories.pending}
                            onMove={(delta) =>
                              orderCategories.mutate({
                                group: group.cuid,
                                cuids: movedOrder(cuids, position, delta),
                              })
                            }
                          />
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setEditing({ kind: "category", group, category })}
                          >
                            <PencilIcon className="size-4" />
                            <span className="sr-only">
                              {t("admin.catalogue.edit")} {category.title}
                            </span>
                          </Button>
                        </>
                      ) : null}
                      {mayDelete ? (
                        <DeleteButton
                          name={category.title}
                          title={t("admin.categories.delete_title", { title: category.title })}
                          description={t("admin.categories.delete_description", {
                            count: category.activities_count,
                          })}
                          done={t("admin.categories.deleted", { title: category.title })}
                          remove={() => catalogueApi.deleteCategory(category.cuid)}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
                {mayCreate ? (
                  <div className="mt-auto border-t border-slate-200 px-4 py-3">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setEditing({ kind: "category", group })}
                      data-testid={`new-category-${index}`}
                    >
                      <PlusIcon className="size-4" />
                      {t("admin.categories.new_category")}
                    </Button>
                  </div>
                ) : null}
              </section>
            );
          })}
        </div>
      )}
      <Modal
        title={modalTitle(t, editing)}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing?.kind === "group" ? (
          <GroupForm group={editing.group} onDone={() => setEditing(null)} />
        ) : null}
        {editing?.kind === "category" ? (
          <CategoryForm
            groups={groups}
            group={editing.group}
            category={editing.category}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function modalTitle(t: (key: string) => string, editing: Editing | null): string {
  if (!editing) return "";
  if (editing.kind === "group") {
    return t(editing.group ? "admin.categories.edit_group" : "admin.categories.new_group");
  }
  return t(editing.category ? "admin.categories.edit_category" : "admin.categories.new_category");
}

function GroupForm({ group, onDone }: { group?: AdminCategoryGroupView; onDone: () => void }) {
  const { t } = useTranslation();
  const { field, onSubmit, pending } = useAdminForm({
    schema: categoryGroupBody,
    defaultValues: {
      title: group?.title ?? "",
      scope: group?.scope ?? "PRIMARY",
    } satisfies CategoryGroupBody,
    send: (values) =>
      group ? catalogueApi.updateGroup(group.cuid, values) : catalogueApi.createGroup(values),
    success: (saved) => t("admin.categories.group_saved", { title: saved.title }),
    onSuccess: onDone,
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t("admin.categories.fields.group_title")}
        autoComplete="off"
        data-testid="group-title"
        {...field("title")}
      />
      <SelectField
        label={t("admin.categories.fields.scope")}
        hint={t("admin.categories.fields.scope_hint")}
        options={CATEGORY_GROUP_SCOPES.map((scope) => ({
          value: scope,
          label: t(`admin.categories.scopes.${scope}`),
        }))}
        {...field("scope")}
      />
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-group">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}

function CategoryForm({
  groups,
  group,
  category,
  onDone,
}: {
  groups: AdminCategoryGroupView[];
  group: AdminCategoryGroupView;
  category?: AdminCategoryView;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { field, onSubmit, pending } = useAdminForm({
    schema: categoryBody,
    defaultValues: { group: group.cuid, title: category?.title ?? "" } satisfies CategoryBody,
    send: (values) =>
      category
        ? catalogueApi.updateCategory(category.cuid, values)
        : catalogueApi.createCategory(values),
    success: (saved) => t("admin.categories.saved", { title: saved.title }),
    onSuccess: onDone,
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t("admin.categories.fields.title")}
        autoComplete="off"
        data-testid="category-title"
        {...field("title")}
      />
      {category ? (
        <SelectField
          label={t("admin.categories.fields.group")}
          options={groups.map((item) => ({ value: item.cuid, label: item.title }))}
          {...field("group")}
        />
      ) : null}
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-category">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
