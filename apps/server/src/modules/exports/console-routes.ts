import {
  EXPORT_FILTERS,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_PERMISSIONS,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { exportRows } from "./service.ts";

const formatParams = z.object({ format: z.enum(EXPORT_FORMATS) });

/**
 * GET /api/admin/exports/{registrations,customers,payments,outstanding}.{csv,xlsx}: one route per kind, as
 * each needs its own permission. The file streams from one transaction as it is sent
 * (docs/decisions/0021-exports.md); the download itself is written to the audit log.
 */
export function registerExportConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of EXPORT_KINDS) {
    api.get(
      `/api/admin/exports/${kind}.:format`,
      {
        schema: {
          tags: ["console: exports"],
          params: formatParams,
          querystring: EXPORT_FILTERS[kind],
        },
        config: { console: EXPORT_PERMISSIONS[kind] },
      },
      async (request, reply) => {
        const { format } = request.params;
        const organiser = await inConsole(deps, request, async (context) => {
          await context.audit({
            action: "export.downloaded",
            entity: kind,
            after: { format, filters: request.query },
          });
          return context.organiser;
        });
        const file = await exportRows({ db: deps.db, organiser }, kind, format, request.query);
        return reply
          .type(file.contentType)
          .header("content-disposition", file.contentDisposition)
          .header("cache-control", "no-store")
          .send(file.stream);
      },
    );
  }
}
