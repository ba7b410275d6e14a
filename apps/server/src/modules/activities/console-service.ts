import type {
  AdminActivityListItem,
  AdminActivityView,
  activityBody,
  adminActivitiesQuery,
} from "@booking/contracts";
import { sanitizeHtml } from "@booking/domain/html";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { activityCategoryLink, replaceLinkedCategories } from "../categories/category-links.ts";
import { categoryIdsByCuid } from "../categories/console-queries.ts";
import {
  activityGallery,
  deleteOrphanUploads,
  loadGalleryImages,
} from "../images/gallery-queries.ts";
import type { ImageStore } from "../images/storage.ts";
import { adminImageView } from "../images/views.ts";
import { changedFields } from "./audit-changes.ts";
import {
  type Activity,
  type ActivityValues,
  activityCounts,
  activityInUse,
  availabilitySummaries,
  type CategoryRef,
  deleteActivity,
  findActivity,
  insertActivity,
  listActivities,
  loadActivityCategories,
  updateActivity,
} from "./console-queries.ts";

type ActivityInput = z.output<typeof activityBody>;

const categoryView = (category: CategoryRef) => ({
  cuid: category.cuid,
  title: category.title,
  group: category.group,
});

/** What the audit log keeps of an activity: its business fields, categories by cuid. */
function audited(activity: Activity, categories: CategoryRef[]) {
  return {
    title: activity.title,
    description: activity.description,
    instructions: activity.instructions,
    age_minimum: activity.ageMinimum,
    age_maximum: activity.ageMaximum,
    default_capacity: activity.defaultCapacity,
    default_price: activity.defaultPrice,
    default_deposit: activity.defaultDeposit,
    registration_flow: activity.registrationFlow,
    settings: activity.settings,
    categories: categories.map((category) => category.cuid),
  };
}

/** The stored form of the input; rich text is sanitised here, as it is again on display. */
function activityValues(input: ActivityInput): ActivityValues {
  const instructions = input.instructions ? sanitizeHtml(input.instructions) : "";
  return {
    title: input.title,
    description: sanitizeHtml(input.description),
    instructions: instructions === "" ? null : instructions,
    ageMinimum: input.age_minimum,
    ageMaximum: input.age_maximum,
    defaultCapacity: input.default_capacity,
    defaultPrice: input.default_price,
    defaultDeposit: input.default_deposit,
    registrationFlow: input.registration_flow,
    settings: input.settings,
  };
}

/** The ids of the chosen categories; an unknown cuid is refused on its field. */
async function chosenCategoryIds(context: ConsoleContext, cuids: string[]): Promise<number[]> {
  const ids = await categoryIdsByCuid(context.db, context.organiser.id, cuids);
  const unknown = cuids.findIndex((cuid) => !ids.has(cuid));
  if (unknown >= 0) throw validationError({ [`categories.${unknown}`]: "INVALID_CHOICE" });
  return [...new Set(cuids.map((cuid) => ids.get(cuid)!))];
}

export async function requireActivity(context: ConsoleContext, cuid: string): Promise<Activity> {
  const activity = await findActivity(context.db, context.organiser.id, cuid);
  if (!activity) throw new AppError("ACTIVITY_NOT_FOUND");
  return activity;
}

async function activityView(
  context: ConsoleContext,
  activity: Activity,
): Promise<AdminActivityView> {
  const organiserId = context.organiser.id;
  const categories = await loadActivityCategories(context.db, organiserId, [activity.id]);
  const images = await loadGalleryImages(context.db, activityGallery, organiserId, [activity.id]);
  const counts = await activityCounts(context.db, organiserId, activity.id);
  return {
    id: activity.id,
    cuid: activity.cuid,
    title: activity.title,
    description: activity.description,
    instructions: activity.instructions,
    age_minimum: activity.ageMinimum,
    age_maximum: activity.ageMaximum,
    default_capacity: activity.defaultCapacity,
    default_price: activity.defaultPrice,
    default_deposit: activity.defaultDeposit,
    registration_flow: activity.registrationFlow,
    settings: activity.settings,
    published: activity.published,
    categories: categories.map(categoryView),
    images: images.map(adminImageView),
    options_count: counts.options,
    questions_count: counts.questions,
    availabilities_count: counts.availabilities,
    created_at: activity.createdAt.toISOString(),
    updated_at: activity.updatedAt.toISOString(),
  };
}

export const activitiesConsole = {
  async list(context: ConsoleContext, query: z.output<typeof adminActivitiesQuery>) {
    const organiserId = context.organiser.id;
    const limit = query.page_size;
    const offset = (query.page_number - 1) * limit;
    const { rows, count } = await listActivities(
      context.db,
      organiserId,
      {
        search: query.q,
        categoryCuid: query.category,
        published: query.published === undefined ? undefined : query.published === "true",
      },
      query.sort,
      { limit, offset },
    );
    const ids = rows.map((activity) => activity.id);
    const categories = await loadActivityCategories(context.db, organiserId, ids);
    const images = await loadGalleryImages(context.db, activityGallery, organiserId, ids);
    const summaries = await availabilitySummaries(context.db, organiserId, ids);
    const data = rows.map((activity): AdminActivityListItem => {
      const firstImage = images.find((image) => image.ownerId === activity.id);
      const summary = summaries.get(activity.id);
      return {
        id: activity.id,
        cuid: activity.cuid,
        title: activity.title,
        published: activity.published,
        registration_flow: activity.registrationFlow,
        default_price: activity.defaultPrice,
        default_capacity: activity.defaultCapacity,
        categories: categories
          .filter((category) => category.activityId === activity.id)
          .map(categoryView),
        thumbnail_url: firstImage ? adminImageView(firstImage).thumbnail_url : null,
        availabilities_count: summary?.count ?? 0,
        next_start_at: summary?.nextStartAt?.toISOString() ?? null,
        updated_at: activity.updatedAt.toISOString(),
      };
    });
    return { data, count, limit, offset };
  },

  async get(context: ConsoleContext, cuid: string): Promise<AdminActivityView> {
    return activityView(context, await requireActivity(context, cuid));
  },

  /** A new activity starts unpublished: the organiser publishes it once it is ready. */
  async create(context: ConsoleContext, input: ActivityInput): Promise<AdminActivityView> {
    const categoryIds = await chosenCategoryIds(context, input.categories);
    const activity = await insertActivity(context.db, context.organiser.id, activityValues(input));
    await replaceLinkedCategories(
      context.db,
      activityCategoryLink,
      context.organiser.id,
      activity.id,
      categoryIds,
    );
    const view = await activityView(context, activity);
    await context.audit({
      action: "activity.created",
      entity: "activity",
      entityId: activity.cuid,
      after: {
        ...audited(activity, []),
        categories: view.categories.map((category) => category.cuid),
      },
    });
    return view;
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: ActivityInput,
  ): Promise<AdminActivityView> {
    const activity = await requireActivity(context, cuid);
    const organiserId = context.organiser.id;
    const categoryIds = await chosenCategoryIds(context, input.categories);
    const before = audited(
      activity,
      await loadActivityCategories(context.db, organiserId, [activity.id]),
    );
    const updated = await updateActivity(context.db, activity.id, activityValues(input));
    await replaceLinkedCategories(
      context.db,
      activityCategoryLink,
      organiserId,
      activity.id,
      categoryIds,
    );
    const after = audited(
      updated,
      await loadActivityCategories(context.db, organiserId, [activity.id]),
    );
    await context.audit({
      action: "activity.updated",
      entity: "activity",
      entityId: cuid,
      ...changedFields(before, after),
    });
    return activityView(context, updated);
  },

  /** Publishing shows it on the storefront; unpublishing (archiving) hides it, keeping its history. */
  async setPublished(
    context: ConsoleContext,
    cuid: string,
    published: boolean,
  ): Promise<AdminActivityView> {
    const activity = await requireActivity(context, cuid);
    const updated =
      activity.published === published
        ? activity
        : await updateActivity(context.db, activity.id, { published });
    await context.audit({
      action: published ? "activity.published" : "activity.unpublished",
      entity: "activity",
      entityId: cuid,
      before: { published: activity.published },
      after: { published },
    });
    return activityView(context, updated);
  },

  /**
   * Deletes an activity nothing refers to (no availability, request or attendance billing):
   * its options, questions and images go with it. Otherwise ACTIVITY_IN_USE: unpublish it.
   */
  async remove(context: ConsoleContext, cuid: string, store: ImageStore): Promise<void> {
    const activity = await requireActivity(context, cuid);
    const organiserId = context.organiser.id;
    if (await activityInUse(context.db, organiserId, activity.id)) {
      throw new AppError("ACTIVITY_IN_USE");
    }
    const categories = await loadActivityCategories(context.db, organiserId, [activity.id]);
    const images = await loadGalleryImages(context.db, activityGallery, organiserId, [activity.id]);
    await deleteActivity(context.db, activity.id);
    const files = await deleteOrphanUploads(
      context.db,
      activityGallery,
      organiserId,
      images.map((image) => image.id),
    );
    context.afterCommit(async () => {
      for (const file of files) await store.remove(file);
    });
    await context.audit({
      action: "activity.deleted",
      entity: "activity",
      entityId: cuid,
      before: audited(activity, categories),
    });
  },
};
