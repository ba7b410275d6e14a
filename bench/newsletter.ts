import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  createDatabase,
  newsletters,
  organisers,
  runMigrations,
  seedDemo,
  segments,
  startEmbeddedPostgres,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import pg from "pg";
import { createPublicUrls } from "../apps/server/src/http/public-urls.ts";
import { createMailTransport } from "../apps/server/src/modules/mail/transport.ts";
import { deliverMessage } from "../apps/server/src/modules/messages/delivery.ts";
import { sendNewsletterBatch } from "../apps/server/src/modules/newsletters/sender.ts";
import { measureOrMain, runInChild, sampleMemory } from "./child.ts";
import {
  type Cleanups,
  loadAverage,
  machineLine,
  out,
  positiveNumber,
  runCleanups,
  waitForQuietMachine,
} from "./setup.ts";
import { startSmtpSink } from "./smtp-sink.ts";

/**
 * Newsletter benchmark (bench/README.md, "Newsletter benchmark"): a newsletter to
 * BENCH_NEWSLETTER_RECIPIENTS consenting customers (20,000), and to a tenth as many, each in a
 * child process of its own so that its peak memory is the sending's alone. The child runs the
 * server's sender (modules/newsletters/sender.ts) batch after batch without the rate limit's
 * pauses, and delivers every queued mail (modules/messages/delivery.ts) to a local SMTP sink
 * that counts what it receives, BENCH_NEWSLETTER_CONCURRENCY deliveries at a time. Memory is
 * sampled every 50 ms. Constant memory shows as the same peaks at both sizes.
 */

const RECIPIENTS = positiveNumber("BENCH_NEWSLETTER_RECIPIENTS", 20_000);
const BATCH = positiveNumber("BENCH_NEWSLETTER_BATCH", 500);
const CONCURRENCY = positiveNumber("BENCH_NEWSLETTER_CONCURRENCY", 8);
const WAIT_IDLE = process.env.BENCH_WAIT_IDLE ? positiveNumber("BENCH_WAIT_IDLE", 0) : 0;
const MB = 2 ** 20;
const SECRET = "bench-secret-bench-secret-bench-secret-00";

type Run = { organiserId: number; newsletterId: number; smtpUrl: string };
type Result = {
  recipients: number;
  queueSeconds: number;
  totalSeconds: number;
  rssBefore: number;
  peakRss: number;
  heapBefore: number;
  peakHeap: number;
};

/** The child: the whole newsletter queued and delivered, memory sampled every 50 ms. */
async function measure(databaseUrl: string, run: Run): Promise<Result> {
  const database = createDatabase(databaseUrl, { max: CONCURRENCY + 2 });
  const mail = createMailTransport(run.smtpUrl, "Bench <bench@example.org>");
  const senders = { mail, sms: null };
  const pending = new Set<Promise<void>>();
  let queueMs = 0;
  let waitMs = 0;
  const deliver = async (id: number) => {
    // At most CONCURRENCY deliveries in flight: the queue of ids never grows with the list.
    const waitStart = performance.now();
    while (pending.size >= CONCURRENCY) await Promise.race(pending);
    waitMs += performance.now() - waitStart;
    const delivery = deliverMessage(database.db, senders, id).finally(() =>
      pending.delete(delivery),
    );
    pending.add(delivery);
  };
  try {
    const memory = sampleMemory();
    const start = performance.now();
    const deps = {
      secret: SECRET,
      publicUrls: createPublicUrls({ platformDomain: "localhost", scheme: "https", port: null }),
      dispatchEmail: deliver,
    };
    let recipients = 0;
    for (;;) {
      const batchStart = performance.now();
      const result = await sendNewsletterBatch(
        database.db,
        deps,
        { organiserId: run.organiserId, newsletterId: run.newsletterId },
        { now: new Date(), batchSize: BATCH },
      );
      queueMs += performance.now() - batchStart;
      recipients += result?.ids.length ?? 0;
      if (!result || result.done) break;
    }
    await Promise.all(pending);
    const totalSeconds = (performance.now() - start) / 1000;
    const peak = memory.stop();
    return {
      recipients,
      // The sender's own time: rendering, queueing, the cursor; not the wait for deliveries.
      queueSeconds: (queueMs - waitMs) / 1000,
      totalSeconds,
      rssBefore: memory.before.rss,
      peakRss: peak.rss,
      heapBefore: memory.before.heapUsed,
      peakHeap: peak.heapUsed,
    };
  } finally {
    await database.close();
  }
}

/**
 * `count` consenting customers of the organiser written in one statement, and a newsletter to a
 * segment holding exactly them (by their e-mail's tag), ready to send.
 */
async function newsletterTo(
  pool: pg.Pool,
  databaseUrl: string,
  organiserId: number,
  count: number,
) {
  const tag = `bench${count}`;
  await pool.query(
    `insert into customers (cuid, organiser_id, firstname, lastname, email, phone,
       newsletter_subscribed, newsletter_subscribed_at, newsletter_source)
     select md5(random()::text || n)::text, $1, 'Reader', 'N' || n, $2 || '-' || n || '@example.test',
       '+32 470 00 00 00', true, now(), 'REGISTER'
     from generate_series(1, $3) n`,
    [organiserId, tag, count],
  );
  const field = await pool.query<{ id: number; cuid: string }>(
    `insert into custom_fields (cuid, organiser_id, entity, type, title)
     values (md5(random()::text), $1, 'CUSTOMERS', 'TEXT', $2) returning id, cuid`,
    [organiserId, tag],
  );
  await pool.query(
    `update customers set custom_data = jsonb_build_array(jsonb_build_object('field_id', $1::int, 'data', $2::text))
     where organiser_id = $3 and email like $2 || '-%'`,
    [field.rows[0]!.id, tag, organiserId],
  );
  const database = createDatabase(databaseUrl, { max: 1 });
  try {
    const [segment] = await database.db
      .insert(segments)
      .values({
        organiserId,
        entity: "CUSTOMERS",
        name: tag,
        conditions: { custom_fields: [{ field: field.rows[0]!.cuid, values: [tag] }] },
      })
      .returning({ id: segments.id });
    const [newsletter] = await database.db
      .insert(newsletters)
      .values({
        organiserId,
        subject: "Les stages d'été sont ouverts",
        content:
          "<h2>Les stages d'été</h2><p>Bonjour {{ customer.firstname }},</p>" +
          "<p>Multisport, nature, arts : les inscriptions sont ouvertes.</p>".repeat(8),
        segmentId: segment!.id,
        status: "SENDING",
        startedAt: new Date(),
      })
      .returning({ id: newsletters.id });
    return newsletter!.id;
  } finally {
    await database.close();
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    let databaseUrl = process.env.BENCH_DATABASE_URL;
    if (!databaseUrl) {
      const dataDir = await mkdtemp(path.join(tmpdir(), "booking-bench-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const embedded = await startEmbeddedPostgres({ dataDir });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    await runMigrations(databaseUrl);
    const seedDb = createDatabase(databaseUrl);
    await seedDemo(seedDb.db).finally(() => seedDb.close());
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    cleanups.push(() => pool.end());
    const owner = createDatabase(databaseUrl, { max: 1 });
    const [organiser] = await owner.db
      .select({ id: organisers.id })
      .from(organisers)
      .where(eq(organisers.slug, "demo"));
    await owner.close();
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());

    const sizes = [Math.round(RECIPIENTS / 10), RECIPIENTS];
    const runs: { size: number; newsletterId: number }[] = [];
    for (const size of sizes) {
      const t = performance.now();
      runs.push({ size, newsletterId: await newsletterTo(pool, databaseUrl, organiser!.id, size) });
      out(
        `${size} consenting customers written in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const { rows: versions } = await pool.query<{ server_version: string }>("SHOW server_version");
    const busyBefore = await waitForQuietMachine(WAIT_IDLE);
    out();
    out(machineLine(versions[0]?.server_version ?? "?", busyBefore));
    out(`batch ${BATCH}, ${CONCURRENCY} deliveries at a time, SMTP sink on loopback`);
    out();
    out(
      "| newsletter to | sender s | mails/s queued | queued + delivered in s | mails/s end to end | RSS before → peak MB | heap before → peak MB |",
    );
    out(
      "| ------------: | -------: | -------------: | ----------------------: | -----------------: | -------------------: | --------------------: |",
    );
    for (const { size, newsletterId } of runs) {
      const received = sink.received();
      const r = await runInChild<Run, Result>(import.meta.filename, databaseUrl, {
        organiserId: organiser!.id,
        newsletterId,
        smtpUrl: sink.url,
      });
      if (r.recipients !== size || sink.received() - received !== size) {
        throw new Error(
          `expected ${size} mails, queued ${r.recipients}, delivered ${sink.received() - received}`,
        );
      }
      const cells = [
        size.toLocaleString("en").padStart(13),
        r.queueSeconds.toFixed(1).padStart(8),
        Math.round(size / r.queueSeconds)
          .toLocaleString("en")
          .padStart(14),
        r.totalSeconds.toFixed(1).padStart(23),
        Math.round(size / r.totalSeconds)
          .toLocaleString("en")
          .padStart(18),
        `${mb(r.rssBefore)} → ${mb(r.peakRss)}`.padStart(20),
        `${mb(r.heapBefore)} → ${mb(r.peakHeap)}`.padStart(21),
      ];
      out(`| ${cells.join(" | ")} |`);
    }
    out(`load average after the runs: ${loadAverage()}`);
    return 0;
  } finally {
    await runCleanups(cleanups);
  }
}

await measureOrMain(measure, main);
