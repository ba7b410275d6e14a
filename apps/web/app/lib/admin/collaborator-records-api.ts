import type { CollaboratorRecordView, CustomDataEntry, CustomerNoteView } from "@booking/contracts";
import { apiRequest } from "../api";

/** A collaborator's record calls from the browser (decision 0088). */
const base = (cuid: string) => `/api/admin/collaborators/${encodeURIComponent(cuid)}`;

export const collaboratorRecordsApi = {
  saveCustomData: (cuid: string, customData: CustomDataEntry[]) =>
    apiRequest<CollaboratorRecordView>("PUT", `${base(cuid)}/custom-data`, {
      custom_data: customData,
    }),
  addNote: (cuid: string, body: string) =>
    apiRequest<CustomerNoteView>("POST", `${base(cuid)}/notes`, { body }),
  updateNote: (cuid: string, note: string, body: string) =>
    apiRequest<CustomerNoteView>("PUT", `${base(cuid)}/notes/${encodeURIComponent(note)}`, {
      body,
    }),
  deleteNote: (cuid: string, note: string) =>
    apiRequest<{ ok: true }>("DELETE", `${base(cuid)}/notes/${encodeURIComponent(note)}`),
};
