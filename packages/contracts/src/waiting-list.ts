import { z } from "zod";

/** A database id in a JSON body: a positive 32-bit integer. */
const entityId = z.int("INVALID_TYPE").positive("INVALID_TYPE").max(2_147_483_647, "INVALID_TYPE");

/**
 * POST /api/registrations/waiting-list (storefront.md §7): puts one of the customer's
 * participants on the waiting list of a FULL or CLOSED availability (§4). The web app shows
 * `cart.add-to-cart.waiting-list.form.messages.success` on success; a participant already on the
 * list gets 409 WAITING_LIST_ALREADY_JOINED.
 */
export const joinWaitingListBody = z.object({
  availability_id: entityId,
  participant_id: entityId,
});
export type JoinWaitingListBody = z.input<typeof joinWaitingListBody>;

/** An entry of the waiting list; `position` is its rank in the availability's list, from 1. */
export const waitingListEntryView = z.object({
  cuid: z.string(),
  availability_id: z.int(),
  participant_id: z.int(),
  position: z.int(),
  created_at: z.string(),
});
export type WaitingListEntryView = z.infer<typeof waitingListEntryView>;

export const joinWaitingListResponse = z.object({ entry: waitingListEntryView });
export type JoinWaitingListResponse = z.infer<typeof joinWaitingListResponse>;
