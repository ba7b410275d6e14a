import {
  adminCreateParticipantBody,
  adminParticipantBody,
  adminParticipantDetail,
  adminParticipantList,
  customerCuidParams,
  deleteParticipantResponse,
  participantListQuery,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { participantsConsole } from "./console-service.ts";

/** The console's participants (issue 6 item 4): list, detail, create, edit, delete. */
export function registerParticipantConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: participants"];
  const params = customerCuidParams;

  api.get(
    "/api/admin/participants",
    {
      schema: { tags, querystring: participantListQuery, response: { 200: adminParticipantList } },
      config: { console: "participants.participants.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => participantsConsole.list(context, request.query)),
  );
  api.post(
    "/api/admin/participants",
    {
      schema: { tags, body: adminCreateParticipantBody, response: { 201: adminParticipantDetail } },
      config: { console: "participants.participants.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        participantsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    "/api/admin/participants/:cuid",
    {
      schema: { tags, params, response: { 200: adminParticipantDetail } },
      config: { console: "participants.participants.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        participantsConsole.detail(context, request.params.cuid),
      ),
  );
  api.put(
    "/api/admin/participants/:cuid",
    {
      schema: {
        tags,
        params,
        body: adminParticipantBody,
        response: { 200: adminParticipantDetail },
      },
      config: { console: "participants.participants.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        participantsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/participants/:cuid",
    {
      schema: { tags, params, response: { 200: deleteParticipantResponse } },
      config: { console: "participants.participants.delete" },
    },
    async (request) => {
      const { archived } = await inConsole(deps, request, (context) =>
        participantsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const, archived };
    },
  );
}
