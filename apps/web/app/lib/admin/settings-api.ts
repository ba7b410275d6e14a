import type {
  AccountSettingsView,
  accountSettingsBody,
  BusinessSettingsView,
  businessSettingsBody,
  PaymentsSettingsBody,
  PaymentsSettingsView,
  PreferencesSettingsView,
  preferencesSettingsBody,
  SmsSettingsBody,
  SmsSettingsView,
} from "@booking/contracts";
import type { z } from "zod";
import { apiRequest, apiUpload } from "../api";

/** The organiser's settings calls from the browser (/api/admin/settings/{section}). */

const SETTINGS_API = "/api/admin/settings";

export const settingsApi = {
  updateAccount: (body: z.output<typeof accountSettingsBody>) =>
    apiRequest<AccountSettingsView>("PUT", `${SETTINGS_API}/account`, body),
  uploadLogo: (file: File) => apiUpload<AccountSettingsView>(`${SETTINGS_API}/account/logo`, file),
  removeLogo: () => apiRequest<AccountSettingsView>("DELETE", `${SETTINGS_API}/account/logo`),
  updateBusiness: (body: z.output<typeof businessSettingsBody>) =>
    apiRequest<BusinessSettingsView>("PUT", `${SETTINGS_API}/business`, body),
  updatePreferences: (body: z.output<typeof preferencesSettingsBody>) =>
    apiRequest<PreferencesSettingsView>("PUT", `${SETTINGS_API}/preferences`, body),
  updatePayments: (body: PaymentsSettingsBody) =>
    apiRequest<PaymentsSettingsView>("PUT", `${SETTINGS_API}/payments`, body),
  updateSms: (body: SmsSettingsBody) =>
    apiRequest<SmsSettingsView>("PUT", `${SETTINGS_API}/sms`, body),
};
