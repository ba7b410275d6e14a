import type {
  AvailabilityStaffBody,
  AvailabilityStaffView,
  StaffNotificationPreferencesBody,
  StaffNotificationPreferencesView,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The staff of an availability and the collaborator's own notification preferences (writes). */
export const staffApi = {
  replace: (availabilityCuid: string, body: AvailabilityStaffBody) =>
    apiRequest<AvailabilityStaffView>(
      "PUT",
      `/api/admin/availabilities/${encodeURIComponent(availabilityCuid)}/staff`,
      body,
    ),
  savePreferences: (body: StaffNotificationPreferencesBody) =>
    apiRequest<StaffNotificationPreferencesView>("PUT", "/api/admin/profile/notifications", body),
};
