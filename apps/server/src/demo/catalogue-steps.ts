import {
  calendarPeriodBody,
  catalogBody,
  segmentBody,
  volumeDiscountBody,
} from "@booking/contracts";
import {
  activities,
  calendarPeriods,
  catalogs,
  categories,
  DEMO_PAGES_BY_LANGUAGE,
  type DemoCatalogueRefs,
  type DemoOrganiser,
  locations,
  resolveDemoPages,
  resources,
  type SeededRef,
  segments,
  type TenantTx,
  writePageTrees,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { calendarPeriodsConsole } from "../modules/calendar-periods/console-service.ts";
import { catalogsConsole } from "../modules/catalogs/console-service.ts";
import { segmentsConsole } from "../modules/segments/service.ts";
import { volumeDiscountsConsole } from "../modules/volume-discounts/service.ts";
import type { DemoStep } from "./request-steps.ts";
import type { DemoWorld } from "./world.ts";

// The organiser's catalogue settings as staff set them up in the console (issue 17 §4): the
// calendar periods, the catalogs with their activities, the segments of availabilities and the
// volume discounts, each through its console service; then the site's pages, which point at
// them by cuid. The demo's description (packages/db/src/seed/demo-*.ts) says what they are.

type Keyed = { key: string; name: string };

/** Rows of `table` by the description's keys, found by their name (unique in the demo). */
async function refsByName(
  tx: TenantTx,
  organiserId: number,
  table: PgTable & { id: PgColumn; cuid: PgColumn; organiserId: PgColumn },
  name: PgColumn,
  items: Keyed[],
): Promise<Record<string, SeededRef>> {
  const rows = (await tx
    .select({ id: table.id, cuid: table.cuid, name })
    .from(table as PgTable)
    .where(eq(table.organiserId, organiserId))) as Array<SeededRef & { name: string }>;
  const refs: Record<string, SeededRef> = {};
  for (const item of items) {
    const matches = rows.filter((row) => row.name === item.name);
    if (matches.length !== 1)
      throw new Error(`demo flows: ${matches.length} rows named ${item.name}`);
    refs[item.key] = { id: matches[0]!.id, cuid: matches[0]!.cuid };
  }
  return refs;
}

/** What the seed wrote (activities, locations, categories, resources) by the description's keys. */
async function seededRefs(world: DemoWorld, demo: DemoOrganiser) {
  const { tx, organiser } = world;
  const of = (table: Parameters<typeof refsByName>[2], name: PgColumn, items: Keyed[]) =>
    refsByName(tx, organiser.id, table, name, items);
  return {
    activities: await of(
      activities,
      activities.title,
      demo.activities.map(({ key, title }) => ({ key, name: title })),
    ),
    locations: await of(
      locations,
      locations.title,
      demo.locations.map(({ key, title }) => ({ key, name: title })),
    ),
    categories: await of(
      categories,
      categories.title,
      demo.categoryGroups.flatMap((group) =>
        group.categories.map(({ key, title }) => ({ key, name: title })),
      ),
    ),
    resources: await of(
      resources,
      resources.name,
      demo.resources.map(({ key, name }) => ({ key, name })),
    ),
  };
}

const cuidsOf = (refs: Record<string, SeededRef>, keys: string[] = []) =>
  keys.map((key) => {
    const ref = refs[key];
    if (!ref) throw new Error(`demo flows: unknown key ${key}`);
    return ref.cuid;
  });

/** Staff's catalogue settings, then the pages that show them, at `at`. */
export function catalogueStep(world: DemoWorld, demo: DemoOrganiser, at: Date): DemoStep {
  return {
    at,
    run: async () => {
      const { tx, organiser, actors } = world;
      const staff = actors.staff(at);
      const seeded = await seededRefs(world, demo);
      for (const period of demo.calendarPeriods) {
        await calendarPeriodsConsole.create(
          staff,
          calendarPeriodBody.parse({
            name: period.name,
            start_date: period.startDate,
            end_date: period.endDate,
          }),
        );
      }
      for (const catalog of demo.catalogs) {
        await catalogsConsole.create(
          staff,
          catalogBody.parse({
            name: catalog.name,
            description: catalog.description ?? null,
            activities: cuidsOf(seeded.activities, catalog.activities),
          }),
        );
      }
      const ownSegments = demo.segments.filter((segment) => !segment.isDefault);
      for (const segment of ownSegments) {
        const conditions = segment.conditions ?? {};
        await segmentsConsole.create(
          staff,
          segmentBody.parse({
            entity: segment.entity,
            name: segment.name,
            conditions: Object.fromEntries(
              Object.entries({
                activities:
                  conditions.activities && cuidsOf(seeded.activities, conditions.activities),
                locations: conditions.locations && cuidsOf(seeded.locations, conditions.locations),
                categories:
                  conditions.categories && cuidsOf(seeded.categories, conditions.categories),
              }).filter(([, list]) => list !== undefined),
            ),
          }),
        );
      }
      for (const tier of demo.volumeDiscounts) {
        await volumeDiscountsConsole.create(
          staff,
          volumeDiscountBody.parse({
            min_registrations: tier.minRegistrations,
            amount: tier.amount ?? null,
            percentage: tier.percentage ?? null,
            active: tier.active ?? true,
          }),
        );
      }
      const refs: DemoCatalogueRefs = {
        ...seeded,
        calendarPeriods: await refsByName(
          tx,
          organiser.id,
          calendarPeriods,
          calendarPeriods.name,
          demo.calendarPeriods.map(({ key, name }) => ({ key, name })),
        ),
        catalogs: await refsByName(tx, organiser.id, catalogs, catalogs.name, demo.catalogs),
        segments: await refsByName(
          tx,
          organiser.id,
          segments,
          segments.name,
          demo.segments.map(({ key, name }) => ({ key, name })),
        ),
      };
      // The site's pages are the website builder's (not a console form of this step): written as
      // trees once the rows they point at exist.
      const language = organiser.language === "en" ? "en" : "fr";
      await writePageTrees(
        tx,
        organiser.id,
        resolveDemoPages(DEMO_PAGES_BY_LANGUAGE[language], refs),
      );
    },
  };
}
