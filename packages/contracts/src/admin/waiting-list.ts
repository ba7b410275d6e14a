import { z } from "zod";
import { cuidValue } from "./catalogue-fields.ts";
import {
  adminAvailabilitySummary,
  adminCustomerRef,
  adminParticipantRef,
  claimHours,
} from "./registrations.ts";

// An availability's waiting list in the console (issue 6 item 5): who waits, in order, and the
// places offered to them for a claim window. Decision: docs/decisions/0024.

/**
 * waiting: not offered yet; offered: a place is held for them until `offer_expires_at`;
 * expired: the claim window passed unused; registered: they took a place on it.
 */
export const WAITING_LIST_STATES = ["waiting", "offered", "expired", "registered"] as const;
export type WaitingListState = (typeof WAITING_LIST_STATES)[number];

export const adminWaitingListEntry = z.object({
  cuid: z.string(),
  position: z.int(),
  participant: adminParticipantRef,
  customer: adminCustomerRef,
  state: z.enum(WAITING_LIST_STATES),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminWaitingListEntry = z.infer<typeof adminWaitingListEntry>;

/** GET /api/admin/availabilities/:cuid/waiting-list */
export const adminWaitingList = z.object({
  availability: adminAvailabilitySummary,
  data: z.array(adminWaitingListEntry),
});
export type AdminWaitingList = z.infer<typeof adminWaitingList>;

export const waitingListEntryParams = z.object({ cuid: cuidValue, entry: cuidValue });

/** POST /api/admin/availabilities/:cuid/waiting-list/:entry/offer */
export const offerPlaceBody = z.object({ claim_hours: claimHours });
export type OfferPlaceBody = z.input<typeof offerPlaceBody>;
export const offerPlaceResponse = z.object({ entry: adminWaitingListEntry });
