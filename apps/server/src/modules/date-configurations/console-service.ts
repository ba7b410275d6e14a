import type {
  AdminDateConfigurationView,
  dateConfigurationBody,
  OrderBody,
} from "@booking/contracts";
import { checkWeeklyPattern } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { orderedIds } from "../activities/ordering.ts";
import {
  type DateConfiguration,
  deleteDateConfiguration,
  findDateConfiguration,
  insertDateConfiguration,
  listDateConfigurations,
  reorderDateConfigurations,
  updateDateConfiguration,
} from "./console-queries.ts";

type DateConfigurationInput = z.output<typeof dateConfigurationBody>;

const view = (row: DateConfiguration): AdminDateConfigurationView => ({
  id: row.id,
  cuid: row.cuid,
  name: row.name,
  weekdays: row.weekdays,
  slots: row.slots,
});

const audited = (row: DateConfiguration) => ({
  name: row.name,
  weekdays: row.weekdays,
  slots: row.slots,
});

/** The input's values once its pattern passes the generator's checks (codes by field). */
function valuesOf(input: DateConfigurationInput) {
  const errors = checkWeeklyPattern(input);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    name: input.name,
    weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b),
    slots: [...input.slots].sort((a, b) => a.start.localeCompare(b.start)),
  };
}

async function requireDateConfiguration(
  context: ConsoleContext,
  cuid: string,
): Promise<DateConfiguration> {
  const row = await findDateConfiguration(context.db, context.organiser.id, cuid);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * The console's date configurations (date_configurations.date_configurations.*): named weekly
 * patterns staff pick in the availability dates generator (decision 0093).
 */
export const dateConfigurationsConsole = {
  async list(context: ConsoleContext): Promise<AdminDateConfigurationView[]> {
    return (await listDateConfigurations(context.db, context.organiser.id)).map(view);
  },

  async create(
    context: ConsoleContext,
    input: DateConfigurationInput,
  ): Promise<AdminDateConfigurationView> {
    const row = await insertDateConfiguration(context.db, context.organiser.id, valuesOf(input));
    await context.audit({
      action: "date_configuration.created",
      entity: "date_configuration",
      entityId: row.cuid,
      after: audited(row),
    });
    return view(row);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: DateConfigurationInput,
  ): Promise<AdminDateConfigurationView> {
    const row = await requireDateConfiguration(context, cuid);
    const updated = await updateDateConfiguration(
      context.db,
      context.organiser.id,
      row.id,
      valuesOf(input),
    );
    await context.audit({
      action: "date_configuration.updated",
      entity: "date_configuration",
      entityId: cuid,
      before: audited(row),
      after: audited(updated),
    });
    return view(updated);
  },

  /** Every configuration once, in the new order (a stale list is a MISMATCH on `cuids`). */
  async reorder(context: ConsoleContext, input: OrderBody): Promise<AdminDateConfigurationView[]> {
    const rows = await listDateConfigurations(context.db, context.organiser.id);
    const ids = orderedIds(rows, input.cuids);
    await reorderDateConfigurations(context.db, context.organiser.id, ids);
    await context.audit({
      action: "date_configuration.reordered",
      entity: "date_configuration",
      after: { order: input.cuids },
    });
    return dateConfigurationsConsole.list(context);
  },

  /** Availabilities generated with it keep their dates: a configuration only fills the form. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const row = await requireDateConfiguration(context, cuid);
    await deleteDateConfiguration(context.db, context.organiser.id, row.id);
    await context.audit({
      action: "date_configuration.deleted",
      entity: "date_configuration",
      entityId: cuid,
      before: audited(row),
    });
  },
};
