import type {
  OutstandingItemType,
  ReminderHistory,
  ReminderScheduleBody,
  ReminderScheduleView,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's payment reminder calls from the browser (decision 0077). */
export const remindersApi = {
  updateSchedule: (body: ReminderScheduleBody) =>
    apiRequest<ReminderScheduleView>("PUT", "/api/admin/payment-reminders/settings", body),
  send: (item: { type: OutstandingItemType; cuid: string }) =>
    apiRequest<ReminderHistory>(
      "POST",
      `/api/admin/outstanding/${item.type}/${item.cuid}/reminders`,
      {},
    ),
};

/** The console page of an owed item's reminders. */
export const remindersPath = (item: { type: OutstandingItemType; cuid: string }) =>
  `/admin/payments/outstanding/${item.type}/${item.cuid}/reminders`;
