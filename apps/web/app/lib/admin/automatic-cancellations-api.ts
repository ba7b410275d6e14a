import type {
  AvailabilityAutomaticCancellationBody,
  AvailabilityAutomaticCancellationView,
  UnpaidCancellationRuleBody,
  UnpaidCancellationRuleView,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's automatic cancellation calls from the browser (decision 0088). */
const availabilityRule = (cuid: string) =>
  `/api/admin/availabilities/${encodeURIComponent(cuid)}/automatic-cancellation`;

export const automaticCancellationsApi = {
  updateUnpaidRule: (body: UnpaidCancellationRuleBody) =>
    apiRequest<UnpaidCancellationRuleView>(
      "PUT",
      "/api/admin/settings/automatic-cancellations",
      body,
    ),
  saveAvailabilityRule: (cuid: string, body: AvailabilityAutomaticCancellationBody) =>
    apiRequest<AvailabilityAutomaticCancellationView>("PUT", availabilityRule(cuid), body),
  deleteAvailabilityRule: (cuid: string) =>
    apiRequest<{ ok: true }>("DELETE", availabilityRule(cuid)),
};
