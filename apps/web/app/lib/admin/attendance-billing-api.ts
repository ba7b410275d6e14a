import type {
  AdjustAttendanceItemBody,
  AttendanceBillingBody,
  AttendanceBillingResponse,
  AttendanceCycleView,
} from "@booking/contracts";
import { isCycleMonth, lastEndedCycleMonth } from "@booking/domain";
import { apiRequest } from "../api";
import { adminGet, type ConsoleLoaderArgs } from "./loaders";

/** An activity's attendance billing calls (docs/decisions/0064-attendance-billing.md). */

const billingPath = (activityCuid: string) =>
  `/api/admin/activities/${encodeURIComponent(activityCuid)}/attendance-billing`;

export const attendanceBillingApi = {
  save: (activityCuid: string, body: AttendanceBillingBody) =>
    apiRequest<AttendanceBillingResponse>("PUT", billingPath(activityCuid), body),
  remove: (activityCuid: string) => apiRequest<{ ok: true }>("DELETE", billingPath(activityCuid)),
  issue: (activityCuid: string, month: string) =>
    apiRequest<AttendanceCycleView>(
      "POST",
      `${billingPath(activityCuid)}/cycles/${encodeURIComponent(month)}/issue`,
    ),
  adjust: (chargeCuid: string, itemCuid: string, body: AdjustAttendanceItemBody) =>
    apiRequest<AttendanceCycleView>(
      "PATCH",
      `/api/admin/attendance-charges/${encodeURIComponent(chargeCuid)}/items/${encodeURIComponent(itemCuid)}`,
      body,
    ),
};

/**
 * The attendance billing tab's data: the configuration and, once there is one, the month asked
 * by `?month=` (the last ended month in the organiser's time zone by default).
 */
export async function readAttendanceBilling(
  args: ConsoleLoaderArgs,
  activityCuid: string,
  timeZone: string,
): Promise<{
  billing: AttendanceBillingResponse["attendance_billing"];
  cycle: AttendanceCycleView | null;
}> {
  const requested = new URL(args.request.url).searchParams.get("month") ?? "";
  const month = isCycleMonth(requested) ? requested : lastEndedCycleMonth(new Date(), timeZone);
  const { attendance_billing: billing } = await adminGet<AttendanceBillingResponse>(
    args,
    billingPath(activityCuid),
  );
  const cycle = billing
    ? await adminGet<AttendanceCycleView>(
        args,
        `${billingPath(activityCuid)}/cycles/${encodeURIComponent(month)}`,
      )
    : null;
  return { billing, cycle };
}
