import type { WebsiteSettingsView, websiteSettingsBody } from "@booking/contracts";
import type { z } from "zod";
import { apiRequest, apiUpload } from "../api";

/** The site's layout and theme calls from the browser (/api/admin/website). */
export const websiteSettingsApi = {
  update: (body: z.output<typeof websiteSettingsBody>) =>
    apiRequest<WebsiteSettingsView>("PATCH", "/api/admin/website", body),
  uploadFavicon: (file: File) => apiUpload<WebsiteSettingsView>("/api/admin/website/favicon", file),
  removeFavicon: () => apiRequest<WebsiteSettingsView>("DELETE", "/api/admin/website/favicon"),
};
