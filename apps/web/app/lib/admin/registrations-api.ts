import type {
  AdminCancelRegistrationBody,
  AdminCancelResponse,
  AdminCreateRegistrationBody,
  AdminRegistrationEstimate,
  AdminRegistrationResponse,
  AdminReplaceParticipantBody,
  AdminTransferBody,
  AdminTransferEstimate,
  AdminTransferEstimateBody,
  AdminWaitingListEntry,
  AttendanceSheetView,
  CustomerNoteView,
  OfferPlaceBody,
  RecordAttendanceBody,
} from "@booking/contracts";
import { apiRequest } from "../api";

/**
 * The console's registration, waiting-list and attendance calls sent by the browser
 * (docs/decisions/0024-console-registrations.md); reads go through the loaders.
 */

const path = (...segments: string[]) =>
  `/api/admin/${segments.map((segment) => encodeURIComponent(segment)).join("/")}`;

export const registrationsApi = {
  estimate: (body: AdminCreateRegistrationBody) =>
    apiRequest<AdminRegistrationEstimate>("POST", path("registrations", "estimate"), body),
  create: (body: AdminCreateRegistrationBody) =>
    apiRequest<AdminRegistrationResponse>("POST", path("registrations"), body),
  cancel: (cuid: string, body: AdminCancelRegistrationBody) =>
    apiRequest<AdminCancelResponse>("POST", path("registrations", cuid, "cancel"), body),
  estimateTransfer: (cuid: string, body: AdminTransferEstimateBody) =>
    apiRequest<AdminTransferEstimate>(
      "POST",
      path("registrations", cuid, "transfer", "estimate"),
      body,
    ),
  transfer: (cuid: string, body: AdminTransferBody) =>
    apiRequest<AdminRegistrationResponse>("POST", path("registrations", cuid, "transfer"), body),
  restore: (cuid: string) =>
    apiRequest<AdminRegistrationResponse>("POST", path("registrations", cuid, "restore"), {}),
  replace: (cuid: string, body: AdminReplaceParticipantBody) =>
    apiRequest<AdminRegistrationResponse>("POST", path("registrations", cuid, "replace"), body),
  addNote: (cuid: string, body: string) =>
    apiRequest<CustomerNoteView>("POST", path("registrations", cuid, "notes"), { body }),
  updateNote: (cuid: string, note: string, body: string) =>
    apiRequest<CustomerNoteView>("PUT", path("registrations", cuid, "notes", note), { body }),
  deleteNote: (cuid: string, note: string) =>
    apiRequest<{ ok: true }>("DELETE", path("registrations", cuid, "notes", note)),

  offerPlace: (availability: string, entry: string, body: OfferPlaceBody) =>
    apiRequest<{ entry: AdminWaitingListEntry }>(
      "POST",
      path("availabilities", availability, "waiting-list", entry, "offer"),
      body,
    ),
  removeEntry: (availability: string, entry: string) =>
    apiRequest<{ ok: true }>("DELETE", path("availabilities", availability, "waiting-list", entry)),

  recordAttendance: (availability: string, date: string, body: RecordAttendanceBody) =>
    apiRequest<AttendanceSheetView>(
      "PUT",
      path("availabilities", availability, "dates", date, "attendance"),
      body,
    ),
};
