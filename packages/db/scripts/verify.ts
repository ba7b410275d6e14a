// End-to-end check of packages/db against a real PostgreSQL: embedded start (and restart over a
// stale pid file), migrations, demo seed, row-level security, composite foreign keys and the
// template-database helpers. Run from the repository root:
//   ./node_modules/.bin/node packages/db/scripts/verify.ts
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { createDatabase, type Database } from "../src/client.ts";
import { startEmbeddedPostgres } from "../src/embedded.ts";
import { runMigrations } from "../src/migrate.ts";
import { customers, organisers, participants, platformMeta } from "../src/schema/index.ts";
import { seedDemo } from "../src/seed/index.ts";
import { withTenant } from "../src/tenant.ts";
import { createDatabaseFromTemplate, createTemplateDatabase } from "../src/testing.ts";

let failures = 0;
async function check(name: string, fn: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await fn();
    console.info(`PASS ${name} (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    failures++;
    console.info(`FAIL ${name}\n  ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The SQLSTATE of the error a promise rejects with (drizzle wraps the driver's error). */
async function sqlState(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code ?? "unknown";
  }
  return "none";
}

async function organiserId(db: Database, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, slug));
  assert.ok(row, `organiser ${slug} exists`);
  return row.id;
}

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const result = await db.execute<{ table_name: string; rows: number }>(sql`
    SELECT c.relname AS table_name, (xpath('/row/n/text()',
      query_to_xml(format('select count(*) as n from public.%I', c.relname), false, true, '')))[1]::text::int AS rows
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`);
  return Object.fromEntries(result.rows.map((row) => [row.table_name, row.rows]));
}

const dataDir = mkdtempSync(path.join(tmpdir(), "booking-db-verify-"));
let embedded = await startEmbeddedPostgres({ dataDir });
console.info(`embedded PostgreSQL at ${embedded.url.replace(/:[^:@/]+@/, ":***@")}`);

try {
  let handle = createDatabase(embedded.url);
  let db = handle.db;

  await check("migrations apply, and apply again as a no-op", async () => {
    await runMigrations(embedded.url);
    await runMigrations(embedded.url);
    const applied = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    assert.equal(applied.rows[0]?.n, 2);
  });

  await check("every tenant table is row-level secured (enabled, forced, one policy)", async () => {
    const result = await db.execute<{
      table_name: string;
      rls: boolean;
      forced: boolean;
      policies: number;
    }>(sql`
      SELECT c.relname AS table_name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
        (SELECT count(*)::int FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'tenant_isolation') AS policies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organiser_id' AND a.attnotnull
      WHERE n.nspname = 'public' AND c.relkind = 'r'`);
    assert.ok(result.rows.length >= 25, `found ${result.rows.length} tenant tables`);
    for (const row of result.rows) {
      assert.ok(row.rls && row.forced && row.policies === 1, `${row.table_name} is not secured`);
    }
    const platform = await db.execute<{ relname: string }>(sql`
      SELECT relname FROM pg_class WHERE relname IN ('organisers', 'collaborators', 'emails', 'platform_meta')
      AND relrowsecurity`);
    assert.equal(platform.rows.length, 0, "platform tables must not be row-level secured");
  });

  let firstSeedCounts: Record<string, number> = {};
  await check("seed writes the demo data", async () => {
    const summary = await seedDemo(db);
    assert.ok("seeded" in summary, JSON.stringify(summary));
    console.info(`  ${JSON.stringify(summary.counts)}`);
    firstSeedCounts = await tableCounts(db);
  });

  await check("(d) seeding twice is a no-op", async () => {
    const summary = await seedDemo(db);
    assert.deepEqual(summary, { skipped: "already seeded" });
    assert.deepEqual(await tableCounts(db), firstSeedCounts);
  });

  const demo = await organiserId(db, "demo");
  const demoEn = await organiserId(db, "demo-en");

  await check("(a) withTenant(demo) sees only demo's customers", async () => {
    const all = await db.select({ organiserId: customers.organiserId }).from(customers);
    const demoCount = all.filter((row) => row.organiserId === demo).length;
    assert.ok(demoCount > 0 && demoCount < all.length, "both organisers have customers");
    const seen = await withTenant(db, demo, (tx) =>
      tx.select({ organiserId: customers.organiserId, email: customers.email }).from(customers),
    );
    assert.equal(seen.length, demoCount);
    assert.ok(seen.every((row) => row.organiserId === demo));
    // Even an explicit filter on the other organiser finds nothing.
    const other = await withTenant(db, demo, (tx) =>
      tx.select().from(customers).where(eq(customers.organiserId, demoEn)),
    );
    assert.equal(other.length, 0);
    // The same e-mail may hold an account at each organiser; each tenant sees its own only.
    await withTenant(db, demoEn, (tx) =>
      tx.insert(customers).values({
        organiserId: demoEn,
        firstname: "Camille",
        lastname: "Dubois",
        email: "parent@demo.test",
        phone: "+32 470 12 34 56",
      }),
    );
    for (const organiser of [demo, demoEn]) {
      const found = await withTenant(db, organiser, (tx) =>
        tx.select().from(customers).where(eq(customers.email, "parent@demo.test")),
      );
      assert.equal(found.length, 1);
      assert.equal(found[0]?.organiserId, organiser);
    }
  });

  await check("    the tenant role without app.organiser_id sees no row", async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL ROLE booking_app`);
      return tx.select({ n: count() }).from(customers);
    });
    assert.equal(rows[0]?.n, 0);
  });

  await check("(b) withTenant(A) cannot write a row of organiser B", async () => {
    const state = await sqlState(
      withTenant(db, demo, (tx) =>
        tx.insert(customers).values({
          organiserId: demoEn,
          firstname: "Eve",
          lastname: "Intruder",
          email: "eve@example.test",
          phone: "+32 400 00 00 00",
        }),
      ),
    );
    assert.equal(state, "42501", "insufficient_privilege (row-level security violation)");
    // Nor move one of its own rows to B.
    const moved = await sqlState(
      withTenant(db, demo, (tx) =>
        tx
          .update(customers)
          .set({ organiserId: demoEn })
          .where(eq(customers.email, "parent@demo.test")),
      ),
    );
    assert.equal(moved, "42501");
    // Its own organiser is fine.
    await withTenant(db, demo, async (tx) => {
      await tx.insert(customers).values({
        organiserId: demo,
        firstname: "Alice",
        lastname: "Martin",
        email: "alice@example.test",
        phone: "+32 400 00 00 01",
      });
    });
  });

  await check(
    "(c) a composite foreign key rejects a participant of another organiser's customer",
    async () => {
      const [enCustomer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.organiserId, demoEn))
        .limit(1);
      assert.ok(enCustomer);
      // Even the superuser, which bypasses row-level security, is stopped by the key.
      const state = await sqlState(
        db.insert(participants).values({
          organiserId: demo,
          customerId: enCustomer.id,
          firstname: "Mallory",
          lastname: "Crossed",
        }),
      );
      assert.equal(state, "23503", "foreign_key_violation");
    },
  );

  await check("withTenant rejects ids that are not positive integers", async () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      await assert.rejects(
        withTenant(db, bad, async () => 1),
        TypeError,
      );
    }
  });

  await check(
    "the tenant scope ends with its transaction (pooled connection comes back clean)",
    async () => {
      const single = createDatabase(embedded.url, { max: 1 });
      try {
        await withTenant(single.db, demo, (tx) => tx.select().from(customers).limit(1));
        const after = await single.db.execute<{ role: string; organiser: string | null }>(
          sql`SELECT current_user AS role, current_setting('app.organiser_id', true) AS organiser`,
        );
        assert.equal(after.rows[0]?.role, "postgres");
        assert.ok(
          !after.rows[0]?.organiser,
          `organiser setting leaked: ${after.rows[0]?.organiser}`,
        );
        // And a failed tenant transaction rolls the scope back as well.
        await withTenant(single.db, demo, async () => {
          throw new Error("boom");
        }).catch(() => {});
        const again = await single.db.execute<{ role: string }>(sql`SELECT current_user AS role`);
        assert.equal(again.rows[0]?.role, "postgres");
      } finally {
        await single.close();
      }
    },
  );

  await check(
    "template helpers: copy a seeded template; the seed refuses non-demo data",
    async () => {
      const template = await createTemplateDatabase(embedded.url, "booking_verify_template");
      assert.ok("seeded" in template.seed);
      const copy = await createDatabaseFromTemplate(embedded.url, "booking_verify_template");
      const copyDb = createDatabase(copy.url);
      try {
        assert.equal((await organiserId(copyDb.db, "demo-en")) > 0, true);
        await copyDb.db.delete(platformMeta).where(eq(platformMeta.key, "demo_seed"));
        await copyDb.db.insert(organisers).values({ slug: "acme", name: "Acme" });
        assert.deepEqual(await seedDemo(copyDb.db), { skipped: "database holds non-demo data" });
        const [customer] = await copyDb.db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.email, "parent@demo.test"), eq(customers.organiserId, demo)));
        assert.ok(customer, "copy holds the seeded customer");
      } finally {
        await copyDb.close();
        await copy.drop();
      }
    },
  );

  await check("restart over a stale postmaster.pid", async () => {
    await handle.close();
    await embedded.stop();
    // What a killed machine leaves behind: a pid file whose process is gone.
    writeFileSync(path.join(dataDir, "db", "postmaster.pid"), "999999\n/nowhere\n");
    embedded = await startEmbeddedPostgres({ dataDir });
    handle = createDatabase(embedded.url);
    db = handle.db;
    assert.equal(await organiserId(db, "demo"), demo);
  });

  await handle.close();
} finally {
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.info(failures === 0 ? "ALL CHECKS PASSED" : `${failures} CHECK(S) FAILED`);
process.exitCode = failures === 0 ? 0 : 1;
