import { z } from "zod";
import {
  calendarDate,
  customData,
  LIMITS,
  listEnvelope,
  pagingQuery,
  requiredText,
} from "./common.ts";

const participantFields = {
  firstname: requiredText(LIMITS.name),
  lastname: requiredText(LIMITS.name),
  birthdate: calendarDate,
  custom_data: customData,
};

const missingOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE"),
};
/** A participant id in a JSON body. */
const participantId = z
  .int(missingOrInvalid)
  .positive("INVALID_TYPE")
  .max(2_147_483_647, "INVALID_TYPE");
/** The same id in a query string. */
const participantIdParam = z
  .string(missingOrInvalid)
  .regex(/^\d{1,10}$/, "INVALID_TYPE")
  .transform(Number)
  .pipe(participantId);

/** POST /api/participants */
export const createParticipantBody = z.object(participantFields);
export type CreateParticipantBody = z.input<typeof createParticipantBody>;

/** PUT /api/participants */
export const updateParticipantBody = z.object({
  participant_id: participantId,
  ...participantFields,
});
export type UpdateParticipantBody = z.input<typeof updateParticipantBody>;

/** DELETE /api/participants?participant_id= */
export const deleteParticipantQuery = z.object({ participant_id: participantIdParam });

/**
 * The answer of DELETE /api/participants: `archived` when the participant has records with the
 * organiser (registrations, bundles, memberships, vouchers…) and was therefore kept, hidden from
 * the customer; false when nothing referred to it and it was erased.
 */
export const deleteParticipantResponse = z.object({ ok: z.literal(true), archived: z.boolean() });
export type DeleteParticipantResponse = z.infer<typeof deleteParticipantResponse>;

/** At most this many ids in `selected`. */
export const MAX_SELECTED_PARTICIPANTS = 100;

/**
 * Ids of the options already chosen in a multiselect: `selected=3,7` or `selected=3&selected=7`.
 * Any part that is not a positive 32-bit integer makes the whole parameter INVALID_TYPE.
 */
const selectedIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    const given = Array.isArray(value) ? value : [value ?? ""];
    if (given.join(",").length > 2000) {
      ctx.addIssue({ code: "custom", message: "TOO_LONG" });
      return z.NEVER;
    }
    const parts = given
      .flatMap((part) => part.split(","))
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts.length > MAX_SELECTED_PARTICIPANTS) {
      ctx.addIssue({ code: "custom", message: "TOO_BIG" });
      return z.NEVER;
    }
    const ids = parts.map(Number);
    if (
      parts.some((part) => !/^\d{1,10}$/.test(part)) ||
      ids.some((id) => id < 1 || id > 2_147_483_647)
    ) {
      ctx.addIssue({ code: "custom", message: "INVALID_TYPE" });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/**
 * GET /api/participants: the customer's participants, searchable (each word of `search` matches
 * the first or the last name), paged with page_number / page_size. Asynchronous select widgets
 * send `response_type=multiselect-search`, the ids already `selected` and the key to use as
 * `value` (`id` by default, or `cuid`): they get `{data}`, the selected participants first, then
 * the page_size first matches.
 */
export const listParticipantsQuery = pagingQuery.extend({
  search: z.string().trim().max(LIMITS.name).optional(),
  selected: selectedIds,
  response_type: z.enum(["multiselect-search"]).optional(),
  value_key: z.enum(["id", "cuid"]).default("id"),
  /** `booking`: other customers' participants to book with (`bookingPartnerList`) */
  scope: z.enum(["booking"]).optional(),
});

export const participantView = z.object({
  id: z.int(),
  cuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  birthdate: z.string().nullable(),
  custom_data: z.array(z.object({ field_id: z.int(), data: z.string().nullable() })),
  customer: z.object({ email: z.string() }),
  created_at: z.string(),
});
export type ParticipantView = z.infer<typeof participantView>;

export const participantResponse = z.object({ participant: participantView });
export const participantList = listEnvelope(participantView);

/** One option of an asynchronous multi-select. */
export const multiselectOption = participantView.extend({
  value: z.union([z.int(), z.string()]),
  label: z.string(),
});
export const participantOptions = z.object({ data: z.array(multiselectOption) });
