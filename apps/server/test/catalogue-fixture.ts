import {
  activities,
  activityCategories,
  activityImages,
  availabilities,
  availabilityCategories,
  availabilityDates,
  bundleImages,
  bundles,
  calendarPeriods,
  catalogActivities,
  catalogs,
  categories,
  categoryGroups,
  type Database,
  images,
  locations,
  memberships,
  organisers,
  resourceImages,
  resourceSlots,
  resources,
  segments,
  vouchers,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import { addDays, nextWeekday, todayIn, zoned } from "@booking/db/seed/time";

export const TZ = "Europe/Brussels";

/**
 * Days of the fixture, counted from `base`: the first Wednesday at least 60 days ahead, so that
 * every availability but the ended one lies in the future whenever the tests run.
 */
export interface FixtureDays {
  base: string;
  /** the local day `offset` days after the base day */
  day(offset: number): string;
  /** the instant of local `time` (HH:MM) on day `offset` */
  at(offset: number, time: string): Date;
  /** the same, written `YYYY-MM-DDTHH:MM:00+hh:mm` with the local offset */
  local(offset: number, time: string): string;
  /** the local day of the ended availability: a Friday, 20 to 26 days ago */
  past: string;
}

export function fixtureDays(now: Date): FixtureDays {
  const base = nextWeekday(addDays(todayIn(TZ, now), 60), 3);
  const day = (offset: number) => addDays(base, offset);
  const at = (offset: number, time: string) => zoned(day(offset), time, TZ);
  const local = (offset: number, time: string) => {
    const instant = at(offset, time);
    const minutes = (Date.parse(`${day(offset)}T${time}:00Z`) - instant.getTime()) / 60_000;
    const sign = minutes < 0 ? "-" : "+";
    const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
    const mm = String(Math.abs(minutes) % 60).padStart(2, "0");
    return `${day(offset)}T${time}:00${sign}${hh}:${mm}`;
  };
  // A Friday 20 to 26 days ago: within the calendar's past month, never a weekday tests filter by.
  const past = nextWeekday(addDays(todayIn(TZ, now), -26), 5);
  return { base, day, at, local, past };
}

/**
 * Catalogue rows with known times, written into the demo organiser (Europe/Brussels) of a test
 * database. Tests scope their calls with `catalog={catalog}` so that the demo seed's own rows
 * never change what they assert.
 *
 * Days are counted from a Wednesday D0 (see `fixtureDays`): D1 is a Thursday, D4 a Sunday, D41 a
 * Tuesday. Times are local (Brussels) wall-clock times.
 */
export interface CatalogueFixture {
  organiserId: number;
  days: FixtureDays;
  catalog: string;
  /** a second catalog holding only the garden activity */
  gardenCatalog: string;
  locations: { zephyr: string; park: string };
  groups: { theme: string; audience: string };
  categories: { astronomy: string; botany: string; children: string; teens: string };
  period: string;
  activities: { stars: Row; garden: Row; draft: Row; courts: Row };
  /** OPEN, Zéphyr, 50 €, 8–12, astronomy + children; one date D0 23:30–23:59 */
  v1: Row;
  /** OPEN, park, 30 €, 10–14, astronomy + teens; one date D1 00:30–01:30 */
  v2: Row;
  /** FULL, Zéphyr, 40 €, no ages, botany + children; dates D4 (Sunday) and D5, 10:00–12:00 */
  v3: Row;
  /** CLOSED, park, 10 €; one date D28 10:00–16:00, in the period D26–D37 */
  v4: Row;
  /** OPEN, Zéphyr, 20 €, no ages, botany + teens; dates D41, D42, D43 10:00–16:00 */
  v5: Row;
  /** OPEN but of the unpublished activity, D2 */
  v6: Row;
  /** OPEN, stars, at Zéphyr, ended (on `days.past`) */
  v7: Row;
  /** OPEN, courts activity on the tennis court, D10 11:30–12:30 */
  onCourt: Row;
  segments: { starsAtZephyr: string; teens: string; empty: string; otherEntity: string };
  resource: Row;
  bundles: { published: Row; hidden: Row; second: Row };
  memberships: { published: Row };
  vouchers: { published: Row };
}

type Row = { id: number; cuid: string };

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error("insert returned nothing");
  return row;
}

const ref = { id: availabilities.id, cuid: availabilities.cuid };

export async function insertCatalogueFixture(
  db: Database,
  now = new Date(),
): Promise<CatalogueFixture> {
  const days = fixtureDays(now);
  const { at, day } = days;
  const [organiser] = await db.select().from(organisers).where(eq(organisers.slug, "demo"));
  const organiserId = organiser!.id;
  const base = { organiserId };

  const image = await one(
    db
      .insert(images)
      .values({ ...base, publicUrl: "https://img.test/stars.jpg", alt: "Ciel étoilé" })
      .returning(),
  );
  const zephyr = await one(
    db
      .insert(locations)
      .values({
        ...base,
        title: "Salle Zéphyr",
        name: "Zéphyr",
        city: "Liège",
        street: "Rue Haute",
      })
      .returning(),
  );
  const park = await one(
    db
      .insert(locations)
      .values({ ...base, title: "Parc Ouest", city: "Namur" })
      .returning(),
  );
  const theme = await one(
    db
      .insert(categoryGroups)
      .values({ ...base, title: "Thème test", order: 90 })
      .returning(),
  );
  const audience = await one(
    db
      .insert(categoryGroups)
      .values({ ...base, title: "Public test", order: 91 })
      .returning(),
  );
  const category = (groupId: number, title: string) =>
    one(
      db
        .insert(categories)
        .values({ ...base, groupId, title })
        .returning(),
    );
  const astronomy = await category(theme.id, "Astronomie");
  const botany = await category(theme.id, "Botanique");
  const children = await category(audience.id, "Enfants");
  const teens = await category(audience.id, "Ados");
  const period = await one(
    db
      .insert(calendarPeriods)
      .values({ ...base, name: "Congé test", startDate: day(26), endDate: day(37) })
      .returning(),
  );

  const activity = (title: string, values: Partial<typeof activities.$inferInsert> = {}) =>
    one(
      db
        .insert(activities)
        .values({ ...base, title, published: true, ...values })
        .returning({ id: activities.id, cuid: activities.cuid }),
    );
  const stars = await activity("Observatoire nocturne", {
    description: "<p>Regarder les <strong>étoiles</strong> au télescope.</p>",
    ageMinimum: 8,
    ageMaximum: 12,
    defaultPrice: 5000,
  });
  const garden = await activity("Jardin étonnant", { description: "<p>Semer et récolter.</p>" });
  const draft = await activity("Brouillon caché", { published: false });
  const courts = await activity("Tennis encadré");
  await db.insert(activityImages).values({ ...base, activityId: stars.id, imageId: image.id });
  await db.insert(activityCategories).values([
    { ...base, activityId: stars.id, categoryId: astronomy.id },
    { ...base, activityId: garden.id, categoryId: botany.id },
  ]);

  const catalog = await one(
    db
      .insert(catalogs)
      .values({ ...base, name: "Test" })
      .returning(),
  );
  const gardenCatalog = await one(
    db
      .insert(catalogs)
      .values({ ...base, name: "Jardin" })
      .returning(),
  );
  await db.insert(catalogActivities).values([
    { ...base, catalogId: catalog.id, activityId: stars.id },
    { ...base, catalogId: catalog.id, activityId: garden.id },
    { ...base, catalogId: catalog.id, activityId: draft.id },
    { ...base, catalogId: gardenCatalog.id, activityId: garden.id },
  ]);

  const resource = await one(
    db
      .insert(resources)
      .values({ ...base, name: "Court n° 1", description: "Terre battue", locationId: zephyr.id })
      .returning({ id: resources.id, cuid: resources.cuid }),
  );
  await db.insert(resourceImages).values({ ...base, resourceId: resource.id, imageId: image.id });
  const hour = [{ duration: 3600, amount: 1500 }];
  await db.insert(resourceSlots).values([
    { ...base, resourceId: resource.id, startAt: at(10, "10:00"), prices: hour },
    { ...base, resourceId: resource.id, startAt: at(10, "11:00"), prices: hour },
    {
      ...base,
      resourceId: resource.id,
      startAt: at(10, "12:00"),
      prices: [
        { duration: 3600, amount: 1500 },
        { duration: 7200, amount: 2500 },
      ],
    },
    { ...base, resourceId: resource.id, startAt: at(17, "10:00"), prices: hour },
  ]);

  async function availability(
    values: Partial<typeof availabilities.$inferInsert> & { activityId: number },
    dates: Array<[Date, Date]>,
    categoryIds: number[] = [],
  ): Promise<Row> {
    const row = await one(
      db
        .insert(availabilities)
        .values({
          ...base,
          startAt: dates[0]![0],
          endAt: dates.at(-1)![1],
          ...values,
        })
        .returning(ref),
    );
    await db.insert(availabilityDates).values(
      dates.map(([start, end]) => ({
        ...base,
        availabilityId: row.id,
        startAt: start,
        endAt: end,
        status: values.status === "CLOSED" ? ("CLOSED" as const) : ("OPEN" as const),
        capacity: values.capacity ?? null,
      })),
    );
    if (categoryIds.length > 0) {
      await db
        .insert(availabilityCategories)
        .values(categoryIds.map((categoryId) => ({ ...base, availabilityId: row.id, categoryId })));
    }
    return row;
  }

  const v1 = await availability(
    {
      activityId: stars.id,
      locationId: zephyr.id,
      status: "OPEN",
      price: 5000,
      deposit: 1000,
      ageMinimum: 8,
      ageMaximum: 12,
      capacity: 12,
    },
    [[at(0, "23:30"), at(0, "23:59")]],
    [astronomy.id, children.id],
  );
  const v2 = await availability(
    {
      activityId: stars.id,
      locationId: park.id,
      status: "OPEN",
      price: 3000,
      ageMinimum: 10,
      ageMaximum: 14,
    },
    [[at(1, "00:30"), at(1, "01:30")]],
    [astronomy.id, teens.id],
  );
  const v3 = await availability(
    { activityId: garden.id, locationId: zephyr.id, status: "FULL", price: 4000 },
    [
      [at(4, "10:00"), at(4, "12:00")],
      [at(5, "10:00"), at(5, "12:00")],
    ],
    [botany.id, children.id],
  );
  const v4 = await availability(
    { activityId: garden.id, locationId: park.id, status: "CLOSED", price: 1000 },
    [[at(28, "10:00"), at(28, "16:00")]],
  );
  const v5 = await availability(
    { activityId: garden.id, locationId: zephyr.id, status: "OPEN", price: 2000 },
    [
      [at(41, "10:00"), at(41, "16:00")],
      [at(42, "10:00"), at(42, "16:00")],
      [at(43, "10:00"), at(43, "16:00")],
    ],
    [botany.id, teens.id],
  );
  const v6 = await availability({ activityId: draft.id, locationId: zephyr.id, status: "OPEN" }, [
    [at(2, "10:00"), at(2, "12:00")],
  ]);
  const v7 = await availability({ activityId: stars.id, locationId: zephyr.id, status: "OPEN" }, [
    [zoned(days.past, "10:00", TZ), zoned(days.past, "12:00", TZ)],
  ]);
  const onCourt = await availability(
    { activityId: courts.id, locationId: zephyr.id, resourceId: resource.id, status: "OPEN" },
    [[at(10, "11:30"), at(10, "12:30")]],
  );

  const segment = (name: string, conditions: Record<string, string[]>, entity = "AVAILABILITIES") =>
    one(
      db
        .insert(segments)
        .values({ ...base, name, entity: entity as "AVAILABILITIES", conditions })
        .returning(),
    );
  const starsAtZephyr = await segment("Étoiles à Zéphyr", {
    activities: [stars.cuid],
    locations: [zephyr.cuid],
  });
  const teensSegment = await segment("Ados", { categories: [teens.cuid] });
  const empty = await segment("Tout", {});
  const otherEntity = await segment("Clients", { activities: [stars.cuid] }, "CUSTOMERS");

  const bundle = (title: string, published = true) =>
    one(
      db
        .insert(bundles)
        .values({
          ...base,
          title,
          description: "<p>Carte</p>",
          price: 9000,
          capacity: 10,
          published,
        })
        .returning({ id: bundles.id, cuid: bundles.cuid }),
    );
  const publishedBundle = await bundle("Carte Zodiaque 10 séances");
  const hiddenBundle = await bundle("Carte Zodiaque brouillon", false);
  const secondBundle = await bundle("Carte Zodiaque 5 séances");
  await db
    .insert(bundleImages)
    .values({ ...base, bundleId: publishedBundle.id, imageId: image.id });
  const membership = await one(
    db
      .insert(memberships)
      .values({
        ...base,
        title: "Abonnement Zodiaque",
        price: 12000,
        periodType: "ROLLING",
        rollingPeriodType: "months",
        rollingPeriodDuration: 12,
        published: true,
      })
      .returning({ id: memberships.id, cuid: memberships.cuid }),
  );
  const voucher = await one(
    db
      .insert(vouchers)
      .values({
        ...base,
        title: "Chèque Zodiaque",
        price: 5000,
        amount: 5000,
        duration: 31_536_000,
        published: true,
      })
      .returning({ id: vouchers.id, cuid: vouchers.cuid }),
  );

  return {
    organiserId,
    days,
    catalog: catalog.cuid,
    gardenCatalog: gardenCatalog.cuid,
    locations: { zephyr: zephyr.cuid, park: park.cuid },
    groups: { theme: theme.cuid, audience: audience.cuid },
    categories: {
      astronomy: astronomy.cuid,
      botany: botany.cuid,
      children: children.cuid,
      teens: teens.cuid,
    },
    period: period.cuid,
    activities: { stars, garden, draft, courts },
    v1,
    v2,
    v3,
    v4,
    v5,
    v6,
    v7,
    onCourt,
    segments: {
      starsAtZephyr: starsAtZephyr.cuid,
      teens: teensSegment.cuid,
      empty: empty.cuid,
      otherEntity: otherEntity.cuid,
    },
    resource,
    bundles: { published: publishedBundle, hidden: hiddenBundle, second: secondBundle },
    memberships: { published: membership },
    vouchers: { published: voucher },
  };
}
