// `DATABASE_URL=postgres://... node packages/db/src/seed/run.ts [--force]`: migrates the database,
// then writes the demo data unless it is already there.
import { createDatabase } from "../client.ts";
import { runMigrations } from "../migrate.ts";
import { seedDemo } from "./index.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set");
  process.exit(1);
}

await runMigrations(url);
const { db, close } = createDatabase(url, { max: 1 });
try {
  const summary = await seedDemo(db, { force: process.argv.includes("--force") });
  console.info(JSON.stringify(summary, null, 2));
} finally {
  await close();
}
