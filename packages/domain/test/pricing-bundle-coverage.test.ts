import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateBundleCoverage, type CoverageBundle, type CoveragePlace } from "../src/index.ts";

const now = new Date("2030-03-01T10:00:00Z");
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

const bundle = (key: string, fields: Partial<CoverageBundle<string>> = {}) => ({
  key,
  activity_ids: [1],
  participant_id: null,
  remaining: 10,
  expires_at: null,
  ...fields,
});
const place = (key: number, fields: Partial<CoveragePlace<number>> = {}) => ({
  key,
  activity_id: 1,
  participant_id: 100,
  ...fields,
});

describe("allocateBundleCoverage", () => {
  it("covers places of the bundle's activities only", () => {
    const coverage = allocateBundleCoverage(
      [place(1), place(2, { activity_id: 2 }), place(3, { activity_id: 3 })],
      [bundle("a", { activity_ids: [1, 3] })],
      now,
    );
    expect([...coverage]).toEqual([
      [1, "a"],
      [3, "a"],
    ]);
  });

  it("uses one registration per place and stops when the room is used up, in place order", () => {
    const coverage = allocateBundleCoverage(
      [place(1), place(2), place(3)],
      [bundle("a", { remaining: 2 })],
      now,
    );
    expect([...coverage.keys()]).toEqual([1, 2]);
  });

  it("unlimited capacity covers every place; remaining 0 covers none", () => {
    const places = [place(1), place(2), place(3)];
    expect(allocateBundleCoverage(places, [bundle("u", { remaining: null })], now).size).toBe(3);
    expect(allocateBundleCoverage(places, [bundle("z", { remaining: 0 })], now).size).toBe(0);
  });

  it("a participant's bundle covers that participant only; a family bundle covers all", () => {
    const coverage = allocateBundleCoverage(
      [place(1, { participant_id: 100 }), place(2, { participant_id: 200 })],
      [bundle("mine", { participant_id: 200 })],
      now,
    );
    expect([...coverage]).toEqual([[2, "mine"]]);
    const family = allocateBundleCoverage(
      [place(1, { participant_id: 100 }), place(2, { participant_id: 200 })],
      [bundle("family")],
      now,
    );
    expect(family.size).toBe(2);
  });

  it("an expired bundle covers nothing (expiry at now is expired)", () => {
    const places = [place(1)];
    expect(allocateBundleCoverage(places, [bundle("e", { expires_at: now })], now).size).toBe(0);
    expect(
      allocateBundleCoverage(
        places,
        [bundle("v", { expires_at: new Date(now.getTime() + 1) })],
        now,
      ).size,
    ).toBe(1);
  });

  it("takes the bundle ending first, then the order given, and moves on when it is used up", () => {
    const coverage = allocateBundleCoverage(
      [place(1), place(2), place(3), place(4)],
      [
        bundle("no-end", { remaining: 5 }),
        bundle("ends-later", { remaining: 1, expires_at: later(30) }),
        bundle("ends-first", { remaining: 1, expires_at: later(2) }),
      ],
      now,
    );
    expect([...coverage.values()]).toEqual(["ends-first", "ends-later", "no-end", "no-end"]);
    const tie = allocateBundleCoverage([place(1)], [bundle("first"), bundle("second")], now);
    expect(tie.get(1)).toBe("first");
  });

  it("does not modify the bundles it is given", () => {
    const bundles = [bundle("a", { remaining: 1 })];
    allocateBundleCoverage([place(1)], bundles, now);
    expect(bundles[0]!.remaining).toBe(1);
  });

  it("refuses a remaining that is not a count", () => {
    expect(() => allocateBundleCoverage([], [bundle("x", { remaining: -1 })], now)).toThrow(
      RangeError,
    );
    expect(() => allocateBundleCoverage([], [bundle("x", { remaining: 1.5 })], now)).toThrow(
      RangeError,
    );
  });

  it("never uses a bundle beyond its room, and covers only matching places", () => {
    const bundleArb = fc.record({
      key: fc.integer({ min: 0, max: 1000 }),
      activity_ids: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
      participant_id: fc.option(fc.integer({ min: 1, max: 3 })),
      remaining: fc.option(fc.integer({ min: 0, max: 4 })),
      expires_at: fc.option(fc.integer({ min: -5, max: 5 }).map(later)),
    });
    const placeArb = fc.record({
      activity_id: fc.integer({ min: 1, max: 4 }),
      participant_id: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(bundleArb, { selector: (b) => b.key, maxLength: 4 }),
        fc.array(placeArb, { maxLength: 10 }),
        (bundles, rawPlaces) => {
          const places = rawPlaces.map((p, key) => ({ key, ...p }));
          const coverage = allocateBundleCoverage(places, bundles, now);
          for (const b of bundles) {
            const used = [...coverage.values()].filter((key) => key === b.key).length;
            if (b.remaining !== null) expect(used).toBeLessThanOrEqual(b.remaining);
          }
          for (const [placeKey, bundleKey] of coverage) {
            const p = places[placeKey]!;
            const b = bundles.find((candidate) => candidate.key === bundleKey)!;
            expect(b.activity_ids).toContain(p.activity_id);
            if (b.participant_id !== null) expect(b.participant_id).toBe(p.participant_id);
            if (b.expires_at !== null)
              expect(b.expires_at.getTime()).toBeGreaterThan(now.getTime());
          }
        },
      ),
    );
  });
});
