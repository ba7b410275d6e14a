import type {
  createParticipantBody,
  listParticipantsQuery,
  ParticipantView,
  updateParticipantBody,
} from "@booking/contracts";
import { participants } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { fullName } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { checkedCustomData } from "../accounts/custom-data.ts";
import { findOwnParticipant, listOwnParticipants, type ParticipantRow } from "./queries.ts";

export function participantView(row: ParticipantRow): ParticipantView {
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

async function ownParticipant(context: ServiceContext, participantId: number) {
  const customer = requireCustomer(context);
  const row = await findOwnParticipant(
    context.db,
    context.organiser.id,
    customer.customerId,
    participantId,
  );
  // Another customer's participant, or another organiser's, simply does not exist here.
  if (!row) throw new AppError("PARTICIPANT_NOT_FOUND");
  return row;
}

export async function createParticipant(
  context: ServiceContext,
  input: z.output<typeof createParticipantBody>,
): Promise<ParticipantView> {
  const customer = requireCustomer(context);
  const { db, organiser } = context;
  const customData = await checkedCustomData(db, organiser.id, "PARTICIPANTS", input.custom_data);
  const [created] = await db
    .insert(participants)
    .values({
      organiserId: organiser.id,
      customerId: customer.customerId,
      firstname: input.firstname,
      lastname: input.lastname,
      birthdate: input.birthdate,
      customData,
    })
    .returning({ id: participants.id });
  return participantView(await ownParticipant(context, created!.id));
}

export async function updateParticipant(
  context: ServiceContext,
  input: z.output<typeof updateParticipantBody>,
): Promise<ParticipantView> {
  const existing = await ownParticipant(context, input.participant_id);
  const { db, organiser } = context;
  const customData = await checkedCustomData(db, organiser.id, "PARTICIPANTS", input.custom_data);
  await db
    .update(participants)
    .set({
      firstname: input.firstname,
      lastname: input.lastname,
      birthdate: input.birthdate,
      customData,
      updatedAt: new Date(),
    })
    .where(and(eq(participants.organiserId, organiser.id), eq(participants.id, existing.id)));
  return participantView(await ownParticipant(context, existing.id));
}

/**
 * Deleting keeps the row (marked deleted): registrations and certificates of the organiser keep
 * pointing at the person who attended.
 */
export async function deleteParticipant(
  context: ServiceContext,
  participantId: number,
): Promise<void> {
  const existing = await ownParticipant(context, participantId);
  await context.db
    .update(participants)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(participants.organiserId, context.organiser.id), eq(participants.id, existing.id)),
    );
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

/** Options of an asynchronous select: the matches, plus the already selected ones. */
export async function participantOptions(
  context: ServiceContext,
  query: z.output<typeof listParticipantsQuery>,
) {
  const customer = requireCustomer(context);
  const scope = [context.db, context.organiser.id, customer.customerId] as const;
  const matches = await listOwnParticipants(...scope, {
    search: query.search,
    limit: query.page_size,
    offset: 0,
  });
  const selected =
    query.selected.length > 0
      ? await listOwnParticipants(...scope, { ids: query.selected, limit: 100, offset: 0 })
      : { rows: [] };
  const byId = new Map([...selected.rows, ...matches.rows].map((row) => [row.id, row]));
  return {
    data: [...byId.values()].map((row) => {
      const view = participantView(row);
      return { ...view, value: view[query.value_key], label: view.fullname };
    }),
  };
}
