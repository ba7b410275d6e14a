import {
  adminCalendarPeriodList,
  adminCalendarPeriodView,
  adminCuidParams,
  calendarPeriodBody,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { calendarPeriodsConsole } from "./console-service.ts";

/** The console's calendar periods (activities.calendar_periods.*). */
export function registerCalendarPeriodConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: calendar periods"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/calendar-periods",
    {
      schema: { tags, response: { 200: adminCalendarPeriodList } },
      config: { console: "activities.calendar_periods.read" },
    },
    async (request) => ({ data: await inConsole(deps, request, calendarPeriodsConsole.list) }),
  );
  api.post(
    "/api/admin/calendar-periods",
    {
      schema: { tags, body: calendarPeriodBody, response: { 201: adminCalendarPeriodView } },
      config: { console: "activities.calendar_periods.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        calendarPeriodsConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/calendar-periods/:cuid",
    {
      schema: {
        tags,
        params,
        body: calendarPeriodBody,
        response: { 200: adminCalendarPeriodView },
      },
      config: { console: "activities.calendar_periods.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        calendarPeriodsConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/calendar-periods/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.calendar_periods.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        calendarPeriodsConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
