import { performance } from "node:perf_hooks";
import type { ReportFilters, ReportName } from "@booking/contracts";
import { REPORTS } from "@booking/contracts";
import { createDatabase, organisers, withTenant } from "@booking/db";
import { eq } from "@booking/db/orm";
import { addDaysToDay, localDay } from "@booking/domain";
import pg from "pg";
import type { ConsoleContext } from "../apps/server/src/http/console-context.ts";
import { reportView } from "../apps/server/src/modules/reports/service.ts";
import { writeExportData } from "./export-data.ts";
import { writeReportData } from "./reports-data.ts";
import {
  type Cleanups,
  formatMs,
  loadAverage,
  machineLine,
  out,
  positiveNumber,
  prepareDatabase,
  runCleanups,
  waitForQuietMachine,
} from "./setup.ts";

/**
 * Reports benchmark (bench/README.md, "Reports benchmark"): the benchmark data set (50 organisers,
 * 20,000 availabilities) and BENCH_REPORT_REGISTRATIONS (100,000) registrations of its largest
 * organiser with attendance, payments, transfers, refunds and assigned collaborators; then each
 * report of apps/server/src/modules/reports, as GET /api/admin/reports/:report computes it (the
 * service in a tenant transaction, without HTTP), BENCH_REPORT_RUNS times per scenario: the last
 * 30 days, the last 366 days, a year from a month ago (every session), and that year filtered on
 * the activity with the most registrations. The target: p95 under 1 s.
 */

const REGISTRATIONS = positiveNumber("BENCH_REPORT_REGISTRATIONS", 100_000);
const RUNS = positiveNumber("BENCH_REPORT_RUNS", 20);
const WAIT_IDLE = process.env.BENCH_WAIT_IDLE ? positiveNumber("BENCH_WAIT_IDLE", 0) : 0;
const TARGET_MS = 1000;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    const { databaseUrl, generated } = await prepareDatabase(
      cleanups,
      positiveNumber("BENCH_ORGANISERS", 50),
    );
    const organiser = generated.organisers[0]!;
    let t = performance.now();
    const data = await writeExportData(databaseUrl, organiser.id, REGISTRATIONS);
    const extra = await writeReportData(databaseUrl, organiser.id);
    out(
      `${organiser.slug}: registrations ${data.skipped ? "already present" : "written"}, report data ${
        extra.skipped ? "already present" : "written"
      } in ${((performance.now() - t) / 1000).toFixed(1)} s ${JSON.stringify({ ...data.counts, ...extra.counts })}`,
    );
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    cleanups.push(() => pool.end());
    const { rows: versions } = await pool.query<{ server_version: string }>("SHOW server_version");
    const { rows: sizes } = await pool.query<{ availabilities: number; registrations: number }>(
      `select (select count(*) from availabilities)::int as availabilities,
              (select count(*) from registrations)::int as registrations`,
    );
    // The activity with the most registrations: the heaviest single-activity filter.
    const { rows: activity } = await pool.query<{ cuid: string }>(
      `select ac.cuid from registrations r
         join availabilities a on a.organiser_id = r.organiser_id and a.id = r.availability_id
         join activities ac on ac.organiser_id = a.organiser_id and ac.id = a.activity_id
        where r.organiser_id = $1 group by ac.organiser_id, ac.id order by count(*) desc limit 1`,
      [organiser.id],
    );
    const database = createDatabase(databaseUrl, { max: 2 });
    cleanups.push(() => database.close());
    const [row] = await database.db
      .select()
      .from(organisers)
      .where(eq(organisers.id, organiser.id));
    const today = localDay(new Date(), row!.timezone);
    // The data set's sessions run from a month ago to nine months ahead, its orders over the
    // last 300 days: a year from a month ago holds every session, the last year every order.
    const year = { from: addDaysToDay(today, -30), to: addDaysToDay(today, 335) };
    const scenarios: Array<{ label: string; filters: ReportFilters }> = [
      { label: "last 30 days", filters: {} },
      { label: "last 366 days", filters: { from: addDaysToDay(today, -365), to: today } },
      { label: "366 days from a month ago", filters: year },
      { label: "the same, one activity", filters: { ...year, activity: activity[0]!.cuid } },
    ];
    const once = (report: ReportName, filters: ReportFilters) =>
      withTenant(database.db, organiser.id, (db) =>
        reportView({ db, organiser: row! } as unknown as ConsoleContext, report, filters),
      );
    for (const report of REPORTS) await once(report, year); // warm-up

    const busyBefore = await waitForQuietMachine(WAIT_IDLE);
    out();
    out(machineLine(versions[0]?.server_version ?? "?", busyBefore));
    out(
      `data: ${sizes[0]!.availabilities.toLocaleString("en")} availabilities, ${sizes[0]!.registrations.toLocaleString("en")} registrations (${organiser.slug}: ${REGISTRATIONS.toLocaleString("en")}); ${RUNS} runs per scenario`,
    );
    out();
    out(
      "| report        | scenario                  |    p50 |    p95 |    max | rows of its tables |",
    );
    out(
      "| :------------ | :------------------------ | -----: | -----: | -----: | -----------------: |",
    );
    let missed = 0;
    for (const report of REPORTS) {
      for (const scenario of scenarios) {
        const times: number[] = [];
        let rows = 0;
        for (let run = 0; run < RUNS; run++) {
          t = performance.now();
          const view = await once(report, scenario.filters);
          times.push(performance.now() - t);
          rows = view.tables.reduce((sum, table) => sum + table.row_count, 0);
        }
        times.sort((a, b) => a - b);
        const p95 = quantile(times, 0.95);
        if (p95 >= TARGET_MS) missed += 1;
        out(
          `| ${report.padEnd(13)} | ${scenario.label.padEnd(25)} | ${formatMs(quantile(times, 0.5)).padStart(6)} | ${formatMs(p95).padStart(6)} | ${formatMs(times.at(-1)!).padStart(6)} | ${rows.toLocaleString("en").padStart(18)} |`,
        );
      }
    }
    out(`load average after the runs: ${loadAverage()}`);
    out(missed === 0 ? "every p95 under 1 s" : `${missed} scenario(s) at or above 1 s at p95`);
    return missed === 0 ? 0 : 1;
  } finally {
    await runCleanups(cleanups);
  }
}

process.exitCode = await main();
