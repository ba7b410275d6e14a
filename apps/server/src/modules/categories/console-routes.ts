import {
  adminCategoryGroupList,
  adminCategoryGroupView,
  adminCategoryView,
  adminCuidParams,
  categoryBody,
  categoryGroupBody,
  categoryOrderBody,
  okResponse,
  orderBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { categoriesConsole } from "./console-service.ts";

/** The console's category groups and categories: one list of groups, each with its categories. */
export function registerCategoryConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: categories"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/category-groups",
    {
      schema: { tags, response: { 200: adminCategoryGroupList } },
      config: { console: "activities.categories.read" },
    },
    async (request) => ({ data: await inConsole(deps, request, categoriesConsole.listGroups) }),
  );
  api.post(
    "/api/admin/category-groups",
    {
      schema: { tags, body: categoryGroupBody, response: { 201: adminCategoryGroupView } },
      config: { console: "activities.categories.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        categoriesConsole.createGroup(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/category-groups/order",
    {
      schema: { tags, body: orderBody, response: { 200: adminCategoryGroupList } },
      config: { console: "activities.categories.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        categoriesConsole.reorderGroups(context, request.body),
      ),
    }),
  );
  api.put(
    "/api/admin/category-groups/:cuid",
    {
      schema: { tags, params, body: categoryGroupBody, response: { 200: adminCategoryGroupView } },
      config: { console: "activities.categories.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        categoriesConsole.updateGroup(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/category-groups/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.categories.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        categoriesConsole.deleteGroup(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );

  api.post(
    "/api/admin/categories",
    {
      schema: { tags, body: categoryBody, response: { 201: adminCategoryView } },
      config: { console: "activities.categories.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        categoriesConsole.createCategory(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/categories/order",
    {
      schema: { tags, body: categoryOrderBody, response: { 200: adminCategoryGroupList } },
      config: { console: "activities.categories.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        categoriesConsole.reorderCategories(context, request.body),
      ),
    }),
  );
  api.put(
    "/api/admin/categories/:cuid",
    {
      schema: { tags, params, body: categoryBody, response: { 200: adminCategoryView } },
      config: { console: "activities.categories.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        categoriesConsole.updateCategory(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/categories/:cuid",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.categories.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        categoriesConsole.deleteCategory(context, request.params.cuid),
      );
      return { ok: true as const };
    },
  );
}
