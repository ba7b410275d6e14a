import {
  adminCuidParams,
  okResponse,
  TAG_KINDS,
  type TagKind,
  tagAssignmentBody,
  tagAssignmentView,
  tagBody,
  tagList,
  tagView,
} from "@booking/contracts";
import type { Permission } from "@booking/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { tagsConsole } from "./service.ts";

/** Whose tags permissions a kind takes: participants are the customers' (spec §6). */
const AREA = {
  customers: "customers",
  participants: "customers",
  collaborators: "collaborators",
} as const satisfies Record<TagKind, string>;

const permission = (kind: TagKind, action: "create" | "read" | "update" | "delete") =>
  `${AREA[kind]}.tags.${action}` as Permission;

/**
 * Tags (decision 0088): per kind, the organiser's tags (/api/admin/tags/{kind}) and a record's
 * set (/api/admin/{kind}/:cuid/tags; a collaborator by their collaborator cuid).
 */
export function registerTagRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: tags"];
  const params = adminCuidParams;
  for (const kind of TAG_KINDS) {
    const base = `/api/admin/tags/${kind}`;
    api.get(
      base,
      {
        schema: { tags, response: { 200: tagList } },
        config: { console: permission(kind, "read") },
      },
      (request) => inConsole(deps, request, (context) => tagsConsole.list(context, kind)),
    );
    api.post(
      base,
      {
        schema: { tags, body: tagBody, response: { 201: tagView } },
        config: { console: permission(kind, "create") },
      },
      async (request, reply) => {
        const tag = await inConsole(deps, request, (context) =>
          tagsConsole.create(context, kind, request.body),
        );
        return reply.status(201).send(tag);
      },
    );
    api.put(
      `${base}/:cuid`,
      {
        schema: { tags, params, body: tagBody, response: { 200: tagView } },
        config: { console: permission(kind, "update") },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          tagsConsole.update(context, kind, request.params.cuid, request.body),
        ),
    );
    api.delete(
      `${base}/:cuid`,
      {
        schema: { tags, params, response: { 200: okResponse } },
        config: { console: permission(kind, "delete") },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          tagsConsole.remove(context, kind, request.params.cuid),
        ),
    );
    api.get(
      `/api/admin/${kind}/:cuid/tags`,
      {
        schema: { tags, params, response: { 200: tagAssignmentView } },
        config: { console: permission(kind, "read") },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          tagsConsole.ofRecord(context, kind, request.params.cuid),
        ),
    );
    api.put(
      `/api/admin/${kind}/:cuid/tags`,
      {
        schema: { tags, params, body: tagAssignmentBody, response: { 200: tagAssignmentView } },
        config: { console: permission(kind, "update") },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          tagsConsole.assign(context, kind, request.params.cuid, request.body.tags),
        ),
    );
  }
}
