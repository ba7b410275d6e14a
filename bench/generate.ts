import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { type ElementNode, parseElementTree } from "@booking/contracts";
import pg from "pg";

/**
 * The catalogue benchmark's data set: many organisers (`bench-001`, `bench-002`, ...) with
 * locations, category groups, activities, availabilities over the past month and the next nine
 * months, their dates, and a home page. Written with one multi-row `INSERT ... SELECT FROM
 * unnest(...)` per table and organiser, in one transaction, then `ANALYZE`d.
 *
 * Idempotent: does nothing when bench organisers already exist.
 *
 *   node bench/generate.ts postgres://...      (or BENCH_DATABASE_URL / DATABASE_URL)
 */

export const BENCH_SLUG_PREFIX = "bench-";

export type GenerateOptions = {
  /** Number of organisers (default 50). */
  organisers?: number;
  /** Availabilities per organiser on average (default 400). */
  availabilitiesPerOrganiser?: number;
  /** Seed of the pseudo-random choices, so two runs build the same shape (default 42). */
  seed?: number;
  /** "Today" for the relative dates (default now). */
  now?: Date;
  log?: (message: string) => void;
};

export type GenerateSummary = {
  skipped: boolean;
  /** Bench organisers in the database, in slug order. */
  organisers: { id: number; slug: string; timezone: string }[];
  counts: Record<string, number>;
  milliseconds: number;
};

type Kind = "CAMP" | "CLASS" | "WORKSHOP";

type Theme = { fr: string; en: string; words: string[] };

const THEMES: Theme[] = [
  { fr: "Sport", en: "Sport", words: ["Multisport", "Football", "Basketball", "Athletics"] },
  { fr: "Nature", en: "Nature", words: ["Nature", "Forest", "Farm", "Explorers"] },
  { fr: "Arts", en: "Arts", words: ["Painting", "Pottery", "Drawing", "Comics"] },
  { fr: "Musique", en: "Music", words: ["Music", "Drums", "Guitar", "Choir"] },
  { fr: "Sciences", en: "Science", words: ["Robotics", "Science", "Coding", "Astronomy"] },
  { fr: "Cuisine", en: "Cooking", words: ["Cooking", "Baking", "Chocolate", "Pizza"] },
  { fr: "Langues", en: "Languages", words: ["English", "Dutch", "Spanish", "German"] },
  { fr: "Danse", en: "Dance", words: ["Dance", "Hip-hop", "Ballet", "Zumba"] },
  { fr: "Natation", en: "Swimming", words: ["Swimming", "Diving", "Water polo", "Aquagym"] },
  { fr: "Théâtre", en: "Theatre", words: ["Theatre", "Improv", "Circus", "Magic"] },
  { fr: "Tennis", en: "Tennis", words: ["Tennis", "Padel", "Badminton", "Table tennis"] },
  { fr: "Équitation", en: "Riding", words: ["Riding", "Pony", "Horse care", "Vaulting"] },
];

/** Words that activity titles contain: the benchmark's search filter picks one. */
export const SEARCH_WORDS = THEMES.flatMap((theme) =>
  theme.words.map((word) => word.toLowerCase()),
);

const KINDS: { kind: Kind; fr: string; en: string }[] = [
  { kind: "CAMP", fr: "Stages", en: "Holiday camps" },
  { kind: "CLASS", fr: "Cours hebdomadaires", en: "Weekly classes" },
  { kind: "WORKSHOP", fr: "Ateliers", en: "Workshops" },
];

const AGE_BRACKETS: { title: string; min: number | null; max: number | null }[] = [
  { title: "3-5", min: 3, max: 5 },
  { title: "6-8", min: 6, max: 8 },
  { title: "9-12", min: 9, max: 12 },
  { title: "13-17", min: 13, max: 17 },
  { title: "18+", min: 18, max: null },
];

const CITIES: { city: string; postcode: string; country: string }[] = [
  { city: "Bruxelles", postcode: "1000", country: "BE" },
  { city: "Namur", postcode: "5000", country: "BE" },
  { city: "Liège", postcode: "4000", country: "BE" },
  { city: "Mons", postcode: "7000", country: "BE" },
  { city: "Wavre", postcode: "1300", country: "BE" },
  { city: "Louvain-la-Neuve", postcode: "1348", country: "BE" },
  { city: "Charleroi", postcode: "6000", country: "BE" },
  { city: "Arlon", postcode: "6700", country: "BE" },
  { city: "Tournai", postcode: "7500", country: "BE" },
  { city: "Nivelles", postcode: "1400", country: "BE" },
  { city: "Waterloo", postcode: "1410", country: "BE" },
  { city: "Dinant", postcode: "5500", country: "BE" },
  { city: "Oxford", postcode: "OX1 1AA", country: "GB" },
  { city: "Cambridge", postcode: "CB1 1AA", country: "GB" },
  { city: "Bristol", postcode: "BS1 1AA", country: "GB" },
  { city: "Leeds", postcode: "LS1 1AA", country: "GB" },
];

const VENUES = [
  "Sports hall",
  "School",
  "Community centre",
  "Park pavilion",
  "Swimming pool",
  "Studio",
  "Farm",
  "Youth club",
];

const STREETS = ["Rue de la Station", "Avenue des Tilleuls", "High Street", "Chaussée de Namur"];

/** Mulberry32: a small, fast, seedable generator; the data set's shape is reproducible. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

type Random = ReturnType<typeof prng>;

/** A cuid-shaped key (a letter then 23 lower-case base-36 characters), unique in practice. */
function newCuid(): string {
  const bytes = randomBytes(24);
  let out = "b";
  for (let i = 1; i < 24; i++) out += (bytes[i]! % 36).toString(36);
  return out;
}

const DAY_MS = 86_400_000;

/** A local calendar day as a UTC midnight timestamp; only its Y-M-D matters. */
function dayString(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM` local wall-clock time; PostgreSQL converts it in the organiser's zone. */
function local(dayMs: number, time: string): string {
  return `${dayString(dayMs)} ${time}`;
}

function mondayOnOrAfter(dayMs: number): number {
  const weekday = new Date(dayMs).getUTCDay(); // 0 = Sunday
  const shift = (8 - weekday) % 7;
  return dayMs + shift * DAY_MS;
}

/** Runs the statement (its arrays are the `unnest` columns); returns the rows. */
async function insertRows<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  text: string,
  parameters: unknown[],
): Promise<R[]> {
  const result = await client.query<R>(text, parameters);
  return result.rows;
}

type AvailabilityPlan = {
  cuid: string;
  activityIndex: number;
  locationId: number | null;
  status: "OPEN" | "FULL" | "CLOSED";
  slots: { start: string; end: string }[];
  registrationsStart: string | null;
  registrationsEnd: string | null;
  capacity: number | null;
  registered: number;
  price: number;
  deposit: number;
  ageMinimum: number | null;
  ageMaximum: number | null;
  categoryIds: number[];
  fullDates: Set<number>;
};

type ActivityPlan = {
  cuid: string;
  kind: Kind;
  theme: number;
  age: number;
  title: string;
  homeLocation: number;
  price: number;
  capacity: number | null;
  published: boolean;
};

export async function generateBenchData(
  databaseUrl: string,
  options: GenerateOptions = {},
): Promise<GenerateSummary> {
  const started = performance.now();
  const organiserCount = options.organisers ?? 50;
  const perOrganiser = options.availabilitiesPerOrganiser ?? 400;
  const random = prng(options.seed ?? 42);
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const counts: Record<string, number> = {};
  const count = (table: string, rows: number) => {
    counts[table] = (counts[table] ?? 0) + rows;
  };

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await benchOrganisers(client);
    if (existing.length > 0) {
      log(`bench data present (${existing.length} organisers): generation skipped`);
      return {
        skipped: true,
        organisers: existing,
        counts: await tableCounts(client),
        milliseconds: performance.now() - started,
      };
    }
    const optional = await optionalTables(client);

    await client.query("BEGIN");
    // One writer at a time: a second generator waits, then finds the data and skips.
    await client.query("SELECT pg_advisory_xact_lock(727003)");
    if ((await benchOrganisers(client)).length > 0) {
      await client.query("ROLLBACK");
      return {
        skipped: true,
        organisers: await benchOrganisers(client),
        counts: await tableCounts(client),
        milliseconds: performance.now() - started,
      };
    }

    // Sizes vary around the mean (small clubs, large camp providers); the total is exact.
    const sizes = Array.from(
      { length: organiserCount },
      (_, i) => perOrganiser + ((i % 5) - 2) * Math.round(perOrganiser / 5),
    );
    const drift = perOrganiser * organiserCount - sizes.reduce((a, b) => a + b, 0);
    sizes[sizes.length - 1]! += drift;

    const numbers = Array.from({ length: organiserCount }, (_, i) => i + 1);
    const organiserRows = await insertRows<{ id: number; slug: string; timezone: string }>(
      client,
      `INSERT INTO organisers (cuid, slug, name, language, currency, timezone, contact_email,
         street, number, postcode, city, country)
       SELECT u.cuid, u.slug, u.name, u.language, u.currency, u.timezone, u.email,
         'Rue du Bench', u.n::text, u.postcode, u.city, u.country
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::text[], $8::int[], $9::text[], $10::text[], $11::text[])
         AS u(cuid, slug, name, language, currency, timezone, email, n, postcode, city, country)
       RETURNING id, slug, timezone`,
      [
        numbers.map(() => newCuid()),
        numbers.map((n) => benchSlug(n)),
        numbers.map((n) => `${n % 3 === 0 ? "Riverside Club" : "Club"} ${benchSlug(n)}`),
        numbers.map((n) => (n % 3 === 0 ? "en" : "fr")),
        numbers.map((n) => (n % 3 === 0 ? "GBP" : "EUR")),
        numbers.map((n) => (n % 3 === 0 ? "Europe/London" : "Europe/Brussels")),
        numbers.map((n) => `contact@${benchSlug(n)}.test`),
        numbers,
        numbers.map((n) => CITIES[n % CITIES.length]!.postcode),
        numbers.map((n) => CITIES[n % CITIES.length]!.city),
        numbers.map((n) => CITIES[n % CITIES.length]!.country),
      ],
    );
    count("organisers", organiserRows.length);
    organiserRows.sort((a, b) => a.slug.localeCompare(b.slug));

    for (const [index, organiser] of organiserRows.entries()) {
      // The generator may connect as a table owner that row-level security applies to (FORCE):
      // scope the transaction to each organiser in turn, as the demo seed does.
      await client.query("SELECT set_config('app.organiser_id', $1, true)", [String(organiser.id)]);
      await writeOrganiser(client, {
        organiserId: organiser.id,
        english: organiser.timezone === "Europe/London",
        timezone: organiser.timezone,
        availabilityCount: sizes[index]!,
        random,
        today,
        optional,
        count,
      });
      if ((index + 1) % 10 === 0) log(`  ${index + 1}/${organiserRows.length} organisers written`);
    }
    await client.query("COMMIT");
    await client.query("ANALYZE");
    return {
      skipped: false,
      organisers: organiserRows,
      counts,
      milliseconds: performance.now() - started,
    };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

export function benchSlug(n: number): string {
  return `${BENCH_SLUG_PREFIX}${String(n).padStart(3, "0")}`;
}

async function benchOrganisers(
  client: pg.ClientBase,
): Promise<{ id: number; slug: string; timezone: string }[]> {
  const { rows } = await client.query<{ id: number; slug: string; timezone: string }>(
    `SELECT id, slug, timezone FROM organisers WHERE slug LIKE $1 ORDER BY slug`,
    [`${BENCH_SLUG_PREFIX}%`],
  );
  return rows;
}

const COUNTED_TABLES = [
  "organisers",
  "locations",
  "categories",
  "activities",
  "availabilities",
  "availability_categories",
  "availability_dates",
  "pages",
  "page_elements",
];

async function tableCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const { rows } = await client.query<{ exists: string | null }>(
      "SELECT to_regclass($1)::text AS exists",
      [`public.${table}`],
    );
    if (!rows[0]?.exists) continue;
    const result = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${client.escapeIdentifier(table)}`,
    );
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

type OptionalTables = { pages: boolean; catalogs: boolean; calendarPeriods: boolean };

/** Tables added by later migrations: written when they exist. */
async function optionalTables(client: pg.ClientBase): Promise<OptionalTables> {
  const { rows } = await client.query<{ pages: boolean; catalogs: boolean; periods: boolean }>(
    `SELECT to_regclass('public.pages') IS NOT NULL
          AND to_regclass('public.page_elements') IS NOT NULL AS pages,
        to_regclass('public.catalogs') IS NOT NULL
          AND to_regclass('public.catalog_activities') IS NOT NULL AS catalogs,
        to_regclass('public.calendar_periods') IS NOT NULL AS periods`,
  );
  const row = rows[0]!;
  return { pages: row.pages, catalogs: row.catalogs, calendarPeriods: row.periods };
}

type OrganiserContext = {
  organiserId: number;
  english: boolean;
  timezone: string;
  availabilityCount: number;
  random: Random;
  today: number;
  optional: OptionalTables;
  count: (table: string, rows: number) => void;
};

async function writeOrganiser(client: pg.ClientBase, context: OrganiserContext): Promise<void> {
  const { organiserId, english, timezone, random, today, count } = context;

  // Locations: 3 to 12.
  const locationCount = random.int(3, 12);
  const locationPlans = Array.from({ length: locationCount }, (_, i) => {
    const place = random.pick(CITIES);
    const venue = random.pick(VENUES);
    return { cuid: newCuid(), title: `${venue} ${place.city} ${i + 1}`, place, venue };
  });
  const locationRows = await insertRows<{ id: number; cuid: string }>(
    client,
    `INSERT INTO locations (cuid, organiser_id, title, name, street, number, postcode, city, country)
     SELECT u.cuid, $1, u.title, u.name, u.street, u.number, u.postcode, u.city, u.country
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[]) AS u(cuid, title, name, street, number, postcode, city, country)
     RETURNING id, cuid`,
    [
      organiserId,
      locationPlans.map((l) => l.cuid),
      locationPlans.map((l) => l.title),
      locationPlans.map((l) => `${l.venue} ${l.place.city}`),
      locationPlans.map(() => random.pick(STREETS)),
      locationPlans.map(() => String(random.int(1, 200))),
      locationPlans.map((l) => l.place.postcode),
      locationPlans.map((l) => l.place.city),
      locationPlans.map((l) => l.place.country),
    ],
  );
  const locationIds = byCuid(locationRows, locationPlans);
  count("locations", locationIds.length);

  // Category groups: themes (primary, shown on cards), kinds and ages (secondary filters).
  const themeIndexes = shuffle(
    THEMES.map((_, i) => i),
    random,
  ).slice(0, random.int(5, THEMES.length));
  const groupPlans = [
    {
      cuid: newCuid(),
      title: english ? "Themes" : "Thèmes",
      scope: "PRIMARY",
      categories: themeIndexes.map((i) => (english ? THEMES[i]!.en : THEMES[i]!.fr)),
    },
    {
      cuid: newCuid(),
      title: english ? "Type" : "Type",
      scope: "SECONDARY",
      categories: KINDS.map((k) => (english ? k.en : k.fr)),
    },
    {
      cuid: newCuid(),
      title: english ? "Ages" : "Âges",
      scope: "SECONDARY",
      categories: AGE_BRACKETS.map((a) => (english ? `${a.title} years` : `${a.title} ans`)),
    },
  ];
  const groupRows = await insertRows<{ id: number; cuid: string }>(
    client,
    `INSERT INTO category_groups (cuid, organiser_id, title, scope, "order")
     SELECT u.cuid, $1, u.title, u.scope, u.ord
     FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS u(cuid, title, scope, ord)
     RETURNING id, cuid`,
    [
      organiserId,
      groupPlans.map((g) => g.cuid),
      groupPlans.map((g) => g.title),
      groupPlans.map((g) => g.scope),
      groupPlans.map((_, i) => i),
    ],
  );
  const groupIds = byCuid(groupRows, groupPlans);
  count("category_groups", groupIds.length);
  const categoryPlans = groupPlans.flatMap((group, g) =>
    group.categories.map((title, order) => ({
      cuid: newCuid(),
      groupId: groupIds[g]!,
      title,
      order,
    })),
  );
  const categoryRows = await insertRows<{ id: number; cuid: string }>(
    client,
    `INSERT INTO categories (cuid, organiser_id, group_id, title, "order")
     SELECT u.cuid, $1, u.group_id, u.title, u.ord
     FROM unnest($2::text[], $3::int[], $4::text[], $5::int[]) AS u(cuid, group_id, title, ord)
     RETURNING id, cuid`,
    [
      organiserId,
      categoryPlans.map((c) => c.cuid),
      categoryPlans.map((c) => c.groupId),
      categoryPlans.map((c) => c.title),
      categoryPlans.map((c) => c.order),
    ],
  );
  const categoryIds = byCuid(categoryRows, categoryPlans);
  count("categories", categoryIds.length);
  const themeCategory = (theme: number) => categoryIds[themeIndexes.indexOf(theme)]!;
  const kindCategory = (kind: Kind) =>
    categoryIds[themeIndexes.length + KINDS.findIndex((k) => k.kind === kind)]!;
  const ageCategory = (age: number) => categoryIds[themeIndexes.length + KINDS.length + age]!;

  // Images: a few pictures shared by the activities (the web app ships them).
  const imageNames = [
    "nature-camp",
    "multisport-camp",
    "theatre-camp",
    "robotics-camp",
    "music-class",
    "pottery-class",
    "swimming-class",
    "cooking-camp",
    "football-camp",
    "tennis-class",
  ];
  const imageRows = await insertRows<{ id: number }>(
    client,
    `INSERT INTO images (cuid, organiser_id, public_url, width, height, alt)
     SELECT u.cuid, $1, '/demo-images/' || u.name || '.svg', 1200, 800, u.name
     FROM unnest($2::text[], $3::text[]) AS u(cuid, name)
     RETURNING id`,
    [organiserId, imageNames.map(() => newCuid()), imageNames],
  );
  count("images", imageRows.length);

  // Activities: 20 to 60, mostly camps, then weekly classes and one-day workshops.
  const activityCount = random.int(20, 60);
  const activityPlans: ActivityPlan[] = Array.from({ length: activityCount }, (_, i) => {
    const roll = random.next();
    const kind: Kind = roll < 0.62 ? "CAMP" : roll < 0.8 ? "CLASS" : "WORKSHOP";
    const theme = random.pick(themeIndexes);
    const age = random.int(0, kind === "CLASS" ? 4 : 3);
    const word = random.pick(THEMES[theme]!.words);
    const label =
      kind === "CAMP"
        ? english
          ? `${word} camp`
          : `Stage ${word.toLowerCase()}`
        : kind === "CLASS"
          ? english
            ? `${word} class`
            : `Cours de ${word.toLowerCase()}`
          : english
            ? `${word} workshop`
            : `Atelier ${word.toLowerCase()}`;
    const price =
      kind === "CAMP"
        ? random.int(18, 50) * 500
        : kind === "CLASS"
          ? random.int(16, 60) * 500
          : random.int(3, 12) * 500;
    const capacity = random.chance(0.05)
      ? null
      : kind === "CAMP"
        ? random.int(12, 30)
        : kind === "CLASS"
          ? random.int(8, 16)
          : random.int(6, 20);
    return {
      cuid: newCuid(),
      kind,
      theme,
      age,
      title: `${label} ${AGE_BRACKETS[age]!.title} #${i + 1}`,
      homeLocation: random.int(0, locationIds.length - 1),
      price,
      capacity,
      published: !random.chance(0.05),
    };
  });
  const activityRows = await insertRows<{ id: number; cuid: string }>(
    client,
    `INSERT INTO activities (cuid, organiser_id, title, description, age_minimum, age_maximum,
       default_capacity, default_price, default_deposit, published)
     SELECT u.cuid, $1, u.title, u.description, u.age_min, u.age_max, u.capacity, u.price, 0,
       u.published
     FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[],
       $9::bool[]) AS u(cuid, title, description, age_min, age_max, capacity, price, published)
     RETURNING id, cuid`,
    [
      organiserId,
      activityPlans.map((a) => a.cuid),
      activityPlans.map((a) => a.title),
      activityPlans.map(
        (a) =>
          `<p>${a.title}: ${THEMES[a.theme]!.words.join(", ")}. ${
            english ? "Bring a water bottle and a snack." : "Prévoir une gourde et une collation."
          }</p>`,
      ),
      activityPlans.map((a) => AGE_BRACKETS[a.age]!.min),
      activityPlans.map((a) => AGE_BRACKETS[a.age]!.max),
      activityPlans.map((a) => a.capacity),
      activityPlans.map((a) => a.price),
      activityPlans.map((a) => a.published),
    ],
  );
  const activityIds = byCuid(activityRows, activityPlans);
  count("activities", activityIds.length);

  await client.query(
    `INSERT INTO activity_images (organiser_id, activity_id, image_id, position)
     SELECT $1, u.activity_id, u.image_id, 0 FROM unnest($2::int[], $3::int[]) AS u(activity_id, image_id)`,
    [organiserId, activityIds, activityIds.map(() => random.pick(imageRows).id)],
  );
  count("activity_images", activityIds.length);
  const activityCategoryPairs = activityPlans.flatMap((a, i) =>
    [themeCategory(a.theme), kindCategory(a.kind), ageCategory(a.age)].map((categoryId) => [
      activityIds[i]!,
      categoryId,
    ]),
  );
  await client.query(
    `INSERT INTO activity_categories (organiser_id, activity_id, category_id)
     SELECT $1, u.activity_id, u.category_id FROM unnest($2::int[], $3::int[]) AS u(activity_id, category_id)`,
    [organiserId, activityCategoryPairs.map((p) => p[0]), activityCategoryPairs.map((p) => p[1])],
  );
  count("activity_categories", activityCategoryPairs.length);

  // Availabilities over the past month and the next nine months.
  const first = today - 30 * DAY_MS;
  const span = 300;
  const plans: AvailabilityPlan[] = [];
  for (let i = 0; i < context.availabilityCount; i++) {
    const activityIndex = random.int(0, activityPlans.length - 1);
    const activity = activityPlans[activityIndex]!;
    const startDay = first + random.int(0, span - 1) * DAY_MS;
    const slots: { start: string; end: string }[] = [];
    if (activity.kind === "CAMP") {
      // Five days, Monday to Friday, 9:00 to 16:00.
      const monday = mondayOnOrAfter(startDay);
      const from = random.pick(["09:00", "09:00", "08:30", "10:00"]);
      for (let d = 0; d < 5; d++) {
        slots.push({
          start: local(monday + d * DAY_MS, from),
          end: local(monday + d * DAY_MS, "16:00"),
        });
      }
    } else if (activity.kind === "CLASS") {
      // Weekly, 10 to 30 sessions, after school or on Wednesday and Saturday.
      const sessions = random.int(10, 30);
      const [from, to] = random.pick([
        ["17:00", "18:00"],
        ["18:00", "19:30"],
        ["14:00", "15:30"],
        ["10:00", "11:00"],
      ] as const);
      for (let w = 0; w < sessions; w++) {
        const day = startDay + w * 7 * DAY_MS;
        slots.push({ start: local(day, from), end: local(day, to) });
      }
    } else {
      // One day, or a weekend.
      const days = random.chance(0.3) ? 2 : 1;
      const from = random.pick(["09:30", "13:30", "14:00"]);
      for (let d = 0; d < days; d++) {
        const day = startDay + d * DAY_MS;
        slots.push({
          start: local(day, from),
          end: local(day, from === "09:30" ? "12:30" : "17:00"),
        });
      }
    }
    const roll = random.next();
    let status: AvailabilityPlan["status"] = roll < 0.8 ? "OPEN" : roll < 0.92 ? "FULL" : "CLOSED";
    const capacity =
      activity.capacity === null && status === "FULL"
        ? random.int(8, 20)
        : activity.capacity === null || random.chance(0.8)
          ? activity.capacity
          : Math.max(1, activity.capacity + random.int(-4, 4));
    if (capacity === 0) status = "FULL";
    const registered =
      status === "FULL"
        ? capacity!
        : capacity === null
          ? random.int(0, 40)
          : random.int(0, Math.max(0, capacity - 1));
    const windowed = random.chance(0.15);
    const price = random.chance(0.85) ? activity.price : activity.price + random.int(-4, 6) * 500;
    const categories = [
      themeCategory(activity.theme),
      kindCategory(activity.kind),
      ageCategory(activity.age),
    ];
    // Some availabilities carry a second theme (a "multi-activity" week).
    if (random.chance(0.2)) {
      const other = themeCategory(random.pick(themeIndexes));
      if (!categories.includes(other)) categories.push(other);
    }
    const fullDates = new Set<number>();
    if (status === "OPEN" && capacity !== null && random.chance(0.1)) {
      fullDates.add(random.int(0, slots.length - 1));
    }
    plans.push({
      cuid: newCuid(),
      activityIndex,
      locationId: random.chance(0.03)
        ? null
        : locationIds[
            random.chance(0.8) ? activity.homeLocation : random.int(0, locationIds.length - 1)
          ]!,
      status,
      slots,
      registrationsStart: windowed ? local(startDay - 60 * DAY_MS, "08:00") : null,
      registrationsEnd: windowed ? local(startDay - 2 * DAY_MS, "23:59") : null,
      capacity,
      registered,
      price: Math.max(0, price),
      deposit: random.chance(0.2) ? Math.round((Math.max(0, price) * 0.3) / 100) * 100 : 0,
      ageMinimum: AGE_BRACKETS[activity.age]!.min,
      ageMaximum: AGE_BRACKETS[activity.age]!.max,
      categoryIds: categories,
      fullDates,
    });
  }

  const availabilityRows = await insertRows<{ id: number; cuid: string }>(
    client,
    `INSERT INTO availabilities (cuid, organiser_id, activity_id, location_id, status, start_at,
       end_at, registrations_start_at, registrations_end_at, capacity, registered, price, deposit,
       age_minimum, age_maximum)
     SELECT u.cuid, $1, u.activity_id, u.location_id, u.status,
       u.start_local::timestamp AT TIME ZONE $2, u.end_local::timestamp AT TIME ZONE $2,
       u.reg_start::timestamp AT TIME ZONE $2, u.reg_end::timestamp AT TIME ZONE $2,
       u.capacity, u.registered, u.price, u.deposit, u.age_min, u.age_max
     FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[],
       $16::int[])
       AS u(cuid, activity_id, location_id, status, start_local, end_local, reg_start, reg_end,
         capacity, registered, price, deposit, age_min, age_max)
     RETURNING id, cuid`,
    [
      organiserId,
      timezone,
      plans.map((p) => p.cuid),
      plans.map((p) => activityIds[p.activityIndex]!),
      plans.map((p) => p.locationId),
      plans.map((p) => p.status),
      plans.map((p) => p.slots[0]!.start),
      plans.map((p) => p.slots.at(-1)!.end),
      plans.map((p) => p.registrationsStart),
      plans.map((p) => p.registrationsEnd),
      plans.map((p) => p.capacity),
      plans.map((p) => p.registered),
      plans.map((p) => p.price),
      plans.map((p) => p.deposit),
      plans.map((p) => p.ageMinimum),
      plans.map((p) => p.ageMaximum),
    ],
  );
  const availabilityIds = byCuid(availabilityRows, plans);
  count("availabilities", availabilityIds.length);

  const categoryPairs = plans.flatMap((p, i) =>
    p.categoryIds.map((categoryId) => [availabilityIds[i]!, categoryId] as const),
  );
  await client.query(
    `INSERT INTO availability_categories (organiser_id, availability_id, category_id)
     SELECT $1, u.availability_id, u.category_id
     FROM unnest($2::int[], $3::int[]) AS u(availability_id, category_id)`,
    [organiserId, categoryPairs.map((p) => p[0]), categoryPairs.map((p) => p[1])],
  );
  count("availability_categories", categoryPairs.length);

  const dates = plans.flatMap((p, i) =>
    p.slots.map((slot, d) => {
      const full = p.status === "FULL" || p.fullDates.has(d);
      return {
        availabilityId: availabilityIds[i]!,
        start: slot.start,
        end: slot.end,
        status: p.status === "CLOSED" ? "CLOSED" : full ? "FULL" : "OPEN",
        capacity: p.capacity,
        registered: full ? (p.capacity ?? p.registered) : p.registered,
      };
    }),
  );
  await client.query(
    `INSERT INTO availability_dates (cuid, organiser_id, availability_id, start_at, end_at, status,
       capacity, registered)
     SELECT u.cuid, $1, u.availability_id, u.start_local::timestamp AT TIME ZONE $2,
       u.end_local::timestamp AT TIME ZONE $2, u.status, u.capacity, u.registered
     FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[])
       AS u(cuid, availability_id, start_local, end_local, status, capacity, registered)`,
    [
      organiserId,
      timezone,
      dates.map(() => newCuid()),
      dates.map((d) => d.availabilityId),
      dates.map((d) => d.start),
      dates.map((d) => d.end),
      dates.map((d) => d.status),
      dates.map((d) => d.capacity),
      dates.map((d) => d.registered),
    ],
  );
  count("availability_dates", dates.length);

  if (context.optional.catalogs) {
    await writeCatalogs(client, context, activityIds, activityPlans);
  }
  if (context.optional.calendarPeriods) {
    await writeCalendarPeriods(client, context);
  }
  if (context.optional.pages) {
    await writeHomePage(client, context);
  }
}

/** Two catalogs: everything, and the holiday camps. */
async function writeCatalogs(
  client: pg.ClientBase,
  context: OrganiserContext,
  activityIds: number[],
  activityPlans: ActivityPlan[],
): Promise<void> {
  const { organiserId, english, count } = context;
  const rows = await insertRows<{ id: number; name: string }>(
    client,
    `INSERT INTO catalogs (cuid, organiser_id, name)
     SELECT u.cuid, $1, u.name FROM unnest($2::text[], $3::text[]) AS u(cuid, name)
     RETURNING id, name`,
    [
      organiserId,
      [newCuid(), newCuid()],
      english ? ["Everything", "Holiday camps"] : ["Tout", "Stages de vacances"],
    ],
  );
  count("catalogs", rows.length);
  const all = rows.find((r) => r.name === "Everything" || r.name === "Tout")!.id;
  const camps = rows.find((r) => r.id !== all)!.id;
  const pairs = [
    ...activityIds.map((id) => [all, id] as const),
    ...activityIds
      .filter((_, i) => activityPlans[i]!.kind === "CAMP")
      .map((id) => [camps, id] as const),
  ];
  await client.query(
    `INSERT INTO catalog_activities (organiser_id, catalog_id, activity_id)
     SELECT $1, u.catalog_id, u.activity_id FROM unnest($2::int[], $3::int[]) AS u(catalog_id, activity_id)`,
    [organiserId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  count("catalog_activities", pairs.length);
}

/** School holidays of the coming months, the catalogue's `period` filter. */
async function writeCalendarPeriods(client: pg.ClientBase, context: OrganiserContext) {
  const { organiserId, english, today, count } = context;
  const periods = [0, 1, 2, 3].map((n) => {
    const start = mondayOnOrAfter(today + (n * 9 + 2) * 7 * DAY_MS);
    return {
      name: english ? `Holidays ${n + 1}` : `Vacances ${n + 1}`,
      start: dayString(start),
      end: dayString(start + (n === 2 ? 55 : 13) * DAY_MS),
    };
  });
  await client.query(
    `INSERT INTO calendar_periods (cuid, organiser_id, name, start_date, end_date, "order")
     SELECT u.cuid, $1, u.name, u.start_date::date, u.end_date::date, u.ord
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
       AS u(cuid, name, start_date, end_date, ord)`,
    [
      organiserId,
      periods.map(() => newCuid()),
      periods.map((p) => p.name),
      periods.map((p) => p.start),
      periods.map((p) => p.end),
      periods.map((_, i) => i),
    ],
  );
  count("calendar_periods", periods.length);
}

/** The storefront's home page: a heading, a paragraph and a grid of upcoming availabilities. */
async function writeHomePage(client: pg.ClientBase, context: OrganiserContext): Promise<void> {
  const { organiserId, english, count } = context;
  const [page] = await insertRows<{ id: number }>(
    client,
    `INSERT INTO pages (cuid, organiser_id, type, path, title, description)
     VALUES ($1, $2, 'DEFAULT', '/', $3, $4) RETURNING id`,
    [
      newCuid(),
      organiserId,
      english ? "Home" : "Accueil",
      english ? "Camps and classes for children" : "Stages et cours pour enfants",
    ],
  );
  count("pages", 1);
  // One statement per tree level: the parents' ids are known before their children are written.
  let level: { node: ElementNode; parentId: number | null; position: number }[] = homePageElements(
    english,
  ).map((node, position) => ({ node, parentId: null, position }));
  while (level.length > 0) {
    const rows = await insertRows<{ id: number; cuid: string }>(
      client,
      `INSERT INTO page_elements (cuid, organiser_id, page_id, parent_id, position, element,
         family, type, name, settings)
       SELECT u.cuid, $1, $2, u.parent_id, u.position, u.element, u.family, u.type, u.name,
         u.settings::jsonb
       FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::text[]) AS u(cuid, parent_id, position, element, family, type, name, settings)
       RETURNING id, cuid`,
      [
        organiserId,
        page!.id,
        level.map(() => newCuid()),
        level.map((item) => item.parentId),
        level.map((item) => item.position),
        level.map((item) => item.node.element),
        level.map((item) => item.node.family),
        level.map((item) => item.node.type),
        level.map((item) => item.node.name),
        level.map((item) => JSON.stringify(item.node.settings)),
      ],
    );
    count("page_elements", rows.length);
    const ids = rows.map((row) => row.id);
    level = level.flatMap((item, index) =>
      (item.node.children ?? []).map((node, position) => ({
        node,
        parentId: ids[index]!,
        position,
      })),
    );
  }
}

/** The home page tree, typed and checked against the page builder's contracts. */
function homePageElements(english: boolean): ElementNode[] {
  const tree: ElementNode[] = [
    {
      element: "section",
      family: "content",
      type: null,
      name: "basic",
      settings: { padding: "large", layout: "container" },
      children: [
        {
          element: "block",
          family: "content",
          type: null,
          name: "heading",
          settings: { level: 1, text: english ? "Our camps and classes" : "Nos stages et cours" },
        },
        {
          element: "block",
          family: "content",
          type: null,
          name: "paragraph",
          settings: {
            text: english
              ? "Holiday camps, weekly classes and workshops for every age."
              : "Stages de vacances, cours hebdomadaires et ateliers pour tous les âges.",
          },
        },
      ],
    },
    {
      element: "section",
      family: "catalogue",
      type: null,
      name: "availabilities-cards-grid",
      settings: { status: ["OPEN", "FULL"], columns: 3, page_size: 12 },
    },
  ];
  const countNodes = (nodes: readonly { children?: readonly unknown[] }[]): number =>
    nodes.reduce(
      (sum, node) =>
        sum + 1 + countNodes((node.children ?? []) as { children?: readonly unknown[] }[]),
      0,
    );
  // An element with invalid settings would silently render nothing: fail loudly instead.
  if (countNodes(parseElementTree(tree)) !== countNodes(tree)) {
    throw new Error("the bench home page does not match the page-element contracts");
  }
  return tree;
}

function byCuid<T extends { cuid: string }>(
  rows: { id: number; cuid: string }[],
  plans: T[],
): number[] {
  const ids = new Map(rows.map((r) => [r.cuid, r.id]));
  return plans.map((p) => {
    const id = ids.get(p.cuid);
    if (id === undefined) throw new Error(`row ${p.cuid} was not inserted`);
    return id;
  });
}

function shuffle<T>(items: T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invokedDirectly) {
  const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error("usage: node bench/generate.ts <database url> (or BENCH_DATABASE_URL)");
    process.exit(2);
  }
  const summary = await generateBenchData(url, { log: (m) => console.info(m) });
  console.info(
    `${summary.skipped ? "skipped" : "generated"} in ${(summary.milliseconds / 1000).toFixed(1)} s:`,
    summary.counts,
  );
}
