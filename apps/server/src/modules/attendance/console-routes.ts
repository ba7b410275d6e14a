import {
  attendanceDateParams,
  attendanceDayQuery,
  attendanceDayView,
  attendanceSheetView,
  recordAttendanceBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { registerAttendanceBillingConsoleRoutes } from "../attendance-billing/console-routes.ts";
import { attendanceDay, attendanceSheet, recordAttendance } from "./console-service.ts";

/**
 * Attendance taken in the console (docs/decisions/0024-console-registrations.md), and the billing
 * of it (0064).
 */
export function registerAttendanceConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: attendance"];

  api.get(
    "/api/admin/attendance",
    {
      schema: { tags, querystring: attendanceDayQuery, response: { 200: attendanceDayView } },
      config: { console: "registrations.attendances.read" },
    },
    (request) => inConsole(deps, request, (context) => attendanceDay(context, request.query)),
  );
  api.get(
    "/api/admin/availabilities/:cuid/dates/:date/attendance",
    {
      schema: { tags, params: attendanceDateParams, response: { 200: attendanceSheetView } },
      config: { console: "registrations.attendances.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        attendanceSheet(context, request.params.cuid, request.params.date),
      ),
  );
  api.put(
    "/api/admin/availabilities/:cuid/dates/:date/attendance",
    {
      schema: {
        tags,
        params: attendanceDateParams,
        body: recordAttendanceBody,
        response: { 200: attendanceSheetView },
      },
      config: { console: "registrations.attendances.register" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        recordAttendance(context, request.params.cuid, request.params.date, request.body),
      ),
  );
  registerAttendanceBillingConsoleRoutes(app, deps);
}
