import { createDatabaseFromTemplate } from "@booking/db";
import pg from "pg";
import { PgBoss } from "pg-boss";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { JOB_HEARTBEAT_SECONDS, QUEUES, startJobQueue } from "../src/jobs/queue.ts";

// Decision 0106: pg-boss's createQueue leaves an existing queue as it is, so a deployment that
// created its queues under older settings must still get the heartbeat that brings a killed
// worker's jobs back within seconds.

let copy: { url: string; drop(): Promise<void> };
beforeAll(async () => {
  copy = await createDatabaseFromTemplate(inject("databaseAdminUrl"), inject("templateDatabase"));
});
afterAll(() => copy.drop());

async function settingsOf(name: string) {
  const client = new pg.Client({ connectionString: copy.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ heartbeat_seconds: number | null; retry_limit: number }>(
      "select heartbeat_seconds, retry_limit from pgboss.queue where name = $1",
      [name],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

describe("the job queues' settings", () => {
  it("reach queues an earlier release created without them", async () => {
    const earlier = new PgBoss({ connectionString: copy.url, supervise: false, schedule: false });
    await earlier.start();
    for (const name of QUEUES) await earlier.createQueue(name, { retryLimit: 2 });
    await earlier.stop({ graceful: false });
    expect(await settingsOf("emails")).toMatchObject({ heartbeat_seconds: null, retry_limit: 2 });

    const queue = await startJobQueue(copy.url, pino({ level: "silent" }));
    try {
      for (const name of QUEUES) {
        expect(await settingsOf(name)).toMatchObject({
          heartbeat_seconds: JOB_HEARTBEAT_SECONDS,
          retry_limit: 5,
        });
      }
    } finally {
      await queue.stop(1_000);
    }
  });
});
