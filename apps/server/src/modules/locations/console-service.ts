import type { AdminLocationView, adminLocationsQuery, locationBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  availabilityCounts,
  deleteLocation,
  findLocation,
  insertLocation,
  type Location,
  listLocations,
  locationInUse,
  updateLocation,
} from "./console-queries.ts";

type LocationInput = z.output<typeof locationBody>;

function locationView(location: Location, availabilities: number): AdminLocationView {
  return {
    id: location.id,
    cuid: location.cuid,
    title: location.title,
    name: location.name,
    street: location.street,
    number: location.number,
    postcode: location.postcode,
    city: location.city,
    country: location.country,
    availabilities_count: availabilities,
    created_at: location.createdAt.toISOString(),
    updated_at: location.updatedAt.toISOString(),
  };
}

const audited = (location: Location) => ({
  title: location.title,
  name: location.name,
  street: location.street,
  number: location.number,
  postcode: location.postcode,
  city: location.city,
  country: location.country,
});

async function requireLocation(context: ConsoleContext, cuid: string): Promise<Location> {
  const found = await findLocation(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("LOCATION_NOT_FOUND");
  return found;
}

async function availabilitiesAt(context: ConsoleContext, location: Location): Promise<number> {
  const counts = await availabilityCounts(context.db, context.organiser.id, [location.id]);
  return counts.get(location.id) ?? 0;
}

export const locationsConsole = {
  async list(context: ConsoleContext, query: z.output<typeof adminLocationsQuery>) {
    const limit = query.page_size;
    const offset = (query.page_number - 1) * limit;
    const { rows, count } = await listLocations(context.db, context.organiser.id, query.q, {
      limit,
      offset,
    });
    const counts = await availabilityCounts(
      context.db,
      context.organiser.id,
      rows.map((location) => location.id),
    );
    return {
      data: rows.map((location) => locationView(location, counts.get(location.id) ?? 0)),
      count,
      limit,
      offset,
    };
  },

  async get(context: ConsoleContext, cuid: string): Promise<AdminLocationView> {
    const location = await requireLocation(context, cuid);
    return locationView(location, await availabilitiesAt(context, location));
  },

  async create(context: ConsoleContext, input: LocationInput): Promise<AdminLocationView> {
    const location = await insertLocation(context.db, context.organiser.id, input);
    await context.audit({
      action: "location.created",
      entity: "location",
      entityId: location.cuid,
      after: audited(location),
    });
    return locationView(location, 0);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: LocationInput,
  ): Promise<AdminLocationView> {
    const location = await requireLocation(context, cuid);
    const updated = await updateLocation(context.db, location.id, input);
    await context.audit({
      action: "location.updated",
      entity: "location",
      entityId: cuid,
      before: audited(location),
      after: audited(updated),
    });
    return locationView(updated, await availabilitiesAt(context, updated));
  },

  /** Refused while availabilities or resources are held there: they would lose their address. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const location = await requireLocation(context, cuid);
    if (await locationInUse(context.db, context.organiser.id, location.id)) {
      throw new AppError("LOCATION_IN_USE");
    }
    await deleteLocation(context.db, location.id);
    await context.audit({
      action: "location.deleted",
      entity: "location",
      entityId: cuid,
      before: audited(location),
    });
  },
};
