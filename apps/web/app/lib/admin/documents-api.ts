import type { AdminDocumentModelView, DocumentModelBody } from "@booking/contracts";
import { apiRequest } from "../api";

const MODELS = "/api/admin/document-models";
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
};
