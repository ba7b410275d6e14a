import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./setup.ts";

/**
 * PgBouncer in front of a PostgreSQL on this machine, configured as deploy/pgbouncer/pgbouncer.ini
 * (transaction pooling, `max_prepared_statements`): for the PgBouncer integration test and the
 * multi-process bench (decision 0105). Only a version that keeps named prepared statements in
 * transaction pooling (1.21 or later) is used.
 */

export const MIN_VERSION = [1, 21] as const;
/** Where deploy/pgbouncer/build-from-debian-source.sh installs it. */
export const BUILT_BINARY = "/opt/pgbouncer/bin/pgbouncer";
const DEPLOY_INI = path.join(ROOT, "deploy/pgbouncer/pgbouncer.ini");

export type PgBouncerBinary = { bin: string; version: string } | { bin: null; reason: string };

/** PGBOUNCER_BIN, else the one the build script installs, else `pgbouncer` on PATH. */
export function findPgBouncer(): PgBouncerBinary {
  const candidates = [process.env.PGBOUNCER_BIN, BUILT_BINARY, "pgbouncer"].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const tooOld: string[] = [];
  for (const bin of candidates) {
    if (bin.includes("/") && !existsSync(bin)) continue;
    const run = spawnSync(bin, ["--version"], { encoding: "utf8" });
    const match = /PgBouncer (\d+)\.(\d+)(?:\.\d+)?/.exec(run.stdout ?? "");
    if (!match) continue;
    const [major, minor] = [Number(match[1]), Number(match[2])];
    const version = match[0].slice("PgBouncer ".length);
    if (major > MIN_VERSION[0] || (major === MIN_VERSION[0] && minor >= MIN_VERSION[1])) {
      return { bin, version };
    }
    tooOld.push(`${bin} is ${version}`);
  }
  return {
    bin: null,
    reason: `no PgBouncer ≥ ${MIN_VERSION.join(".")} (PGBOUNCER_BIN, ${BUILT_BINARY} or PATH${
      tooOld.length > 0 ? `; ${tooOld.join(", ")}` : ""
    }): deploy/pgbouncer/build-from-debian-source.sh builds one`,
  };
}

/** The deploy configuration with some of its [pgbouncer] settings replaced or added. */
export function withSettings(ini: string, settings: Record<string, string>): string {
  const pending = new Map(Object.entries(settings));
  const lines = ini.split("\n").map((line) => {
    const key = /^\s*([a-z_]+)\s*=/.exec(line)?.[1];
    if (key === undefined || !pending.has(key)) return line;
    const value = pending.get(key);
    pending.delete(key);
    return `${key} = ${value}`;
  });
  const at = lines.findIndex((line) => line.trim() === "[pgbouncer]");
  if (at < 0) throw new Error("the PgBouncer configuration has no [pgbouncer] section");
  lines.splice(at + 1, 0, ...[...pending].map(([key, value]) => `${key} = ${value}`));
  return lines.join("\n");
}

export interface PgBouncer {
  port: number;
  version: string;
  /** `databaseUrl` (a direct URL to the PostgreSQL it fronts) through PgBouncer */
  through(databaseUrl: string): string;
  /** SHOW <what> on the admin console (STATS, POOLS, ...) */
  show(what: string): Promise<Array<Record<string, string>>>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** PgBouncer refuses to run as root: as root it runs as `nobody`. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) =>
    Number(spawnSync("id", [flag, "nobody"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * Starts PgBouncer for the PostgreSQL `databaseUrl` points at (any database name on it, as the
 * deploy configuration's `*` entry), with the user and password of that URL in its userlist.
 * `settings` override the deploy configuration (a small `default_pool_size` makes many clients
 * share few server connections, so that statements move between them).
 */
export async function startPgBouncer(
  bin: { bin: string; version: string },
  databaseUrl: string,
  settings: Record<string, string> = {},
): Promise<PgBouncer> {
  const target = new URL(databaseUrl);
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const dir = await mkdtemp(path.join(tmpdir(), "booking-pgbouncer-"));
  const port = await freePort();
  const deployIni = await readFile(DEPLOY_INI, "utf8");
  const ini = withSettings(
    deployIni.replace(/^\* = .*$/m, `* = host=${target.hostname} port=${target.port}`),
    {
      listen_addr: "127.0.0.1",
      listen_port: String(port),
      auth_file: path.join(dir, "userlist.txt"),
      unix_socket_dir: "",
      admin_users: user,
      stats_users: user,
      ...settings,
    },
  );
  const files = { ini: path.join(dir, "pgbouncer.ini"), users: path.join(dir, "userlist.txt") };
  await writeFile(files.ini, ini);
  await writeFile(files.users, `"${user}" "${password}"\n`, { mode: 0o600 });
  const owner = runAs();
  if (owner) {
    await chmod(dir, 0o755);
    for (const file of Object.values(files)) await chown(file, owner.uid, owner.gid);
  }
  const child = spawn(bin.bin, [files.ini], {
    stdio: ["ignore", "ignore", "pipe"],
    ...(owner ?? {}),
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const auth = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  const stop = () => stopChild(child).then(() => rm(dir, { recursive: true, force: true }));
  try {
    await waitForPort(port, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    version: bin.version,
    through(url) {
      const address = new URL(url);
      address.hostname = "127.0.0.1";
      address.port = String(port);
      return address.toString();
    },
    async show(what) {
      const pg = (await import("pg")).default;
      const admin = new pg.Client({
        connectionString: `postgres://${auth}@127.0.0.1:${port}/pgbouncer`,
      });
      await admin.connect();
      try {
        // Without parameters node-postgres sends the simple protocol, the only one it speaks.
        const result = await admin.query(`SHOW ${what}`);
        return result.rows as Array<Record<string, string>>;
      } finally {
        await admin.end();
      }
    },
    stop,
  };
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited at start:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PgBouncer did not listen on ${port} within 10 s:\n${log()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // SIGQUIT closes at once (since 1.23 SIGTERM and SIGINT wait for clients and transactions).
  child.kill("SIGQUIT");
  const killed = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(killed);
}
