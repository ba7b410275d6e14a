import {
  adminCuidParams,
  badgeListBody,
  badgeListList,
  badgeListView,
  okResponse,
  participantBadgesBody,
  participantBadgesView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { badgeListsConsole } from "./service.ts";

/** Badge lists (badge_lists.badge_lists.*) and a participant's badges (decision 0088). */
export function registerBadgeListRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: badge lists"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/badge-lists",
    {
      schema: { tags, response: { 200: badgeListList } },
      config: { console: "badge_lists.badge_lists.read" },
    },
    (request) => inConsole(deps, request, (context) => badgeListsConsole.list(context)),
  );
  api.post(
    "/api/admin/badge-lists",
    {
      schema: { tags, body: badgeListBody, response: { 201: badgeListView } },
      config: { console: "badge_lists.badge_lists.create" },
    },
    async (request, reply) => {
      const list = await inConsole(deps, request, (context) =>
        badgeListsConsole.create(context, request.body),
      );
      return reply.status(201).send(list);
    },
  );
  api.put(
    "/api/admin/badge-lists/:cuid",
    {
      schema: { tags, params, body: badgeListBody, response: { 200: badgeListView } },
      config: { console: "badge_lists.badge_lists.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        badgeListsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/badge-lists/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "badge_lists.badge_lists.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) => badgeListsConsole.remove(context, request.params.cuid)),
  );
  api.get(
    "/api/admin/participants/:cuid/badges",
    {
      schema: { tags, params, response: { 200: participantBadgesView } },
      config: { console: "participants.participants.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        badgeListsConsole.ofParticipant(context, request.params.cuid),
      ),
  );
  api.put(
    "/api/admin/participants/:cuid/badges",
    {
      schema: {
        tags,
        params,
        body: participantBadgesBody,
        response: { 200: participantBadgesView },
      },
      config: { console: "participants.participants.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        badgeListsConsole.assign(context, request.params.cuid, request.body.badges),
      ),
  );
}
