import { websiteSettingsBody, websiteSettingsView } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { acceptImageUploads, readImageUpload } from "../images/upload.ts";
import { createWebsiteConsole, type WebsiteDeps } from "./console-service.ts";
import { faviconUpload } from "./favicon.ts";

/**
 * The site's layout and theme (/api/admin/website): read them, save any of their parts (PATCH),
 * upload (multipart, one `file`) or remove the favicon.
 */
export async function registerWebsiteConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & WebsiteDeps,
): Promise<void> {
  const website = createWebsiteConsole(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: website"];

  api.get(
    "/api/admin/website",
    {
      schema: { tags, response: { 200: websiteSettingsView } },
      config: { console: "website.website.read" },
    },
    (request) => inConsole(deps, request, (context) => website.read(context)),
  );
  api.patch(
    "/api/admin/website",
    {
      schema: { tags, body: websiteSettingsBody, response: { 200: websiteSettingsView } },
      config: { console: "website.website.update" },
    },
    (request) => inConsole(deps, request, (context) => website.update(context, request.body)),
  );
  await app.register(async (scope) => {
    await acceptImageUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/admin/website/favicon",
      {
        schema: { tags, response: { 200: websiteSettingsView } },
        config: { console: "website.website.update" },
      },
      async (request) => {
        const upload = await faviconUpload(await readImageUpload(request));
        return inConsole(deps, request, (context) => website.setFavicon(context, upload));
      },
    );
  });
  api.delete(
    "/api/admin/website/favicon",
    {
      schema: { tags, response: { 200: websiteSettingsView } },
      config: { console: "website.website.update" },
    },
    (request) => inConsole(deps, request, (context) => website.removeFavicon(context)),
  );
}
