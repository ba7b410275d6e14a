// End-to-end check of packages/db against a real PostgreSQL: embedded start (and restart over a
// stale pid file), migrations, demo seed (and what the storefront catalogue needs of it),
// row-level security, composite foreign keys, the pages writer, re-seeding and the
// template-database helpers. Run from the repository root:
//   ./node_modules/.bin/node packages/db/scripts/verify.ts
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { createDatabase, type Database } from "../src/client.ts";
import { startEmbeddedPostgres } from "../src/embedded.ts";
import { runMigrations } from "../src/migrate.ts";
import { DEFAULT_CATALOGUE_PAGE_SETTINGS } from "../src/organiser-config.ts";
import {
  catalogs,
  customers,
  organisers,
  pageElements,
  pages,
  participants,
  platformMeta,
  resourceSlots,
} from "../src/schema/index.ts";
import { DEMO_SEED_VERSION, seedDemo } from "../src/seed/index.ts";
import { seedPages } from "../src/seed/pages-writer.ts";
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

const migrationsFolder = path.join(import.meta.dirname, "..", "drizzle");
const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as { entries: { tag: string }[] };

/** The tenant tables added for the storefront catalogue (drizzle/0002 and 0003). */
const CATALOGUE_TABLES = [
  "catalogs",
  "catalog_activities",
  "segments",
  "calendar_periods",
  "resources",
  "resource_images",
  "resource_slots",
  "pages",
  "page_elements",
];

/** Row counts of `table` by organiser slug. */
async function countsBySlug(db: Database, table: string): Promise<Record<string, number>> {
  const result = await db.execute<{ slug: string; n: number }>(sql`
    SELECT o.slug, count(t.*)::int AS n FROM organisers o
    LEFT JOIN ${sql.identifier(table)} t ON t.organiser_id = o.id GROUP BY o.slug`);
  return Object.fromEntries(result.rows.map((row) => [row.slug, row.n]));
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
    assert.equal(applied.rows[0]?.n, journal.entries.length);
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
    assert.ok(result.rows.length >= 34, `found ${result.rows.length} tenant tables`);
    for (const row of result.rows) {
      assert.ok(row.rls && row.forced && row.policies === 1, `${row.table_name} is not secured`);
    }
    const secured = new Set(result.rows.map((row) => row.table_name));
    for (const table of CATALOGUE_TABLES) assert.ok(secured.has(table), `${table} is secured`);
    const platform = await db.execute<{ relname: string }>(sql`
      SELECT relname FROM pg_class WHERE relname IN ('organisers', 'collaborators', 'messages', 'platform_meta')
      AND relrowsecurity`);
    assert.equal(platform.rows.length, 0, "platform tables must not be row-level secured");
  });

  let firstSeedCounts: Record<string, number> = {};
  await check("seed writes the demo data in less than 2 s", async () => {
    const started = performance.now();
    const summary = await seedDemo(db);
    const elapsed = performance.now() - started;
    assert.ok("seeded" in summary, JSON.stringify(summary));
    console.info(`  ${JSON.stringify(summary.counts)}`);
    assert.ok(elapsed < 2000, `seed took ${Math.round(elapsed)} ms`);
    firstSeedCounts = await tableCounts(db);
    const [marker] = await db
      .select({ value: platformMeta.value })
      .from(platformMeta)
      .where(eq(platformMeta.key, "demo_seed"));
    assert.equal((marker?.value as { version?: number } | undefined)?.version, DEMO_SEED_VERSION);
  });

  await check("seed: catalogue configuration of both demo organisers", async () => {
    const expected: Record<string, Record<string, number>> = {
      catalogs: { demo: 3, "demo-en": 2 },
      calendar_periods: { demo: 5, "demo-en": 6 },
      segments: { demo: 4, "demo-en": 4 },
      resources: { demo: 3, "demo-en": 0 },
      resource_images: { demo: 3, "demo-en": 0 },
    };
    for (const [table, bySlug] of Object.entries(expected)) {
      assert.deepEqual(await countsBySlug(db, table), bySlug, table);
    }
    const links = await countsBySlug(db, "catalog_activities");
    assert.ok((links.demo ?? 0) >= 15 && (links["demo-en"] ?? 0) >= 5, JSON.stringify(links));
    const locationCounts = await countsBySlug(db, "locations");
    assert.ok(
      (locationCounts.demo ?? 0) > 5,
      "more than 5 locations: the filter is a multi-select",
    );
    // One default segment per entity, selecting everything.
    const defaults = await db.execute<{ slug: string; entity: string; conditions: unknown }>(sql`
      SELECT o.slug, s.entity, s.conditions FROM segments s JOIN organisers o ON o.id = s.organiser_id
      WHERE s.is_default ORDER BY 1, 2`);
    assert.deepEqual(
      defaults.rows.map((row) => `${row.slug}:${row.entity}:${JSON.stringify(row.conditions)}`),
      ["demo", "demo-en"].flatMap((slug) =>
        ["AVAILABILITIES", "CUSTOMERS", "PARTICIPANTS"].map((entity) => `${slug}:${entity}:{}`),
      ),
    );
    // The custom segments' conditions hold cuids of the organiser's own rows.
    const custom = await db.execute<{ conditions: Record<string, string[]> }>(
      sql`SELECT conditions FROM segments WHERE NOT is_default`,
    );
    assert.equal(custom.rows.length, 2);
    for (const { conditions } of custom.rows) {
      assert.ok(Object.keys(conditions).length >= 2, JSON.stringify(conditions));
      for (const [list, values] of Object.entries(conditions)) {
        const table = {
          activities: "activities",
          locations: "locations",
          categories: "categories",
        }[list];
        assert.ok(table, `unknown condition ${list}`);
        const found = await db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE cuid = ANY(${sql.param(values)}::text[])`,
        );
        assert.equal(found.rows[0]?.n, values.length, `${list} cuids exist`);
      }
    }
    // Belgian school holidays 2026-2027 (unless seeded after the summer of 2027).
    const periods = await db.execute<{ name: string; start_date: string; end_date: string }>(sql`
      SELECT p.name, p.start_date::text, p.end_date::text FROM calendar_periods p
      JOIN organisers o ON o.id = p.organiser_id WHERE o.slug = 'demo' ORDER BY p."order"`);
    if (new Date() < new Date("2027-08-27")) {
      assert.deepEqual(
        periods.rows.map((row) => `${row.start_date}..${row.end_date}`),
        [
          "2026-10-19..2026-10-30",
          "2026-12-21..2027-01-01",
          "2027-02-15..2027-02-26",
          "2027-04-26..2027-05-07",
          "2027-07-03..2027-08-27",
        ],
      );
    }
    // The organisers' website carries the catalogue page setting.
    const websites = await db.select({ website: organisers.website }).from(organisers);
    for (const { website } of websites) {
      assert.deepEqual(website.pages_settings.catalogue, DEFAULT_CATALOGUE_PAGE_SETTINGS);
    }
  });

  await check("seed: availabilities cover the catalogue's cases", async () => {
    const result = await db.execute<Record<string, number>>(sql`
      WITH a AS (
        SELECT av.*, o.slug, ac.settings AS activity_settings, ac.published,
          (SELECT count(*) FROM availability_dates d WHERE d.availability_id = av.id) AS dates
        FROM availabilities av JOIN organisers o ON o.id = av.organiser_id
        JOIN activities ac ON ac.id = av.activity_id
      )
      SELECT
        count(*) FILTER (WHERE status = 'FULL')::int AS full,
        count(*) FILTER (WHERE status = 'CLOSED')::int AS closed,
        count(*) FILTER (WHERE registrations_start_at > now())::int AS registrations_later,
        count(*) FILTER (WHERE registrations_end_at < now() AND start_at > now())::int AS registrations_closed,
        count(*) FILTER (WHERE start_at < now() AND end_at > now()
          AND NOT (activity_settings->>'allow_registrations_after_start')::boolean)::int AS started_closed,
        count(*) FILTER (WHERE start_at < now() AND end_at > now()
          AND (activity_settings->>'allow_registrations_after_start')::boolean)::int AS started_open,
        count(*) FILTER (WHERE end_at < now())::int AS ended,
        count(*) FILTER (WHERE dates > 7)::int AS many_dates,
        count(*) FILTER (WHERE capacity IS NULL)::int AS unlimited,
        count(*) FILTER (WHERE resource_id IS NOT NULL)::int AS on_resource,
        count(DISTINCT location_id) FILTER (WHERE slug = 'demo')::int AS demo_locations,
        count(DISTINCT (age_minimum, age_maximum))::int AS age_ranges,
        count(*) FILTER (WHERE NOT published)::int AS unpublished
      FROM a WHERE slug = 'demo'`);
    const cases = result.rows[0]!;
    console.info(`  demo: ${JSON.stringify(cases)}`);
    for (const [name, minimum] of Object.entries({
      full: 2,
      closed: 2,
      registrations_later: 1,
      registrations_closed: 1,
      started_closed: 1,
      started_open: 1,
      ended: 1,
      many_dates: 5,
      unlimited: 2,
      on_resource: 3,
      demo_locations: 6,
      age_ranges: 5,
      unpublished: 1,
    })) {
      assert.ok((cases[name] ?? 0) >= minimum, `${name}: ${cases[name]} < ${minimum}`);
    }
    // Every date of an availability starts at the same local time (weekly classes across a
    // daylight-saving change), and some weekly classes do cross one.
    const clocks = await db.execute<{ local_times: number; utc_times: number }>(sql`
      SELECT count(DISTINCT (d.start_at AT TIME ZONE o.timezone)::time)::int AS local_times,
        count(DISTINCT (d.start_at AT TIME ZONE 'UTC')::time)::int AS utc_times
      FROM availability_dates d JOIN organisers o ON o.id = d.organiser_id
      GROUP BY d.availability_id`);
    assert.ok(
      clocks.rows.every((row) => row.local_times === 1),
      "one local start time each",
    );
    assert.ok(
      clocks.rows.filter((row) => row.utc_times === 2).length >= 5,
      "weekly classes cross a daylight-saving change",
    );
  });

  await check(
    "seed: resource slots every hour 9:00-20:00 local, off the resources' classes",
    async () => {
      const slots = await db.execute<{
        local_start: string;
        local_end: string;
        first_duration: number;
        durations: string;
        overlapping: boolean;
      }>(sql`
      SELECT to_char(s.start_at AT TIME ZONE o.timezone, 'HH24:MI') AS local_start,
        to_char((s.start_at + make_interval(secs => (s.prices->0->>'duration')::int))
          AT TIME ZONE o.timezone, 'HH24:MI') AS local_end,
        (s.prices->0->>'duration')::int AS first_duration,
        (SELECT string_agg(p->>'duration' || '=' || (p->>'amount'), ',') FROM jsonb_array_elements(s.prices) p) AS durations,
        EXISTS (SELECT 1 FROM availabilities a JOIN availability_dates d ON d.availability_id = a.id
          WHERE a.resource_id = s.resource_id AND d.start_at < s.start_at + make_interval(secs => (s.prices->0->>'duration')::int)
          AND s.start_at < d.end_at) AS overlapping
      FROM resource_slots s JOIN organisers o ON o.id = s.organiser_id`);
      assert.ok(slots.rows.length > 300, `${slots.rows.length} slots`);
      for (const slot of slots.rows) {
        assert.ok(slot.local_start >= "09:00" && slot.local_end <= "20:00", JSON.stringify(slot));
        assert.equal(slot.first_duration, 3600);
        assert.ok(!slot.overlapping, `slot overlaps an availability: ${JSON.stringify(slot)}`);
      }
      const kinds = new Set(slots.rows.map((slot) => slot.durations));
      assert.ok(kinds.has("3600=1200,5400=1700") && kinds.has("3600=1200"), [...kinds].join(" "));
      const days = await db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT (start_at AT TIME ZONE 'Europe/Brussels')::date)::int AS n FROM resource_slots`);
      assert.equal(days.rows[0]?.n, 14);
      // The prices check rejects what the storefront could not book.
      const [resource] = await db
        .execute<{ id: number; organiser_id: number }>(
          sql`SELECT id, organiser_id FROM resources LIMIT 1`,
        )
        .then((r) => r.rows);
      assert.ok(resource);
      for (const prices of [
        [],
        [{ duration: 0, amount: 100 }],
        [{ duration: 60, amount: -1 }],
        [{ duration: "60", amount: 1 }],
        [{ amount: 1 }],
        [{ duration: 1.5, amount: 1 }],
      ]) {
        const state = await sqlState(
          db.insert(resourceSlots).values({
            organiserId: resource.organiser_id,
            resourceId: resource.id,
            startAt: new Date(),
            prices: prices as never,
          }),
        );
        assert.equal(state, "23514", `prices ${JSON.stringify(prices)}: check_violation`);
      }
    },
  );

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

  await check("    and only demo's catalogue rows (catalogs, resource slots)", async () => {
    for (const [table, column] of [
      [catalogs, catalogs.organiserId],
      [resourceSlots, resourceSlots.organiserId],
    ] as const) {
      const all = await db.select({ organiserId: column }).from(table);
      const seen = await withTenant(db, demoEn, (tx) =>
        tx.select({ organiserId: column }).from(table),
      );
      assert.equal(seen.length, all.filter((row) => row.organiserId === demoEn).length);
      assert.ok(seen.every((row) => row.organiserId === demoEn));
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

  await check(
    "seedPages writes element trees (positions, parents) under row-level security",
    async () => {
      const rolledBack = new Error("roll back");
      await withTenant(db, demo, async (tx) => {
        const written = await seedPages(tx, demo, [
          {
            path: "/verify",
            type: "DEFAULT",
            title: "Verify",
            elements: [
              {
                element: "section",
                family: "catalogue",
                name: "availabilities-cards",
                settings: { columns: 3 },
                children: [
                  { element: "block", family: "content", name: "heading", type: "h2" },
                  {
                    element: "container",
                    family: "layout",
                    name: "grid",
                    children: [{ element: "block", family: "content", name: "paragraph" }],
                  },
                ],
              },
              { element: "section", family: "content", name: "basic" },
            ],
          },
          { path: "/verify/detail", type: "AVAILABILITY", title: "Detail", elements: [] },
        ]);
        assert.deepEqual(written, { pages: 2, pageElements: 5 });
        const rows = await tx
          .select({
            id: pageElements.id,
            parentId: pageElements.parentId,
            position: pageElements.position,
            name: pageElements.name,
            settings: pageElements.settings,
          })
          .from(pageElements)
          .innerJoin(pages, eq(pages.id, pageElements.pageId))
          .where(eq(pages.path, "/verify"));
        const byName = new Map(rows.map((row) => [row.name, row]));
        const id = (name: string) => byName.get(name)?.id;
        assert.deepEqual(
          rows
            .map(
              (row) =>
                `${row.name}@${row.position}<${rows.find((r) => r.id === row.parentId)?.name ?? "-"}`,
            )
            .sort(),
          [
            "availabilities-cards@0<-",
            "basic@1<-",
            "grid@1<availabilities-cards",
            "heading@0<availabilities-cards",
            "paragraph@0<grid",
          ],
        );
        assert.deepEqual(byName.get("availabilities-cards")?.settings, { columns: 3 });
        assert.deepEqual(byName.get("basic")?.settings, {});
        // Deleting an element deletes its subtree.
        await tx.delete(pageElements).where(eq(pageElements.id, id("grid")!));
        const left = await tx
          .select({ name: pageElements.name })
          .from(pageElements)
          .innerJoin(pages, eq(pages.id, pageElements.pageId))
          .where(eq(pages.path, "/verify"));
        assert.ok(!left.some((row) => row.name === "paragraph"));
        throw rolledBack;
      }).catch((error) => {
        if (error !== rolledBack) throw error;
      });
    },
  );

  await check("    a page element cannot hang under another organiser's element", async () => {
    const [enPage] = await db
      .insert(pages)
      .values({ organiserId: demoEn, path: "/verify-en", title: "Verify" })
      .returning({ id: pages.id });
    const [enElement] = await db
      .insert(pageElements)
      .values({
        organiserId: demoEn,
        pageId: enPage!.id,
        element: "section",
        family: "content",
        name: "basic",
      })
      .returning({ id: pageElements.id });
    const [demoPage] = await db
      .insert(pages)
      .values({ organiserId: demo, path: "/verify", title: "Verify" })
      .returning({ id: pages.id });
    const state = await sqlState(
      db.insert(pageElements).values({
        organiserId: demo,
        pageId: demoPage!.id,
        parentId: enElement!.id,
        element: "block",
        family: "content",
        name: "heading",
      }),
    );
    assert.equal(state, "23503", "foreign_key_violation");
    await db.delete(pages).where(sql`${pages.path} IN ('/verify', '/verify-en')`);
  });

  await check(
    "the catalogue migration gives existing organisers the catalogue page setting",
    async () => {
      const migration = readFileSync(
        path.join(migrationsFolder, "0003_catalogue_row_level_security.sql"),
        "utf8",
      );
      const backfill = migration.split("--> statement-breakpoint").at(-1)!;
      assert.match(backfill, /UPDATE "organisers"/);
      await db
        .transaction(async (tx) => {
          await tx.insert(organisers).values([
            { slug: "legacy-a", name: "A", website: { theme: "default" } as never },
            {
              slug: "legacy-b",
              name: "B",
              website: {
                pages_settings: {
                  catalogue: { path: "/x", statuses: ["OPEN"], include_started: false },
                  other: 1,
                },
              } as never,
            },
          ]);
          await tx.execute(sql.raw(backfill));
          const rows = await tx
            .select({ slug: organisers.slug, website: organisers.website })
            .from(organisers)
            .where(sql`${organisers.slug} LIKE 'legacy-%'`)
            .orderBy(organisers.slug);
          assert.deepEqual(rows[0]?.website, {
            theme: "default",
            pages_settings: { catalogue: DEFAULT_CATALOGUE_PAGE_SETTINGS },
          });
          assert.deepEqual(rows[1]?.website.pages_settings, {
            catalogue: { path: "/x", statuses: ["OPEN"], include_started: false },
            other: 1,
          });
          tx.rollback();
        })
        .catch((error) => {
          if (!(error instanceof Error && error.message.includes("Rollback"))) throw error;
        });
    },
  );

  await check("an older seed is reported, and --force replaces the demo data", async () => {
    await db
      .update(platformMeta)
      .set({ value: { seeded_at: "2026-01-01T00:00:00.000Z", organisers: ["demo", "demo-en"] } })
      .where(eq(platformMeta.key, "demo_seed"));
    const old = await seedDemo(db);
    assert.ok("skipped" in old && old.skipped.includes("version 1"), JSON.stringify(old));
    const started = performance.now();
    const summary = await seedDemo(db, { force: true });
    assert.ok("seeded" in summary, JSON.stringify(summary));
    console.info(`  re-seeded in ${Math.round(performance.now() - started)} ms`);
    // The same data as the first seed (the rows the checks above added are gone with it).
    assert.deepEqual(await tableCounts(db), firstSeedCounts);
    assert.deepEqual(await seedDemo(db), { skipped: "already seeded" });
  });

  await check("restart over a stale postmaster.pid", async () => {
    await handle.close();
    await embedded.stop();
    // What a killed machine leaves behind: a pid file whose process is gone.
    writeFileSync(path.join(dataDir, "db", "postmaster.pid"), "999999\n/nowhere\n");
    embedded = await startEmbeddedPostgres({ dataDir });
    handle = createDatabase(embedded.url);
    db = handle.db;
    assert.ok((await organiserId(db, "demo")) > 0);
  });

  await handle.close();
} finally {
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.info(failures === 0 ? "ALL CHECKS PASSED" : `${failures} CHECK(S) FAILED`);
process.exitCode = failures === 0 ? 0 : 1;
