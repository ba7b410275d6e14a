import {
  type AdminDocumentImageView,
  type AdminDocumentModelView,
  type DocumentModelBody,
  documentImageUpload,
} from "@booking/contracts";
import { apiRequest, apiRequestError, apiUpload, XSRF_HEADER, xsrfToken } from "../api";

const MODELS = "/api/admin/document-models";
const IMAGES = "/api/admin/document-images";
const model = (cuid: string) => `${MODELS}/${encodeURIComponent(cuid)}`;

/** The console's document models (documents.models.*). */
export const documentsApi = {
  createModel: (body: DocumentModelBody) =>
    apiRequest<AdminDocumentModelView>("POST", MODELS, body),
  updateModel: (cuid: string, body: DocumentModelBody) =>
    apiRequest<AdminDocumentModelView>("PUT", model(cuid), body),
  deleteModel: (cuid: string) => apiRequest<{ ok: true }>("DELETE", model(cuid)),
  /** The PDF of the saved model for a registration (documents.downloads.read). */
  previewPath: (cuid: string, registration: string) =>
    `${model(cuid)}/preview?registration=${encodeURIComponent(registration)}`,
  /**
   * The PDF of a draft for a registration, saving nothing (documents.downloads.read); `modelCuid`
   * is the saved model it edits. Refusals throw an ApiRequestError with the save's field errors.
   */
  async previewDraft(
    body: DocumentModelBody,
    registration: string,
    modelCuid: string,
    signal?: AbortSignal,
  ): Promise<Blob> {
    const query = new URLSearchParams({ registration, model: modelCuid });
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    const token = await xsrfToken();
    if (token) headers[XSRF_HEADER] = token;
    const response = await fetch(`${MODELS}/preview?${query}`, {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) {
      throw apiRequestError(response.status, await response.json().catch(() => null));
    }
    return response.blob();
  },
  /** Uploads a PNG or JPEG picture for a page's background or an IMAGE element. */
  uploadImage: (file: File) => apiUpload<AdminDocumentImageView>(IMAGES, file),
  /** Where the console shows a picture source: an upload through its route, else as it is. */
  imageSrc: (source: string | null | undefined): string | null => {
    const cuid = documentImageUpload(source);
    return cuid ? `${IMAGES}/${cuid}` : (source ?? null);
  },
};
