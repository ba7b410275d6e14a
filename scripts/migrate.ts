import { runMigrations, startEmbeddedPostgres } from "@booking/db";

/**
 * `npm run migrate`: applies the pending migrations once, over a direct connection
 * (MIGRATION_DATABASE_URL, else DATABASE_URL; never through a transaction-pooling PgBouncer, whose
 * pooled sessions cannot hold the advisory lock), before servers started with
 * MIGRATE_ON_START=false. Without either it migrates the embedded database under DATA_DIR.
 */
async function migrate(): Promise<number> {
  const direct = process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL || undefined;
  const embedded = direct
    ? undefined
    : await startEmbeddedPostgres({ dataDir: process.env.DATA_DIR || "./data" });
  try {
    const applied = await runMigrations(direct ?? embedded?.url ?? "", {
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
    await embedded?.stop();
  }
}

process.exitCode = await migrate();
