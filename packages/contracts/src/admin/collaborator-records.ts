import { z } from "zod";
import { customData, customDataEntry } from "../common.ts";
import { customFieldView } from "../custom-fields.ts";
import { customerNoteView } from "./customers.ts";

/**
 * A collaborator's record at the organiser (decision 0088): the staff's custom fields with their
 * values (GET /api/admin/collaborators/:cuid/record, PUT …/custom-data) and staff notes
 * (…/notes, the customers' notes' payloads; null without collaborators.notes.read).
 */
export const collaboratorRecordView = z.object({
  custom_fields: z.array(customFieldView),
  custom_data: z.array(customDataEntry),
  notes: z.array(customerNoteView).nullable(),
});
export type CollaboratorRecordView = z.infer<typeof collaboratorRecordView>;

export const collaboratorCustomDataBody = z.object({ custom_data: customData });
export type CollaboratorCustomDataBody = z.input<typeof collaboratorCustomDataBody>;
