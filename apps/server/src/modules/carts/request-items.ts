import type {
  addCartItemsBody,
  CartRegistrationRequestInput,
  RegistrationRequestItemView,
} from "@booking/contracts";
import type { CartItemPayload } from "@booking/db";
import {
  type AnswerErrors,
  prefixErrors,
  tierForRequest,
  validateRegistrationOptions,
  validateRegistrationQuestions,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { listTiers, type RequestTier } from "../request-tiers/queries.ts";
import { requireBookable, requireEligibleAge } from "./booking-checks.ts";
import {
  findOwnParticipants,
  findRegistrationTargets,
  type LockedDate,
  listAvailabilityDates,
  type NewCartItem,
  type RegistrationTarget,
} from "./queries.ts";

// Registration requests in the cart (storefront.md §7 `registrations_requests`; issue 15 §1;
// docs/decisions/0060-registration-request-tiers.md). A request asks for sessions of an activity
// whose registration_flow is REQUEST; it holds no place (no cart_item_dates row: the approval
// checks the capacity when it is given) and costs nothing at checkout: the organiser sets its
// price when approving it. Checkout turns each item into a PENDING registration request.

/** What a request item keeps of what was asked, as it was when added. */
export type RequestPayload = {
  activity_id: number;
  tier: { id: number; cuid: string; name: string; registrations: number } | null;
  availabilities: Array<{
    id: number;
    cuid: string;
    start_at: string;
    end_at: string;
    date_ids: number[];
  }>;
};

export type RequestItemValues = Pick<
  NewCartItem,
  "type" | "participantId" | "availabilityId" | "price" | "deposit" | "payload"
>;

const unique = (values: number[]) => [...new Set(values)];

/**
 * The request entries of an add, checked: the customer's participants (404
 * PARTICIPANT_NOT_FOUND); published availabilities of this organiser (404
 * AVAILABILITY_NOT_FOUND), never twice in a request (400 DUPLICATE), of ONE activity (409
 * REQUEST_ACTIVITIES_MIXED) taking requests (409 REGISTRATION_FLOW_DIRECT), open for registrations
 * — full or not: a request holds no place — (409 AVAILABILITY_NOT_OPEN) and within the
 * participant's age limits (409 AGE_OUT_OF_RANGE); the dates chosen of each availability, open
 * and to come (409 DATE_NOT_SELECTABLE; none sent: all of those); options and answers by the
 * activity's registration form (400 VALIDATION_ERROR under `registrations_requests.{i}.`); and the
 * tier: identical entries (participant and sessions) are one request repeated, and some tier of
 * the activity must hold its number of sessions with that many registrations (409
 * REQUEST_TIER_MISMATCH). An activity without tiers takes one request of any number of sessions.
 */
export async function checkRequestItems(
  context: ServiceContext,
  customerId: number,
  input: Pick<z.output<typeof addCartItemsBody>, "registrations_requests">,
  now: Date,
): Promise<RequestItemValues[]> {
  const requests = input.registrations_requests;
  if (requests.length === 0) return [];
  const { db, organiser } = context;
  const participantIds = unique(requests.map((request) => request.participant_id));
  const participants = await findOwnParticipants(db, organiser.id, customerId, participantIds);
  if (participantIds.some((id) => !participants.has(id))) {
    throw new AppError("PARTICIPANT_NOT_FOUND");
  }
  const availabilityIds = unique(
    requests.flatMap((request) => request.availabilities.map((entry) => entry.id)),
  );
  const targets = await findRegistrationTargets(db, organiser.id, availabilityIds);
  if (availabilityIds.some((id) => !targets.has(id))) throw new AppError("AVAILABILITY_NOT_FOUND");

  requests.forEach((request, index) => {
    const ids = request.availabilities.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length) {
      throw validationError({ [`registrations_requests.${index}.availabilities`]: "DUPLICATE" });
    }
  });

  for (const request of requests) {
    const sessions = request.availabilities.map((entry) => targets.get(entry.id)!);
    if (new Set(sessions.map((session) => session.activityId)).size > 1) {
      throw new AppError("REQUEST_ACTIVITIES_MIXED");
    }
    for (const session of sessions) {
      if (session.registrationFlow !== "REQUEST") throw new AppError("REGISTRATION_FLOW_DIRECT");
      requireBookable(session, [], now, { placesHeld: true });
      requireEligibleAge(
        session,
        { id: request.participant_id, ...participants.get(request.participant_id)! },
        organiser.timezone,
      );
    }
  }

  const dates = await listAvailabilityDates(db, organiser.id, availabilityIds);
  let errors: AnswerErrors = {};
  const forms: Array<Pick<CartItemPayload, "options" | "questions">> = [];
  requests.forEach((request, index) => {
    const target = targets.get(request.availabilities[0]!.id)!;
    const answered = answerForm(request, target, `registrations_requests.${index}.`);
    if ("errors" in answered) errors = { ...errors, ...answered.errors };
    else forms.push(answered);
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const tiers = await listTiers(
    db,
    organiser.id,
    unique([...targets.values()].map((target) => target.activityId)),
  );
  const keyOf = (request: CartRegistrationRequestInput) =>
    `${request.participant_id}:${request.availabilities
      .map((entry) => entry.id)
      .sort((a, b) => a - b)
      .join(",")}`;
  const repeats = new Map<string, number>();
  for (const request of requests) {
    repeats.set(keyOf(request), (repeats.get(keyOf(request)) ?? 0) + 1);
  }

  return requests.map((request, index): RequestItemValues => {
    const activityId = targets.get(request.availabilities[0]!.id)!.activityId;
    const tier = requestTier(
      tiers.filter((candidate) => candidate.activityId === activityId),
      request.availabilities.length,
      repeats.get(keyOf(request))!,
    );
    const payload: RequestPayload = {
      activity_id: activityId,
      tier: tier
        ? { id: tier.id, cuid: tier.cuid, name: tier.name, registrations: tier.registrations }
        : null,
      availabilities: request.availabilities.map((entry) => {
        const session = targets.get(entry.id)!;
        return {
          id: session.id,
          cuid: session.cuid,
          start_at: session.startAt.toISOString(),
          end_at: session.endAt.toISOString(),
          date_ids: chosenDates(
            dates.filter((date) => date.availabilityId === session.id),
            entry.dates.map((date) => date.date_id),
            now,
          ),
        };
      }),
    };
    return {
      type: "REGISTRATION_REQUEST",
      participantId: request.participant_id,
      availabilityId: request.availabilities[0]!.id,
      price: 0,
      deposit: 0,
      payload: { ...forms[index]!, request: payload },
    };
  });
}

/** The request's options and answers by its activity's registration form, or their errors. */
function answerForm(
  request: CartRegistrationRequestInput,
  target: RegistrationTarget,
  prefix: string,
) {
  const chosen = validateRegistrationOptions(
    request.options,
    target.optionPrices.map((price) => ({
      id: price.id,
      option_id: price.optionId,
      answer_required: price.answerRequired,
      amount: price.amount,
      percentage: price.percentage,
    })),
    { requireAnswers: true },
  );
  const answered = validateRegistrationQuestions(request.questions, target.questions);
  if (!chosen.ok || !answered.ok) {
    return {
      errors: {
        ...(chosen.ok ? {} : prefixErrors(prefix, chosen.errors)),
        ...(answered.ok ? {} : prefixErrors(prefix, answered.errors)),
      },
    };
  }
  return { options: chosen.value, questions: answered.value };
}

/** The tier a request fits; an activity without tiers takes one request of any sessions. */
function requestTier(tiers: RequestTier[], sessions: number, repeats: number): RequestTier | null {
  if (tiers.length === 0) {
    if (repeats !== 1) throw new AppError("REQUEST_TIER_MISMATCH");
    return null;
  }
  const tier = tierForRequest(
    tiers.map((candidate) => ({
      ...candidate,
      minimum_availabilities: candidate.minimumAvailabilities,
      maximum_availabilities: candidate.maximumAvailabilities,
    })),
    { availabilities: sessions, repeats },
  );
  if (!tier) throw new AppError("REQUEST_TIER_MISMATCH");
  return tier;
}

/** The chosen dates of a session, each open and to come; none chosen: all of those. */
function chosenDates(sessionDates: LockedDate[], chosen: number[], now: Date): number[] {
  const open = sessionDates
    .filter((date) => date.status === "OPEN" && date.startAt > now)
    .map((date) => date.id);
  if (chosen.length === 0) {
    if (open.length === 0) throw new AppError("DATE_NOT_SELECTABLE");
    return open;
  }
  const ids = unique(chosen);
  if (ids.some((id) => !open.includes(id))) throw new AppError("DATE_NOT_SELECTABLE");
  return ids;
}

/** The request part of a cart item's view (null for any other item). */
export function requestItemView(payload: CartItemPayload): RegistrationRequestItemView | null {
  const request = payload.request as RequestPayload | undefined;
  if (!request) return null;
  return {
    tier: request.tier
      ? {
          cuid: request.tier.cuid,
          name: request.tier.name,
          registrations: request.tier.registrations,
        }
      : null,
    availabilities: request.availabilities.map(({ date_ids: _dates, ...session }) => session),
  };
}
