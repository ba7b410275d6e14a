import {
  billingOverview as billingOverviewView,
  pagingQuery,
  platformInvoiceList,
  platformInvoiceParams,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { sendPlatformInvoiceFile } from "./files.ts";
import { billingInvoiceFile, billingOverview, listBillingInvoices } from "./service.ts";

/**
 * The organiser's Billing page (decision 0078): usage and referral under
 * `organiser.billing.read`, the platform invoices under `billing.invoices.read`.
 */
export function registerBillingConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: billing"];

  api.get(
    "/api/admin/billing",
    {
      schema: { tags, response: { 200: billingOverviewView } },
      config: { console: "organiser.billing.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => billingOverview(context, app.publicUrls.platform())),
  );
  api.get(
    "/api/admin/billing/invoices",
    {
      schema: { tags, querystring: pagingQuery, response: { 200: platformInvoiceList } },
      config: { console: "billing.invoices.read" },
    },
    (request) => inConsole(deps, request, (context) => listBillingInvoices(context, request.query)),
  );
  for (const format of ["pdf", "ubl"] as const) {
    api.get(
      `/api/admin/billing/invoices/:cuid/${format}`,
      {
        schema: {
          tags,
          params: platformInvoiceParams,
          produces: [format === "pdf" ? "application/pdf" : "application/xml"],
        },
        config: { console: "billing.invoices.read" },
      },
      async (request, reply) => {
        const invoice = await inConsole(deps, request, (context) =>
          billingInvoiceFile(context, request.params.cuid),
        );
        return sendPlatformInvoiceFile(reply, invoice, format);
      },
    );
  }
}
