import type {
  AdminPageCreateBody,
  AdminPageDraftView,
  AdminPageSettingsBody,
  AdminPageView,
  AdminWebsiteImage,
  DraftElement,
} from "@booking/contracts";
import { apiRequest, apiUpload } from "../api";

/** The page builder's calls sent by the browser; reads go through the loaders. */

const pagePath = (cuid: string, ...rest: string[]) =>
  ["/api/admin/website/pages", cuid, ...rest]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join("/");

export const websiteApi = {
  createPage: (body: AdminPageCreateBody) =>
    apiRequest<AdminPageView>("POST", "/api/admin/website/pages", body),
  updatePage: (cuid: string, body: AdminPageSettingsBody) =>
    apiRequest<AdminPageView>("PUT", pagePath(cuid), body),
  deletePage: (cuid: string) => apiRequest<{ ok: true }>("DELETE", pagePath(cuid)),
  saveDraft: (cuid: string, content: DraftElement[]) =>
    apiRequest<AdminPageDraftView>("PUT", pagePath(cuid, "draft"), { content }),
  discardDraft: (cuid: string) => apiRequest<AdminPageDraftView>("DELETE", pagePath(cuid, "draft")),
  publish: (cuid: string) => apiRequest<AdminPageView>("POST", pagePath(cuid, "publish")),
  restore: (cuid: string, version: string) =>
    apiRequest<AdminPageDraftView>("POST", pagePath(cuid, "versions", version, "restore")),
  uploadImage: (file: File) => apiUpload<AdminWebsiteImage>("/api/admin/website/images", file),
};
