import { smsSettingsBody, smsSettingsView, smsUsageView } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { createSmsSettings, type SmsSettingsDeps } from "./settings-service.ts";

/**
 * /api/admin/settings/sms: read and save the organiser's SMS settings, and its usage per month,
 * with the preferences' permissions (organiser.preferences.read|update).
 */
export function registerSmsSettingsRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & SmsSettingsDeps,
): void {
  const sms = createSmsSettings(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: settings"];

  api.get(
    "/api/admin/settings/sms",
    {
      schema: { tags, response: { 200: smsSettingsView } },
      config: { console: "organiser.preferences.read" },
    },
    (request) => inConsole(deps, request, (context) => sms.settings(context)),
  );
  api.put(
    "/api/admin/settings/sms",
    {
      schema: { tags, body: smsSettingsBody, response: { 200: smsSettingsView } },
      config: { console: "organiser.preferences.update" },
    },
    (request) => inConsole(deps, request, (context) => sms.update(context, request.body)),
  );
  api.get(
    "/api/admin/settings/sms/usage",
    {
      schema: { tags, response: { 200: smsUsageView } },
      config: { console: "organiser.preferences.read" },
    },
    (request) => inConsole(deps, request, (context) => sms.usage(context, new Date())),
  );
}
