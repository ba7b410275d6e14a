import type {
  AdminCategoryGroupView,
  AdminCategoryView,
  CategoryOrderBody,
  categoryBody,
  categoryGroupBody,
  OrderBody,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { orderedIds } from "../activities/ordering.ts";
import {
  type Category,
  type CategoryGroup,
  categoryIdsOfGroup,
  countCategoryActivities,
  countGroupCategories,
  deleteCategory,
  deleteGroup,
  findCategory,
  findGroup,
  groupIds,
  insertCategory,
  insertGroup,
  listGroupsWithCategories,
  nextCategoryOrder,
  nextGroupOrder,
  reorderCategories,
  reorderGroups,
  updateCategory,
  updateGroup,
} from "./console-queries.ts";

function categoryView(category: Category, activities: number): AdminCategoryView {
  return {
    id: category.id,
    cuid: category.cuid,
    title: category.title,
    order: category.order,
    activities_count: activities,
  };
}

function groupView(
  group: CategoryGroup,
  categories: Array<{ category: Category; activities: number }>,
): AdminCategoryGroupView {
  return {
    id: group.id,
    cuid: group.cuid,
    title: group.title,
    scope: group.scope,
    order: group.order,
    categories: categories.map((row) => categoryView(row.category, row.activities)),
  };
}

const groupAudit = (group: CategoryGroup) => ({ title: group.title, scope: group.scope });
const categoryAudit = (category: Category, group: CategoryGroup) => ({
  title: category.title,
  group: group.cuid,
});

async function requireGroup(context: ConsoleContext, cuid: string): Promise<CategoryGroup> {
  const group = await findGroup(context.db, context.organiser.id, cuid);
  if (!group) throw new AppError("CATEGORY_GROUP_NOT_FOUND");
  return group;
}

async function requireCategory(context: ConsoleContext, cuid: string) {
  const found = await findCategory(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("CATEGORY_NOT_FOUND");
  return found;
}

export const categoriesConsole = {
  async listGroups(context: ConsoleContext): Promise<AdminCategoryGroupView[]> {
    const rows = await listGroupsWithCategories(context.db, context.organiser.id);
    return rows.map((row) => groupView(row.group, row.categories));
  },

  async createGroup(
    context: ConsoleContext,
    input: z.output<typeof categoryGroupBody>,
  ): Promise<AdminCategoryGroupView> {
    const group = await insertGroup(context.db, {
      organiserId: context.organiser.id,
      title: input.title,
      scope: input.scope,
      order: await nextGroupOrder(context.db, context.organiser.id),
    });
    await context.audit({
      action: "category_group.created",
      entity: "category_group",
      entityId: group.cuid,
      after: groupAudit(group),
    });
    return groupView(group, []);
  },

  async updateGroup(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof categoryGroupBody>,
  ): Promise<AdminCategoryGroupView> {
    const group = await requireGroup(context, cuid);
    const updated = await updateGroup(context.db, group.id, input);
    await context.audit({
      action: "category_group.updated",
      entity: "category_group",
      entityId: cuid,
      before: groupAudit(group),
      after: groupAudit(updated),
    });
    const rows = await listGroupsWithCategories(context.db, context.organiser.id);
    return groupView(updated, rows.find((row) => row.group.id === group.id)?.categories ?? []);
  },

  /** Only an empty group goes: its categories are moved or deleted first, knowingly. */
  async deleteGroup(context: ConsoleContext, cuid: string): Promise<void> {
    const group = await requireGroup(context, cuid);
    if ((await countGroupCategories(context.db, context.organiser.id, group.id)) > 0) {
      throw new AppError("CATEGORY_GROUP_NOT_EMPTY");
    }
    await deleteGroup(context.db, group.id);
    await context.audit({
      action: "category_group.deleted",
      entity: "category_group",
      entityId: cuid,
      before: groupAudit(group),
    });
  },

  async reorderGroups(
    context: ConsoleContext,
    input: OrderBody,
  ): Promise<AdminCategoryGroupView[]> {
    const items = await groupIds(context.db, context.organiser.id);
    await reorderGroups(context.db, context.organiser.id, orderedIds(items, input.cuids));
    await context.audit({
      action: "category_group.reordered",
      entity: "category_group",
      after: { order: input.cuids },
    });
    return categoriesConsole.listGroups(context);
  },

  async createCategory(
    context: ConsoleContext,
    input: z.output<typeof categoryBody>,
  ): Promise<AdminCategoryView> {
    const group = await requireGroup(context, input.group);
    const category = await insertCategory(context.db, {
      organiserId: context.organiser.id,
      groupId: group.id,
      title: input.title,
      order: await nextCategoryOrder(context.db, context.organiser.id, group.id),
    });
    await context.audit({
      action: "category.created",
      entity: "category",
      entityId: category.cuid,
      after: categoryAudit(category, group),
    });
    return categoryView(category, 0);
  },

  /** Renames, or moves to another group (where it goes last). */
  async updateCategory(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof categoryBody>,
  ): Promise<AdminCategoryView> {
    const { category, group } = await requireCategory(context, cuid);
    const target = input.group === group.cuid ? group : await requireGroup(context, input.group);
    const updated = await updateCategory(context.db, category.id, {
      title: input.title,
      ...(target.id !== group.id
        ? {
            groupId: target.id,
            order: await nextCategoryOrder(context.db, context.organiser.id, target.id),
          }
        : {}),
    });
    await context.audit({
      action: "category.updated",
      entity: "category",
      entityId: cuid,
      before: categoryAudit(category, group),
      after: categoryAudit(updated, target),
    });
    const activities = await countCategoryActivities(context.db, context.organiser.id, category.id);
    return categoryView(updated, activities);
  },

  /** The activities and availabilities filed under it simply lose it. */
  async deleteCategory(context: ConsoleContext, cuid: string): Promise<void> {
    const { category, group } = await requireCategory(context, cuid);
    await deleteCategory(context.db, category.id);
    await context.audit({
      action: "category.deleted",
      entity: "category",
      entityId: cuid,
      before: categoryAudit(category, group),
    });
  },

  async reorderCategories(
    context: ConsoleContext,
    input: CategoryOrderBody,
  ): Promise<AdminCategoryGroupView[]> {
    const group = await requireGroup(context, input.group);
    const items = await categoryIdsOfGroup(context.db, context.organiser.id, group.id);
    await reorderCategories(context.db, context.organiser.id, orderedIds(items, input.cuids));
    await context.audit({
      action: "category.reordered",
      entity: "category_group",
      entityId: group.cuid,
      after: { order: input.cuids },
    });
    return categoriesConsole.listGroups(context);
  },
};
