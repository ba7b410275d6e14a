import {
  adminCuidParams,
  collaboratorCustomDataBody,
  collaboratorRecordView,
  customerNoteBody,
  customerNoteParams,
  customerNoteView,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { collaboratorNotesConsole, collaboratorRecords } from "./service.ts";

/** A collaborator's custom data and staff notes (decision 0088), by collaborator cuid. */
export function registerCollaboratorRecordRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: collaborators"];
  const params = adminCuidParams;
  const notes = "/api/admin/collaborators/:cuid/notes";

  api.get(
    "/api/admin/collaborators/:cuid/record",
    {
      schema: { tags, params, response: { 200: collaboratorRecordView } },
      config: { console: "collaborators.collaborators.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        collaboratorRecords.record(context, request.params.cuid),
      ),
  );
  api.put(
    "/api/admin/collaborators/:cuid/custom-data",
    {
      schema: {
        tags,
        params,
        body: collaboratorCustomDataBody,
        response: { 200: collaboratorRecordView },
      },
      config: { console: "collaborators.collaborators.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        collaboratorRecords.saveCustomData(context, request.params.cuid, request.body.custom_data),
      ),
  );
  api.post(
    notes,
    {
      schema: { tags, params, body: customerNoteBody, response: { 201: customerNoteView } },
      config: { console: "collaborators.notes.create" },
    },
    async (request, reply) => {
      const note = await inConsole(deps, request, (context) =>
        collaboratorNotesConsole.add(context, request.params.cuid, request.body.body),
      );
      return reply.status(201).send(note);
    },
  );
  api.put(
    `${notes}/:note`,
    {
      schema: {
        tags,
        params: customerNoteParams,
        body: customerNoteBody,
        response: { 200: customerNoteView },
      },
      config: { console: "collaborators.notes.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        collaboratorNotesConsole.update(
          context,
          request.params.cuid,
          request.params.note,
          request.body.body,
        ),
      ),
  );
  api.delete(
    `${notes}/:note`,
    {
      schema: { tags, params: customerNoteParams, response: { 200: okResponse } },
      config: { console: "collaborators.notes.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        collaboratorNotesConsole.remove(context, request.params.cuid, request.params.note),
      ),
  );
}
