import type { AdminBookingConfigurationView, bookingConfigurationBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  type BookingConfiguration,
  configurationMemberships,
  configurationResources,
  deleteConfiguration,
  findConfigurations,
  findMembershipsByCuid,
  insertConfiguration,
  replaceConfigurationMemberships,
  updateConfiguration,
} from "./console-booking-configuration-queries.ts";

// The console's booking configurations (issue 15 §3; docs/decisions/0071-booking-configurations.md).

type ConfigurationInput = z.output<typeof bookingConfigurationBody>;

async function requireConfiguration(context: ConsoleContext, cuid: string) {
  const [found] = await findConfigurations(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("BOOKING_CONFIGURATION_NOT_FOUND");
  return found;
}

/** The input's membership products (MEMBERS only; an unknown cuid is a 400 on `memberships`). */
async function membershipIds(context: ConsoleContext, input: ConfigurationInput) {
  if (input.audience !== "MEMBERS") return [];
  const cuids = [...new Set(input.memberships)];
  const found = await findMembershipsByCuid(context.db, context.organiser.id, cuids);
  if (found.length !== cuids.length) {
    throw validationError({ memberships: "NOT_FOUND" });
  }
  return found.map((membership) => membership.id);
}

const values = (input: ConfigurationInput) => ({
  name: input.name,
  audience: input.audience,
  daysAhead: input.days_ahead,
  cancellationHours: input.cancellation_hours,
  maxPerWeek: input.max_per_week,
});

const audited = (configuration: BookingConfiguration, memberships: number[]) => ({
  name: configuration.name,
  audience: configuration.audience,
  membership_ids: memberships,
  days_ahead: configuration.daysAhead,
  cancellation_hours: configuration.cancellationHours,
  max_per_week: configuration.maxPerWeek,
});

async function configurationViews(context: ConsoleContext, cuid?: string) {
  const { db, organiser } = context;
  const rows = await findConfigurations(db, organiser.id, cuid);
  const ids = rows.map((row) => row.id);
  const products = await configurationMemberships(db, organiser.id, ids);
  const followers = await configurationResources(db, organiser.id, ids);
  return rows.map(
    (row): AdminBookingConfigurationView => ({
      id: row.id,
      cuid: row.cuid,
      name: row.name,
      audience: row.audience,
      memberships: products
        .filter((product) => product.configurationId === row.id)
        .map(({ cuid, title }) => ({ cuid, title })),
      days_ahead: row.daysAhead,
      cancellation_hours: row.cancellationHours,
      max_per_week: row.maxPerWeek,
      resources: followers
        .filter((follower) => follower.configurationId === row.id)
        .map(({ cuid, name }) => ({ cuid, name })),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }),
  );
}

async function configurationView(context: ConsoleContext, cuid: string) {
  const [view] = await configurationViews(context, cuid);
  if (!view) throw new AppError("BOOKING_CONFIGURATION_NOT_FOUND");
  return view;
}

async function currentMembershipIds(context: ConsoleContext, configurationId: number) {
  const rows = await configurationMemberships(context.db, context.organiser.id, [configurationId]);
  return rows.map((row) => row.id);
}

export const bookingConfigurationsConsole = {
  async list(context: ConsoleContext) {
    return { data: await configurationViews(context) };
  },

  get: configurationView,

  async create(context: ConsoleContext, input: ConfigurationInput) {
    const products = await membershipIds(context, input);
    const created = await insertConfiguration(context.db, context.organiser.id, values(input));
    await replaceConfigurationMemberships(context.db, created, products);
    await context.audit({
      action: "booking_configuration.created",
      entity: "booking_configuration",
      entityId: created.cuid,
      after: audited(created, products),
    });
    return configurationView(context, created.cuid);
  },

  async update(context: ConsoleContext, cuid: string, input: ConfigurationInput) {
    const configuration = await requireConfiguration(context, cuid);
    const before = await currentMembershipIds(context, configuration.id);
    const products = await membershipIds(context, input);
    const updated = await updateConfiguration(context.db, configuration.id, values(input));
    await replaceConfigurationMemberships(context.db, updated, products);
    await context.audit({
      action: "booking_configuration.updated",
      entity: "booking_configuration",
      entityId: cuid,
      before: audited(configuration, before),
      after: audited(updated, products),
    });
    return configurationView(context, cuid);
  },

  /** Refused (409 BOOKING_CONFIGURATION_IN_USE) while resources follow it. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const configuration = await requireConfiguration(context, cuid);
    const followers = await configurationResources(context.db, context.organiser.id, [
      configuration.id,
    ]);
    if (followers.length > 0) throw new AppError("BOOKING_CONFIGURATION_IN_USE");
    const before = await currentMembershipIds(context, configuration.id);
    await deleteConfiguration(context.db, configuration.id);
    await context.audit({
      action: "booking_configuration.deleted",
      entity: "booking_configuration",
      entityId: cuid,
      before: audited(configuration, before),
    });
  },
};
