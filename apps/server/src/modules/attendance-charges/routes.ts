import {
  accountItemParams,
  accountListQuery,
  attendanceChargeList,
  attendanceChargeResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { customerItemOr404 } from "../account-items/routes.ts";
import { attendanceChargeByCuid, listAttendanceCharges } from "./service.ts";

/** The customer's attendance charges: platform-and-account.md §2.3. */
export function registerAttendanceChargeRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["attendance charges"];

  api.get(
    "/api/attendance-charges",
    { schema: { tags, querystring: accountListQuery, response: { 200: attendanceChargeList } } },
    async (request) =>
      inTenant(deps, request, (context) => listAttendanceCharges(context, request.query)),
  );

  api.get(
    "/api/attendance-charges/:cuid",
    { schema: { tags, params: accountItemParams, response: { 200: attendanceChargeResponse } } },
    async (request) => ({
      attendance_charge: await customerItemOr404(
        deps,
        request,
        attendanceChargeByCuid,
        "ATTENDANCE_CHARGE_NOT_FOUND",
      ),
    }),
  );
}
