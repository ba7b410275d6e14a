import { describe, expect, it } from "vitest";
import { demoEn } from "../src/seed/demo-en.ts";
import { demoFr } from "../src/seed/demo-fr.ts";
import { DEMO_PAGE_REF_KEYS } from "../src/seed/pages-kit.ts";
import type { DemoOrganiser } from "../src/seed/types.ts";

// "Les stages de l'été" (demo home and /stages/ete) and the English /camps/summer list the camps
// catalog narrowed by a summer segment. The catalogue ANDs the catalog (activities) with the
// segment's categories (any of them, on the availability or its activity): the same selection
// is made here over the seed's description, whatever day the seed runs on.

const SEASONS = [
  "2026-11-27T10:00:00Z",
  "2027-01-10T10:00:00Z",
  "2027-04-30T10:00:00Z",
  "2027-07-16T10:00:00Z",
  "2027-07-18T10:00:00Z",
  "2027-07-20T10:00:00Z",
  "2027-08-04T10:00:00Z",
  "2027-08-06T10:00:00Z",
  "2027-08-25T10:00:00Z",
  "2027-09-01T10:00:00Z",
  "2028-03-15T10:00:00Z",
];

function selected(demo: DemoOrganiser, catalogKey: string, segmentKey: string) {
  const catalog = demo.catalogs.find((candidate) => candidate.key === catalogKey);
  const segment = demo.segments.find((candidate) => candidate.key === segmentKey);
  if (!catalog || !segment?.conditions?.categories) throw new Error(`no ${segmentKey}`);
  const wanted = new Set(segment.conditions.categories);
  return demo.activities
    .filter((activity) => catalog.activities.includes(activity.key))
    .flatMap((activity) =>
      activity.availabilities.filter((availability) =>
        [...activity.categories, ...(availability.categories ?? [])].some((key) => wanted.has(key)),
      ),
    );
}

const month = (date: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat("en", { timeZone, month: "numeric" }).format(date));

describe.each([
  ["fr", demoFr, "stages-ete"],
  ["en", demoEn, "camps-summer"],
] as const)("the %s summer camps", (language, build, segment) => {
  it.each(SEASONS)("are July and August camps still to come when seeded on %s", (now) => {
    const demo = build(new Date(now));
    const timeZone = demo.organiser.timezone ?? "UTC";
    const camps = selected(demo, DEMO_PAGE_REF_KEYS[language].campsCatalog, segment);
    expect(camps.length).toBeGreaterThanOrEqual(3);
    for (const camp of camps) {
      for (const slot of camp.slots) {
        expect([7, 8]).toContain(month(slot.startAt, timeZone));
        expect([7, 8]).toContain(month(slot.endAt, timeZone));
      }
    }
    const upcoming = camps.filter((camp) => camp.slots.at(-1)!.endAt > new Date(now));
    expect(upcoming.length).toBeGreaterThan(0);
  });
});
