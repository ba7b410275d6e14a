import {
  accountSettingsBody,
  accountSettingsView,
  businessSettingsBody,
  businessSettingsView,
  paymentsSettingsBody,
  paymentsSettingsView,
  preferencesSettingsBody,
  preferencesSettingsView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { resizeUpload } from "../images/resize.ts";
import { acceptImageUploads, readImageUpload } from "../images/upload.ts";
import { createSettingsConsole, type SettingsDeps } from "./console-service.ts";

/**
 * The organiser's settings (/api/admin/settings/{account,business,preferences,payments}): read
 * and save each section with its own permissions; the logo is uploaded (multipart, one `file`,
 * resized before anything is stored) or removed on its own.
 */
export async function registerSettingsConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & SettingsDeps,
): Promise<void> {
  const settings = createSettingsConsole(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: settings"];

  api.get(
    "/api/admin/settings/account",
    {
      schema: { tags, response: { 200: accountSettingsView } },
      config: { console: "organiser.account.read" },
    },
    (request) => inConsole(deps, request, (context) => settings.account(context)),
  );
  api.put(
    "/api/admin/settings/account",
    {
      schema: { tags, body: accountSettingsBody, response: { 200: accountSettingsView } },
      config: { console: "organiser.account.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => settings.updateAccount(context, request.body)),
  );
  await app.register(async (scope) => {
    await acceptImageUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/admin/settings/account/logo",
      {
        schema: { tags, response: { 200: accountSettingsView } },
        config: { console: "organiser.account.update" },
      },
      async (request) => {
        const upload = await resizeUpload(await readImageUpload(request));
        return inConsole(deps, request, (context) => settings.setLogo(context, upload));
      },
    );
  });
  api.delete(
    "/api/admin/settings/account/logo",
    {
      schema: { tags, response: { 200: accountSettingsView } },
      config: { console: "organiser.account.update" },
    },
    (request) => inConsole(deps, request, (context) => settings.removeLogo(context)),
  );

  api.get(
    "/api/admin/settings/business",
    {
      schema: { tags, response: { 200: businessSettingsView } },
      config: { console: "organiser.business.read" },
    },
    (request) => inConsole(deps, request, (context) => settings.business(context)),
  );
  api.put(
    "/api/admin/settings/business",
    {
      schema: { tags, body: businessSettingsBody, response: { 200: businessSettingsView } },
      config: { console: "organiser.business.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => settings.updateBusiness(context, request.body)),
  );

  api.get(
    "/api/admin/settings/preferences",
    {
      schema: { tags, response: { 200: preferencesSettingsView } },
      config: { console: "organiser.preferences.read" },
    },
    (request) => inConsole(deps, request, (context) => settings.preferences(context)),
  );
  api.put(
    "/api/admin/settings/preferences",
    {
      schema: { tags, body: preferencesSettingsBody, response: { 200: preferencesSettingsView } },
      config: { console: "organiser.preferences.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => settings.updatePreferences(context, request.body)),
  );

  api.get(
    "/api/admin/settings/payments",
    {
      schema: { tags, response: { 200: paymentsSettingsView } },
      config: { console: "organiser.payments.read" },
    },
    (request) => inConsole(deps, request, (context) => settings.payments(context)),
  );
  api.put(
    "/api/admin/settings/payments",
    {
      schema: { tags, body: paymentsSettingsBody, response: { 200: paymentsSettingsView } },
      config: { console: "organiser.payments.update" },
    },
    (request) =>
      inConsole(deps, request, (context) => settings.updatePayments(context, request.body)),
  );
}
