import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { ImportKind, ImportSummaryView } from "@booking/contracts";
import {
  collaboratorRoles,
  createDatabase,
  customers,
  organiserCollaborators,
  organisers,
  registrations,
  runMigrations,
  seedDemo,
  startEmbeddedPostgres,
  withTenant,
} from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import pino from "pino";
import { type ConsoleContext, consoleContextOf } from "../apps/server/src/http/console-context.ts";
import type { LiveSession } from "../apps/server/src/modules/collaborators/queries.ts";
import { findRoleAt } from "../apps/server/src/modules/collaborators/queries.ts";
import { readImportFile } from "../apps/server/src/modules/imports/read-file.ts";
import { importsConsole } from "../apps/server/src/modules/imports/service.ts";
import { measureOrMain, runInChild, sampleMemory } from "./child.ts";
import {
  type Cleanups,
  loadAverage,
  machineLine,
  out,
  positiveNumber,
  readProcessTable,
  runCleanups,
} from "./setup.ts";

/**
 * Import benchmark (issue 17 §2): a file of BENCH_IMPORT_ROWS rows (10,000) read, checked (the
 * dry run), committed, then imported again (nothing to change), in a child process of its own so
 * that its peak memory is the import's alone. The budget: under 30 s for the file, in bounded
 * memory. BENCH_IMPORT_KIND chooses the file: CUSTOMERS (default; families of one to three
 * children, one row per child) or REGISTRATIONS (the same families' children registered on 100
 * one-day availabilities of 10 activities, named by activity, date and start; the activities and
 * availabilities are imported first, untimed — decision 0091).
 */

const ROWS = positiveNumber("BENCH_IMPORT_ROWS", 10_000);
const KIND = process.env.BENCH_IMPORT_KIND === "REGISTRATIONS" ? "REGISTRATIONS" : "CUSTOMERS";
const MB = 2 ** 20;
/** The registrations' availabilities: enough places for every row. */
const SESSIONS = 100;

type ImportFileRef = { kind: ImportKind; path: string };
type Run = { organiserId: number; setup: ImportFileRef[]; file: ImportFileRef };
/** `cpu`: seconds of CPU of the benchmark's processes (this child and PostgreSQL) in the step. */
type Step = { step: string; seconds: number; cpu: number | null; summary: string };
type Result = { steps: Step[]; rssBefore: number; peakRss: number; peakHeap: number };

/** A family's e-mail, names and phone, as both files write them. */
const familyCells = (family: number) => [
  `Parent${family}`,
  `Bench${family}`,
  `bench.${family}@example.org`,
  `0470 ${String(100000 + family).slice(-6, -3)} ${String(family % 1000).padStart(3, "0")}`,
];

/** One row per child: families of one to three children, as another tool exports them. */
function customerFile(rows: number): string {
  const lines = [
    "Prénom;Nom;E-mail;Téléphone;Prénom de l'enfant;Date de naissance;Comment nous avez-vous connus ?",
  ];
  let family = 0;
  while (lines.length <= rows) {
    family += 1;
    const children = (family % 3) + 1;
    for (let child = 1; child <= children && lines.length <= rows; child += 1) {
      const day = String((family % 28) + 1).padStart(2, "0");
      lines.push(
        `${familyCells(family).join(";")};Enfant${child};${day}/0${(child % 9) + 1}/201${child};École`,
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Activities and one-day availabilities next year, for the registrations to name. */
function sessionFiles(): { activities: string; availabilities: string } {
  const year = new Date().getUTCFullYear() + 1;
  const activities = ["Identifiant;Activité;Prix"];
  for (let a = 0; a < 10; a += 1) activities.push(`BENCH-ACT-${a};Bench activité ${a};100`);
  const availabilities = ["Identifiant;ID activité;Date;Début;Fin;Places"];
  for (let s = 0; s < SESSIONS; s += 1) {
    const day = `${String((s % 28) + 1).padStart(2, "0")}/${String(Math.floor(s / 28) + 3).padStart(2, "0")}/${year}`;
    availabilities.push(
      `BENCH-S-${s};BENCH-ACT-${s % 10};${day};9:00;12:00;${Math.ceil(ROWS / SESSIONS) + 10}`,
    );
  }
  return {
    activities: `${activities.join("\r\n")}\r\n`,
    availabilities: `${availabilities.join("\r\n")}\r\n`,
  };
}

/** One row per child registered, each family's rows on one availability, paid in part. */
function registrationFile(rows: number): string {
  const year = new Date().getUTCFullYear() + 1;
  const lines = [
    "ID inscription;Prénom;Nom;E-mail;Téléphone;Prénom de l'enfant;Date de naissance;Activité;Date;Heure;Montant;Payé;Moyen de paiement",
  ];
  let family = 0;
  while (lines.length <= rows) {
    family += 1;
    const children = (family % 3) + 1;
    const s = family % SESSIONS;
    const day = `${String((s % 28) + 1).padStart(2, "0")}/${String(Math.floor(s / 28) + 3).padStart(2, "0")}/${year}`;
    for (let child = 1; child <= children && lines.length <= rows; child += 1) {
      lines.push(
        [
          `BENCH-R-${lines.length}`,
          ...familyCells(family),
          `Enfant${child}`,
          `${String((family % 28) + 1).padStart(2, "0")}/0${(child % 9) + 1}/201${child}`,
          `Bench activité ${s % 10}`,
          day,
          "9:00",
          "100",
          family % 2 === 0 ? "40" : "",
          family % 2 === 0 ? "Espèces" : "",
        ].join(";"),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The demo owner's console context in `tx`, as a request's (no session row: nothing reads it). */
async function ownerContext(
  tx: Parameters<Parameters<typeof withTenant>[2]>[0],
  organiserId: number,
) {
  const [organiser] = await tx.select().from(organisers).where(eq(organisers.id, organiserId));
  const [owner] = await tx
    .select({ id: organiserCollaborators.collaboratorId })
    .from(organiserCollaborators)
    .innerJoin(collaboratorRoles, eq(collaboratorRoles.id, organiserCollaborators.roleId))
    .where(
      and(eq(organiserCollaborators.organiserId, organiserId), eq(collaboratorRoles.isOwner, true)),
    );
  const role = await findRoleAt(tx, organiserId, owner!.id);
  const session = {
    collaborator: { id: owner!.id },
    session: { id: 0, impersonatorOperatorId: null },
    impersonator: null,
  } as unknown as LiveSession;
  return consoleContextOf(
    tx,
    { session, organiser: organiser!, role: role! },
    pino({ level: "silent" }),
    () => {},
  );
}

/**
 * CPU seconds used so far by the benchmark's process tree — the parent holds the embedded
 * PostgreSQL (its backends, exited ones included) and this child —, null without /proc.
 */
function benchCpu(): number | null {
  try {
    const { parents, ticks } = readProcessTable();
    let total = 0;
    for (const [pid, used] of ticks) {
      for (let cursor: number | undefined = pid, depth = 0; cursor && depth < 20; depth++) {
        if (cursor === process.ppid) {
          total += used;
          break;
        }
        cursor = parents.get(cursor);
      }
    }
    return total / 100;
  } catch {
    return null;
  }
}

async function measure(databaseUrl: string, run: Run): Promise<Result> {
  const database = createDatabase(databaseUrl, { max: 2 });
  const inContext = <T>(fn: (context: ConsoleContext) => Promise<T>) =>
    withTenant(database.db, run.organiserId, async (tx) =>
      fn(await ownerContext(tx, run.organiserId)),
    );
  try {
    const memory = sampleMemory();
    const steps: Step[] = [];
    const timed = async <T>(step: string, fn: () => Promise<T>, summary: (value: T) => string) => {
      const start = performance.now();
      const cpuBefore = benchCpu();
      const value = await fn();
      const cpuAfter = benchCpu();
      steps.push({
        step,
        seconds: (performance.now() - start) / 1000,
        cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
        summary: summary(value),
      });
      return value;
    };
    const counts = (s: ImportSummaryView) =>
      Object.entries(s)
        .map(
          ([kind, n]) =>
            `${kind} ${n.created} created, ${n.updated} updated, ${n.unchanged} unchanged`,
        )
        .join("; ");
    for (const ref of run.setup) {
      const file = await readImportFile(await readFile(ref.path));
      const uploaded = await inContext((context) =>
        importsConsole.upload(context, { kind: ref.kind, fileName: "setup.csv", file }),
      );
      await inContext((context) => importsConsole.commit(context, uploaded.cuid));
    }
    for (const pass of ["first import", "same file again"]) {
      const total = performance.now();
      const bytes = await readFile(run.file.path);
      const file = await timed(
        `${pass}: read the file`,
        () => readImportFile(bytes),
        (f) => `${f.rows.length} rows`,
      );
      const uploaded = await timed(
        `${pass}: upload (stored, mapping guessed)`,
        () =>
          inContext((context) =>
            importsConsole.upload(context, { kind: run.file.kind, fileName: "bench.csv", file }),
          ),
        (detail) => `${detail.mapping.filter(Boolean).length} columns mapped`,
      );
      await timed(
        `${pass}: check and dry run`,
        () => inContext((context) => importsConsole.check(context, uploaded.cuid, "fr")),
        (check) => `${check.error_count} errors; ${check.summary ? counts(check.summary) : "-"}`,
      );
      await timed(
        `${pass}: commit`,
        () => inContext((context) => importsConsole.commit(context, uploaded.cuid)),
        (result) => counts(result.summary),
      );
      steps.push({
        step: `${pass}: total`,
        seconds: (performance.now() - total) / 1000,
        cpu: null,
        summary: "",
      });
    }
    const peak = memory.stop();
    return { steps, rssBefore: memory.before.rss, peakRss: peak.rss, peakHeap: peak.heapUsed };
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    let databaseUrl = process.env.BENCH_DATABASE_URL;
    const dir = await mkdtemp(path.join(tmpdir(), "booking-bench-imports-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    if (!databaseUrl) {
      const dataDir = await mkdtemp(path.join(tmpdir(), "booking-bench-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const embedded = await startEmbeddedPostgres({ dataDir });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    await runMigrations(databaseUrl);
    const seedDb = createDatabase(databaseUrl);
    await seedDemo(seedDb.db).finally(() => seedDb.close());
    const lookup = createDatabase(databaseUrl);
    const [demo] = await lookup.db.select().from(organisers).where(eq(organisers.slug, "demo"));
    const write = async (name: string, text: string, kind: ImportKind): Promise<ImportFileRef> => {
      const ref = { kind, path: path.join(dir, name) };
      await writeFile(ref.path, text);
      return ref;
    };
    const sessions = sessionFiles();
    const setup =
      KIND === "REGISTRATIONS"
        ? [
            await write("activities.csv", sessions.activities, "ACTIVITIES"),
            await write("availabilities.csv", sessions.availabilities, "AVAILABILITIES"),
          ]
        : [];
    const file =
      KIND === "REGISTRATIONS"
        ? await write("registrations.csv", registrationFile(ROWS), "REGISTRATIONS")
        : await write("customers.csv", customerFile(ROWS), "CUSTOMERS");
    out(
      machineLine(
        (await lookup.db.execute<{ server_version: string }>(sql`show server_version`)).rows[0]
          ?.server_version ?? "?",
        null,
      ),
    );
    const counted = () =>
      KIND === "REGISTRATIONS"
        ? lookup.db.$count(registrations, eq(registrations.organiserId, demo!.id))
        : lookup.db.$count(customers, eq(customers.organiserId, demo!.id));
    const before = await counted();
    const r = await runInChild<Run, Result>(import.meta.filename, databaseUrl, {
      organiserId: demo!.id,
      setup,
      file,
    });
    const after = await counted();
    await lookup.close();
    out();
    out(
      `${KIND} file: ${ROWS.toLocaleString("en")} rows, ${((await readFile(file.path)).length / MB).toFixed(1)} MB`,
    );
    out("| step | s | CPU s (Node + PostgreSQL) | CPU ms a row | result |");
    out("| :--- | ---: | ---: | ---: | :--- |");
    for (const step of r.steps) {
      const cpu = step.cpu === null ? "" : step.cpu.toFixed(2);
      const perRow = step.cpu === null ? "" : ((step.cpu * 1000) / ROWS).toFixed(2);
      out(`| ${step.step} | ${step.seconds.toFixed(2)} | ${cpu} | ${perRow} | ${step.summary} |`);
    }
    out();
    out(`${KIND.toLowerCase()} of the organiser: ${before} before, ${after} after`);
    out(
      `RSS before → peak: ${(r.rssBefore / MB).toFixed(1)} → ${(r.peakRss / MB).toFixed(1)} MB; peak heap ${(r.peakHeap / MB).toFixed(1)} MB`,
    );
    out(`load average after the runs: ${loadAverage()}`);
    return 0;
  } finally {
    await runCleanups(cleanups);
  }
}

await measureOrMain(measure, main);
