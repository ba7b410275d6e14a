import type { AdminRegistrationResponse, RegistrationAnswersBody } from "@booking/contracts";
import { apiRequest } from "../api";

/** Staff's correction of a registration's answers (decision 0104), from the browser. */
export const registrationAnswersApi = {
  update: (cuid: string, body: RegistrationAnswersBody) =>
    apiRequest<AdminRegistrationResponse>(
      "PUT",
      `/api/admin/registrations/${encodeURIComponent(cuid)}/answers`,
      body,
    ),
};
