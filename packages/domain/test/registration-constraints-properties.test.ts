/** Properties of the registration constraint rules (fast-check). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConstrainedRegistration,
  checkRegistrationConstraints,
  isMaximumKind,
  REGISTRATION_CONSTRAINT_KINDS,
  REGISTRATION_CONSTRAINT_SCOPES,
  type RegistrationConstraint,
} from "../src/index.ts";

const timeZone = "Europe/Brussels";
const now = new Date("2027-06-15T10:00:00Z");
const periods = [
  { id: 1, start: "2027-07-01", end: "2027-07-31" },
  { id: 2, start: "2027-07-20", end: "2027-08-15" },
];

/** Starts on the hour or half hour between May and September 2027, often on the same days. */
const dateArb = fc
  .record({ day: fc.integer({ min: 0, max: 120 }), halfHour: fc.integer({ min: 12, max: 40 }) })
  .map(({ day, halfHour }) => new Date(Date.UTC(2027, 4, 1 + day, 0, halfHour * 30)));

const registrationArb = fc.record({
  participantId: fc.integer({ min: 1, max: 2 }),
  locationId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  dates: fc.array(dateArb, { minLength: 0, maxLength: 4 }),
  candidate: fc.boolean(),
});

const registrationsArb = fc
  .array(registrationArb, { maxLength: 10 })
  .map((list) => list.map((registration, index) => ({ ...registration, key: `r${index}` })));

const dayArb = fc
  .integer({ min: 0, max: 120 })
  .map((day) => new Date(Date.UTC(2027, 4, 1 + day)).toISOString().slice(0, 10));

const constraintArb = (kinds: readonly RegistrationConstraint["kind"][]) =>
  fc
    .record({
      kind: fc.constantFrom(...kinds),
      value: fc.integer({ min: 0, max: 4 }),
      scope: fc.option(fc.constantFrom(...REGISTRATION_CONSTRAINT_SCOPES), { nil: null }),
      start: fc.option(dayArb, { nil: null }),
      end: fc.option(dayArb, { nil: null }),
      optional: fc.boolean(),
    })
    .map(
      ({ start, end, ...rest }): RegistrationConstraint => ({
        id: 1,
        ...rest,
        period: { start, end },
      }),
    );

const anyConstraint = constraintArb(REGISTRATION_CONSTRAINT_KINDS);
const maximumConstraint = constraintArb(REGISTRATION_CONSTRAINT_KINDS.filter(isMaximumKind));

const check = (
  constraint: RegistrationConstraint,
  registrations: readonly ConstrainedRegistration[],
  stage: "add" | "checkout" = "checkout",
) =>
  checkRegistrationConstraints({
    constraints: [constraint],
    registrations,
    stage,
    now,
    timeZone,
    periods,
  });

/** The violations as comparable facts (group, participant, measure). */
const facts = (violations: ReturnType<typeof check>) =>
  violations.map((v) => `${v.participantId}|${v.group}|${v.measure}`).sort();

describe("registration constraint properties", () => {
  it("a set accepted by a maximum stays within it when counted all at once, whatever it holds", () => {
    // A greedy shopper adds candidates one at a time and keeps only those the add accepts; the
    // accepted set, confirmed, never exceeds the maximum in a group any later candidate touches.
    fc.assert(
      fc.property(maximumConstraint, registrationsArb, (anyMaximum, offered) => {
        const constraint = { ...anyMaximum, optional: false };
        const accepted: ConstrainedRegistration[] = [];
        for (const registration of offered) {
          const attempt = [...accepted, { ...registration, candidate: true }];
          const refused = check(constraint, attempt, "add").some((violation) => violation.blocking);
          if (!refused) accepted.push({ ...registration, candidate: false });
        }
        const everyGroupJudged = accepted.map((registration) => ({
          ...registration,
          candidate: true,
        }));
        expect(check(constraint, everyGroupJudged)).toEqual([]);
      }),
    );
  });

  it("adding a registration never fixes a maximum violation", () => {
    fc.assert(
      fc.property(
        maximumConstraint,
        registrationsArb,
        registrationArb,
        (constraint, registrations, extra) => {
          const before = check(constraint, registrations);
          const after = check(constraint, [...registrations, { ...extra, key: "extra" }]);
          for (const violation of before) {
            const still = after.find(
              (other) =>
                other.participantId === violation.participantId && other.group === violation.group,
            );
            expect(still?.measure).toBeGreaterThanOrEqual(violation.measure);
          }
        },
      ),
    );
  });

  it("removing a registration never breaks a maximum that held", () => {
    fc.assert(
      fc.property(
        maximumConstraint,
        registrationsArb,
        fc.nat(),
        (constraint, registrations, at) => {
          fc.pre(registrations.length > 0);
          if (check(constraint, registrations).length > 0) return;
          const fewer = registrations.filter((_, index) => index !== at % registrations.length);
          expect(check(constraint, fewer)).toEqual([]);
        },
      ),
    );
  });

  it("an unscoped minimum that was judged and held is never broken by adding a registration", () => {
    const unscopedMinimum = anyConstraint.filter(
      (constraint) => !isMaximumKind(constraint.kind) && constraint.scope === null,
    );
    fc.assert(
      fc.property(
        unscopedMinimum,
        registrationsArb,
        registrationArb,
        (constraint, registrations, extra) => {
          // Judged: a group holds a candidate (a maximum of -1 finds every such group).
          const judged = check(
            { ...constraint, kind: "registrations.count.maximum", value: -1 },
            registrations,
          );
          fc.pre(judged.length > 0);
          if (check(constraint, registrations).length > 0) return;
          // Same participant: another one's registration would open a group of its own.
          const participantId = judged[0]!.participantId;
          const more = [...registrations, { ...extra, participantId, key: "extra" }];
          expect(check(constraint, more)).toEqual([]);
        },
      ),
    );
  });

  it("the order of the registrations changes nothing", () => {
    fc.assert(
      fc.property(anyConstraint, registrationsArb, (constraint, registrations) => {
        const reversed = [...registrations].reverse();
        expect(facts(check(constraint, reversed))).toEqual(facts(check(constraint, registrations)));
      }),
    );
  });

  it("registrations without a candidate are never judged", () => {
    fc.assert(
      fc.property(anyConstraint, registrationsArb, (constraint, registrations) => {
        const confirmed = registrations.map((registration) => ({
          ...registration,
          candidate: false,
        }));
        expect(check(constraint, confirmed)).toEqual([]);
      }),
    );
  });

  it("every violation names a candidate, breaks the operator, and blocks unless optional", () => {
    fc.assert(
      fc.property(anyConstraint, registrationsArb, (constraint, registrations) => {
        for (const violation of check(constraint, registrations)) {
          expect(violation.candidates.length).toBeGreaterThan(0);
          expect(violation.blocking).toBe(!constraint.optional);
          if (isMaximumKind(constraint.kind)) {
            expect(violation.measure).toBeGreaterThan(constraint.value);
          } else {
            expect(violation.measure).toBeLessThan(constraint.value);
          }
        }
      }),
    );
  });

  it("an add judges exactly the maximum violations of a checkout", () => {
    fc.assert(
      fc.property(anyConstraint, registrationsArb, (constraint, registrations) => {
        const atAdd = check(constraint, registrations, "add");
        const atCheckout = check(constraint, registrations, "checkout");
        expect(atAdd).toEqual(isMaximumKind(constraint.kind) ? atCheckout : []);
      }),
    );
  });
});
