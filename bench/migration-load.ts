import { performance } from "node:perf_hooks";
import pg from "pg";

/**
 * The light traffic bench/migrations.ts keeps up while migrations run: `clients` connections, each
 * in turn reading a storefront page's rows (an organiser's activities with their next sessions,
 * then one activity's sessions and dates) or adding to a cart (a cart and its item, in one
 * transaction, as the add does), with a short pause between. Written in SQL rather than through
 * the server: the server of this code expects the schema after the migrations, while the load
 * stands for the release still serving during them. A sampler reads pg_stat_activity every
 * 50 ms for the longest lock wait of these connections.
 */

const APPLICATION = "bench-migrations-load";
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const PAUSE_MS = 20;
const SAMPLE_MS = 50;

export type Operation = { kind: "page" | "add"; start: number; end: number; error?: string };
export type LockSample = { at: number; waitMs: number };

export interface MigrationLoad {
  operations: Operation[];
  lockSamples: LockSample[];
  stop(): Promise<void>;
}

type Shopper = { organiserId: number; customerId: number; participantId: number };

/** Every bench organiser (pages) and some of their families (adds). */
async function targetsOf(client: pg.Client) {
  const organisers = await client.query<{ id: number }>(
    "select id from organisers where slug like 'bench-%' order by id",
  );
  const shoppers = await client.query<{
    organiser_id: number;
    customer_id: number;
    participant_id: number;
  }>(
    `select distinct on (p.customer_id) p.organiser_id, p.customer_id, p.id as participant_id
       from participants p join organisers o on o.id = p.organiser_id
      where o.slug like 'bench-%' order by p.customer_id, p.id limit 400`,
  );
  return {
    organiserIds: organisers.rows.map((row) => row.id),
    shoppers: shoppers.rows.map(
      (row): Shopper => ({
        organiserId: row.organiser_id,
        customerId: row.customer_id,
        participantId: row.participant_id,
      }),
    ),
  };
}

async function page(client: pg.Client, organiserId: number): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `select a.id, a.title, min(av.start_at) as next_start
       from activities a
       join availabilities av on av.organiser_id = a.organiser_id and av.activity_id = a.id
      where a.organiser_id = $1 and av.start_at > now()
      group by a.organiser_id, a.id order by next_start limit 24`,
    [organiserId],
  );
  const activity = rows[Math.floor(Math.random() * rows.length)];
  if (!activity) return;
  await client.query(
    `select av.id, av.start_at, d.start_at as date_start
       from availabilities av
       join availability_dates d on d.organiser_id = av.organiser_id and d.availability_id = av.id
      where av.organiser_id = $1 and av.activity_id = $2 and av.start_at > now()
      order by av.start_at, d.start_at limit 200`,
    [organiserId, activity.id],
  );
}

/** The family's open cart (created on its first add, as the storefront does), one more item. */
async function add(client: pg.Client, shopper: Shopper, n: number): Promise<void> {
  const cuid = `bench-mig-${process.pid}-${n}`;
  await client.query("BEGIN");
  try {
    await client.query("SELECT set_config('app.organiser_id', $1, true)", [
      String(shopper.organiserId),
    ]);
    const open = await client.query<{ id: number }>(
      `select id from carts where organiser_id = $1 and customer_id = $2 and processed_at is null
        for update`,
      [shopper.organiserId, shopper.customerId],
    );
    const cart =
      open.rows[0] ??
      (
        await client.query<{ id: number }>(
          "insert into carts (organiser_id, cuid, customer_id) values ($1, $2, $3) returning id",
          [shopper.organiserId, cuid, shopper.customerId],
        )
      ).rows[0]!;
    await client.query(
      `insert into cart_items (organiser_id, cuid, cart_id, type, participant_id, availability_id,
                               price, deposit, expires_at)
       select $1, $2, $3, 'REGISTRATION', $4, av.id, 12000, 3000, now() + interval '20 minutes'
         from availabilities av where av.organiser_id = $1 and av.start_at > now()
        order by random() limit 1`,
      [shopper.organiserId, `${cuid}-i`, cart.id, shopper.participantId],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** Starts the load on `databaseUrl`; `stop` waits for the operations in flight. */
export async function startMigrationLoad(databaseUrl: string, clients = 4): Promise<MigrationLoad> {
  const operations: Operation[] = [];
  const lockSamples: LockSample[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: APPLICATION });
    await client.connect();
    return client;
  };
  const sampler = await connect();
  const { organiserIds, shoppers } = await targetsOf(sampler);
  if (shoppers.length < clients) throw new Error("no bench organiser with families");
  let running = true;
  let counter = 0;
  // Each connection adds for families of its own: one open cart per family.
  const loop = async (_: unknown, index: number) => {
    const own = shoppers.filter((_shopper, n) => n % clients === index);
    const client = await connect();
    try {
      while (running) {
        const kind = Math.random() < 0.7 ? "page" : "add";
        const start = performance.now();
        try {
          if (kind === "page") await page(client, pick(organiserIds));
          else await add(client, pick(own), counter++);
          operations.push({ kind, start, end: performance.now() });
        } catch (error) {
          operations.push({ kind, start, end: performance.now(), error: (error as Error).message });
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    } finally {
      await client.end();
    }
  };
  const loops = Array.from({ length: clients }, loop);
  const sampling = (async () => {
    while (running) {
      const { rows } = await sampler.query<{ wait_ms: number | null }>(
        `select max(extract(epoch from clock_timestamp() - query_start) * 1000)::float8 as wait_ms
           from pg_stat_activity
          where application_name = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        [APPLICATION],
      );
      const waitMs = rows[0]?.wait_ms;
      if (waitMs) lockSamples.push({ at: performance.now(), waitMs });
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  let stopped: Promise<void> | null = null;
  return {
    operations,
    lockSamples,
    stop() {
      running = false;
      stopped ??= Promise.all([...loops, sampling]).then(() => sampler.end());
      return stopped;
    },
  };
}
