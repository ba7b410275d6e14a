import {
  activityOf,
  hasPassed,
  type ImportedRegistration,
  type RegistrationAvailability,
} from "@booking/domain";
import type { ConsoleContext } from "../../http/console-context.ts";
import { listDatesWithHolds, listOptionPrices, listQuestions } from "../carts/queries.ts";
import { findExistingActivities } from "./activity-queries.ts";
import { findNamedAvailabilities } from "./registration-queries.ts";

/**
 * The availabilities a registration file names, read once for all its rows: each with the dates a
 * registration takes — those ahead and not closed, as register-by-hand gives them — and their
 * places left counting registrations and live holds, its activity's option prices and questions.
 * Returns each row's availability, null when the organiser has none of that cuid, or no date of
 * that activity starting then.
 */
export async function availabilitiesOfRows(
  context: ConsoleContext,
  rows: readonly ImportedRegistration[],
  now: Date,
): Promise<(row: ImportedRegistration) => RegistrationAvailability | null> {
  const { db, organiser } = context;
  const byStart = rows.flatMap((row) => ("startAt" in row.availability ? [row.availability] : []));
  const activities = byStart.length === 0 ? [] : await findExistingActivities(db, organiser.id);
  const activityIdOf = (named: (typeof byStart)[number]) =>
    activityOf(named, activities)?.id ?? null;
  const named = await findNamedAvailabilities(db, organiser.id, {
    cuids: [
      ...new Set(
        rows.flatMap((row) => ("cuid" in row.availability ? [row.availability.cuid] : [])),
      ),
    ],
    starts: byStart.flatMap((start) => {
      const activityId = activityIdOf(start);
      return activityId === null ? [] : [{ activityId, startAt: new Date(start.startAt) }];
    }),
  });
  const availabilityIds = [...new Set(named.map((row) => row.id))];
  const activityIds = [...new Set(named.map((row) => row.activityId))];
  const dates = await listDatesWithHolds(db, organiser.id, { ids: [], availabilityIds }, now);
  const prices = await listOptionPrices(db, organiser.id, activityIds);
  const questions = await listQuestions(db, organiser.id, activityIds);
  const built = new Map<number, RegistrationAvailability>();
  for (const { id, activityId } of named) {
    if (built.has(id)) continue;
    built.set(id, {
      id,
      dates: dates
        .filter(
          (d) => d.availabilityId === id && d.status !== "CLOSED" && !hasPassed(d.startAt, now),
        )
        .map((d) => ({
          id: d.id,
          free:
            d.status === "FULL"
              ? 0
              : d.capacity === null
                ? null
                : Math.max(0, d.capacity - d.registered - d.held),
        })),
      prices: prices
        .filter((price) => price.activityId === activityId)
        .map((price) => ({
          id: price.id,
          option_id: price.optionId,
          answer_required: price.answerRequired,
          amount: price.amount,
          percentage: price.percentage,
          label: price.label,
        })),
      questions: questions.filter((question) => question.activityId === activityId),
    });
  }
  // Indexed once: a file's rows each find their availability without a scan.
  const byCuid = new Map(named.map((n) => [n.cuid, n.id] as const));
  const idByStart = new Map(
    named.flatMap((n) =>
      n.startAt ? [[startKey(n.activityId, n.startAt.toISOString()), n.id] as const] : [],
    ),
  );
  return (row) => {
    const { availability } = row;
    const activityId = "cuid" in availability ? null : activityIdOf(availability);
    const id =
      "cuid" in availability
        ? byCuid.get(availability.cuid)
        : activityId === null
          ? undefined
          : idByStart.get(startKey(activityId, availability.startAt));
    return id === undefined ? null : built.get(id)!;
  };
}

/** An activity's date by its start, as an ISO instant. */
const startKey = (activityId: number, startAt: string) => `${activityId} ${startAt}`;
