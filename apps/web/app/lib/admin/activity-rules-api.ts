import type {
  AdminActivityConfirmationBody,
  AdminActivityConfirmationView,
  AdminCancellationPolicyBody,
  AdminCancellationPolicyView,
  AdminConfirmationPreview,
} from "@booking/contracts";
import { apiRequest, apiUpload } from "../api";

/** An activity's cancellation policy and confirmation, sent by the browser (decision 0101). */
const base = (activityCuid: string) => `/api/admin/activities/${encodeURIComponent(activityCuid)}`;

export const activityRulesApi = {
  savePolicy: (activityCuid: string, body: AdminCancellationPolicyBody) =>
    apiRequest<AdminCancellationPolicyView>(
      "PUT",
      `${base(activityCuid)}/cancellation-policy`,
      body,
    ),
  saveConfirmation: (activityCuid: string, body: AdminActivityConfirmationBody) =>
    apiRequest<AdminActivityConfirmationView>("PUT", `${base(activityCuid)}/confirmation`, body),
  previewConfirmation: (activityCuid: string, message: string) =>
    apiRequest<AdminConfirmationPreview>("POST", `${base(activityCuid)}/confirmation/preview`, {
      message,
    }),
  uploadFile: (activityCuid: string, file: File) =>
    apiUpload<AdminActivityConfirmationView>(`${base(activityCuid)}/confirmation/files`, file),
  removeFile: (activityCuid: string, fileCuid: string) =>
    apiRequest<AdminActivityConfirmationView>(
      "DELETE",
      `${base(activityCuid)}/confirmation/files/${encodeURIComponent(fileCuid)}`,
    ),
};
