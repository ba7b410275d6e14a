import type {
  AdminRequestDetail,
  AdminRequestList,
  AdminRequestListItem,
  adminApproveRequestBody,
  adminRejectRequestBody,
  adminRequestListQuery,
} from "@booking/contracts";
import {
  dayRangeInZone,
  defaultApprovalChoice,
  fullName,
  isDateSelectable,
  localDay,
  registrationRequestAmountDue,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { type DateWithHolds, listDatesWithHolds } from "../carts/queries.ts";
import { findChoiceLabels } from "../registrations/console-queries.ts";
import { answerText } from "../registrations/console-service.ts";
import { approvalSessions, approveSessions, sessionDateIds } from "./console-approval.ts";
import {
  type ConsoleRequestRow,
  customerOutstanding,
  decideRequest,
  findConsoleRequest,
  listActivityTiers,
  listApprovedRegistrations,
  listConsoleRequests,
  listFamilyRegistrations,
  listFamilyRequests,
  listRegisteredAvailabilities,
  listRequestedAvailabilities,
  type RequestedAvailabilityRow,
} from "./console-queries.ts";
import { queueRejectionMail, type RejectionMail } from "./rejection-mail.ts";

// The console's registration requests (issue 15 §1; docs/decisions/0061): the queue, a
// request's detail with its family's history, approving and rejecting.

type ListQuery = z.output<typeof adminRequestListQuery>;
type ApproveInput = z.output<typeof adminApproveRequestBody>;
type RejectInput = z.output<typeof adminRejectRequestBody>;

const iso = (date: Date) => date.toISOString();

/** Places left on the fullest date a requested session needs (null: unlimited). */
function freePlaces(
  requested: RequestedAvailabilityRow,
  dates: readonly DateWithHolds[],
  now: Date,
): number | null {
  const ids = sessionDateIds(requested, dates, now);
  const own = dates.filter((date) => ids.includes(date.id));
  let least: number | null = null;
  for (const date of own) {
    if (date.capacity === null) continue;
    const left = Math.max(0, date.capacity - date.registered - date.held);
    least = least === null ? left : Math.min(least, left);
  }
  return least;
}

function amountsOf(row: ConsoleRequestRow) {
  const { request } = row;
  // Once approved, what the family owes is its registrations' order (decision 0061).
  const total = row.cartTotal ?? request.totalAmount;
  const paid = row.cartPaid ?? request.paidAmount;
  return {
    total_amount: total,
    paid_amount: paid,
    amount_due: registrationRequestAmountDue({
      status: request.status,
      total_amount: total,
      paid_amount: paid,
    }),
  };
}

export function requestListItem(
  row: ConsoleRequestRow,
  requested: readonly RequestedAvailabilityRow[],
  dates: readonly DateWithHolds[],
  now: Date,
): AdminRequestListItem {
  const { request, participant, customer, activity, tier } = row;
  return {
    cuid: request.cuid,
    reference: request.reference,
    status: request.status,
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
    tier,
    availabilities: requested
      .filter((availability) => availability.requestId === request.id)
      .map((availability, index) => ({
        cuid: availability.cuid,
        start_at: iso(availability.startAt),
        end_at: iso(availability.endAt),
        location: availability.location,
        preference: index + 1,
        free_places: freePlaces(availability, dates, now),
      })),
    ...amountsOf(row),
    created_at: iso(request.createdAt),
    status_changed_at: request.statusChangedAt ? iso(request.statusChangedAt) : null,
  };
}

/** The list views of some rows: their requested sessions and those sessions' places now. */
export async function requestListItems(
  context: ConsoleContext,
  rows: readonly ConsoleRequestRow[],
  now: Date,
): Promise<AdminRequestListItem[]> {
  const { db, organiser } = context;
  const requested = await listRequestedAvailabilities(
    db,
    organiser.id,
    rows.map((row) => row.request.id),
  );
  const dates = await listDatesWithHolds(
    db,
    organiser.id,
    { ids: [], availabilityIds: [...new Set(requested.map((availability) => availability.id))] },
    now,
  );
  return rows.map((row) => requestListItem(row, requested, dates, now));
}

/** GET /api/admin/registrations/requests */
export async function listRequests(
  context: ConsoleContext,
  query: ListQuery,
): Promise<AdminRequestList> {
  const { timezone } = context.organiser;
  const now = new Date();
  const limit = query.page_size;
  const offset = (query.page_number - 1) * limit;
  const { rows, count } = await listConsoleRequests(
    context.db,
    context.organiser.id,
    {
      status: query.status,
      q: query.q,
      activityCuid: query.activity,
      tierCuid: query.tier,
      age:
        query.age_min === undefined && query.age_max === undefined
          ? undefined
          : {
              min: query.age_min ?? null,
              max: query.age_max ?? null,
              today: localDay(now, timezone),
            },
      period:
        query.from === undefined && query.to === undefined
          ? undefined
          : {
              from: query.from === undefined ? null : dayRangeInZone(query.from, timezone).start,
              to: query.to === undefined ? null : dayRangeInZone(query.to, timezone).end,
            },
    },
    { limit, offset, descending: query.sort.descending },
  );
  return {
    data: await requestListItems(context, rows, now),
    count,
    limit,
    offset,
    tiers:
      query.activity === undefined
        ? []
        : await listActivityTiers(context.db, context.organiser.id, query.activity),
  };
}

async function requireRequest(context: ConsoleContext, cuid: string, lock = false) {
  const row = await findConsoleRequest(context.db, context.organiser.id, cuid, { lock });
  if (!row) throw new AppError("REGISTRATION_REQUEST_NOT_FOUND");
  return row;
}

/** GET /api/admin/registrations/requests/:cuid */
export async function requestDetail(
  context: ConsoleContext,
  cuid: string,
): Promise<AdminRequestDetail> {
  const { db, organiser } = context;
  const now = new Date();
  const row = await requireRequest(context, cuid);
  const { request, customer } = row;
  const [item] = await requestListItems(context, [row], now);
  const requested = await listRequestedAvailabilities(db, organiser.id, [request.id]);
  const labels = await findChoiceLabels(db, organiser.id, {
    priceIds: request.options.map((option) => option.price_id),
    questionIds: request.questions.map((question) => question.question_id),
  });
  const familyRegistrations = await listFamilyRegistrations(db, organiser.id, customer.id);
  const familyRequests = await listFamilyRequests(db, organiser.id, customer.id, request.id);
  const approved =
    request.cartId === null
      ? []
      : await listApprovedRegistrations(db, organiser.id, request.cartId);
  return {
    ...item!,
    message: request.message,
    options: request.options.map((option) => {
      const price = labels.prices.get(option.price_id);
      return { title: price?.title ?? "", label: price?.label ?? "", content: option.content };
    }),
    questions: request.questions.map((question) => {
      const found = labels.questions.get(question.question_id);
      return {
        title: found?.title ?? "",
        answer: answerText(question.content, found?.choices ?? []),
      };
    }),
    default_availabilities: (await defaultSessions(context, row, requested)).map(
      (session) => session.cuid,
    ),
    registrations: approved.map((registration) => ({
      cuid: registration.cuid,
      start_at: iso(registration.startAt),
    })),
    family: {
      wallet_amount: customer.walletAmount,
      outstanding_amount: await customerOutstanding(db, organiser.id, customer.id),
      registrations: familyRegistrations.map((registration) => ({
        cuid: registration.cuid,
        participant: fullName(registration.firstname, registration.lastname),
        activity: registration.activity,
        start_at: iso(registration.startAt),
        cancelled: registration.cancelled,
        total_amount: registration.totalAmount,
        paid_amount: registration.paidAmount,
      })),
      requests: familyRequests.map((other) => ({
        cuid: other.cuid,
        participant: fullName(other.firstname, other.lastname),
        activity: other.activity,
        status: other.status,
        created_at: iso(other.createdAt),
      })),
    },
  };
}

/**
 * The sessions an approval of `row` registers unless staff choose: `defaultApprovalChoice`,
 * skipping those the participant is already registered on (a twin request approved) and, for a
 * tier's request, a preferred session without room when a later one has some.
 */
export async function defaultSessions(
  context: ConsoleContext,
  row: ConsoleRequestRow,
  requested: readonly RequestedAvailabilityRow[],
): Promise<RequestedAvailabilityRow[]> {
  const own = requested.filter((session) => session.requestId === row.request.id);
  const taken = await listRegisteredAvailabilities(
    context.db,
    context.organiser.id,
    [row.request.participantId],
    own.map((session) => session.id),
  );
  const now = new Date();
  const dates = await listDatesWithHolds(
    context.db,
    context.organiser.id,
    { ids: [], availabilityIds: own.map((session) => session.id) },
    now,
  );
  return defaultApprovalChoice(
    own,
    row.tier !== null,
    taken.get(row.request.participantId) ?? new Set(),
    (session) =>
      sessionDateIds(session, dates, now).every((dateId) => {
        const date = dates.find((entry) => entry.id === dateId);
        return (
          date !== undefined &&
          isDateSelectable(
            {
              id: date.id,
              status: date.status,
              start_at: date.startAt,
              capacity: date.capacity,
              registered: date.registered + date.held,
            },
            now,
          )
        );
      }),
  );
}

/** A locked request that is still PENDING, else 404 / 409 REGISTRATION_REQUEST_NOT_PENDING. */
async function requirePending(context: ConsoleContext, cuid: string) {
  const row = await requireRequest(context, cuid, true);
  if (row.request.status !== "PENDING") throw new AppError("REGISTRATION_REQUEST_NOT_PENDING");
  return row;
}

/**
 * POST /api/admin/registrations/requests/:cuid/approve: registers the chosen sessions (among
 * those requested; by default `defaultApprovalChoice`) at the price set, or the storefront's.
 */
export async function approveRequest(
  context: ConsoleContext,
  cuid: string,
  input: ApproveInput,
): Promise<AdminRequestDetail> {
  const { db, organiser } = context;
  const now = nowOf(context);
  const row = await requirePending(context, cuid);
  const requested = await listRequestedAvailabilities(db, organiser.id, [row.request.id]);
  const chosen =
    input.availabilities === undefined
      ? await defaultSessions(context, row, requested)
      : input.availabilities.map((availabilityCuid) => {
          const found = requested.find((availability) => availability.cuid === availabilityCuid);
          if (!found) throw validationError({ availabilities: "INVALID_CHOICE" });
          return found;
        });
  if (chosen.length === 0) throw validationError({ availabilities: "REQUIRED" });
  const sessions = await approvalSessions(context, chosen, now);
  const approval = await approveSessions(context, row, sessions, input.total_amount, now);
  await context.audit({
    action: "registration_request.approved",
    entity: "registration_request",
    entityId: cuid,
    before: { status: "PENDING", total_amount: row.request.totalAmount },
    after: {
      status: "APPROVED",
      availabilities: chosen.map((availability) => availability.cuid),
      price_override: input.total_amount,
      total_amount: approval.totalAmount,
    },
  });
  return requestDetail(context, cuid);
}

/**
 * POST /api/admin/registrations/requests/:cuid/reject: REJECTED with staff's message, e-mailed
 * to the family. A PENDING request holds no place: nothing is freed.
 */
export async function rejectRequest(
  context: ConsoleContext,
  cuid: string,
  input: RejectInput,
  mail: RejectionMail,
): Promise<AdminRequestDetail> {
  const now = nowOf(context);
  const row = await requirePending(context, cuid);
  const decided = await decideRequest(
    context.db,
    context.organiser.id,
    row.request.id,
    { status: "REJECTED", message: input.message },
    now,
  );
  if (!decided) throw new AppError("REGISTRATION_REQUEST_NOT_PENDING");
  await queueRejectionMail(context, row, input.message, mail);
  await context.audit({
    action: "registration_request.rejected",
    entity: "registration_request",
    entityId: cuid,
    before: { status: "PENDING" },
    after: { status: "REJECTED", message: input.message },
  });
  return requestDetail(context, cuid);
}
