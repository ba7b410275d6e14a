import type {
  cancelRegistrationBody,
  createReviewBody,
  listRegistrationsQuery,
  RegistrationDetail,
  RegistrationFormView,
  RegistrationList,
  RegistrationListItem,
  ReviewView,
  updateRegistrationBody,
  updateReviewBody,
} from "@booking/contracts";
import {
  type AmountOrPercentage,
  type AnswerErrors,
  type CancellationPolicy,
  type CancellationPolicyRefusal,
  cancellationDeadline,
  cancellationRefundAmount,
  DEFAULT_CANCELLATION_POLICY,
  dateEditState,
  editSelectionIssues,
  hasFreePlaces,
  type PlacePricing,
  paymentBadge,
  priceRegistrationEdit,
  type RegistrationActions,
  registrationActions,
  registrationListBadges,
  registrationStart,
  validateRegistrationOptions,
  validateRegistrationQuestions,
  withCancellationPolicy,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import {
  bankTransferView,
  customerItemByCuid,
  customerListPage,
  iso,
  ownerImages,
  participantRef,
} from "../account-items/views.ts";
import { activityPolicy } from "../activity-rules/policy.ts";
import {
  countLiveHolds,
  listAvailabilityDates,
  listOptionPrices,
  listQuestions,
  lockDates,
} from "../carts/queries.ts";
import { loadAvailabilityViews } from "../catalogue/queries.ts";
import { loadActivityRegistrationForm } from "../catalogue/registration-form.ts";
import { creditWallet, listRegistrationDates } from "../checkout/queries.ts";
import { choicesView } from "../registration-requests/service.ts";
import { cancelRegistrationPlaces } from "./cancellation.ts";
import {
  applyRegistrationChange,
  findCustomerRegistration,
  findLastCancellation,
  findPlacePricing,
  findRegistrationAvailability,
  findRegistrationListRow,
  findReviewOfRegistration,
  insertReview,
  listCustomerRegistrations,
  listRegisteredDateIds,
  lockCustomerReview,
  type RegistrationListRow,
  type RegistrationRow,
  type ReviewRow,
  shiftRegistered,
  updateReview as updateReviewRow,
} from "./queries.ts";

// The customer's registrations in the account area (platform-and-account.md §2.3, §4, §5, §7).
// Decision record: docs/decisions/0015-account-registrations.md.

/** The customer's registration, else 404 REGISTRATION_NOT_FOUND (also another's, or unknown). */
export async function ownRegistration(
  context: ServiceContext,
  key: { id: number } | { cuid: string },
  options: { lock?: boolean } = {},
): Promise<RegistrationRow> {
  const customer = requireCustomer(context);
  const row = await findCustomerRegistration(
    context.db,
    context.organiser.id,
    customer.customerId,
    key,
    options,
  );
  if (!row) throw new AppError("REGISTRATION_NOT_FOUND");
  return row;
}

/** What the customer may do: the registration's own rules, then the activity's policy (0101). */
type CustomerActions = ReturnType<typeof withCancellationPolicy<RegistrationRefusal>>;
type RegistrationRefusal = NonNullable<RegistrationActions["cancel"]>;

/** The refusal of an action as the API's error code. */
function refuse(refusal: RegistrationRefusal | CancellationPolicyRefusal | null): void {
  if (refusal === "cancelled") throw new AppError("REGISTRATION_CANCELLED");
  if (refusal === "started") throw new AppError("REGISTRATION_STARTED");
  if (refusal === "not_online") throw new AppError("CANCELLATION_NOT_ONLINE");
  if (refusal === "deadline_passed") throw new AppError("CANCELLATION_DEADLINE_PASSED");
  if (refusal === "ended") throw new AppError("REGISTRATION_ENDED");
  if (refusal === "not_started") throw new AppError("REVIEW_TOO_EARLY");
}

/**
 * What the action rules read of a registration: its dates, its availability's dates and its
 * activity's cancellation policy.
 */
async function actionsOf(
  context: ServiceContext,
  registration: RegistrationRow,
  now: Date,
): Promise<{ actions: CustomerActions; policy: CancellationPolicy }> {
  const { db, organiser } = context;
  // One connection: the statements of a transaction run one after the other.
  const registered = await listRegistrationDates(db, organiser.id, [registration.id]);
  const all = await listAvailabilityDates(db, organiser.id, [registration.availabilityId]);
  const availability = await findRegistrationAvailability(
    db,
    organiser.id,
    registration.availabilityId,
  );
  const policy = availability
    ? await activityPolicy(db, organiser.id, availability.activityId)
    : null;
  const state = {
    cancelled: registration.cancelled,
    registered_dates: registered.map((date) => ({ start_at: date.startAt })),
    availability_dates: all.map((date) => ({ start_at: date.startAt })),
    availability_start_at: availability?.startAt ?? registration.createdAt,
  };
  return customerActions(state, policy, now);
}

/**
 * The registration's actions with its activity's policy on cancelling (none: the registration
 * vanished from its availability, which cannot happen; the rules of 0015 alone then).
 */
function customerActions(
  state: Parameters<typeof registrationActions>[0],
  policy: CancellationPolicy | null,
  now: Date,
): { actions: CustomerActions; policy: CancellationPolicy } {
  const own = registrationActions(state, now);
  const applied = policy ?? DEFAULT_CANCELLATION_POLICY;
  const firstStart = registrationStart(state.registered_dates, state.availability_start_at);
  return { actions: withCancellationPolicy(own, applied, firstStart, now), policy: applied };
}

function listItem(
  row: RegistrationListRow,
  images: RegistrationListItem["availability"]["activity"]["images"],
): RegistrationListItem {
  const { registration, participant, availability, activity, location } = row;
  return {
    id: registration.id,
    cuid: registration.cuid,
    reference: registration.reference,
    participant: participantRef(participant),
    total_amount: registration.totalAmount,
    deposit_amount: registration.depositAmount,
    paid_amount: registration.paidAmount,
    cancelled: registration.cancelled,
    bundle_id: registration.bundleId,
    badges: registrationListBadges({
      total_amount: registration.totalAmount,
      paid_amount: registration.paidAmount,
      cancelled: registration.cancelled,
      bundle_id: registration.bundleId,
    }),
    start_at: iso(row.firstStart ?? availability.startAt),
    end_at: iso(row.lastEnd ?? availability.endAt),
    dates_count: row.datesCount,
    availability: {
      id: availability.id,
      cuid: availability.cuid,
      start_at: iso(availability.startAt),
      end_at: iso(availability.endAt),
      activity: { ...activity, images },
      location: location ? { title: location.title, city: location.city } : null,
    },
    created_at: iso(registration.createdAt),
  };
}

/**
 * GET /api/registrations: one page of the customer's registrations (cancelled ones included),
 * those not over yet first, soonest first, then the past ones, latest first.
 */
export function listRegistrations(
  context: ServiceContext,
  query: z.output<typeof listRegistrationsQuery>,
): Promise<RegistrationList> {
  const now = new Date();
  return customerListPage(
    context,
    query,
    (db, organiserId, customerId, page) =>
      listCustomerRegistrations(db, organiserId, customerId, { ...page, now }),
    async (rows) => {
      const imagesOf = await ownerImages(
        context,
        "activity",
        rows.map((row) => row.activity.id),
      );
      return rows.map((row) => listItem(row, imagesOf(row.activity.id)));
    },
  );
}

/** The detail view of one of the customer's registrations (already checked to be theirs). */
async function detailView(
  context: ServiceContext,
  registration: RegistrationRow,
  now: Date,
): Promise<RegistrationDetail> {
  const { db, organiser } = context;
  const organiserId = organiser.id;
  const row = await findRegistrationListRow(db, organiserId, registration.id);
  if (!row) throw new Error(`registration ${registration.id} vanished`);
  const registered = await listRegistrationDates(db, organiserId, [registration.id]);
  const [availability] = await loadAvailabilityViews(db, organiserId, [
    registration.availabilityId,
  ]);
  const choices = await choicesView(context, registration);
  const cancellation = registration.cancelled
    ? await findLastCancellation(db, organiserId, registration.id)
    : null;
  const review = await findReviewOfRegistration(db, organiserId, registration.id);
  if (!availability) throw new Error(`availability of registration ${registration.id} vanished`);
  const registeredIds = registered.map((date) => date.id);
  const base = listItem(row, availability.activity.images);
  const state = {
    cancelled: registration.cancelled,
    registered_dates: registered.map((date) => ({ start_at: date.startAt })),
    availability_dates: availability.dates,
    availability_start_at: availability.start_at,
  };
  const { actions, policy } = customerActions(
    state,
    availability.activity.cancellation_policy,
    now,
  );
  const firstStart = registrationStart(state.registered_dates, state.availability_start_at);
  const deadline = cancellationDeadline(policy, firstStart);
  // Nothing is asked for a cancelled registration: what was paid is settled by the organiser.
  const badge = registration.cancelled
    ? null
    : paymentBadge({
        total: registration.totalAmount,
        paid: registration.paidAmount,
        deposit: registration.depositAmount,
      });
  const outstanding = badge && badge.kind !== "complete" ? badge.outstanding : 0;
  return {
    ...base,
    dates: registered.map((date) => ({
      date_id: date.id,
      date: { id: date.id, cuid: date.cuid, start_at: iso(date.startAt), end_at: iso(date.endAt) },
    })),
    options: choices.options,
    questions: choices.questions,
    availability: {
      ...base.availability,
      location: availability.location,
      categories: availability.categories.filter((category) => category.group.scope === "PRIMARY"),
      dates: availability.dates.map((date) => ({
        ...date,
        edit_state: registration.cancelled
          ? registeredIds.includes(date.id)
            ? "locked_selected"
            : "locked_unselected"
          : dateEditState(date, now, registeredIds),
      })),
    },
    payment: {
      badge,
      outstanding,
      bank_transfer: bankTransferView(organiser, outstanding, registration.reference),
    },
    cancellation: cancellation
      ? {
          type: cancellation.type,
          message: cancellation.message,
          created_at: iso(cancellation.createdAt),
        }
      : null,
    review: review ? reviewView(review) : null,
    actions,
    cancellation_policy: {
      ...policy,
      deadline: deadline ? iso(deadline) : null,
      refund_amount: cancellationRefundAmount(policy, registration.paidAmount),
    },
  };
}

/** GET /api/registrations/{cuid}: the customer's registration, or null when it is not theirs. */
export async function registrationByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<RegistrationDetail | null> {
  return customerItemByCuid(
    context,
    cuid,
    (db, organiserId, customerId) =>
      findCustomerRegistration(db, organiserId, customerId, { cuid }),
    (row) => detailView(context, row, new Date()),
  );
}

/**
 * The edit page's data: the registration and its activity's options and questions; null when
 * it is not the customer's.
 */
export async function registrationEditForm(
  context: ServiceContext,
  cuid: string,
): Promise<{ registration: RegistrationDetail; form: RegistrationFormView } | null> {
  const registration = await registrationByCuid(context, cuid);
  if (!registration) return null;
  const availability = await findRegistrationAvailability(
    context.db,
    context.organiser.id,
    registration.availability.id,
  );
  if (!availability) return null;
  const form = await loadActivityRegistrationForm(
    context.db,
    context.organiser.id,
    availability.activityId,
  );
  return { registration, form };
}

/**
 * POST /api/registrations/cancel (docs/decisions/0015, 0101): the customer's registration,
 * neither cancelled (409 REGISTRATION_CANCELLED) nor started (409 REGISTRATION_STARTED), within
 * its activity's cancellation policy (409 CANCELLATION_NOT_ONLINE, CANCELLATION_DEADLINE_PASSED),
 * is cancelled with the customer's message by `cancelRegistrationPlaces` (places released,
 * bundle use given back). The policy's share of what was paid goes to the wallet (WALLET);
 * otherwise what it had received stays recorded and a refund is the organiser's decision. The
 * registration row is locked first: two cancels at once cancel and refund once.
 */
export async function cancelRegistration(
  context: ServiceContext,
  input: z.output<typeof cancelRegistrationBody>,
): Promise<RegistrationDetail> {
  const customer = requireCustomer(context);
  const now = new Date();
  const registration = await ownRegistration(
    context,
    { id: input.registration_id },
    { lock: true },
  );
  const { actions, policy } = await actionsOf(context, registration, now);
  refuse(actions.cancel);
  await cancelRegistrationPlaces(context.db, registration, {
    type: "customer",
    customerId: customer.customerId,
    message: input.message,
  });
  const refund = cancellationRefundAmount(policy, registration.paidAmount);
  if (refund > 0) {
    await creditWallet(context.db, {
      organiserId: context.organiser.id,
      customerId: registration.customerId,
      amount: refund,
      reason: "REFUND",
      cartId: registration.cartId,
      registrationId: registration.id,
    });
  }
  return detailView(context, { ...registration, cancelled: true }, now);
}

function reviewView(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    cuid: row.cuid,
    registration_id: row.registrationId,
    score: row.score,
    message: row.message,
    private: row.private,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/**
 * POST /api/registrations/review: the review of one of the customer's registrations, not
 * cancelled (409 REGISTRATION_CANCELLED) and started: its first date has begun (409
 * REVIEW_TOO_EARLY); one per registration (409 REVIEW_ALREADY_EXISTS, also when two arrive at
 * once: the registration row is locked first).
 */
export async function createReview(
  context: ServiceContext,
  input: z.output<typeof createReviewBody>,
): Promise<ReviewView> {
  const customer = requireCustomer(context);
  const registration = await ownRegistration(
    context,
    { id: input.registration_id },
    { lock: true },
  );
  refuse((await actionsOf(context, registration, new Date())).actions.review);
  const row = await insertReview(context.db, {
    organiserId: context.organiser.id,
    registrationId: registration.id,
    customerId: customer.customerId,
    score: input.score,
    message: input.message,
    private: !input.public,
  });
  if (!row) throw new AppError("REVIEW_ALREADY_EXISTS");
  return reviewView(row);
}

/**
 * PUT /api/registrations/review: a new score and message for the customer's review (404
 * REVIEW_NOT_FOUND otherwise); its visibility stays as written (409 REVIEW_VISIBILITY_LOCKED
 * when `public` asks for the other one), and a cancelled registration's review no longer
 * changes (409 REGISTRATION_CANCELLED).
 */
export async function updateReview(
  context: ServiceContext,
  input: z.output<typeof updateReviewBody>,
): Promise<ReviewView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const found = await lockCustomerReview(db, organiser.id, customer.customerId, input.review_id);
  if (!found) throw new AppError("REVIEW_NOT_FOUND");
  if (found.cancelled) throw new AppError("REGISTRATION_CANCELLED");
  if (input.public !== undefined && input.public === found.review.private) {
    throw new AppError("REVIEW_VISIBILITY_LOCKED");
  }
  return reviewView(
    await updateReviewRow(db, organiser.id, found.review.id, {
      score: input.score,
      message: input.message,
    }),
  );
}

const uniqueIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * PUT /api/registrations: new dates, options and answers for one of the customer's
 * registrations (docs/decisions/0015), in this order:
 * - `automatic_price` false is the organiser's manual price: 403 FORBIDDEN;
 * - the registration, locked (404 REGISTRATION_NOT_FOUND), not cancelled (409
 *   REGISTRATION_CANCELLED), with a date of its availability still ahead (409 REGISTRATION_ENDED);
 * - options and answers against the activity's configuration (400 VALIDATION_ERROR with
 *   `options.{j}.price_id|content` and `questions.{question_id}` keys);
 * - dates, by the edit rules of packages/domain (`editSelectionIssues`): the dates it adds or
 *   removes are locked in id order (as an add locks them), then counted with the live holds of
 *   every cart; a started date cannot be added or removed, an added one must be OPEN with a free
 *   place (409 DATE_NOT_SELECTABLE, AVAILABILITY_FULL), and at least one must remain;
 * - the price: `priceRegistrationEdit` from the place's pricing as it stands.
 * Then the dates' registered counts move, the registration takes its new dates, options,
 * answers and amounts (paid stays as it is), and the edit is recorded with its pricing.
 */
export async function updateRegistration(
  context: ServiceContext,
  input: z.output<typeof updateRegistrationBody>,
): Promise<RegistrationDetail> {
  const customer = requireCustomer(context);
  if (!input.automatic_price) throw new AppError("FORBIDDEN");
  const { db, organiser } = context;
  const organiserId = organiser.id;
  const now = new Date();
  const registration = await ownRegistration(
    context,
    { id: input.registration_id },
    { lock: true },
  );
  refuse((await actionsOf(context, registration, now)).actions.edit);
  const availability = await findRegistrationAvailability(
    db,
    organiserId,
    registration.availabilityId,
  );
  if (!availability) throw new Error(`availability of registration ${registration.id} vanished`);

  // Options and answers, by the activity's configuration.
  const optionPrices = await listOptionPrices(db, organiserId, [availability.activityId]);
  const questions = await listQuestions(db, organiserId, [availability.activityId]);
  let errors: AnswerErrors = {};
  const chosen = validateRegistrationOptions(
    input.options,
    optionPrices.map((price) => ({
      id: price.id,
      option_id: price.optionId,
      answer_required: price.answerRequired,
      amount: price.amount,
      percentage: price.percentage,
    })),
  );
  if (!chosen.ok) errors = { ...errors, ...chosen.errors };
  const answered = validateRegistrationQuestions(input.questions, questions);
  if (!answered.ok) errors = { ...errors, ...answered.errors };
  if (!chosen.ok || !answered.ok) throw validationError(errors);

  // Dates: lock the ones that change, then count every date of the availability with the holds.
  const current = await listRegisteredDateIds(db, organiserId, registration.id);
  const selected = uniqueIds(input.availability_dates.map((date) => date.date_id));
  const added = selected.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !selected.includes(id));
  const locked = new Map(
    (await lockDates(db, organiserId, uniqueIds([...added, ...removed]))).map((row) => [
      row.id,
      row,
    ]),
  );
  const dates = (await listAvailabilityDates(db, organiserId, [availability.id])).map(
    (date) => locked.get(date.id) ?? date,
  );
  const holds = await countLiveHolds(db, organiserId, added, now);
  const selectable = dates.map((date) => ({
    id: date.id,
    status: date.status,
    start_at: date.startAt,
    capacity: date.capacity,
    registered: date.registered + (holds.get(date.id) ?? 0),
  }));
  const [issue] = editSelectionIssues(selectable, now, current, selected);
  if (issue) {
    if (issue.code === "required") {
      throw validationError({ availability_dates: "AVAILABILITY_DATES_REQUIRED" });
    }
    const date = selectable.find((entry) => entry.id === issue.dateId);
    const full =
      issue.code === "unavailable" &&
      date !== undefined &&
      (date.status === "FULL" || (date.status === "OPEN" && !hasFreePlaces(date)));
    throw new AppError(full ? "AVAILABILITY_FULL" : "DATE_NOT_SELECTABLE");
  }

  // Price: the place as it stands, the options kept at the price they were bought at.
  const place =
    (await findPlacePricing(db, organiserId, registration)) ??
    fallbackPlacePricing(availability, dates.length, current.length, registration, optionPrices);
  const boughtAt = new Map<number, AmountOrPercentage>();
  if (place.options && place.options.length === registration.options.length) {
    registration.options.forEach((option, index) => {
      boughtAt.set(option.price_id, place.options![index]!);
    });
  }
  const price = priceRegistrationEdit({
    total: registration.totalAmount,
    place,
    covered: registration.bundleId !== null,
    chosenDates: selected.length,
    options: chosen.value.map(
      (option, index) => boughtAt.get(option.price_id) ?? chosen.prices[index]!,
    ),
  });

  const unchanged =
    added.length === 0 &&
    removed.length === 0 &&
    JSON.stringify(chosen.value) === JSON.stringify(registration.options) &&
    JSON.stringify(answered.value) === JSON.stringify(registration.questions);
  if (unchanged) return detailView(context, registration, now);

  await shiftRegistered(db, organiserId, added, 1);
  await shiftRegistered(db, organiserId, removed, -1);
  await applyRegistrationChange(db, {
    organiserId,
    registrationId: registration.id,
    customerId: customer.customerId,
    addedDateIds: added,
    removedDateIds: removed,
    options: chosen.value,
    questions: answered.value,
    totalBefore: registration.totalAmount,
    totalAfter: price.total,
    depositBefore: registration.depositAmount,
    depositAfter: price.deposit,
    pricing: price.place,
  });
  return detailView(
    context,
    {
      ...registration,
      options: chosen.value,
      questions: answered.value,
      totalAmount: price.total,
      depositAmount: price.deposit,
    },
    now,
  );
}

/**
 * The place's pricing when neither an edit nor its cart item stored one (registrations made
 * before pricing was stored): the availability's price and deposit, its partial-registration
 * setting with all of its dates as the selectable ones, and today's prices of its options.
 */
function fallbackPlacePricing(
  availability: { price: number; deposit: number; partialRegistrations: boolean },
  allDates: number,
  registeredDates: number,
  registration: RegistrationRow,
  prices: ReadonlyArray<{ id: number; amount: number | null; percentage: number | null }>,
): PlacePricing {
  const byId = new Map(prices.map((price) => [price.id, price]));
  const partial = availability.partialRegistrations && allDates > 0;
  return {
    price: availability.price,
    deposit: Math.min(availability.deposit, availability.price),
    dates: partial
      ? { chosen: Math.max(1, registeredDates), selectable: Math.max(allDates, registeredDates, 1) }
      : null,
    partial: partial ? {} : null,
    options: registration.options.flatMap((option) => {
      const price = byId.get(option.price_id);
      return price ? [{ amount: price.amount, percentage: price.percentage }] : [];
    }),
  };
}
