import {
  billingOverview as billingOverviewView,
  pagingQuery,
  platformInvoiceList,
  platformInvoiceParams,
  platformPaymentStart,
  platformPaymentView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { sendPlatformInvoiceFile } from "./files.ts";
import { registerPlatformPaymentRoutes } from "./payment-routes.ts";
import {
  canPayOnline,
  type PlatformPaymentsDeps,
  payPlatformInvoice,
  syncPayment,
} from "./payments.ts";
import { billingInvoiceFile, billingOverview, listBillingInvoices } from "./service.ts";

/**
 * The organiser's Billing page (decision 0078): usage and referral under
 * `organiser.billing.read`, the platform invoices — and paying them online (decision 0082) —
 * under `billing.invoices.read`.
 */
export function registerBillingConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & Omit<PlatformPaymentsDeps, "consoleOrigin">,
): void {
  const payments = { ...deps, consoleOrigin: () => app.publicUrls.console() };
  registerPlatformPaymentRoutes(app, payments);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: billing"];

  api.get(
    "/api/admin/billing",
    {
      schema: { tags, response: { 200: billingOverviewView } },
      config: { console: "organiser.billing.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        billingOverview(context, {
          platformUrl: app.publicUrls.platform(),
          onlinePayment: canPayOnline(deps),
        }),
      ),
  );
  api.get(
    "/api/admin/billing/invoices",
    {
      schema: { tags, querystring: pagingQuery, response: { 200: platformInvoiceList } },
      config: { console: "billing.invoices.read" },
    },
    (request) => inConsole(deps, request, (context) => listBillingInvoices(context, request.query)),
  );
  api.post(
    "/api/admin/billing/invoices/:cuid/pay",
    {
      schema: { tags, params: platformInvoiceParams, response: { 200: platformPaymentStart } },
      config: { console: "billing.invoices.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        payPlatformInvoice(context, payments, request.params.cuid),
      ),
  );
  api.get(
    "/api/admin/billing/payments/:cuid",
    {
      schema: { tags, params: platformInvoiceParams, response: { 200: platformPaymentView } },
      config: { console: "billing.invoices.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => syncPayment(context, payments, request.params.cuid)),
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
