import {
  type AnswerErrors,
  type ChosenOption,
  hasFreePlaces,
  isDateSelectable,
  type PlacePricing,
  placePricing,
  type QuestionAnswer,
  validateRegistrationOptions,
  validateRegistrationQuestions,
} from "@booking/domain";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  type DateWithHolds,
  listDatesWithHolds,
  listOptionPrices,
  listQuestions,
  type OptionPriceRow,
  type QuestionRow,
} from "../carts/queries.ts";
import type { ConsoleAvailability } from "./console-availability.ts";

// A place the console gives (registering by hand, a transfer, a waiting-list offer), checked and
// priced by the storefront's rules (docs/decisions/0024-console-registrations.md): the options and
// answers against the activity's configuration, each date selectable (OPEN, ahead, a free place
// counting registrations and every live hold), the price by `placePricing`. The availability's
// status and registration window are the organiser's to override and are not checked.

export type PlaceRequest = {
  availability: ConsoleAvailability;
  dateIds: number[];
  options: ReadonlyArray<{ price_id: number; content?: string | null }>;
  questions: ReadonlyArray<{ question_id: number; content?: unknown }>;
  /** "required": the answers the activity asks must be given (a registration is made) */
  answers: "required" | "optional";
};

export type CheckedPlace = {
  /** distinct, in id order */
  dateIds: number[];
  options: ChosenOption[];
  questions: QuestionAnswer[];
  pricing: PlacePricing;
};

const distinct = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

export async function checkPlace(
  context: Pick<ConsoleContext, "db" | "organiser">,
  request: PlaceRequest,
  now: Date,
): Promise<CheckedPlace> {
  const [checked] = await checkPlaces(context, [request], now);
  return checked!;
}

/**
 * `checkPlace` of many places at once (an import's rows): the activities' options and questions
 * and the availabilities' dates are read once for all, in three statements; each place is then
 * checked alone (the places the others take are counted under the dates' locks at conversion).
 * An error of a place with a `line` names that line.
 */
export async function checkPlaces(
  context: Pick<ConsoleContext, "db" | "organiser">,
  requests: ReadonlyArray<PlaceRequest & { line?: number }>,
  now: Date,
): Promise<CheckedPlace[]> {
  const { db, organiser } = context;
  const activityIds = [...new Set(requests.map((request) => request.availability.activity.id))];
  const prices = await listOptionPrices(db, organiser.id, activityIds);
  const questions = await listQuestions(db, organiser.id, activityIds);
  const dates = await listDatesWithHolds(
    db,
    organiser.id,
    {
      ids: [],
      availabilityIds: [...new Set(requests.map((request) => request.availability.id))],
    },
    now,
  );
  return requests.map((request) =>
    withLine(request.line, () =>
      checkOnePlace(
        request,
        {
          prices: prices.filter((price) => price.activityId === request.availability.activity.id),
          questions: questions.filter(
            (question) => question.activityId === request.availability.activity.id,
          ),
          dates: dates.filter((date) => date.availabilityId === request.availability.id),
        },
        now,
      ),
    ),
  );
}

/** `run`'s answer; its AppError names `line` when there is one (an import's row). */
export function withLine<T>(line: number | undefined, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (line === undefined || !(error instanceof AppError)) throw error;
    throw new AppError(error.code, error.fields, { ...error.details, line });
  }
}

function checkOnePlace(
  request: PlaceRequest,
  read: { prices: OptionPriceRow[]; questions: QuestionRow[]; dates: DateWithHolds[] },
  now: Date,
): CheckedPlace {
  const { availability } = request;
  const { prices, questions, dates } = read;
  let errors: AnswerErrors = {};
  const chosen = validateRegistrationOptions(
    request.options.map((option) => ({
      price_id: option.price_id,
      content: option.content ?? null,
    })),
    prices.map((price) => ({
      id: price.id,
      option_id: price.optionId,
      answer_required: price.answerRequired,
      amount: price.amount,
      percentage: price.percentage,
    })),
    { requireAnswers: request.answers === "required" },
  );
  if (!chosen.ok) errors = { ...errors, ...chosen.errors };
  const answered =
    request.answers === "required"
      ? validateRegistrationQuestions(
          request.questions.map((question) => ({
            question_id: question.question_id,
            content: question.content ?? null,
          })),
          questions,
        )
      : { ok: true as const, value: [] as QuestionAnswer[] };
  if (!answered.ok) errors = { ...errors, ...answered.errors };
  if (!chosen.ok || !answered.ok) throw validationError(errors);

  const dateIds = distinct(request.dateIds);
  const selectable = (date: (typeof dates)[number]) =>
    isDateSelectable(
      {
        id: date.id,
        status: date.status,
        start_at: date.startAt,
        capacity: date.capacity,
        registered: date.registered + date.held,
      },
      now,
    );
  for (const dateId of dateIds) {
    const date = dates.find((entry) => entry.id === dateId);
    if (!date) throw new AppError("DATE_NOT_SELECTABLE");
    if (!selectable(date)) {
      const full =
        date.status === "FULL" ||
        (date.status === "OPEN" &&
          !hasFreePlaces({ capacity: date.capacity, registered: date.registered + date.held }));
      throw new AppError(full ? "AVAILABILITY_FULL" : "DATE_NOT_SELECTABLE");
    }
  }
  return {
    dateIds,
    options: chosen.value,
    questions: answered.value,
    pricing: placePricing({
      price: availability.price,
      deposit: availability.deposit,
      partial: availability.activity.partialRegistrations,
      chosenDates: dateIds.length,
      selectableDates: dates.filter(selectable).length,
      options: chosen.prices,
    }),
  };
}

/**
 * Checkout's pricing and conversion take a storefront service context: they read only its
 * transaction, organiser, logger and after-commit queue, never the actor, so the console's
 * context serves them with no customer session behind it.
 */
export function asServiceContext(context: ConsoleContext): ServiceContext {
  return {
    db: context.db,
    organiser: context.organiser,
    actor: { kind: "visitor" },
    log: context.log,
    afterCommit: context.afterCommit,
    clock: context.clock,
  };
}
