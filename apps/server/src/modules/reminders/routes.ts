import {
  owedItemParams,
  reminderHistory,
  reminderScheduleBody,
  reminderScheduleView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { remindersConsole } from "./service.ts";

/**
 * The console's payment reminders (decision 0077): the schedule under the invoice settings'
 * permissions, an item's history under the payments' reading, a reminder by hand under
 * `notifications.trigger` (as resending an invoice).
 */
export function registerReminderConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: payment reminders"];

  api.get(
    "/api/admin/payment-reminders/settings",
    {
      schema: { tags, response: { 200: reminderScheduleView } },
      config: { console: "customer_invoices.settings.read" },
    },
    (request) => inConsole(deps, request, remindersConsole.schedule),
  );
  api.put(
    "/api/admin/payment-reminders/settings",
    {
      schema: { tags, body: reminderScheduleBody, response: { 200: reminderScheduleView } },
      config: { console: "customer_invoices.settings.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => remindersConsole.saveSchedule(context, request.body)),
  );
  api.get(
    "/api/admin/outstanding/:type/:cuid/reminders",
    {
      schema: { tags, params: owedItemParams, response: { 200: reminderHistory } },
      config: { console: "payments.payments.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => remindersConsole.history(context, request.params)),
  );
  api.post(
    "/api/admin/outstanding/:type/:cuid/reminders",
    {
      schema: { tags, params: owedItemParams, response: { 200: reminderHistory } },
      config: { console: "notifications.trigger" },
    },
    (request) =>
      inConsole(deps, request, (context) => remindersConsole.sendByHand(context, request.params)),
  );
}
