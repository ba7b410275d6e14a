import type {
  AdminResourceView,
  ResourceOpeningHoursInput,
  resourceBody,
  resourceClosureBody,
} from "@booking/contracts";
import {
  localDay,
  openingHoursOverlap,
  openingHoursRefusal,
  openingHoursSlots,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { loadGalleryImages, resourceGallery } from "../images/gallery-queries.ts";
import { galleryConsole } from "../images/gallery-service.ts";
import { adminImageView } from "../images/views.ts";
import {
  findConfigurationById,
  findConfigurations,
} from "./console-booking-configuration-queries.ts";
import { findGroupByCuid, findGroupById } from "./console-resource-group-queries.ts";
import {
  currentClosures,
  deleteClosure,
  deleteResource,
  findLocationByCuid,
  findLocationById,
  findResource,
  insertClosure,
  insertResource,
  type Resource,
  type ResourceValues,
  replaceUpcomingSlots,
  resourceInUse,
  upcomingSlotCount,
  updateResource,
} from "./console-resource-queries.ts";

// The console's resource editor (issue 15 §3; docs/decisions/0065-resource-console.md).

type ResourceInput = z.output<typeof resourceBody>;

/** Without a booking horizon, slots are made this many days ahead (saving again extends them). */
export const DEFAULT_SLOT_HORIZON_DAYS = 90;

async function requireResource(context: ConsoleContext, cuid: string): Promise<Resource> {
  const found = await findResource(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("RESOURCE_NOT_FOUND");
  return found;
}

/** The input as columns: the location by cuid, the hours checked (a 400 names the first bad one). */
async function resourceValues(
  context: ConsoleContext,
  input: ResourceInput,
): Promise<ResourceValues> {
  const location = input.location
    ? await findLocationByCuid(context.db, context.organiser.id, input.location)
    : null;
  if (input.location && !location) throw new AppError("LOCATION_NOT_FOUND");
  const group = input.group
    ? await findGroupByCuid(context.db, context.organiser.id, input.group)
    : null;
  if (input.group && !group) throw new AppError("RESOURCE_GROUP_NOT_FOUND");
  const [configuration] = input.booking_configuration
    ? await findConfigurations(context.db, context.organiser.id, input.booking_configuration)
    : [];
  if (input.booking_configuration && !configuration) {
    throw new AppError("BOOKING_CONFIGURATION_NOT_FOUND");
  }
  const short = input.opening_hours.findIndex((hours) => openingHoursRefusal(hours) !== null);
  if (short >= 0) {
    throw new AppError("VALIDATION_ERROR", { [`opening_hours.${short}.end`]: "HOURS_TOO_SHORT" });
  }
  if (openingHoursOverlap(input.opening_hours)) {
    throw new AppError("VALIDATION_ERROR", { opening_hours: "HOURS_OVERLAP" });
  }
  return {
    name: input.name,
    description: input.description,
    locationId: location?.id ?? null,
    groupId: group?.id ?? null,
    bookingConfigurationId: configuration?.id ?? null,
    bookingDaysAhead: input.booking_days_ahead,
    openingHours: input.opening_hours,
  };
}

/** Makes the resource's slots from now on out of its hours, when they changed. */
async function remakeSlots(context: ConsoleContext, resource: Resource): Promise<void> {
  const now = new Date();
  const days = (resource.bookingDaysAhead ?? DEFAULT_SLOT_HORIZON_DAYS) + 1;
  const slots = openingHoursSlots({
    hours: resource.openingHours,
    fromDay: localDay(now, context.organiser.timezone),
    days,
    timeZone: context.organiser.timezone,
    after: now,
  });
  await replaceUpcomingSlots(context.db, resource, now, slots);
}

const sameHours = (
  a: readonly ResourceOpeningHoursInput[],
  b: readonly ResourceOpeningHoursInput[],
) => JSON.stringify(a) === JSON.stringify(b);

const audited = (resource: Resource) => ({
  name: resource.name,
  description: resource.description,
  location_id: resource.locationId,
  group_id: resource.groupId,
  booking_configuration_id: resource.bookingConfigurationId,
  booking_days_ahead: resource.bookingDaysAhead,
  opening_hours: resource.openingHours,
});

async function resourceView(
  context: ConsoleContext,
  resource: Resource,
): Promise<AdminResourceView> {
  const now = new Date();
  const { db, organiser } = context;
  // One transaction answers one query at a time: read one after the other.
  const location =
    resource.locationId === null
      ? null
      : await findLocationById(db, organiser.id, resource.locationId);
  const group =
    resource.groupId === null ? null : await findGroupById(db, organiser.id, resource.groupId);
  const configuration =
    resource.bookingConfigurationId === null
      ? null
      : await findConfigurationById(db, organiser.id, resource.bookingConfigurationId);
  const images = await loadGalleryImages(db, resourceGallery, organiser.id, [resource.id]);
  const closures = await currentClosures(db, resource, now);
  const slots = await upcomingSlotCount(db, resource, now);
  return {
    id: resource.id,
    cuid: resource.cuid,
    name: resource.name,
    description: resource.description,
    location,
    group,
    booking_configuration: configuration,
    images: images.map(adminImageView),
    booking_days_ahead: resource.bookingDaysAhead,
    opening_hours: resource.openingHours,
    closures: closures.map((closure) => ({
      cuid: closure.cuid,
      start_at: closure.startAt.toISOString(),
      end_at: closure.endAt.toISOString(),
    })),
    upcoming_slots: slots,
    created_at: resource.createdAt.toISOString(),
    updated_at: resource.updatedAt.toISOString(),
  };
}

export const resourcesConsole = {
  async get(context: ConsoleContext, cuid: string) {
    return resourceView(context, await requireResource(context, cuid));
  },

  async create(context: ConsoleContext, input: ResourceInput) {
    const values = await resourceValues(context, input);
    const resource = await insertResource(context.db, context.organiser.id, values);
    await remakeSlots(context, resource);
    await context.audit({
      action: "resource.created",
      entity: "resource",
      entityId: resource.cuid,
      after: audited(resource),
    });
    return resourceView(context, resource);
  },

  /**
   * Saves the resource; new hours or a new horizon remake its slots from now on (bookings and
   * holds are periods of their own and stay).
   */
  async update(context: ConsoleContext, cuid: string, input: ResourceInput) {
    const resource = await requireResource(context, cuid);
    const values = await resourceValues(context, input);
    const updated = await updateResource(context.db, resource.id, values);
    const hoursChanged =
      !sameHours(resource.openingHours, updated.openingHours) ||
      resource.bookingDaysAhead !== updated.bookingDaysAhead;
    // A resource whose slots were made otherwise (no hours ever saved) keeps them.
    const hadHours = resource.openingHours.length > 0 || updated.openingHours.length > 0;
    if (hoursChanged && hadHours) await remakeSlots(context, updated);
    await context.audit({
      action: "resource.updated",
      entity: "resource",
      entityId: cuid,
      before: audited(resource),
      after: audited(updated),
    });
    return resourceView(context, updated);
  },

  /** Refused (409 RESOURCE_IN_USE) while bookings, activity sessions or carts hold it. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const resource = await requireResource(context, cuid);
    if (await resourceInUse(context.db, context.organiser.id, resource.id)) {
      throw new AppError("RESOURCE_IN_USE");
    }
    await deleteResource(context.db, resource.id);
    await context.audit({
      action: "resource.deleted",
      entity: "resource",
      entityId: cuid,
      before: audited(resource),
    });
  },

  async addClosure(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof resourceClosureBody>,
  ) {
    const resource = await requireResource(context, cuid);
    const closure = await insertClosure(context.db, resource, {
      startAt: new Date(input.start_at),
      endAt: new Date(input.end_at),
    });
    await context.audit({
      action: "resource.closure_added",
      entity: "resource",
      entityId: cuid,
      after: { closure: closure.cuid, start_at: input.start_at, end_at: input.end_at },
    });
    return resourceView(context, resource);
  },

  async removeClosure(context: ConsoleContext, cuid: string, closureCuid: string) {
    const resource = await requireResource(context, cuid);
    const removed = await deleteClosure(context.db, resource, closureCuid);
    if (!removed) throw new AppError("RESOURCE_CLOSURE_NOT_FOUND");
    await context.audit({
      action: "resource.closure_removed",
      entity: "resource",
      entityId: cuid,
      before: {
        closure: removed.cuid,
        start_at: removed.startAt.toISOString(),
        end_at: removed.endAt.toISOString(),
      },
    });
    return resourceView(context, resource);
  },
};

/** A resource's images: shown on its storefront page and in the customer's bookings. */
export const resourceImagesConsole = galleryConsole({
  link: resourceGallery,
  requireOwner: requireResource,
  entity: "resource",
});
