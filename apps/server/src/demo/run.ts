// Migrates a database, then writes the demo data unless it is already there:
//   DATABASE_URL=postgres://... node apps/server/src/demo/run.ts [--force]   (npm run seed)
// Without DATABASE_URL, the embedded PostgreSQL of the development server (`DATA_DIR`, default
// ./data; stop the server first) — `npm run seed -- --force` there replaces the demo organisers
// of an existing development database with the current demo data.
import path from "node:path";
import {
  createDatabase,
  type EmbeddedPostgresHandle,
  runMigrations,
  startEmbeddedPostgres,
} from "@booking/db";
import { seedDemoData } from "./seed.ts";

let url = process.env.DATABASE_URL;
let embedded: EmbeddedPostgresHandle | undefined;
if (!url) {
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  console.info(`DATABASE_URL is not set: embedded PostgreSQL in ${dataDir}`);
  embedded = await startEmbeddedPostgres({ dataDir });
  url = embedded.url;
}

try {
  await runMigrations(url);
  const { db, close } = createDatabase(url, { max: 1 });
  try {
    const summary = await seedDemoData(db, { force: process.argv.includes("--force") });
    console.info(JSON.stringify(summary, null, 2));
  } finally {
    await close();
  }
} finally {
  await embedded?.stop();
}
