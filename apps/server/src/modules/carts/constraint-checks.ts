import type { CartConstraintNote } from "@booking/contracts";
import {
  type ConstrainedRegistration,
  type ConstraintStage,
  type ConstraintViolation,
  checkRegistrationConstraints,
  fullName,
} from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  type ActivityConstraint,
  constraintsOfActivities,
} from "../activities/constraint-service.ts";
import {
  findAvailabilityLocations,
  findDateStarts,
  listCalendarPeriods,
  listConfirmedDates,
  lockParticipants,
} from "./constraint-queries.ts";
import {
  findOpenCart,
  type ItemDateRow,
  type LiveItemRow,
  listLiveItemsWithDates,
} from "./queries.ts";

/**
 * The activities' registration constraints on the cart (platform-and-account.md §5, decision
 * docs/decisions/0062-registration-constraints.md; rules in packages/domain): at add the
 * maximum kinds, at checkout every kind, finally, under a lock per participant; the cart view
 * lists what is not met beside its items.
 */

/** A registration the cart holds or is about to hold: a candidate of the rules. */
type CartLine = {
  /** the cart item's id, or `new:…` for a registration being added */
  key: string;
  participantId: number;
  participantName: string;
  activityId: number;
  availabilityId: number;
  dateStarts: Date[];
};

type Violation = ConstraintViolation<ActivityConstraint> & { participantName: string };

const unique = (values: number[]) => [...new Set(values)];

/**
 * Judges the lines with the participants' confirmed registrations of the same activities. Reads
 * nothing more when none of the lines' activities has a constraint (the usual cart). `lock`:
 * the participants' rows are locked first, so that the registrations counted cannot change
 * before the transaction commits. `constraints`: the ones to judge, when the caller read them.
 */
async function judge(
  context: ServiceContext,
  lines: readonly CartLine[],
  stage: ConstraintStage,
  now: Date,
  options: { lock: boolean; constraints?: ActivityConstraint[] },
): Promise<Violation[]> {
  const { db, organiser } = context;
  const constraints =
    options.constraints ??
    (await constraintsOfActivities(context, unique(lines.map((line) => line.activityId))));
  if (constraints.length === 0) return [];
  const constrained = lines.filter((line) =>
    constraints.some((constraint) => constraint.activityId === line.activityId),
  );
  const participantIds = unique(constrained.map((line) => line.participantId));
  const activityIds = unique(constraints.map((constraint) => constraint.activityId));
  if (options.lock) await lockParticipants(db, organiser.id, participantIds);
  // One after the other: statements cannot overlap on the transaction's one connection.
  const confirmed = await listConfirmedDates(db, organiser.id, participantIds, activityIds);
  const locations = await findAvailabilityLocations(
    db,
    organiser.id,
    unique(constrained.map((line) => line.availabilityId)),
  );
  const periods = constraints.some((constraint) => constraint.scope === "same.period")
    ? await listCalendarPeriods(db, organiser.id)
    : [];
  const names = new Map(constrained.map((line) => [line.participantId, line.participantName]));
  return activityIds.flatMap((activityId) => {
    const registrations = new Map<string, ConstrainedRegistration & { dates: Date[] }>();
    for (const row of confirmed.filter((date) => date.activityId === activityId)) {
      const key = `registration:${row.registrationId}`;
      const registration = registrations.get(key) ?? {
        key,
        participantId: row.participantId,
        locationId: row.locationId,
        dates: [],
        candidate: false,
      };
      registration.dates.push(row.startAt);
      registrations.set(key, registration);
    }
    for (const line of constrained.filter((line) => line.activityId === activityId)) {
      registrations.set(line.key, {
        key: line.key,
        participantId: line.participantId,
        locationId: locations.get(line.availabilityId) ?? null,
        dates: line.dateStarts,
        candidate: true,
      });
    }
    return checkRegistrationConstraints({
      constraints: constraints.filter((constraint) => constraint.activityId === activityId),
      registrations: [...registrations.values()],
      stage,
      now,
      timeZone: organiser.timezone,
      periods,
    }).map((violation) => ({
      ...violation,
      participantName: names.get(violation.participantId) ?? "",
    }));
  });
}

/** 409 REGISTRATION_CONSTRAINT_NOT_MET naming the constraint, its message and the participant. */
function refusal(violation: Violation): AppError {
  const { constraint } = violation;
  return new AppError("REGISTRATION_CONSTRAINT_NOT_MET", undefined, {
    activity_id: constraint.activityId,
    participant_id: violation.participantId,
    participant: violation.participantName,
    type: constraint.kind,
    value: constraint.value,
    measure: violation.measure,
    message: constraint.message,
  });
}

/** The cart's live registration items as lines of the rules. */
function cartLines(rows: readonly LiveItemRow[], dates: readonly ItemDateRow[]): CartLine[] {
  return rows.flatMap((row) =>
    row.item.type === "REGISTRATION" && row.participant && row.activity && row.availability
      ? [
          {
            key: String(row.item.id),
            participantId: row.participant.id,
            participantName: fullName(row.participant.firstname, row.participant.lastname),
            activityId: row.activity.id,
            availabilityId: row.availability.id,
            dateStarts: dates
              .filter((date) => date.cartItemId === row.item.id)
              .map((date) => date.startAt),
          },
        ]
      : [],
  );
}

/** What an add asks for: a registration of `quantity` places for a participant. */
export type AddedRegistration = {
  participantId: number;
  availability: { id: number; activityId: number };
  quantity: number;
  dateIds: number[];
};

/**
 * POST /api/carts/items: the maximum kinds, counting the participant's confirmed registrations,
 * the open cart's live items and the registrations added (each place one registration). A
 * violation that a registration being added takes part in refuses the add (409); minimum kinds
 * wait for the checkout, the cart showing them meanwhile. Nothing is locked: the checkout's
 * check is the final one.
 */
export async function requireConstraintsOnAdd(
  context: ServiceContext,
  customerId: number,
  added: readonly AddedRegistration[],
  names: ReadonlyMap<number, { firstname: string; lastname: string }>,
  now: Date,
): Promise<void> {
  if (added.length === 0) return;
  // Only a constraint of an added registration's activity can refuse the add: the usual add,
  // of an activity without any, reads neither its dates' starts nor the cart (two statements per
  // parent of a rush).
  const constraints = await constraintsOfActivities(
    context,
    unique(added.map((registration) => registration.availability.activityId)),
  );
  if (constraints.length === 0) return;
  const { db, organiser } = context;
  const starts = await findDateStarts(db, organiser.id, unique(added.flatMap((a) => a.dateIds)));
  const lines = added.flatMap((registration, index) =>
    Array.from({ length: registration.quantity }, (_, place): CartLine => {
      const participant = names.get(registration.participantId);
      return {
        key: `new:${index}:${place}`,
        participantId: registration.participantId,
        participantName: participant ? fullName(participant.firstname, participant.lastname) : "",
        activityId: registration.availability.activityId,
        availabilityId: registration.availability.id,
        dateStarts: registration.dateIds.flatMap((id) => starts.get(id) ?? []),
      };
    }),
  );
  const cart = await findOpenCart(db, organiser.id, customerId);
  const held = cart ? await listLiveItemsWithDates(db, organiser.id, cart.id, now) : null;
  const inCart = held ? cartLines(held.rows, held.dates) : [];
  const violations = await judge(context, [...inCart, ...lines], "add", now, {
    lock: false,
    constraints,
  });
  const refused = violations.find(
    (violation) => violation.blocking && violation.candidates.some((key) => key.startsWith("new:")),
  );
  if (refused) throw refusal(refused);
}

/**
 * POST /api/carts/checkout, inside its transaction (the cart row locked): every kind, on the
 * cart's live registrations with the participants' confirmed ones, the participants' rows locked
 * until commit so that no other conversion counting them runs beside. The first blocking
 * violation refuses the checkout (409 REGISTRATION_CONSTRAINT_NOT_MET).
 */
export async function requireConstraintsAtCheckout(
  context: ServiceContext,
  rows: readonly LiveItemRow[],
  dates: readonly ItemDateRow[],
  now: Date,
): Promise<void> {
  const violations = await judge(context, cartLines(rows, dates), "checkout", now, {
    lock: true,
  });
  const refused = violations.find((violation) => violation.blocking);
  if (refused) throw refusal(refused);
}

/** The cart view's notes: every constraint the cart does not meet as it stands, by item. */
export async function cartConstraintNotes(
  context: ServiceContext,
  rows: readonly LiveItemRow[],
  dates: readonly ItemDateRow[],
  now: Date,
): Promise<CartConstraintNote[]> {
  const violations = await judge(context, cartLines(rows, dates), "checkout", now, {
    lock: false,
  });
  return violations.map((violation) => ({
    activity_id: violation.constraint.activityId,
    participant_id: violation.participantId,
    type: violation.constraint.kind,
    value: violation.constraint.value,
    measure: violation.measure,
    message: violation.constraint.message,
    blocking: violation.blocking,
    item_ids: violation.candidates.map(Number),
  }));
}
