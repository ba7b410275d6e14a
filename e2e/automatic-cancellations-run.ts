import { createDatabase } from "@booking/db";
import { loadConfig } from "../apps/server/src/config.ts";
import { runAutomaticCancellations } from "../apps/server/src/modules/automatic-cancellations/job.ts";
import { openDatabase } from "../apps/server/src/modules/operators/command.ts";

// `node e2e/automatic-cancellations-run.ts HOURS` with the test server's DATA_DIR and PORT: runs
// the automatic cancellations' job as it would run HOURS from now (its clock), once.
const hours = Number(process.argv[2] ?? 0);
const config = loadConfig();
const database = await openDatabase(config);
const { db, close } = createDatabase(database.url);
try {
  const run = await runAutomaticCancellations(db, new Date(Date.now() + hours * 3_600_000));
  console.info(JSON.stringify(run));
} finally {
  await close();
  await database.stop();
}
