import type {
  accountListQuery,
  RegistrationRequestDetail,
  RegistrationRequestListItem,
} from "@booking/contracts";
import type { CartItemPayload } from "@booking/db";
import {
  canCancelRegistrationRequest,
  paymentBadge,
  registrationRequestAmountDue,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import {
  bankTransferView,
  customerItemByCuid,
  customerListPage,
  iso,
  isoOrNull,
  ownerImages,
  participantRef,
} from "../account-items/views.ts";
import { findOptionPrices, findQuestions } from "../registrations/queries.ts";
import {
  cancelPendingRequest,
  findCustomerRequest,
  listCustomerRequests,
  listRequestAvailabilities,
  type RegistrationRequestListRow,
  type RequestAvailabilityRow,
} from "./queries.ts";

// The customer's registration requests in the account area (platform-and-account.md §2.3, §3.5,
// §4, §7): the list, the detail and the cancel of a PENDING one. The flow that creates them
// comes with the storefront's REQUEST registrations. Decision record:
// docs/decisions/0018-account-items.md.

function listItem(
  row: RegistrationRequestListRow,
  availabilities: RequestAvailabilityRow[],
  images: RegistrationRequestListItem["activity"]["images"],
): RegistrationRequestListItem {
  const { request, participant, activity, order } = row;
  // Once approved, the family owes what the approval's order owes (decision 0061).
  const total = order?.total ?? request.totalAmount;
  const paid = order?.paid ?? request.paidAmount;
  return {
    id: request.id,
    cuid: request.cuid,
    // Once approved, the order's: the one its transfers and online payments go by (decision 0061).
    reference: order?.reference || request.reference,
    status: request.status,
    participant: participantRef(participant),
    activity: { ...activity, images },
    availabilities: availabilities.map(({ availability, location }) => ({
      id: availability.id,
      cuid: availability.cuid,
      start_at: iso(availability.startAt),
      end_at: iso(availability.endAt),
      location,
    })),
    total_amount: total,
    deposit_amount: request.depositAmount,
    paid_amount: paid,
    amount_due: registrationRequestAmountDue({
      status: request.status,
      total_amount: total,
      paid_amount: paid,
    }),
    created_at: iso(request.createdAt),
    status_changed_at: isoOrNull(request.statusChangedAt),
  };
}

/** The list views of some request rows: their availabilities and their activities' images. */
async function listItems(
  context: ServiceContext,
  rows: RegistrationRequestListRow[],
): Promise<RegistrationRequestListItem[]> {
  const { db, organiser } = context;
  const availabilities = await listRequestAvailabilities(
    db,
    organiser.id,
    rows.map((row) => row.request.id),
  );
  const imagesOf = await ownerImages(
    context,
    "activity",
    rows.map((row) => row.activity.id),
  );
  return rows.map((row) =>
    listItem(
      row,
      availabilities.filter((availability) => availability.requestId === row.request.id),
      imagesOf(row.activity.id),
    ),
  );
}

/** GET /api/registrations/requests: one page of the customer's requests, the newest first. */
export function listRegistrationRequests(
  context: ServiceContext,
  query: z.output<typeof accountListQuery>,
) {
  return customerListPage(context, query, listCustomerRequests, (rows) => listItems(context, rows));
}

/**
 * The chosen options and the answers of a registration or a request, with what the organiser
 * calls them today (null when the price or the question has been removed since).
 */
export async function choicesView(
  context: ServiceContext,
  chosen: {
    options: NonNullable<CartItemPayload["options"]>;
    questions: NonNullable<CartItemPayload["questions"]>;
  },
): Promise<Pick<RegistrationRequestDetail, "options" | "questions">> {
  const { db, organiser } = context;
  const prices = await findOptionPrices(
    db,
    organiser.id,
    chosen.options.map((option) => option.price_id),
  );
  const questions = await findQuestions(
    db,
    organiser.id,
    chosen.questions.map((answer) => answer.question_id),
  );
  return {
    options: chosen.options.map((option) => {
      const price = prices.get(option.price_id);
      return {
        price_id: option.price_id,
        content: option.content,
        price: price
          ? {
              id: price.id,
              label: price.label,
              amount: price.amount,
              percentage: price.percentage,
              option: price.option,
            }
          : null,
      };
    }),
    questions: chosen.questions.map((answer) => {
      const question = questions.get(answer.question_id);
      return {
        question_id: answer.question_id,
        content: answer.content,
        question: question
          ? {
              id: question.id,
              title: question.title,
              type: question.type,
              choices: question.choices,
            }
          : null,
      };
    }),
  };
}

async function detailView(
  context: ServiceContext,
  row: RegistrationRequestListRow,
): Promise<RegistrationRequestDetail> {
  const [item] = await listItems(context, [row]);
  const { request } = row;
  // Nothing is asked before the organiser approves the request, nor after it is rejected or
  // cancelled.
  const badge =
    request.status === "APPROVED"
      ? paymentBadge({
          total: item!.total_amount,
          paid: item!.paid_amount,
          deposit: request.depositAmount,
        })
      : null;
  const due = item!.amount_due;
  return {
    ...item!,
    ...(await choicesView(context, request)),
    payment: {
      badge,
      bank_transfer: bankTransferView(
        context.organiser,
        due,
        row.order?.reference || request.reference,
      ),
    },
    actions: { cancel: canCancelRegistrationRequest(request.status) },
  };
}

/** GET /api/registrations/requests/{cuid}: null when it is not the customer's. */
export async function registrationRequestByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<RegistrationRequestDetail | null> {
  return customerItemByCuid(
    context,
    cuid,
    (db, organiserId, customerId) => findCustomerRequest(db, organiserId, customerId, { cuid }),
    (row) => detailView(context, row),
  );
}

/**
 * POST /api/registrations/requests/cancel: the customer's PENDING request becomes CANCELLED.
 * Another customer's (or organiser's, or an unknown id) is 404 REGISTRATION_REQUEST_NOT_FOUND;
 * one that is no longer PENDING is 409 REGISTRATION_REQUEST_NOT_PENDING and stays as it is.
 */
export async function cancelRegistrationRequest(
  context: ServiceContext,
  requestId: number,
): Promise<RegistrationRequestDetail> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const cancelled = await cancelPendingRequest(
    db,
    organiser.id,
    customer.customerId,
    requestId,
    nowOf(context),
  );
  const row = await findCustomerRequest(db, organiser.id, customer.customerId, { id: requestId });
  if (!row) throw new AppError("REGISTRATION_REQUEST_NOT_FOUND");
  if (!cancelled) throw new AppError("REGISTRATION_REQUEST_NOT_PENDING");
  return detailView(context, row);
}
