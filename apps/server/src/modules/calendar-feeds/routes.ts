import { adminCuidParams, availabilityCalendarFeed } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { calendarFeeds } from "./service.ts";

const feedParams = z.object({ file: z.string().max(120, "TOO_LONG") });

/**
 * Availabilities' calendar feeds (decision 0093): the public feed a calendar app subscribes to,
 * on the organiser's site (its secret address is the only credential), and the console's link
 * and regeneration (availabilities.synchronisation.update).
 */
export function registerCalendarFeedRoutes(
  app: FastifyInstance,
  deps: ContextDeps & ConsoleDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secret = deps.secret;
  const urls = app.publicUrls;

  api.get(
    "/api/calendars/:file",
    { schema: { tags: ["calendars"], params: feedParams } },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, "");
      const text = await inTenant(deps, request, (context) =>
        calendarFeeds.feed({ ...context, secret }, token),
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .header("content-disposition", 'inline; filename="calendar.ics"')
        .send(text);
    },
  );

  const tags = ["console: availabilities"];
  const schema = { tags, params: adminCuidParams, response: { 200: availabilityCalendarFeed } };
  api.get(
    "/api/admin/availabilities/:cuid/calendar-feed",
    { schema, config: { console: "availabilities.availabilities.read" } },
    (request) =>
      inConsole(deps, request, (context) =>
        calendarFeeds.links({ ...context, secret, urls }, request.params.cuid),
      ),
  );
  api.post(
    "/api/admin/availabilities/:cuid/calendar-feed",
    { schema, config: { console: "availabilities.synchronisation.update" } },
    (request) =>
      inConsole(deps, request, (context) =>
        calendarFeeds.regenerate({ ...context, secret, urls }, request.params.cuid),
      ),
  );
}
