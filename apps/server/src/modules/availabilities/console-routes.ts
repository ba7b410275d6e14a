import {
  adminActivityAvailabilityList,
  adminAvailabilitiesQuery,
  adminAvailabilityFormChoices,
  adminAvailabilityList,
  adminAvailabilityView,
  adminCuidParams,
  availabilityDateParams,
  availabilitySettingsBody,
  createAvailabilityBody,
  createDateBody,
  createScheduledAvailabilityBody,
  duplicateAvailabilityBody,
  okResponse,
  scheduleBody,
  schedulePreview,
  updateDateBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { availabilityConsole } from "./console-service.ts";
import { dateConsole } from "./date-service.ts";
import { previewSchedule } from "./schedule.ts";

/**
 * The console's availabilities: lists (all, or one activity's), detail with dates, create (dates
 * one by one or from a weekly schedule, with a preview), settings, open and close, duplicate to
 * another period, delete; and their dates one by one.
 */
export function registerAvailabilityConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: availabilities"];
  const params = adminCuidParams;
  const view = { 200: adminAvailabilityView };
  const created = { 201: adminAvailabilityView };

  api.get(
    "/api/admin/availabilities",
    {
      schema: {
        tags,
        querystring: adminAvailabilitiesQuery,
        response: { 200: adminAvailabilityList },
      },
      config: { console: "availabilities.availabilities.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => availabilityConsole.list(context, request.query)),
  );
  api.get(
    "/api/admin/activities/:cuid/availabilities",
    {
      schema: {
        tags,
        params,
        querystring: adminAvailabilitiesQuery,
        response: { 200: adminActivityAvailabilityList },
      },
      config: { console: "availabilities.availabilities.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        availabilityConsole.listOfActivity(context, request.params.cuid, request.query),
      ),
  );
  api.get(
    "/api/admin/availabilities/choices",
    {
      schema: { tags, response: { 200: adminAvailabilityFormChoices } },
      config: { console: "availabilities.availabilities.read" },
    },
    (request) => inConsole(deps, request, availabilityConsole.choices),
  );
  api.get(
    "/api/admin/availabilities/:cuid",
    {
      schema: { tags, params, response: view },
      config: { console: "availabilities.availabilities.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        availabilityConsole.detail(context, request.params.cuid),
      ),
  );
  api.post(
    "/api/admin/availabilities",
    {
      schema: { tags, body: createAvailabilityBody, response: created },
      config: { console: "availabilities.availabilities.create" },
    },
    async (request, reply) => {
      const availability = await inConsole(deps, request, (context) =>
        availabilityConsole.create(context, request.body),
      );
      return reply.status(201).send(availability);
    },
  );
  api.post(
    "/api/admin/availabilities/schedule/preview",
    {
      schema: { tags, body: scheduleBody, response: { 200: schedulePreview } },
      config: { console: "availabilities.schedules.create" },
    },
    (request) =>
      inConsole(deps, request, async (context) => previewSchedule(context, request.body)),
  );
  api.post(
    "/api/admin/availabilities/schedules",
    {
      schema: { tags, body: createScheduledAvailabilityBody, response: created },
      config: { console: "availabilities.schedules.create" },
    },
    async (request, reply) => {
      const availability = await inConsole(deps, request, (context) =>
        availabilityConsole.createFromSchedule(context, request.body),
      );
      return reply.status(201).send(availability);
    },
  );
  api.put(
    "/api/admin/availabilities/:cuid",
    {
      schema: { tags, params, body: availabilitySettingsBody, response: view },
      config: { console: "availabilities.availabilities.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        availabilityConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/availabilities/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "availabilities.availabilities.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        availabilityConsole.remove(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
  for (const [action, status] of [
    ["close", "CLOSED"],
    ["open", "OPEN"],
  ] as const) {
    api.post(
      `/api/admin/availabilities/:cuid/${action}`,
      {
        schema: { tags, params, response: view },
        config: { console: "availabilities.availabilities.update" },
      },
      (request) =>
        inConsole(deps, request, (context) =>
          availabilityConsole.setStatus(context, request.params.cuid, status),
        ),
    );
  }
  api.post(
    "/api/admin/availabilities/:cuid/duplicate",
    {
      schema: { tags, params, body: duplicateAvailabilityBody, response: created },
      config: { console: "availabilities.availabilities.create" },
    },
    async (request, reply) => {
      const copy = await inConsole(deps, request, (context) =>
        availabilityConsole.duplicate(context, request.params.cuid, request.body.first_day),
      );
      return reply.status(201).send(copy);
    },
  );

  api.post(
    "/api/admin/availabilities/:cuid/dates",
    {
      schema: { tags, params, body: createDateBody, response: created },
      config: { console: "availabilities.dates.create" },
    },
    async (request, reply) => {
      const availability = await inConsole(deps, request, (context) =>
        dateConsole.add(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(availability);
    },
  );
  api.post(
    "/api/admin/availabilities/:cuid/schedules",
    {
      schema: { tags, params, body: scheduleBody, response: created },
      config: { console: "availabilities.schedules.create" },
    },
    async (request, reply) => {
      const availability = await inConsole(deps, request, (context) =>
        dateConsole.addFromSchedule(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(availability);
    },
  );
  api.put(
    "/api/admin/availabilities/:cuid/dates/:date",
    {
      schema: { tags, params: availabilityDateParams, body: updateDateBody, response: view },
      config: { console: "availabilities.dates.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        dateConsole.update(context, request.params.cuid, request.params.date, request.body),
      ),
  );
  api.delete(
    "/api/admin/availabilities/:cuid/dates/:date",
    {
      schema: { tags, params: availabilityDateParams, response: view },
      config: { console: "availabilities.dates.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        dateConsole.remove(context, request.params.cuid, request.params.date),
      ),
  );
}
