import { type Database, withTenant } from "@booking/db";
import { cycleMonthOf, monthsToIssue } from "@booking/domain";
import type { Logger } from "pino";
import { issueMonth } from "../modules/attendance-billing/issue.ts";
import {
  listConfigurations,
  listCycles,
  listOrganisers,
} from "../modules/attendance-billing/queries.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue of the end-of-month attendance charges (decision 0064). */
export const ATTENDANCE_BILLING_QUEUE = "attendance-billing";
/**
 * Every hour at minute 5 (pg-boss cron, UTC): each organiser's month ends at its own local
 * midnight, so an hourly run issues it within the hour whatever the time zone.
 */
export const ATTENDANCE_BILLING_CRON = "5 * * * *";

/**
 * Issues, for every configuration, each month that ended at `now` in its organiser's time zone
 * since the configuration began and was not issued yet (the workers down for months catch up,
 * oldest first; decision 0072). Each month in a transaction of its own: one failing leaves the
 * others issued. Idempotent: a rerun, or two processes at once, issue nothing twice
 * (`issueMonth` claims the cycle's unique row first). Answers how many months it issued.
 */
export async function issueEndedCycles(db: Database, now: Date, log: Logger): Promise<number> {
  let issued = 0;
  for (const organiser of await listOrganisers(db)) {
    const configurations = await withTenant(db, organiser.id, async (tx) => {
      const pending = [];
      for (const configuration of await listConfigurations(tx, organiser.id)) {
        const cycles = await listCycles(tx, organiser.id, configuration.id);
        const done = cycles.map((cycle) => cycleMonthOf(cycle.startAt, organiser.timezone));
        const months = monthsToIssue(configuration.createdAt, now, organiser.timezone, done);
        pending.push({ configuration, months });
      }
      return pending;
    });
    for (const { configuration, months } of configurations) {
      for (const month of months) {
        try {
          const cycle = await withTenant(db, organiser.id, (tx) =>
            issueMonth(tx, organiser, configuration, month, null),
          );
          if (cycle) issued += 1;
        } catch (error) {
          log.error(
            { err: error, organiserId: organiser.id, configurationId: configuration.id, month },
            "attendance cycle not issued",
          );
        }
      }
    }
  }
  return issued;
}

/** Schedules the end-of-month attendance charges (one schedule, one run at a time). */
export async function startAttendanceBilling(
  queue: JobQueue,
  db: Database,
  log: Logger,
): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, ATTENDANCE_BILLING_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 300,
  });
  await boss.schedule(ATTENDANCE_BILLING_QUEUE, ATTENDANCE_BILLING_CRON);
  await boss.work(ATTENDANCE_BILLING_QUEUE, async () => {
    const issued = await issueEndedCycles(db, new Date(), log);
    if (issued > 0) log.info({ issued }, "attendance cycles issued");
  });
}
