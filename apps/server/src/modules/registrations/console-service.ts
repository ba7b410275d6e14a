import type {
  AdminAvailabilityChoices,
  AdminAvailabilityRegistrations,
  AdminCancelResponse,
  AdminCustomerChoices,
  AdminRegistrationDetail,
  AdminRegistrationEstimate,
  AdminRegistrationForm,
  AdminRegistrationList,
  AdminRegistrationListItem,
  AdminTransferEstimate,
  adminCancelRegistrationBody,
  adminCreateRegistrationBody,
  adminRegistrationListQuery,
  adminTransferBody,
  adminTransferEstimateBody,
} from "@booking/contracts";
import {
  dayRangeInZone,
  estimateRegistration,
  fullName,
  grants,
  partAmountDue,
  refundRefusal,
  registrationPaymentState,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { estimateInCart } from "../carts/pricing.ts";
import { findCustomerPricing } from "../carts/pricing-queries.ts";
import { countLiveHolds, lockDates } from "../carts/queries.ts";
import { loadActivityRegistrationForm } from "../catalogue/registration-form.ts";
import { creditWallet } from "../checkout/queries.ts";
import { emitEvent, emitVacancyIfWaiting } from "../events/emit.ts";
import { type OfferMail, offerToFirstWaiting } from "../waiting-list/console-service.ts";
import { cancelRegistrationPlaces } from "./cancellation.ts";
import {
  availabilitySummary,
  defaultDateIds,
  listConsoleDates,
  requireAvailability,
  requireAvailabilityById,
} from "./console-availability.ts";
import { asServiceContext, type CheckedPlace, checkPlace } from "./console-place.ts";
import {
  eligibilityOf,
  givePlaces,
  type PlaceChoices,
  type PlaceParties,
  pricingOf,
} from "./console-places.ts";
import {
  type ConsoleRegistrationListRow,
  findCartSummary,
  findChoiceLabels,
  findConsoleRegistration,
  findCustomerAndParticipant,
  listConsoleRegistrations,
  listRegistrationChanges,
  listRegistrationDatesWithAttendance,
  lockRegistration,
  searchAvailabilities as searchAvailabilityRows,
  searchCustomers as searchCustomerRows,
  setRegistrationAvailability,
  sumRefunds,
} from "./console-queries.ts";
import {
  applyRegistrationChange,
  findLastCancellation,
  listRegisteredDateIds,
  shiftRegistered,
} from "./queries.ts";

// The console's registrations (issue 6 item 5). Decision: docs/decisions/0024-console-registrations.md.

type ListQuery = z.output<typeof adminRegistrationListQuery>;
type CreateInput = z.output<typeof adminCreateRegistrationBody>;
type CancelInput = z.output<typeof adminCancelRegistrationBody>;
type TransferEstimateInput = z.output<typeof adminTransferEstimateBody>;
type TransferInput = z.output<typeof adminTransferBody>;

const iso = (date: Date) => date.toISOString();

function listItem(row: ConsoleRegistrationListRow): AdminRegistrationListItem {
  const { registration, participant, customer, availability, activity } = row;
  const amounts = {
    total: registration.totalAmount,
    paid: registration.paidAmount,
    cancelled: registration.cancelled,
  };
  return {
    cuid: registration.cuid,
    reference: registration.reference,
    participant: {
      cuid: participant.cuid,
      fullname: fullName(participant.firstname, participant.lastname),
      birthdate: participant.birthdate,
    },
    customer: {
      cuid: customer.cuid,
      fullname: fullName(customer.firstname, customer.lastname),
      email: customer.email,
      phone: customer.phone,
    },
    activity: { cuid: activity.cuid, title: activity.title },
    availability: {
      cuid: availability.cuid,
      start_at: iso(availability.startAt),
      end_at: iso(availability.endAt),
    },
    start_at: iso(row.firstStart ?? availability.startAt),
    end_at: iso(row.lastEnd ?? availability.endAt),
    dates_count: row.datesCount,
    total_amount: registration.totalAmount,
    paid_amount: registration.paidAmount,
    outstanding: partAmountDue(amounts),
    payment_state: registrationPaymentState(amounts),
    cancelled: registration.cancelled,
    bundle: registration.bundleId !== null,
    created_at: iso(registration.createdAt),
  };
}

/** GET /api/admin/registrations: one page of the organiser's registrations, filtered. */
export async function listRegistrations(
  context: ConsoleContext,
  query: ListQuery,
): Promise<AdminRegistrationList> {
  const { timezone } = context.organiser;
  const period =
    query.from === undefined && query.to === undefined
      ? undefined
      : {
          from: query.from === undefined ? null : dayRangeInZone(query.from, timezone).start,
          to: query.to === undefined ? null : dayRangeInZone(query.to, timezone).end,
        };
  const limit = query.page_size;
  const offset = (query.page_number - 1) * limit;
  const { rows, count } = await listConsoleRegistrations(
    context.db,
    context.organiser.id,
    {
      q: query.q,
      activityCuid: query.activity,
      availabilityCuid: query.availability,
      period,
      payment: query.payment,
      cancelled: query.cancelled,
    },
    { limit, offset, sort: query.sort },
  );
  return { data: rows.map(listItem), count, limit, offset };
}

/** GET /api/admin/availabilities/:cuid/registrations: its registrations and its places. */
export async function availabilityRegistrations(
  context: ConsoleContext,
  cuid: string,
  query: ListQuery,
): Promise<AdminAvailabilityRegistrations> {
  const availability = await requireAvailability(context, cuid);
  const list = await listRegistrations(context, { ...query, availability: cuid });
  return { ...list, availability: await availabilitySummary(context, availability, new Date()) };
}

/** A question's answer as text: choice ids become their labels. */
export function answerText(
  content: string | number | number[] | null,
  choices: ReadonlyArray<{ id: number | string; label: string }>,
): string {
  if (content === null) return "";
  const label = (id: number | string) =>
    choices.find((choice) => String(choice.id) === String(id))?.label ?? String(id);
  if (Array.isArray(content)) return content.map(label).join(", ");
  return typeof content === "number" ? label(content) : content;
}

/** GET /api/admin/registrations/:cuid */
export async function registrationDetail(
  context: ConsoleContext,
  cuid: string,
): Promise<AdminRegistrationDetail> {
  const { db, organiser } = context;
  const row = await findConsoleRegistration(db, organiser.id, cuid);
  if (!row) throw new AppError("REGISTRATION_NOT_FOUND");
  const { registration } = row;
  const dates = await listRegistrationDatesWithAttendance(db, organiser.id, registration.id);
  const labels = await findChoiceLabels(db, organiser.id, {
    priceIds: registration.options.map((option) => option.price_id),
    questionIds: registration.questions.map((question) => question.question_id),
  });
  const changes = await listRegistrationChanges(db, organiser.id, registration.id);
  const cancellation = registration.cancelled
    ? await findLastCancellation(db, organiser.id, registration.id)
    : null;
  const cart = await findCartSummary(db, organiser.id, registration.cartId);
  const refunded = await sumRefunds(db, organiser.id, registration.id);
  const availability = await requireAvailability(context, row.availability.cuid);
  const summary = await availabilitySummary(context, availability, new Date());
  return {
    ...listItem(row),
    deposit_amount: registration.depositAmount,
    refunded,
    wallet_amount: row.customer.walletAmount,
    dates: dates.map((date) => ({
      cuid: date.cuid,
      start_at: iso(date.startAt),
      end_at: iso(date.endAt),
      attendance: date.attendance,
    })),
    options: registration.options.map((option) => {
      const price = labels.prices.get(option.price_id);
      return {
        price_id: option.price_id,
        title: price?.title ?? "",
        label: price?.label ?? "",
        content: option.content,
      };
    }),
    questions: registration.questions.map((question) => {
      const found = labels.questions.get(question.question_id);
      return {
        question_id: question.question_id,
        title: found?.title ?? "",
        answer: answerText(question.content, found?.choices ?? []),
      };
    }),
    cart: {
      cuid: cart.cuid,
      payment_strategy: cart.paymentStrategy,
      processed_at: cart.processedAt ? iso(cart.processedAt) : null,
    },
    cancellation: cancellation
      ? {
          type: cancellation.type,
          message: cancellation.message,
          paid_amount: cancellation.paidAmount,
          created_at: iso(cancellation.createdAt),
        }
      : null,
    changes: changes.map((change) => ({
      by_customer: change.customerId !== null,
      total_before: change.totalBefore,
      total_after: change.totalAfter,
      added_dates: change.added.map((at) => iso(new Date(at))),
      removed_dates: change.removed.map((at) => iso(new Date(at))),
      created_at: iso(change.createdAt),
    })),
    waiting_list_count: summary.waiting_list_count,
  };
}

/** GET /api/admin/availabilities/:cuid/registration-form: its dates, options and questions. */
export async function registrationForm(
  context: ConsoleContext,
  cuid: string,
): Promise<AdminRegistrationForm> {
  const availability = await requireAvailability(context, cuid);
  return {
    availability: await availabilitySummary(context, availability, new Date()),
    partial_registrations: availability.activity.partialRegistrations,
    form: await loadActivityRegistrationForm(
      context.db,
      context.organiser.id,
      availability.activity.id,
    ),
  };
}

/** GET /api/admin/registrations/customers?q= */
export async function searchCustomers(
  context: ConsoleContext,
  q: string,
): Promise<AdminCustomerChoices> {
  const rows = await searchCustomerRows(context.db, context.organiser.id, q);
  return {
    data: rows.map((row) => ({
      cuid: row.cuid,
      fullname: fullName(row.firstname, row.lastname),
      email: row.email,
      phone: row.phone,
      wallet_amount: row.walletAmount,
      participants: row.participants.map((participant) => ({
        cuid: participant.cuid,
        fullname: fullName(participant.firstname, participant.lastname),
        birthdate: participant.birthdate,
      })),
    })),
  };
}

/** GET /api/admin/registrations/availabilities?q= */
export async function searchAvailabilities(
  context: ConsoleContext,
  q: string,
): Promise<AdminAvailabilityChoices> {
  const rows = await searchAvailabilityRows(context.db, context.organiser.id, q, new Date());
  return {
    data: rows.map((row) => ({
      cuid: row.cuid,
      activity: row.activity,
      start_at: iso(row.startAt),
      end_at: iso(row.endAt),
      status: row.status,
    })),
  };
}

/** The customer and their participant named by a by-hand registration, else 404s. */
async function requireCustomerParticipant(context: ConsoleContext, input: CreateInput) {
  const { customer, participant } = await findCustomerAndParticipant(
    context.db,
    context.organiser.id,
    input.customer,
    input.participant,
  );
  if (!customer) throw new AppError("CUSTOMER_NOT_FOUND");
  if (!participant) throw new AppError("PARTICIPANT_NOT_FOUND");
  return { customer, participant };
}

/** A place checked and priced by the storefront's rules, the override applied. */
async function checkedPlace(
  context: ConsoleContext,
  parties: PlaceParties,
  input: PlaceChoices,
  answers: "required" | "optional",
  now: Date,
) {
  const eligibility = eligibilityOf(context, parties, input);
  const place = await checkPlace(
    context,
    {
      availability: parties.availability,
      dateIds: input.availability_dates.map((date) => date.date_id),
      options: input.options,
      questions: input.questions,
      answers,
    },
    now,
  );
  return { place, pricing: pricingOf(place, input.price_override), eligibility };
}

/** What a by-hand registration is checked and priced from, the override applied. */
async function placeOf(
  context: ConsoleContext,
  input: CreateInput,
  answers: "required" | "optional",
  now: Date,
) {
  const people = await requireCustomerParticipant(context, input);
  const availability = await requireAvailability(context, input.availability);
  const parties = { ...people, availability };
  return { ...parties, ...(await checkedPlace(context, parties, input, answers, now)) };
}

/**
 * POST /api/admin/registrations/estimate: the price of a by-hand registration as its cart will
 * charge it (the customer's bundles and the volume discount of one place), the override applied,
 * beside the storefront's price. Answers are not required yet; nothing is written.
 */
export async function estimateRegistrationByHand(
  context: ConsoleContext,
  input: CreateInput,
): Promise<AdminRegistrationEstimate> {
  const now = new Date();
  const { customer, participant, availability, place, pricing } = await placeOf(
    context,
    input,
    "optional",
    now,
  );
  const customerPricing = await findCustomerPricing(context.db, context.organiser.id, customer.id, {
    couponId: null,
    now,
  });
  const estimate = (placePricing: CheckedPlace["pricing"]) =>
    estimateInCart(asServiceContext(context), {
      customer: customerPricing,
      rows: [],
      activityId: availability.activity.id,
      participantId: participant.id,
      pricing: placePricing,
      quantity: 1,
      now,
    });
  const priced = await estimate(pricing);
  const storefront = input.price_override === null ? priced : await estimate(place.pricing);
  return { ...priced, storefront_price: storefront.price, wallet_amount: customer.walletAmount };
}

/** POST /api/admin/registrations: registers a participant of a customer by hand (`givePlaces`). */
export async function createRegistrationByHand(
  context: ConsoleContext,
  input: CreateInput,
): Promise<AdminRegistrationDetail> {
  const people = await requireCustomerParticipant(context, input);
  const availability = await requireAvailability(context, input.availability);
  // One place: register-by-hand is the batch of staff's places with a single one.
  const [created] = await givePlaces(context, [{ ...people, availability, choices: input }], {
    confirm: true,
    now: new Date(),
    useWallet: input.use_wallet,
  });
  if (!created) throw new Error("givePlaces answered no registration for one place");
  const { cuid, place, eligibility } = created;
  const { participant } = people;
  await context.audit({
    action: "registration.created",
    entity: "registration",
    entityId: cuid,
    after: {
      customer: input.customer,
      participant: input.participant,
      availability: input.availability,
      dates: place.dateIds.length,
      storefront_price: estimateRegistration(place.pricing).price,
      price_override: input.price_override,
      total_amount: created.totalAmount,
      use_wallet: input.use_wallet,
      // Only when the age limits were set aside for this participant: who, and why.
      ...(eligibility === "eligible"
        ? {}
        : {
            age_override: true,
            age_eligibility: eligibility,
            age_minimum: availability.ageMinimum,
            age_maximum: availability.ageMaximum,
            birthdate: participant.birthdate,
          }),
    },
  });
  return registrationDetail(context, cuid);
}

/**
 * POST /api/admin/registrations/:cuid/cancel: cancels a registration that is not cancelled yet
 * (409 REGISTRATION_CANCELLED), started or not. Its places are freed at once
 * (`cancelRegistrationPlaces`, as the account's cancel); `refund` "wallet" credits the wallet
 * with `refund_amount` (all that was paid by default; more is 409 REFUND_ABOVE_PAID), which takes
 * the registrations.registrations.refund permission besides the route's (403 FORBIDDEN);
 * `offer_waiting_list` then offers the place to the first one waiting (waiting_list.entries.update).
 */
export async function cancelRegistrationByOrganiser(
  context: ConsoleContext,
  cuid: string,
  input: CancelInput,
  mail: OfferMail,
): Promise<AdminCancelResponse> {
  const { db, organiser, actor } = context;
  if (input.refund === "wallet" && !grants(actor.role, "registrations.registrations.refund")) {
    throw new AppError("FORBIDDEN");
  }
  if (input.offer_waiting_list && !grants(actor.role, "waiting_list.entries.update")) {
    throw new AppError("FORBIDDEN");
  }
  const registration = await lockRegistration(db, organiser.id, cuid);
  if (!registration) throw new AppError("REGISTRATION_NOT_FOUND");
  if (registration.cancelled) throw new AppError("REGISTRATION_CANCELLED");
  const refund = input.refund === "wallet" ? (input.refund_amount ?? registration.paidAmount) : 0;
  const refusal = refundRefusal(refund, registration.paidAmount);
  if (refund > 0 && refusal) throw new AppError(refusal);

  await cancelRegistrationPlaces(db, registration, {
    type: "organiser",
    customerId: null,
    message: input.message,
  });
  if (refund > 0) {
    await creditWallet(db, {
      organiserId: organiser.id,
      customerId: registration.customerId,
      amount: refund,
      reason: "REFUND",
      cartId: registration.cartId,
      registrationId: registration.id,
    });
  }
  await context.audit({
    action: "registration.cancelled",
    entity: "registration",
    entityId: registration.cuid,
    before: { cancelled: false, paid_amount: registration.paidAmount },
    after: { cancelled: true, refunded: refund, message: input.message },
  });
  const offered = input.offer_waiting_list
    ? await offerToFirstWaiting(
        context,
        await requireAvailabilityById(context, registration.availabilityId),
        input.claim_hours,
        mail,
      )
    : null;
  return {
    registration: await registrationDetail(context, cuid),
    offer: offered && {
      entry: offered.cuid,
      participant: offered.participant.fullname,
      offer_expires_at: offered.offer_expires_at!,
    },
  };
}

/**
 * The registration to transfer (its row locked for the transfer itself, not for its estimate)
 * and its target: another availability.
 */
async function transferTarget(
  context: ConsoleContext,
  cuid: string,
  targetCuid: string,
  options: { lock: boolean },
) {
  const { db, organiser } = context;
  if (options.lock && !(await lockRegistration(db, organiser.id, cuid))) {
    throw new AppError("REGISTRATION_NOT_FOUND");
  }
  const row = await findConsoleRegistration(db, organiser.id, cuid);
  if (!row) throw new AppError("REGISTRATION_NOT_FOUND");
  const { registration } = row;
  if (registration.cancelled) throw new AppError("REGISTRATION_CANCELLED");
  const target = await requireAvailability(context, targetCuid);
  if (target.id === registration.availabilityId) throw new AppError("TRANSFER_SAME_AVAILABILITY");
  return {
    registration,
    source: row,
    target,
    sameActivity: row.activity.id === target.activity.id,
  };
}

/**
 * The place on the target: the registration's options and answers kept when it is of the same
 * activity (dropped otherwise: they belong to the activity), its dates checked like an add.
 */
async function targetPlace(
  context: ConsoleContext,
  transfer: Awaited<ReturnType<typeof transferTarget>>,
  dateIds: number[],
  now: Date,
): Promise<CheckedPlace> {
  const { registration, target, sameActivity } = transfer;
  const place = await checkPlace(
    context,
    {
      availability: target,
      dateIds,
      options: sameActivity ? registration.options : [],
      questions: [],
      answers: "optional",
    },
    now,
  );
  return { ...place, questions: sameActivity ? registration.questions : [] };
}

/** The target place's total, a bundle that paid for the registration still paying for it. */
function targetPrice(place: CheckedPlace, covered: boolean) {
  return estimateRegistration({ ...place.pricing, bundle: covered ? { remaining: 1 } : null });
}

/**
 * POST /api/admin/registrations/:cuid/transfer/estimate: the target availability, the dates the
 * transfer would take (the given ones, else every selectable one) and the price difference.
 */
export async function estimateTransfer(
  context: ConsoleContext,
  cuid: string,
  input: TransferEstimateInput,
): Promise<AdminTransferEstimate> {
  const now = new Date();
  const transfer = await transferTarget(context, cuid, input.availability, { lock: false });
  const dateIds =
    input.availability_dates?.map((date) => date.date_id) ??
    defaultDateIds(await listConsoleDates(context, transfer.target.id, now), now);
  if (dateIds.length === 0) throw new AppError("AVAILABILITY_FULL");
  const place = await targetPlace(context, transfer, dateIds, now);
  const price = targetPrice(place, transfer.registration.bundleId !== null);
  return {
    availability: await availabilitySummary(context, transfer.target, now),
    date_ids: place.dateIds,
    keeps_options: transfer.sameActivity,
    current_total: transfer.registration.totalAmount,
    new_total: price.price,
    difference: price.price - transfer.registration.totalAmount,
  };
}

/**
 * POST /api/admin/registrations/:cuid/transfer: moves the registration to another availability
 * (409 TRANSFER_SAME_AVAILABILITY for its own). The dates it leaves and takes are locked in id
 * order and the taken ones counted with every live hold under those locks, as the account's edit
 * does (409 AVAILABILITY_FULL); the places move; the total stays (`price` "keep") or becomes the
 * target's price ("new"); paid stays as it is. Recorded as a registration change and audited.
 */
export async function transferRegistration(
  context: ConsoleContext,
  cuid: string,
  input: TransferInput,
): Promise<AdminRegistrationDetail> {
  const { db, organiser } = context;
  const now = new Date();
  const transfer = await transferTarget(context, cuid, input.availability, { lock: true });
  const { registration, target } = transfer;
  const place = await targetPlace(
    context,
    transfer,
    input.availability_dates.map((date) => date.date_id),
    now,
  );
  const current = await listRegisteredDateIds(db, organiser.id, registration.id);
  const locked = await lockDates(
    db,
    organiser.id,
    [...current, ...place.dateIds].sort((a, b) => a - b),
  );
  const holds = await countLiveHolds(db, organiser.id, place.dateIds, now);
  for (const date of locked.filter((entry) => place.dateIds.includes(entry.id))) {
    const taken = date.registered + (holds.get(date.id) ?? 0);
    if (date.capacity !== null && taken + 1 > date.capacity)
      throw new AppError("AVAILABILITY_FULL");
  }
  const price = targetPrice(place, registration.bundleId !== null);
  const total = input.price === "new" ? price.price : registration.totalAmount;
  const deposit =
    input.price === "new" ? price.deposit : Math.min(registration.depositAmount, total);

  await shiftRegistered(db, organiser.id, current, -1);
  await shiftRegistered(db, organiser.id, place.dateIds, 1);
  await applyRegistrationChange(db, {
    organiserId: organiser.id,
    registrationId: registration.id,
    customerId: null,
    addedDateIds: place.dateIds,
    removedDateIds: current,
    options: place.options,
    questions: place.questions,
    totalBefore: registration.totalAmount,
    totalAfter: total,
    depositBefore: registration.depositAmount,
    depositAfter: deposit,
    pricing: place.pricing,
  });
  await setRegistrationAvailability(db, organiser.id, registration.id, target.id);
  await emitEvent(db, organiser.id, "registration.transfer.created", {
    registration_cuid: registration.cuid,
    availability_cuid: target.cuid,
  });
  // The places it held on the source availability are free now.
  await emitVacancyIfWaiting(db, organiser.id, transfer.source.availability.id);
  await context.audit({
    action: "registration.transferred",
    entity: "registration",
    entityId: registration.cuid,
    before: {
      availability: transfer.source.availability.cuid,
      total_amount: registration.totalAmount,
      dates: current.length,
    },
    after: { availability: target.cuid, total_amount: total, dates: place.dateIds.length },
  });
  return registrationDetail(context, cuid);
}
