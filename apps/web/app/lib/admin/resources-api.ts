import type {
  AdminBookingConfigurationView,
  AdminResourceGroupView,
  AdminResourceView,
  BookingCancelBody,
  BookingConfigurationBody,
  BookingMoveBody,
  ResourceBody,
  ResourceClosureBody,
  ResourceGroupBody,
  StaffBookingBody,
  StaffBookingView,
} from "@booking/contracts";
import { apiRequest } from "../api";
import { galleryApi } from "./gallery-api";

/** The console's resource editor calls sent by the browser (reads go through the loaders). */

const path = (...segments: string[]) =>
  `/api/admin/resources${segments.map((segment) => `/${encodeURIComponent(segment)}`).join("")}`;

export const resourcesApi = {
  create: (body: ResourceBody) => apiRequest<AdminResourceView>("POST", path(), body),
  update: (cuid: string, body: ResourceBody) =>
    apiRequest<AdminResourceView>("PUT", path(cuid), body),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", path(cuid)),
  addClosure: (cuid: string, body: ResourceClosureBody) =>
    apiRequest<AdminResourceView>("POST", path(cuid, "closures"), body),
  removeClosure: (cuid: string, closure: string) =>
    apiRequest<AdminResourceView>("DELETE", path(cuid, "closures", closure)),
  gallery: (cuid: string) => galleryApi(path(cuid)),
};

/** The create, update and delete calls of a console record under `base`. */
function recordApi<Body, View>(base: string) {
  const one = (cuid: string) => `${base}/${encodeURIComponent(cuid)}`;
  return {
    create: (body: Body) => apiRequest<View>("POST", base, body),
    update: (cuid: string, body: Body) => apiRequest<View>("PUT", one(cuid), body),
    remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", one(cuid)),
    gallery: (cuid: string) => galleryApi(one(cuid)),
  };
}

/** Resource groups and their images (decision 0071). */
export const resourceGroupsApi = recordApi<ResourceGroupBody, AdminResourceGroupView>(
  "/api/admin/resource-groups",
);

/** Booking configurations (decision 0071). */
export const bookingConfigurationsApi = recordApi<
  BookingConfigurationBody,
  AdminBookingConfigurationView
>("/api/admin/booking-configurations");

/** Staff bookings: book for a customer, move, cancel (decision 0065). */
export const staffBookingsApi = {
  create: (resource: string, body: StaffBookingBody) =>
    apiRequest<StaffBookingView>("POST", path(resource, "bookings"), body),
  move: (booking: string, body: BookingMoveBody) =>
    apiRequest<StaffBookingView>(
      "PUT",
      `/api/admin/bookings/${encodeURIComponent(booking)}/period`,
      body,
    ),
  cancel: (booking: string, body: BookingCancelBody) =>
    apiRequest<StaffBookingView>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(booking)}/cancel`,
      body,
    ),
};
