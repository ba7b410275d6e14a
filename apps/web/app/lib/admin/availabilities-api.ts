import type {
  AdminAvailabilityView,
  AvailabilitySettingsBody,
  CreateAvailabilityBody,
  CreateDateBody,
  CreateScheduledAvailabilityBody,
  DuplicateAvailabilityBody,
  ScheduleBody,
  SchedulePreview,
  UpdateDateBody,
} from "@booking/contracts";
import { apiRequest } from "../api";

/**
 * The console's availability calls sent by the browser: create (dates or a weekly schedule,
 * previewed first), settings, open and close, duplicate, delete, and the dates one by one.
 * Reads go through the loaders.
 */

const path = (...segments: string[]) =>
  `/api/admin/availabilities${segments.map((segment) => `/${encodeURIComponent(segment)}`).join("")}`;

type View = AdminAvailabilityView;

export const availabilitiesApi = {
  create: (body: CreateAvailabilityBody) => apiRequest<View>("POST", path(), body),
  createFromSchedule: (body: CreateScheduledAvailabilityBody) =>
    apiRequest<View>("POST", path("schedules"), body),
  previewSchedule: (body: ScheduleBody) =>
    apiRequest<SchedulePreview>("POST", path("schedule", "preview"), body),
  update: (cuid: string, body: AvailabilitySettingsBody) =>
    apiRequest<View>("PUT", path(cuid), body),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", path(cuid)),
  close: (cuid: string) => apiRequest<View>("POST", path(cuid, "close"), {}),
  open: (cuid: string) => apiRequest<View>("POST", path(cuid, "open"), {}),
  duplicate: (cuid: string, body: DuplicateAvailabilityBody) =>
    apiRequest<View>("POST", path(cuid, "duplicate"), body),

  addDate: (cuid: string, body: CreateDateBody) =>
    apiRequest<View>("POST", path(cuid, "dates"), body),
  addSchedule: (cuid: string, body: ScheduleBody) =>
    apiRequest<View>("POST", path(cuid, "schedules"), body),
  updateDate: (cuid: string, date: string, body: UpdateDateBody) =>
    apiRequest<View>("PUT", path(cuid, "dates", date), body),
  removeDate: (cuid: string, date: string) => apiRequest<View>("DELETE", path(cuid, "dates", date)),
};
