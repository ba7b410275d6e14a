import { dashboardView } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { consoleDashboard } from "./console-service.ts";

/** The console's home: this week's sessions, new registrations, outstanding amounts. */
export function registerDashboardConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/dashboard",
    {
      schema: { tags: ["console: dashboard"], response: { 200: dashboardView } },
      config: { console: "reports.dashboard.read" },
    },
    (request) => inConsole(deps, request, (context) => consoleDashboard(context)),
  );
}
