import path from "node:path";
import { runMigrations, runningEmbeddedUrl, startEmbeddedPostgres } from "@booking/db";

/**
 * `npm run migrate`: applies the pending migrations once, over a direct connection
 * (MIGRATION_DATABASE_URL, else DATABASE_URL; never through a transaction-pooling PgBouncer, whose
 * pooled sessions cannot hold the advisory lock), before servers started with
 * MIGRATE_ON_START=false. Without either it migrates the embedded database under DATA_DIR (the
 * running one, or started for the command).
 */
async function migrate(): Promise<number> {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const running =
    process.env.MIGRATION_DATABASE_URL ||
    process.env.DATABASE_URL ||
    runningEmbeddedUrl(dataDir) ||
    undefined;
  const started = running ? undefined : await startEmbeddedPostgres({ dataDir });
  try {
    const applied = await runMigrations(running ?? started?.url ?? "", {
      lockTimeout: process.env.MIGRATION_LOCK_TIMEOUT || "10s",
    });
    console.info(
      applied.length === 0
        ? "No pending migration: the database is up to date."
        : `Applied ${applied.length} migration(s): ${applied.join(", ")}`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await started?.stop();
  }
}

process.exitCode = await migrate();
