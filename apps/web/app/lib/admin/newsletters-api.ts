import type {
  NewsletterBody,
  NewsletterImage,
  NewsletterPreview,
  NewsletterView,
  SegmentBody,
  SegmentCount,
  SegmentCountBody,
  SegmentWithCount,
} from "@booking/contracts";
import { apiRequest, apiUpload } from "../api";

/** The console's newsletter and segment calls sent by the browser; reads go through the loaders. */

export const NEWSLETTERS_API = "/api/admin/newsletters";
export const SEGMENTS_API = "/api/admin/segments";
export const NEWSLETTERS_PATH = "/admin/newsletters";
export const SEGMENTS_PATH = "/admin/segments";
const newsletter = (cuid: string) => `${NEWSLETTERS_API}/${encodeURIComponent(cuid)}`;
const segment = (cuid: string) => `${SEGMENTS_API}/${encodeURIComponent(cuid)}`;

export const newslettersApi = {
  create: (body: NewsletterBody) => apiRequest<NewsletterView>("POST", NEWSLETTERS_API, body),
  update: (cuid: string, body: NewsletterBody) =>
    apiRequest<NewsletterView>("PUT", newsletter(cuid), body),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", newsletter(cuid)),
  preview: (body: { subject: string; content: string }) =>
    apiRequest<NewsletterPreview>("POST", `${NEWSLETTERS_API}/preview`, body),
  uploadImage: (file: File) => apiUpload<NewsletterImage>(`${NEWSLETTERS_API}/images`, file),
  test: (cuid: string) => apiRequest<{ ok: true }>("POST", `${newsletter(cuid)}/test`, {}),
  /** now without `at`, else at that instant */
  send: (cuid: string, at: string | null) =>
    apiRequest<NewsletterView>("POST", `${newsletter(cuid)}/send`, at ? { at } : {}),
  cancel: (cuid: string) => apiRequest<NewsletterView>("POST", `${newsletter(cuid)}/cancel`, {}),
};

export const segmentsApi = {
  create: (body: SegmentBody) => apiRequest<SegmentWithCount>("POST", SEGMENTS_API, body),
  update: (cuid: string, body: SegmentBody) =>
    apiRequest<SegmentWithCount>("PUT", segment(cuid), body),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", segment(cuid)),
  count: (body: SegmentCountBody) =>
    apiRequest<SegmentCount>("POST", `${SEGMENTS_API}/count`, body),
};

export const newsletterPath = (cuid: string) => `${NEWSLETTERS_PATH}/${encodeURIComponent(cuid)}`;
export const segmentPath = (cuid: string) => `${SEGMENTS_PATH}/${encodeURIComponent(cuid)}`;
