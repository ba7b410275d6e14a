import {
  activityParams,
  adjustAttendanceItemBody,
  attendanceBillingBody,
  attendanceBillingResponse,
  attendanceChargeItemParams,
  attendanceCycleParams,
  attendanceCycleView,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import {
  adjustAttendanceItem,
  deleteAttendanceBilling,
  getAttendanceBilling,
  getAttendanceCycle,
  issueAttendanceCycle,
  saveAttendanceBilling,
} from "./console-service.ts";

/** An activity's attendance billing in the console (docs/decisions/0064-attendance-billing.md). */
export function registerAttendanceBillingConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: attendance billing"];
  const base = "/api/admin/activities/:cuid/attendance-billing";

  api.get(
    base,
    {
      schema: { tags, params: activityParams, response: { 200: attendanceBillingResponse } },
      config: { console: "activities.attendance_billing.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => getAttendanceBilling(context, request.params.cuid)),
  );
  api.put(
    base,
    {
      schema: {
        tags,
        params: activityParams,
        body: attendanceBillingBody,
        response: { 200: attendanceBillingResponse },
      },
      config: { console: "activities.attendance_billing.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        saveAttendanceBilling(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    base,
    {
      schema: { tags, params: activityParams, response: { 200: okResponse } },
      config: { console: "activities.attendance_billing.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        deleteAttendanceBilling(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
  api.get(
    `${base}/cycles/:month`,
    {
      schema: { tags, params: attendanceCycleParams, response: { 200: attendanceCycleView } },
      config: { console: "activities.attendance_billing.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        getAttendanceCycle(context, request.params.cuid, request.params.month),
      ),
  );
  api.post(
    `${base}/cycles/:month/issue`,
    {
      schema: { tags, params: attendanceCycleParams, response: { 200: attendanceCycleView } },
      config: { console: "activities.attendance_billing.create" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        issueAttendanceCycle(context, request.params.cuid, request.params.month),
      ),
  );
  api.patch(
    "/api/admin/attendance-charges/:cuid/items/:item",
    {
      schema: {
        tags,
        params: attendanceChargeItemParams,
        body: adjustAttendanceItemBody,
        response: { 200: attendanceCycleView },
      },
      config: { console: "activities.attendance_billing.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        adjustAttendanceItem(context, request.params.cuid, request.params.item, request.body),
      ),
  );
}
