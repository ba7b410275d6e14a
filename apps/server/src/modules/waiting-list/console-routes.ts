import {
  adminCuidParams,
  adminWaitingList,
  offerPlaceBody,
  offerPlaceResponse,
  okResponse,
  waitingListEntryParams,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { type ConsoleMailDeps, storefrontMail } from "../registrations/console-links.ts";
import { offerPlace, removeEntry, waitingList } from "./console-service.ts";

/** An availability's waiting list in the console (docs/decisions/0024-console-registrations.md). */
export function registerWaitingListConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & ConsoleMailDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: waiting list"];

  api.get(
    "/api/admin/availabilities/:cuid/waiting-list",
    {
      schema: { tags, params: adminCuidParams, response: { 200: adminWaitingList } },
      config: { console: "waiting_list.entries.read" },
    },
    (request) => inConsole(deps, request, (context) => waitingList(context, request.params.cuid)),
  );
  api.post(
    "/api/admin/availabilities/:cuid/waiting-list/:entry/offer",
    {
      schema: {
        tags,
        params: waitingListEntryParams,
        body: offerPlaceBody,
        response: { 200: offerPlaceResponse },
      },
      config: { console: "waiting_list.entries.update" },
    },
    async (request) => {
      const mail = storefrontMail(request, deps);
      const { cuid, entry } = request.params;
      return {
        entry: await inConsole(deps, request, (context) =>
          offerPlace(context, cuid, entry, request.body.claim_hours, mail.offer),
        ),
      };
    },
  );
  api.delete(
    "/api/admin/availabilities/:cuid/waiting-list/:entry",
    {
      schema: { tags, params: waitingListEntryParams, response: { 200: okResponse } },
      config: { console: "waiting_list.entries.delete" },
    },
    async (request) => {
      const { cuid, entry } = request.params;
      await inConsole(deps, request, (context) => removeEntry(context, cuid, entry));
      return { ok: true as const };
    },
  );
}
