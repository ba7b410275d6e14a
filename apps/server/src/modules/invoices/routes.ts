import {
  accountListQuery,
  billingDetailsBody,
  billingDetailsView,
  invoiceList,
  invoiceParams,
  requestInvoiceBody,
  requestInvoiceResponse,
} from "@booking/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { getBillingDetails, saveBillingDetails } from "./billing-details.ts";
import { sendInvoiceFile } from "./files.ts";
import { customerInvoice, listInvoices, requestInvoice } from "./service.ts";

/** Downloads per minute for one client on one host: drawing a PDF costs real CPU time. */
const DOWNLOADS_PER_MINUTE = 60;

const downloadLimit = {
  rateLimit: {
    max: DOWNLOADS_PER_MINUTE,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.siteHost}|invoices`,
  },
};

/** The customer's invoices and credit notes: issue 16 §1 "Customers' calls". */
export function registerInvoiceRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["invoices"];

  api.get(
    "/api/invoices",
    { schema: { tags, querystring: accountListQuery, response: { 200: invoiceList } } },
    (request) => inTenant(deps, request, (context) => listInvoices(context, request.query)),
  );

  api.post(
    "/api/invoices",
    { schema: { tags, body: requestInvoiceBody, response: { 200: requestInvoiceResponse } } },
    async (request) => {
      const body = request.body;
      const [page, cuid] = body.cart_cuid
        ? (["CART", body.cart_cuid] as const)
        : body.registration_request_cuid
          ? (["REGISTRATION_REQUEST", body.registration_request_cuid] as const)
          : (["BOOKING", body.booking_cuid!] as const);
      return {
        invoice: await inTenant(deps, request, (context) =>
          requestInvoice(context, page, cuid, app.publicUrls),
        ),
      };
    },
  );
  api.get(
    "/api/billing-details",
    { schema: { tags, response: { 200: billingDetailsView } } },
    (request) => inTenant(deps, request, getBillingDetails),
  );
  api.put(
    "/api/billing-details",
    { schema: { tags, body: billingDetailsBody, response: { 200: billingDetailsView } } },
    (request) => inTenant(deps, request, (context) => saveBillingDetails(context, request.body)),
  );

  for (const format of ["pdf", "ubl"] as const) {
    api.get(
      `/api/invoices/:cuid/${format}`,
      {
        schema: {
          tags,
          params: invoiceParams,
          produces: [format === "pdf" ? "application/pdf" : "application/xml"],
        },
        config: downloadLimit,
      },
      async (request, reply) => {
        const file = await inTenant(deps, request, (context) =>
          customerInvoice(context, request.params.cuid),
        );
        return sendInvoiceFile(reply, file, format);
      },
    );
  }
}
