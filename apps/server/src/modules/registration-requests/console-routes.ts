import {
  adminApproveRequestBody,
  adminBulkApprovalBody,
  adminBulkApprovalPreview,
  adminBulkApprovalQuery,
  adminBulkApprovalResult,
  adminCuidParams,
  adminRejectRequestBody,
  adminRequestList,
  adminRequestListQuery,
  adminRequestResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { confirmBulkApproval, previewBulkApproval } from "./console-bulk.ts";
import { approveRequest, listRequests, rejectRequest, requestDetail } from "./console-service.ts";
import type { RejectionMail } from "./rejection-mail.ts";

/** The console's registration requests (docs/decisions/0061-registration-request-approval.md). */
export function registerRegistrationRequestConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & RejectionMail,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: registration requests"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/registrations/requests",
    {
      schema: { tags, querystring: adminRequestListQuery, response: { 200: adminRequestList } },
      config: { console: "registrations.requests.read" },
    },
    (request) => inConsole(deps, request, (context) => listRequests(context, request.query)),
  );
  api.get(
    "/api/admin/registrations/requests/:cuid",
    {
      schema: { tags, params, response: { 200: adminRequestResponse } },
      config: { console: "registrations.requests.read" },
    },
    async (request) => ({
      registration_request: await inConsole(deps, request, (context) =>
        requestDetail(context, request.params.cuid),
      ),
    }),
  );
  api.post(
    "/api/admin/registrations/requests/:cuid/approve",
    {
      schema: {
        tags,
        params,
        body: adminApproveRequestBody,
        response: { 200: adminRequestResponse },
      },
      config: { console: "registrations.requests.update" },
    },
    async (request) => ({
      registration_request: await inConsole(deps, request, (context) =>
        approveRequest(context, request.params.cuid, request.body),
      ),
    }),
  );
  api.post(
    "/api/admin/registrations/requests/:cuid/reject",
    {
      schema: {
        tags,
        params,
        body: adminRejectRequestBody,
        response: { 200: adminRequestResponse },
      },
      config: { console: "registrations.requests.update" },
    },
    async (request) => ({
      registration_request: await inConsole(deps, request, (context) =>
        rejectRequest(context, request.params.cuid, request.body, deps),
      ),
    }),
  );
  api.get(
    "/api/admin/registrations/requests/bulk-approval",
    {
      schema: {
        tags,
        querystring: adminBulkApprovalQuery,
        response: { 200: adminBulkApprovalPreview },
      },
      config: { console: "registrations.requests.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        previewBulkApproval(context, {
          activity: request.query.activity!,
          tier: request.query.tier ?? null,
        }),
      ),
  );
  api.post(
    "/api/admin/registrations/requests/bulk-approval",
    {
      schema: { tags, body: adminBulkApprovalBody, response: { 200: adminBulkApprovalResult } },
      config: { console: "registrations.requests.update" },
    },
    (request) => inConsole(deps, request, (context) => confirmBulkApproval(context, request.body)),
  );
}
