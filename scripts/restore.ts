import { existsSync } from "node:fs";
import { cp } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { readBackupManifest, restoreBaseBackup } from "@booking/db/backup";

const USAGE = `npm run restore -- BACKUP NEW_DATA_DIR [--wal-archive FOLDER [--target-time TIME]]
  Lays out the backup made by npm run backup as a new data directory (NEW_DATA_DIR must not
  exist or be empty). Start the server on it (DATA_DIR=NEW_DATA_DIR npm start), or point
  PostgreSQL's data directory at NEW_DATA_DIR/db. With --wal-archive, recovery replays the
  archived WAL after the backup (up to --target-time, e.g. '2026-11-27 21:00:00+00').`;

// Copied beside the cluster as npm run backup found them in DATA_DIR.
const DATA_DIR_FILES = ["postgres-password", "secret.key", "images"];

async function restore(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { "wal-archive": { type: "string" }, "target-time": { type: "string" } },
  });
  const [backup, dataDir] = positionals.map((each) => path.resolve(each));
  if (!backup || !dataDir || (values["target-time"] && !values["wal-archive"])) {
    console.error(USAGE);
    return 1;
  }
  try {
    const manifest = await readBackupManifest(backup);
    await restoreBaseBackup({
      backupDir: path.join(backup, "db"),
      clusterDir: path.join(dataDir, "db"),
      walArchive: values["wal-archive"],
      targetTime: values["target-time"],
      // PostgreSQL refuses to run as root: the embedded cluster then runs as `postgres`.
      owner: process.getuid?.() === 0 ? "postgres" : undefined,
    });
    for (const name of DATA_DIR_FILES.filter((each) => existsSync(path.join(backup, each)))) {
      await cp(path.join(backup, name), path.join(dataDir, name), { recursive: true });
    }
    console.info(
      `Backup of ${manifest.createdAt} (up to WAL ${manifest.stopLsn}) restored into ${dataDir}.`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await restore(process.argv.slice(2));
