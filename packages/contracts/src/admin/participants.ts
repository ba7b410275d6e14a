import { z } from "zod";
import { calendarDate, customData, LIMITS, listEnvelope, requiredText } from "../common.ts";
import { customFieldView } from "../custom-fields.ts";
import { customerRegistrationView, customFieldValueView } from "./customers.ts";
import {
  adminListQuery,
  checkListRange,
  listCount,
  listCuid,
  listDay,
  listFlag,
  listSort,
} from "./list-query.ts";
import { tagFilter } from "./tags.ts";

/**
 * The console's participants (issue 6 item 4): GET/POST /api/admin/participants, GET/PUT/DELETE
 * /api/admin/participants/:cuid. Deleting follows the account's rule
 * (docs/decisions/0014-participant-deletion.md): archived when records name them, else erased.
 */

export const PARTICIPANT_SORT_KEYS = ["name", "birthdate", "created"] as const;

/**
 * GET /api/admin/participants: `q` matches each word against the names; `customer` (a cuid)
 * narrows to one customer's; `age_min`/`age_max` (whole years today, in the organiser's time
 * zone) and `born_from`/`born_to` (days, both included) filter on the birthdate, a participant
 * without one matching neither; `archived=true` lists the archived ones instead of the others.
 */
export const participantListQuery = adminListQuery
  .extend({
    sort: listSort(PARTICIPANT_SORT_KEYS, "name"),
    customer: listCuid,
    age_min: listCount(150),
    age_max: listCount(150),
    born_from: listDay,
    born_to: listDay,
    archived: listFlag,
    /** a participant tag's cuid (decision 0088) */
    tag: tagFilter,
  })
  .superRefine(checkListRange("age_min", "age_max"))
  .superRefine(checkListRange("born_from", "born_to"));
export type ParticipantListQuery = z.input<typeof participantListQuery>;

export const adminParticipantListItem = z.object({
  id: z.int(),
  cuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  birthdate: z.string().nullable(),
  /** whole years today; null without a birthdate */
  age: z.int().nullable(),
  customer: z.object({ cuid: z.string(), fullname: z.string(), email: z.string() }),
  registrations_count: z.int(),
  archived: z.boolean(),
  created_at: z.string(),
});
export type AdminParticipantListItem = z.infer<typeof adminParticipantListItem>;
export const adminParticipantList = listEnvelope(adminParticipantListItem);

/** GET /api/admin/participants/:cuid; `custom_fields`: the active participant fields. */
export const adminParticipantDetail = z.object({
  participant: adminParticipantListItem.extend({
    custom_data: z.array(customFieldValueView),
    updated_at: z.string(),
  }),
  custom_fields: z.array(customFieldView),
  registrations: z.array(customerRegistrationView),
});
export type AdminParticipantDetail = z.infer<typeof adminParticipantDetail>;

const participantFields = {
  firstname: requiredText(LIMITS.name),
  lastname: requiredText(LIMITS.name),
  birthdate: calendarDate,
  custom_data: customData,
};

/** PUT /api/admin/participants/:cuid (a birthdate after today is INVALID_DATE). */
export const adminParticipantBody = z.object(participantFields);
export type AdminParticipantBody = z.input<typeof adminParticipantBody>;

/** POST /api/admin/participants: a new participant of the customer `customer` (a cuid). */
export const adminCreateParticipantBody = z.object({
  customer: z
    .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
    .trim()
    .min(1, "REQUIRED")
    .max(40, "TOO_LONG"),
  ...participantFields,
});
export type AdminCreateParticipantBody = z.input<typeof adminCreateParticipantBody>;
