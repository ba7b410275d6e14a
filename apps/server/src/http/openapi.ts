import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // The documentation is the same on every host.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/docs")) route.config = { ...route.config, hosts: "any" };
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Booking platform API",
        description:
          "Storefront and account calls of an organiser's site. Send requests to the organiser's host; state-changing calls need the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: {
          // The organiser's read API (/api/v1/*, decision 0086).
          apiKey: {
            type: "http",
            scheme: "bearer",
            description:
              "An API key made in the console (Integrations › API keys), sent as `Authorization: Bearer <key>` to the organiser's host.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { docExpansion: "list" },
  });
}
