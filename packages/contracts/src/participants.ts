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

const participantId = z.coerce.number().int().positive().max(2_147_483_647);

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
export const deleteParticipantQuery = z.object({ participant_id: participantId });

/**
 * GET /api/participants: the customer's participants, searchable. Asynchronous select widgets
 * send `response_type=multiselect-search`, the ids already selected and the key to use as value.
 */
export const listParticipantsQuery = pagingQuery.extend({
  search: z.string().trim().max(LIMITS.name).optional(),
  selected: z
    .string()
    .max(1000)
    .optional()
    .transform((value) => (value ? value.split(",").filter(Boolean) : []))
    .pipe(z.array(z.coerce.number<string>().int().positive().max(2_147_483_647)).max(100)),
  response_type: z.enum(["multiselect-search"]).optional(),
  value_key: z.enum(["id", "cuid"]).default("id"),
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
