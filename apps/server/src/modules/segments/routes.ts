import {
  okResponse,
  segmentBody,
  segmentCount,
  segmentCountBody,
  segmentList,
  segmentParams,
  segmentsQuery,
  segmentWithCount,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { segmentsConsole } from "./service.ts";

/** The console's segments (decision 0056). */
export function registerSegmentConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: segments"];
  const params = segmentParams;

  api.get(
    "/api/admin/segments",
    {
      schema: { tags, querystring: segmentsQuery, response: { 200: segmentList } },
      config: { console: "segments.segments.read" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        segmentsConsole.list(context, request.query.entity),
      ),
    }),
  );
  api.post(
    "/api/admin/segments/count",
    {
      schema: { tags, body: segmentCountBody, response: { 200: segmentCount } },
      config: { console: "segments.segments.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => segmentsConsole.count(context, request.body)),
  );
  api.get(
    "/api/admin/segments/:cuid",
    {
      schema: { tags, params, response: { 200: segmentWithCount } },
      config: { console: "segments.segments.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => segmentsConsole.get(context, request.params.cuid)),
  );
  api.post(
    "/api/admin/segments",
    {
      schema: { tags, body: segmentBody, response: { 201: segmentWithCount } },
      config: { console: "segments.segments.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        segmentsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/segments/:cuid",
    {
      schema: { tags, params, body: segmentBody, response: { 200: segmentWithCount } },
      config: { console: "segments.segments.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        segmentsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/segments/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "segments.segments.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        segmentsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
