import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTemplateDatabase, startEmbeddedPostgres } from "@booking/db";
import type { TestProject } from "vitest/node";
import { seedDemoFlows } from "../src/demo/flows.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    templateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = "booking_template";

/**
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL, or an embedded one in a temporary
 * folder); migrations, the demo seed and its flows go into a template that every test file copies.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), "booking-test-pg-"));
    const embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  await createTemplateDatabase(adminUrl, TEMPLATE_DATABASE, (db) => seedDemoFlows(db));
  project.provide("databaseAdminUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
  return async () => {
    await stop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
