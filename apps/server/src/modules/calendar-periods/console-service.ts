import type { AdminCalendarPeriodView, calendarPeriodBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  type CalendarPeriod,
  deletePeriod,
  findPeriod,
  insertPeriod,
  listPeriods,
  updatePeriod,
} from "./console-queries.ts";

type PeriodInput = z.output<typeof calendarPeriodBody>;

const periodView = (period: CalendarPeriod): AdminCalendarPeriodView => ({
  id: period.id,
  cuid: period.cuid,
  name: period.name,
  start_date: period.startDate,
  end_date: period.endDate,
});

const periodAudit = (period: CalendarPeriod) => ({
  name: period.name,
  start_date: period.startDate,
  end_date: period.endDate,
});

const valuesOf = (input: PeriodInput) => ({
  name: input.name,
  startDate: input.start_date,
  endDate: input.end_date,
});

async function requirePeriod(context: ConsoleContext, cuid: string): Promise<CalendarPeriod> {
  const period = await findPeriod(context.db, context.organiser.id, cuid);
  if (!period) throw new AppError("NOT_FOUND");
  return period;
}

/**
 * The console's calendar periods (holidays and such): the storefront's `period` filter offers
 * them, and registration constraints may name them.
 */
export const calendarPeriodsConsole = {
  async list(context: ConsoleContext): Promise<AdminCalendarPeriodView[]> {
    return (await listPeriods(context.db, context.organiser.id)).map(periodView);
  },

  async create(context: ConsoleContext, input: PeriodInput): Promise<AdminCalendarPeriodView> {
    const period = await insertPeriod(context.db, context.organiser.id, valuesOf(input));
    await context.audit({
      action: "calendar_period.created",
      entity: "calendar_period",
      entityId: period.cuid,
      after: periodAudit(period),
    });
    return periodView(period);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: PeriodInput,
  ): Promise<AdminCalendarPeriodView> {
    const period = await requirePeriod(context, cuid);
    const updated = await updatePeriod(context.db, period.id, valuesOf(input));
    await context.audit({
      action: "calendar_period.updated",
      entity: "calendar_period",
      entityId: cuid,
      before: periodAudit(period),
      after: periodAudit(updated),
    });
    return periodView(updated);
  },

  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const period = await requirePeriod(context, cuid);
    await deletePeriod(context.db, period.id);
    await context.audit({
      action: "calendar_period.deleted",
      entity: "calendar_period",
      entityId: cuid,
      before: periodAudit(period),
    });
  },
};
