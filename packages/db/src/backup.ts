import { execFileSync } from "node:child_process";
import {
  appendFile,
  chmod,
  chown,
  copyFile,
  lstat,
  mkdir,
  readdir,
  readFile,
  realpath,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Base backups with PostgreSQL's low-level API (decision 0095): the files of a running cluster
 * copied between `pg_backup_start` and `pg_backup_stop`, with the `backup_label` the latter
 * returns and the WAL written meanwhile, so that the copy starts on its own (crash recovery
 * replays that WAL up to the end of the backup). Works with the binaries the embedded package
 * ships (no pg_basebackup or pg_dump there), on the host whose disk holds the cluster.
 */
export interface BaseBackupOptions {
  /** a superuser (or pg_backup_start/stop granted) connection to the cluster */
  url: string;
  /** the cluster's data directory, as this process reaches it */
  clusterDir: string;
  /** where the backup is written: `<target>/db` holds the cluster; must not exist or be empty */
  target: string;
}

export interface BaseBackupResult {
  startLsn: string;
  stopLsn: string;
  /** the WAL segments copied into `db/pg_wal` */
  walSegments: string[];
}

// What PostgreSQL's documentation says to leave out: the running server's own files, WAL (the
// needed segments are copied after pg_backup_stop), and directories reset at start.
const SKIPPED_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
]);
const EMPTIED_DIRECTORIES = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export async function baseBackup(options: BaseBackupOptions): Promise<BaseBackupResult> {
  const clusterDir = await realpath(options.clusterDir);
  const targetDir = path.join(options.target, "db");
  await ensureEmpty(targetDir);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    const { rows: settings } = await client.query<{ data_directory: string }>(
      "SELECT current_setting('data_directory') AS data_directory",
    );
    const served = settings[0]?.data_directory ?? "";
    if ((await realpath(served).catch(() => served)) !== clusterDir) {
      throw new Error(`The server's data directory is ${served}, not ${clusterDir}`);
    }
    const label = `booking ${new Date().toISOString()}`;
    const start = await client.query<{ lsn: string; wal: string }>(
      "SELECT lsn::text, pg_walfile_name(lsn) AS wal FROM pg_backup_start($1, true) AS lsn",
      [label],
    );
    let stop: { lsn: string; wal: string; labelfile: string; spcmapfile: string | null };
    try {
      await copyCluster(clusterDir, targetDir, true);
    } finally {
      // Ends the backup mode even when the copy failed (the session ending would too).
      const stopped = await client.query<typeof stop>(
        "SELECT lsn::text, pg_walfile_name(lsn) AS wal, labelfile, spcmapfile FROM pg_backup_stop(true)",
      );
      stop = stopped.rows[0] as typeof stop;
    }
    await writeFile(path.join(targetDir, "backup_label"), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) {
      await writeFile(path.join(targetDir, "tablespace_map"), stop.spcmapfile, { mode: 0o600 });
    }
    const first = start.rows[0] as { lsn: string; wal: string };
    const walSegments = await copyWal(clusterDir, targetDir, first.wal, stop.wal);
    return { startLsn: first.lsn, stopLsn: stop.lsn, walSegments };
  } finally {
    await client.end();
  }
}

async function ensureEmpty(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (entries.length > 0) throw new Error(`${dir} is not empty: choose a new folder`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Copies a cluster's files. From a live cluster (`live`), what PostgreSQL rebuilds is left out
 * and files that vanish meanwhile (temporary ones) are skipped; a backup is copied whole.
 */
async function copyCluster(source: string, target: string, live: boolean, depth = 0) {
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    const top = live && depth === 0;
    if ((top && SKIPPED_FILES.has(entry.name)) || (live && entry.name.startsWith("pgsql_tmp"))) {
      continue;
    }
    if (entry.isDirectory()) {
      await mkdir(to, { mode: 0o700 });
      if (top && EMPTIED_DIRECTORIES.has(entry.name)) {
        if (entry.name === "pg_wal") await mkdir(path.join(to, "archive_status"), { mode: 0o700 });
        continue;
      }
      await copyCluster(from, to, live, depth + 1);
    } else if (entry.isFile()) {
      await copyFile(from, to).catch((error: NodeJS.ErrnoException) => {
        if (!live || error.code !== "ENOENT") throw error;
      });
    } else if (entry.isSymbolicLink()) {
      throw new Error(
        `${from} is a link (a tablespace or a moved pg_wal): not supported, use pg_basebackup`,
      );
    }
  }
}

/** The segments from the backup's start to its stop, and the timelines' history files. */
async function copyWal(clusterDir: string, targetDir: string, first: string, last: string) {
  const walDir = path.join(clusterDir, "pg_wal");
  const names = (await readdir(walDir)).sort();
  const segments = names.filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last);
  if (segments[0] !== first || segments.at(-1) !== last) {
    throw new Error(
      `WAL segments ${first} to ${last} are no longer all in pg_wal: archive WAL (archive_command) or raise wal_keep_size`,
    );
  }
  for (const name of [...segments, ...names.filter((each) => each.endsWith(".history"))]) {
    await copyFile(path.join(walDir, name), path.join(targetDir, "pg_wal", name));
  }
  return segments;
}

export interface RestoreOptions {
  /** a backup's `db` folder (baseBackup's `<target>/db`) */
  backupDir: string;
  /** the new cluster's data directory; must not exist or be empty */
  clusterDir: string;
  /**
   * The WAL archive (archive_command's folder): recovery then replays every archived segment
   * after the backup (up to `targetTime` if given) instead of stopping at the backup's end.
   */
  walArchive?: string;
  targetTime?: string;
  /** the system user the cluster runs as (PostgreSQL refuses root): owns the restored files */
  owner?: string;
}

/** Lays a base backup out as a new data directory that PostgreSQL then starts on. */
export async function restoreBaseBackup(options: RestoreOptions): Promise<void> {
  await lstat(path.join(options.backupDir, "backup_label"));
  await ensureEmpty(options.clusterDir);
  await copyCluster(options.backupDir, options.clusterDir, false);
  if (options.walArchive) {
    const archive = path.resolve(options.walArchive);
    const lines = [
      "# Written by npm run restore: replay the archived WAL after the base backup.",
      `restore_command = 'cp "${archive.replaceAll("'", "''")}/%f" "%p"'`,
      ...(options.targetTime
        ? [`recovery_target_time = '${options.targetTime.replaceAll("'", "''")}'`]
        : []),
      "recovery_target_action = 'promote'",
    ];
    await appendFile(
      path.join(options.clusterDir, "postgresql.auto.conf"),
      `\n${lines.join("\n")}\n`,
    );
    await writeFile(path.join(options.clusterDir, "recovery.signal"), "");
  }
  if (options.owner) await chownTree(options.clusterDir, options.owner);
}

async function chownTree(dir: string, user: string): Promise<void> {
  const uid = Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, user);
    else await chown(full, uid, gid);
  }
}

/** The backup's description, written beside `db/`. */
export async function writeBackupManifest(target: string, result: BaseBackupResult): Promise<void> {
  const manifest = {
    method: "pg_backup_start/pg_backup_stop",
    createdAt: new Date().toISOString(),
    ...result,
  };
  await writeFile(path.join(target, "backup.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readBackupManifest(
  target: string,
): Promise<BaseBackupResult & { createdAt: string }> {
  return JSON.parse(await readFile(path.join(target, "backup.json"), "utf8"));
}
