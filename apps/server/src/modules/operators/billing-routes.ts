import {
  adminCuidParams,
  platformBillingBody,
  platformCycleRerunBody,
  platformCycleRerunResponse,
  platformInvoiceParams,
  platformInvoiceRows,
  platformInvoicesQuery,
  platformOrganiserBilling,
} from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.ts";
import { sendPlatformInvoiceFile } from "../billing/files.ts";
import {
  adjustBilling,
  anyPlatformInvoice,
  listAllPlatformInvoices,
  organiserBilling,
  rerunCycle,
} from "../billing/operator-service.ts";
import { findOrganiserRow } from "./organiser-queries.ts";
import type { PlatformOrganisersDeps } from "./organisers-service.ts";

/**
 * The platform's billing as operators see it (issue 16 §3; decision 0082): an organiser's
 * usage, invoices, payments and cycles, its items and taxes (audited), a cycle rerun, and every
 * organiser's invoices with their files. Each call needs an operator's session.
 */
export function registerOperatorBillingRoutes(
  app: FastifyInstance,
  deps: PlatformOrganisersDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: platform operators"];
  const config = { console: "operator" as const };
  const params = adminCuidParams;

  function operatorIdOf(request: FastifyRequest): number {
    if (!request.operatorAccess) throw new AppError("UNAUTHENTICATED");
    return request.operatorAccess.operator.id;
  }
  async function organiserOf(cuid: string) {
    const row = await findOrganiserRow(deps.db, cuid);
    if (!row) throw new AppError("ORGANISER_NOT_FOUND");
    return row.organiser;
  }

  api.get(
    "/api/admin/platform/organisers/:cuid/billing",
    { schema: { tags, params, response: { 200: platformOrganiserBilling } }, config },
    async (request) =>
      organiserBilling(deps.db, await organiserOf(request.params.cuid), new Date()),
  );
  api.put(
    "/api/admin/platform/organisers/:cuid/billing",
    {
      schema: {
        tags,
        params,
        body: platformBillingBody,
        response: { 200: platformOrganiserBilling },
      },
      config,
    },
    async (request) => {
      const organiser = await adjustBilling(deps.db, {
        organiser: await organiserOf(request.params.cuid),
        operatorId: operatorIdOf(request),
        body: request.body,
      });
      deps.forgetOrganiser(organiser);
      return organiserBilling(deps.db, organiser, new Date());
    },
  );
  api.post(
    "/api/admin/platform/organisers/:cuid/billing/rerun",
    {
      schema: {
        tags,
        params,
        body: platformCycleRerunBody,
        response: { 200: platformCycleRerunResponse },
      },
      config,
    },
    async (request) =>
      rerunCycle(deps.db, {
        organiser: await organiserOf(request.params.cuid),
        operatorId: operatorIdOf(request),
        month: request.body.month,
        now: new Date(),
      }),
  );
  api.get(
    "/api/admin/platform/billing/invoices",
    {
      schema: { tags, querystring: platformInvoicesQuery, response: { 200: platformInvoiceRows } },
      config,
    },
    (request) => listAllPlatformInvoices(deps.db, request.query, new Date()),
  );
  for (const format of ["pdf", "ubl"] as const) {
    api.get(
      `/api/admin/platform/billing/invoices/:cuid/${format}`,
      {
        schema: {
          tags,
          params: platformInvoiceParams,
          produces: [format === "pdf" ? "application/pdf" : "application/xml"],
        },
        config,
      },
      async (request, reply) =>
        sendPlatformInvoiceFile(
          reply,
          await anyPlatformInvoice(deps.db, request.params.cuid),
          format,
        ),
    );
  }
}
