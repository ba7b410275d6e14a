import {
  consoleInvoiceItem,
  consoleInvoiceList,
  consoleInvoiceQuery,
  creditInvoiceBody,
  creditInvoiceResponse,
  invoiceExportQuery,
  invoiceParams,
  invoiceSettingsBody,
  invoiceSettingsView,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import type { AccessPoint } from "../peppol/access-point.ts";
import {
  consoleInvoice,
  consoleInvoiceFile,
  creditInvoice,
  exportInvoices,
  listInvoicesInConsole,
  resendInvoice,
} from "./console-service.ts";
import { sendInvoiceFile } from "./files.ts";
import { peppolResendTarget, resendOnPeppol } from "./peppol-resend.ts";
import { getInvoiceSettings, updateInvoiceSettings } from "./settings-service.ts";

/**
 * The console's invoices (docs/decisions/0074-customer-invoices.md): the settings under
 * `customer_invoices.settings.*`; the documents under the payments' permissions (reading them,
 * and crediting as a refund); resending, by e-mail or on Peppol, under `notifications.trigger`.
 * `accessPoint`: the Peppol access point (PEPPOL_AP_URL), null when none is configured.
 */
export function registerInvoiceConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { accessPoint: AccessPoint | null },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: invoices"];

  api.get(
    "/api/admin/invoices/settings",
    {
      schema: { tags, response: { 200: invoiceSettingsView } },
      config: { console: "customer_invoices.settings.read" },
    },
    (request) => inConsole(deps, request, getInvoiceSettings),
  );
  api.put(
    "/api/admin/invoices/settings",
    {
      schema: { tags, body: invoiceSettingsBody, response: { 200: invoiceSettingsView } },
      config: { console: "customer_invoices.settings.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => updateInvoiceSettings(context, request.body)),
  );
  api.get(
    "/api/admin/invoices",
    {
      schema: { tags, querystring: consoleInvoiceQuery, response: { 200: consoleInvoiceList } },
      config: { console: "payments.payments.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => listInvoicesInConsole(context, request.query)),
  );
  api.get(
    "/api/admin/invoices/export",
    {
      schema: { tags, querystring: invoiceExportQuery, produces: ["text/csv", "application/zip"] },
      config: { console: "exports.payments.read" },
    },
    async (request, reply) => {
      const file = await inConsole(deps, request, (context) =>
        exportInvoices(context, request.query),
      );
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(file.stream);
    },
  );
  for (const format of ["pdf", "ubl"] as const) {
    api.get(
      `/api/admin/invoices/:cuid/${format}`,
      {
        schema: {
          tags,
          params: invoiceParams,
          produces: [format === "pdf" ? "application/pdf" : "application/xml"],
        },
        config: { console: "payments.payments.read" },
      },
      async (request, reply) => {
        const file = await inConsole(deps, request, (context) =>
          consoleInvoiceFile(context, request.params.cuid),
        );
        return sendInvoiceFile(reply, file, format);
      },
    );
  }
  api.get(
    "/api/admin/invoices/:cuid",
    {
      schema: { tags, params: invoiceParams, response: { 200: consoleInvoiceItem } },
      config: { console: "payments.payments.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => consoleInvoice(context, request.params.cuid)),
  );
  api.post(
    "/api/admin/invoices/:cuid/resend",
    {
      schema: { tags, params: invoiceParams, response: { 200: okResponse } },
      config: { console: "notifications.trigger" },
    },
    async (request) => {
      await inConsole(deps, request, (context) => resendInvoice(context, request.params.cuid));
      return { ok: true as const };
    },
  );
  api.post(
    "/api/admin/invoices/:cuid/peppol",
    {
      schema: { tags, params: invoiceParams, response: { 200: consoleInvoiceItem } },
      config: { console: "notifications.trigger" },
    },
    async (request) => {
      const { cuid } = request.params;
      const { accessPoint } = deps;
      const { organiserId, row } = await inConsole(deps, request, (context) =>
        peppolResendTarget(context, cuid, accessPoint),
      );
      await resendOnPeppol(
        { db: deps.db, accessPoint: accessPoint!, log: request.log },
        organiserId,
        row,
      );
      return inConsole(deps, request, (context) => consoleInvoice(context, cuid));
    },
  );
  api.post(
    "/api/admin/invoices/:cuid/credit",
    {
      schema: {
        tags,
        params: invoiceParams,
        body: creditInvoiceBody,
        response: { 200: creditInvoiceResponse },
      },
      config: { console: "payments.payments.refund" },
    },
    async (request) => ({
      credit_note: await inConsole(deps, request, (context) =>
        creditInvoice(context, request.params.cuid, request.body, app.publicUrls),
      ),
    }),
  );
}
