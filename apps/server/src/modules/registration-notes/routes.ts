import {
  adminCuidParams,
  customerNoteBody,
  customerNoteParams,
  customerNoteView,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { registrationNotesConsole } from "./service.ts";

/** Staff notes on a registration (decision 0088): the customers' notes' payloads. */
export function registerRegistrationNoteRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: registration notes"];
  const url = "/api/admin/registrations/:cuid/notes";

  api.get(
    url,
    {
      schema: {
        tags,
        params: adminCuidParams,
        response: { 200: z.object({ data: z.array(customerNoteView) }) },
      },
      config: { console: "registrations.notes.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        registrationNotesConsole.list(context, request.params.cuid),
      ),
  );
  api.post(
    url,
    {
      schema: {
        tags,
        params: adminCuidParams,
        body: customerNoteBody,
        response: { 201: customerNoteView },
      },
      config: { console: "registrations.notes.create" },
    },
    async (request, reply) => {
      const note = await inConsole(deps, request, (context) =>
        registrationNotesConsole.add(context, request.params.cuid, request.body.body),
      );
      return reply.status(201).send(note);
    },
  );
  api.put(
    `${url}/:note`,
    {
      schema: {
        tags,
        params: customerNoteParams,
        body: customerNoteBody,
        response: { 200: customerNoteView },
      },
      config: { console: "registrations.notes.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        registrationNotesConsole.update(
          context,
          request.params.cuid,
          request.params.note,
          request.body.body,
        ),
      ),
  );
  api.delete(
    `${url}/:note`,
    {
      schema: { tags, params: customerNoteParams, response: { 200: okResponse } },
      config: { console: "registrations.notes.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        registrationNotesConsole.remove(context, request.params.cuid, request.params.note),
      ),
  );
}
