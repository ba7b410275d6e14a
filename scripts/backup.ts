import { existsSync } from "node:fs";
import { cp, mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "@booking/db";
import { baseBackup, writeBackupManifest } from "@booking/db/backup";

const USAGE = `npm run backup -- FOLDER   (decision 0095, README "Backups and restore")
  A base backup of the running database into FOLDER (new or empty), beside the uploaded images
  and secrets of DATA_DIR: FOLDER is then laid out like a DATA_DIR.
  Embedded PostgreSQL: the one running under DATA_DIR (started for the backup if none is).
  Another PostgreSQL on this host: MIGRATION_DATABASE_URL (or DATABASE_URL), a direct superuser
  connection, and PGDATA, its data directory.`;

// What DATA_DIR holds beside the cluster: the embedded cluster's password, the local secret and
// the uploaded images.
const DATA_DIR_FILES = ["postgres-password", "secret.key", "images"];

async function backup(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const [folder] = positionals;
  if (!folder) {
    console.error(USAGE);
    return 1;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const direct = process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL || undefined;
  if (direct && !process.env.PGDATA) {
    console.error(
      `PGDATA (the cluster's data directory on this host) is required with a database URL.\n\n${USAGE}`,
    );
    return 1;
  }
  const running = direct ?? runningEmbeddedUrl(dataDir);
  const started = running ? undefined : await startEmbeddedPostgres({ dataDir });
  try {
    const target = path.resolve(folder);
    const result = await baseBackup({
      url: running ?? started?.url ?? "",
      clusterDir: process.env.PGDATA || path.join(dataDir, "db"),
      target,
    });
    for (const name of DATA_DIR_FILES.filter((each) => existsSync(path.join(dataDir, each)))) {
      await mkdir(target, { recursive: true });
      await cp(path.join(dataDir, name), path.join(target, name), { recursive: true });
    }
    await writeBackupManifest(target, result);
    console.info(
      `Backup written to ${target}: WAL ${result.startLsn} to ${result.stopLsn}, ${result.walSegments.length} segment(s).`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await started?.stop();
  }
}

process.exitCode = await backup(process.argv.slice(2));
