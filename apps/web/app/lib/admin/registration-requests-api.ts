import type {
  AdminApproveRequestBody,
  AdminBulkApprovalBody,
  AdminBulkApprovalResult,
  AdminRejectRequestBody,
  AdminRequestDetail,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's answers to registration requests sent by the browser; reads go through loaders. */

const base = "/api/admin/registrations/requests";
type DetailAnswer = { registration_request: AdminRequestDetail };

export const registrationRequestsApi = {
  approve: (cuid: string, body: AdminApproveRequestBody) =>
    apiRequest<DetailAnswer>("POST", `${base}/${encodeURIComponent(cuid)}/approve`, body),
  reject: (cuid: string, body: AdminRejectRequestBody) =>
    apiRequest<DetailAnswer>("POST", `${base}/${encodeURIComponent(cuid)}/reject`, body),
  confirmBulk: (body: AdminBulkApprovalBody) =>
    apiRequest<AdminBulkApprovalResult>("POST", `${base}/bulk-approval`, body),
};
