import { type Database, type SeedOptions, type SeedSummary, seedDemo } from "@booking/db";
import { seedDemoBilling } from "./billing-steps.ts";
import { type DemoFlowsOptions, type DemoFlowsSummary, seedDemoFlows } from "./flows.ts";

/**
 * The whole demo: the organisers set up by the seed (packages/db), then what their customers and
 * staff did, made through the services (flows.ts). Each part runs once; a second call writes
 * nothing.
 */
export async function seedDemoData(
  db: Database,
  options: SeedOptions & DemoFlowsOptions = {},
): Promise<{ seed: SeedSummary; flows: DemoFlowsSummary }> {
  const seed = await seedDemo(db, options);
  const flows = await seedDemoFlows(db, options);
  // Once, with the flows: what the demo's customers did is then metered and its last month closed.
  if ("made" in flows) await seedDemoBilling(db, new Date());
  return { seed, flows };
}
