import {
  type createParticipantBody,
  type listParticipantsQuery,
  MAX_SELECTED_PARTICIPANTS,
  type ParticipantView,
  type updateParticipantBody,
} from "@booking/contracts";
import { fullName, localDay } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { checkedCustomData } from "../accounts/custom-data.ts";
import {
  archiveParticipant,
  deleteUnreferencedParticipant,
  findOwnParticipant,
  insertParticipant,
  isInOpenCart,
  leaveWaitingLists,
  listOwnParticipants,
  type ParticipantRow,
  updateParticipantRow,
} from "./queries.ts";

export function participantView(
  row: Pick<
    ParticipantRow,
    | "id"
    | "cuid"
    | "firstname"
    | "lastname"
    | "birthdate"
    | "customData"
    | "customerEmail"
    | "createdAt"
  >,
): ParticipantView {
  return {
    id: row.id,
    cuid: row.cuid,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullName(row.firstname, row.lastname),
    birthdate: row.birthdate,
    custom_data: row.customData,
    customer: { email: row.customerEmail },
    created_at: row.createdAt.toISOString(),
  };
}

async function ownParticipant(
  context: ServiceContext,
  key: { id: number } | { cuid: string },
  options: { lock?: boolean } = {},
) {
  const customer = requireCustomer(context);
  const row = await findOwnParticipant(
    context.db,
    context.organiser.id,
    customer.customerId,
    key,
    options,
  );
  // Another customer's participant, or another organiser's, simply does not exist here.
  if (!row) throw new AppError("PARTICIPANT_NOT_FOUND");
  return row;
}

/** The customer's participant with this cuid (account edit and delete pages); null if none. */
export async function participantByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<ParticipantView | null> {
  if (context.actor.kind !== "customer") return null;
  const row = await findOwnParticipant(context.db, context.organiser.id, context.actor.customerId, {
    cuid,
  });
  return row ? participantView(row) : null;
}

/** A birthdate after today (in the organiser's time zone) is refused as INVALID_DATE. */
export function checkBirthdate(organiser: { timezone: string }, birthdate: string): void {
  if (birthdate > localDay(new Date(), organiser.timezone)) {
    throw validationError({ birthdate: "INVALID_DATE" });
  }
}

export async function createParticipant(
  context: ServiceContext,
  input: z.output<typeof createParticipantBody>,
): Promise<ParticipantView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  checkBirthdate(context.organiser, input.birthdate);
  const customData = await checkedCustomData(db, organiser.id, "PARTICIPANTS", input.custom_data);
  const id = await insertParticipant(db, {
    organiserId: organiser.id,
    customerId: customer.customerId,
    firstname: input.firstname,
    lastname: input.lastname,
    birthdate: input.birthdate,
    customData,
  });
  return participantView(await ownParticipant(context, { id }));
}

export async function updateParticipant(
  context: ServiceContext,
  input: z.output<typeof updateParticipantBody>,
): Promise<ParticipantView> {
  const existing = await ownParticipant(context, { id: input.participant_id });
  const { db, organiser } = context;
  checkBirthdate(context.organiser, input.birthdate);
  const active = await checkedCustomData(db, organiser.id, "PARTICIPANTS", input.custom_data);
  // The form only shows active fields: values of fields the organiser has since deactivated stay.
  const kept = existing.customData.filter(
    (entry) => !active.some((value) => value.field_id === entry.field_id),
  );
  await updateParticipantRow(db, organiser.id, existing.id, {
    firstname: input.firstname,
    lastname: input.lastname,
    birthdate: input.birthdate,
    customData: [...active, ...kept],
  });
  return participantView(await ownParticipant(context, { id: existing.id }));
}

/**
 * Deleting a participant (docs/decisions/0014-participant-deletion.md): a participant with
 * records at the organiser (registrations, bundles, memberships, vouchers, past cart items) is
 * archived — the row and its names stay, so those records keep showing who attended, and the
 * customer no longer sees or uses it; a participant nothing refers to is erased. Either way it
 * leaves its waiting lists. A participant on a live item of the open cart is refused
 * (PARTICIPANT_IN_CART): checkout would otherwise register a deleted participant.
 */
export async function deleteParticipant(
  context: ServiceContext,
  participantId: number,
): Promise<{ archived: boolean }> {
  const existing = await ownParticipant(context, { id: participantId }, { lock: true });
  const { db, organiser } = context;
  if (await isInOpenCart(db, organiser.id, existing.id)) {
    throw new AppError("PARTICIPANT_IN_CART");
  }
  await leaveWaitingLists(db, organiser.id, existing.id);
  if (await deleteUnreferencedParticipant(db, organiser.id, existing.id)) {
    return { archived: false };
  }
  await archiveParticipant(db, organiser.id, existing.id);
  return { archived: true };
}

export async function listParticipants(
  context: ServiceContext,
  query: z.output<typeof listParticipantsQuery>,
) {
  const customer = requireCustomer(context);
  const limit = query.page_size;
  const offset = (query.page_number - 1) * limit;
  const { rows, count } = await listOwnParticipants(
    context.db,
    context.organiser.id,
    customer.customerId,
    { search: query.search, limit, offset },
  );
  return { data: rows.map(participantView), count, limit, offset };
}

/**
 * Options of an asynchronous select: the already selected participants (on the first page), then
 * a page of the matches; each carries `value` (its `value_key`) and `label` (its full name).
 */
export async function participantOptions(
  context: ServiceContext,
  query: z.output<typeof listParticipantsQuery>,
) {
  const customer = requireCustomer(context);
  const scope = [context.db, context.organiser.id, customer.customerId] as const;
  const matches = await listOwnParticipants(...scope, {
    search: query.search,
    limit: query.page_size,
    offset: (query.page_number - 1) * query.page_size,
  });
  const selected =
    query.selected.length > 0 && query.page_number === 1
      ? await listOwnParticipants(...scope, {
          ids: query.selected,
          limit: MAX_SELECTED_PARTICIPANTS,
          offset: 0,
        })
      : { rows: [] };
  const byId = new Map([...selected.rows, ...matches.rows].map((row) => [row.id, row]));
  return {
    data: [...byId.values()].map((row) => {
      const view = participantView(row);
      return { ...view, value: view[query.value_key], label: view.fullname };
    }),
  };
}
