import type { AdminResourceGroupView, resourceGroupBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { loadGalleryImages, resourceGroupGallery } from "../images/gallery-queries.ts";
import { galleryConsole } from "../images/gallery-service.ts";
import { adminImageView } from "../images/views.ts";
import {
  deleteGroup,
  findGroupByCuid,
  findGroups,
  groupResources,
  insertGroup,
  type ResourceGroup,
  updateGroup,
} from "./console-resource-group-queries.ts";
import { findLocationByCuid } from "./console-resource-queries.ts";

// The console's resource groups (issue 15 §3; docs/decisions/0071-booking-configurations.md).

type GroupInput = z.output<typeof resourceGroupBody>;

async function requireGroup(context: ConsoleContext, cuid: string): Promise<ResourceGroup> {
  const found = await findGroupByCuid(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("RESOURCE_GROUP_NOT_FOUND");
  return found;
}

async function groupValues(context: ConsoleContext, input: GroupInput) {
  const location = input.location
    ? await findLocationByCuid(context.db, context.organiser.id, input.location)
    : null;
  if (input.location && !location) throw new AppError("LOCATION_NOT_FOUND");
  return { name: input.name, description: input.description, locationId: location?.id ?? null };
}

const audited = (group: ResourceGroup) => ({
  name: group.name,
  description: group.description,
  location_id: group.locationId,
});

/** The organiser's groups (or the one of `cuid`) as the console shows them. */
async function groupViews(context: ConsoleContext, cuid?: string) {
  const { db, organiser } = context;
  const rows = await findGroups(db, organiser.id, cuid);
  const ids = rows.map((row) => row.group.id);
  const members = await groupResources(db, organiser.id, ids);
  const images = await loadGalleryImages(db, resourceGroupGallery, organiser.id, ids);
  return rows.map(
    ({ group, location }): AdminResourceGroupView => ({
      id: group.id,
      cuid: group.cuid,
      name: group.name,
      description: group.description,
      location,
      images: images.filter((image) => image.ownerId === group.id).map(adminImageView),
      resources: members
        .filter((member) => member.groupId === group.id)
        .map(({ cuid, name }) => ({ cuid, name })),
      created_at: group.createdAt.toISOString(),
      updated_at: group.updatedAt.toISOString(),
    }),
  );
}

async function groupView(context: ConsoleContext, cuid: string) {
  const [view] = await groupViews(context, cuid);
  if (!view) throw new AppError("RESOURCE_GROUP_NOT_FOUND");
  return view;
}

export const resourceGroupsConsole = {
  async list(context: ConsoleContext) {
    return { data: await groupViews(context) };
  },

  get: groupView,

  async create(context: ConsoleContext, input: GroupInput) {
    const group = await insertGroup(
      context.db,
      context.organiser.id,
      await groupValues(context, input),
    );
    await context.audit({
      action: "resource_group.created",
      entity: "resource_group",
      entityId: group.cuid,
      after: audited(group),
    });
    return groupView(context, group.cuid);
  },

  async update(context: ConsoleContext, cuid: string, input: GroupInput) {
    const group = await requireGroup(context, cuid);
    const updated = await updateGroup(context.db, group.id, await groupValues(context, input));
    await context.audit({
      action: "resource_group.updated",
      entity: "resource_group",
      entityId: cuid,
      before: audited(group),
      after: audited(updated),
    });
    return groupView(context, cuid);
  },

  /** Refused (409 RESOURCE_GROUP_IN_USE) while resources are in the group: move them first. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const group = await requireGroup(context, cuid);
    const members = await groupResources(context.db, context.organiser.id, [group.id]);
    if (members.length > 0) throw new AppError("RESOURCE_GROUP_IN_USE");
    await deleteGroup(context.db, group.id);
    await context.audit({
      action: "resource_group.deleted",
      entity: "resource_group",
      entityId: cuid,
      before: audited(group),
    });
  },
};

/** A group's images: the first is the one the storefront shows first. */
export const resourceGroupImagesConsole = galleryConsole({
  link: resourceGroupGallery,
  requireOwner: requireGroup,
  entity: "resource_group",
});
