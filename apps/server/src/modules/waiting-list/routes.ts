import { joinWaitingListBody, joinWaitingListResponse } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { joinWaitingList } from "./service.ts";

/** The waiting list of FULL and CLOSED availabilities: storefront.md §4, §7. */
export function registerWaitingListRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["registrations"];

  // 200 with the new entry; 409 WAITING_LIST_ALREADY_JOINED when the participant is on it already.
  api.post(
    "/api/registrations/waiting-list",
    { schema: { tags, body: joinWaitingListBody, response: { 200: joinWaitingListResponse } } },
    async (request) => ({
      entry: await inTenant(deps, request, (context) => joinWaitingList(context, request.body)),
    }),
  );
}
