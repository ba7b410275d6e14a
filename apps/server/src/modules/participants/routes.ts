import {
  createParticipantBody,
  deleteParticipantQuery,
  deleteParticipantResponse,
  listParticipantsQuery,
  participantList,
  participantOptions as participantOptionsSchema,
  participantResponse,
  updateParticipantBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import {
  createParticipant,
  deleteParticipant,
  listParticipants,
  participantOptions,
  updateParticipant,
} from "./service.ts";

/** The customer's participants: platform-and-account.md §7. */
export function registerParticipantRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["participants"];

  api.get(
    "/api/participants",
    {
      schema: {
        tags,
        querystring: listParticipantsQuery,
        response: { 200: z.union([participantList, participantOptionsSchema]) },
      },
    },
    async (request) =>
      inTenant<z.infer<typeof participantList> | z.infer<typeof participantOptionsSchema>>(
        deps,
        request,
        (context) =>
          request.query.response_type === "multiselect-search"
            ? participantOptions(context, request.query)
            : listParticipants(context, request.query),
      ),
  );

  api.post(
    "/api/participants",
    { schema: { tags, body: createParticipantBody, response: { 201: participantResponse } } },
    async (request, reply) => {
      const participant = await inTenant(deps, request, (context) =>
        createParticipant(context, request.body),
      );
      return reply.status(201).send({ participant });
    },
  );

  api.put(
    "/api/participants",
    { schema: { tags, body: updateParticipantBody, response: { 200: participantResponse } } },
    async (request) => ({
      participant: await inTenant(deps, request, (context) =>
        updateParticipant(context, request.body),
      ),
    }),
  );

  api.delete(
    "/api/participants",
    {
      schema: {
        tags,
        querystring: deleteParticipantQuery,
        response: { 200: deleteParticipantResponse },
      },
    },
    async (request) => {
      const { archived } = await inTenant(deps, request, (context) =>
        deleteParticipant(context, request.query.participant_id),
      );
      return { ok: true as const, archived };
    },
  );
}
