import { type ChildProcess, fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, createDatabaseFromTemplate, type Database, messages } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { SENDING_LEASE_RENEW_MS } from "@booking/domain";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { queueMessage } from "../src/modules/messages/queue.ts";
import { startSmtpServer, type TestSmtpServer } from "./smtp-fixtures.ts";

// Issue 18 item 1, decision 0106: `npm run worker` killed with SIGKILL while a job runs; a new
// worker takes the job again within seconds (pg-boss heartbeats, the message's lease), and its
// effect happens once.
const WORKER = fileURLToPath(new URL("../src/worker.ts", import.meta.url));
const RECIPIENT = "killed-worker@example.org";

let database: { db: Database; close(): Promise<void> };
let copy: { url: string; drop(): Promise<void> };
let dataDir: string;
beforeAll(async () => {
  copy = await createDatabaseFromTemplate(inject("databaseAdminUrl"), inject("templateDatabase"));
  database = createDatabase(copy.url);
  dataDir = await mkdtemp(path.join(tmpdir(), "booking-worker-crash-"));
});
afterAll(async () => {
  await database.close();
  await copy.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run worker` as deployed, delivering to `smtp`; resolves once its workers run. */
async function startWorker(smtp: TestSmtpServer): Promise<ChildProcess> {
  const child = fork(WORKER, [], {
    env: {
      ...process.env,
      DATABASE_URL: copy.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Test <no-reply@example.org>",
      PLATFORM_DOMAIN: "localhost",
      LOG_LEVEL: "error",
    },
    execPath: process.execPath,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the worker exited (${code}) at start`)));
  });
  return child;
}

async function waitFor<T>(what: string, seconds: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${seconds} s`);
}

async function jobOf(id: string) {
  const { rows } = await database.db.execute<{ state: string; retry_count: number }>(
    sql`select state, retry_count from pgboss.job where name = 'emails' and id = ${id}`,
  );
  return rows[0];
}

describe("a worker process killed with SIGKILL during a job", () => {
  it("gives the job to the next worker within seconds; the e-mail leaves once, with its Message-ID", async () => {
    let held!: () => void;
    const heldOnce = new Promise<void>((resolve) => {
      held = resolve;
    });
    let holding = true;
    // The first attempt's DATA phase never gets its answer: the worker is killed waiting for it.
    const smtp = await startSmtpServer({
      holdData: (mail) => {
        if (!holding || !mail.to.includes(RECIPIENT)) return false;
        holding = false;
        held();
        return true;
      },
    });
    const workers: ChildProcess[] = [];
    const boss = new PgBoss({ connectionString: copy.url, supervise: false, schedule: false });
    try {
      workers.push(await startWorker(smtp));
      await boss.start();
      const messageId = await queueMessage(database.db, {
        organiserId: null,
        to: RECIPIENT,
        subject: "Confirmation",
        html: "<p>Inscription confirmée</p>",
        text: "Inscription confirmée",
      });
      // As a request enqueues it (apps/server/src/jobs/queue.ts).
      const jobId = await boss.send("emails", { email_id: messageId });
      await heldOnce;
      expect(await jobOf(jobId!)).toMatchObject({ state: "active" });
      const leaseOf = async () => {
        const [row] = await database.db.select().from(messages).where(eq(messages.id, messageId!));
        expect(row).toMatchObject({ status: "SENDING", attempts: 1 });
        return row!.nextAttemptAt!.getTime();
      };
      // While the SMTP server holds the message, the live attempt renews its lease; meanwhile a
      // second worker starts beside it, and can take neither the job nor the message.
      const claimed = await leaseOf();
      const [second] = await Promise.all([
        startWorker(smtp),
        new Promise((resolve) => setTimeout(resolve, SENDING_LEASE_RENEW_MS + 1500)),
      ]);
      workers.push(second);
      expect(await leaseOf()).toBeGreaterThan(claimed);
      expect(await jobOf(jobId!)).toMatchObject({ state: "active" });

      workers[0]!.kill("SIGKILL");
      const killedAt = Date.now();

      const completed = await waitFor("the job completed by the second worker", 60, async () => {
        const job = await jobOf(jobId!);
        const delivered = smtp.received.some((mail) => mail.to.includes(RECIPIENT));
        return job?.state === "completed" && delivered ? job : undefined;
      });
      const seconds = (Date.now() - killedAt) / 1000;
      // The heartbeat (10 s), pg-boss's look every 5 s, the retry's delay and the lease (20 s).
      expect(seconds).toBeLessThan(60);
      expect(completed.retry_count).toBeGreaterThanOrEqual(1);

      // A few seconds more: nothing else goes out (the sweeper, the job's other retries).
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const ours = smtp.received.filter((mail) => mail.to.includes(RECIPIENT));
      expect(ours).toHaveLength(1);
      const rows = await database.db
        .select()
        .from(messages)
        .where(eq(messages.toAddress, RECIPIENT));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "SENT", attempts: 2, uncertain: true });
      expect(ours[0]!.parsed.messageId).toBe(rows[0]!.messageId);
    } finally {
      for (const worker of workers) worker.kill("SIGKILL");
      await boss.stop({ graceful: false }).catch(() => {});
      await smtp.close();
    }
  }, 150_000);
});
