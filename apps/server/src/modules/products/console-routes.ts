import {
  adminBundleChoices,
  adminBundleList,
  adminBundleView,
  adminCouponList,
  adminCouponView,
  adminCuidParams,
  adminMembershipList,
  adminMembershipView,
  adminVoucherList,
  adminVoucherView,
  bundleBody,
  couponActiveBody,
  couponBody,
  couponListQuery,
  membershipBody,
  okResponse,
  productListQuery,
  publishedBody,
  voucherBody,
} from "@booking/contracts";
import type { Permission } from "@booking/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type ConsoleContext, type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { bundleConsole } from "./bundle-service.ts";
import { couponConsole } from "./coupon-service.ts";
import { membershipConsole } from "./membership-service.ts";
import { voucherConsole } from "./voucher-service.ts";

/** What one product's routes need: its schemas, permissions and service. */
interface ProductRoutes<Q extends z.ZodType, B extends z.ZodType, S extends z.ZodType> {
  /** the URL segment: /api/admin/{collection} */
  collection: string;
  permissions: Record<"read" | "create" | "update" | "delete", Permission>;
  query: Q;
  body: B;
  view: z.ZodType;
  list: z.ZodType;
  /** the on/off switch: PUT /api/admin/{collection}/:cuid/{name} */
  toggle: {
    name: string;
    body: S;
    set(context: ConsoleContext, cuid: string, body: z.output<S>): Promise<unknown>;
  };
  service: {
    list(context: ConsoleContext, query: z.output<Q>): Promise<unknown>;
    get(context: ConsoleContext, cuid: string): Promise<unknown>;
    create(context: ConsoleContext, body: z.output<B>): Promise<unknown>;
    update(context: ConsoleContext, cuid: string, body: z.output<B>): Promise<unknown>;
    remove(context: ConsoleContext, cuid: string): Promise<void>;
  };
}

/** The same seven calls for every product: list, read, create, edit, switch, delete. */
function registerProduct<Q extends z.ZodType, B extends z.ZodType, S extends z.ZodType>(
  app: FastifyInstance,
  deps: ConsoleDeps,
  spec: ProductRoutes<Q, B, S>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = [`console: ${spec.collection}`];
  const params = adminCuidParams;
  const base = `/api/admin/${spec.collection}`;
  const { service } = spec;
  const run = <T>(
    request: Parameters<typeof inConsole>[1],
    work: (context: ConsoleContext) => Promise<T>,
  ) => inConsole(deps, request, work);

  api.get(
    base,
    {
      schema: { tags, querystring: spec.query, response: { 200: spec.list } },
      config: { console: spec.permissions.read },
    },
    (request) => run(request, (context) => service.list(context, request.query as z.output<Q>)),
  );
  api.get(
    `${base}/:cuid`,
    {
      schema: { tags, params, response: { 200: spec.view } },
      config: { console: spec.permissions.read },
    },
    (request) => run(request, (context) => service.get(context, request.params.cuid)),
  );
  api.post(
    base,
    {
      schema: { tags, body: spec.body, response: { 201: spec.view } },
      config: { console: spec.permissions.create },
    },
    async (request, reply) => {
      const created = await run(request, (context) =>
        service.create(context, request.body as z.output<B>),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    `${base}/:cuid`,
    {
      schema: { tags, params, body: spec.body, response: { 200: spec.view } },
      config: { console: spec.permissions.update },
    },
    (request) =>
      run(request, (context) =>
        service.update(context, request.params.cuid, request.body as z.output<B>),
      ),
  );
  api.put(
    `${base}/:cuid/${spec.toggle.name}`,
    {
      schema: { tags, params, body: spec.toggle.body, response: { 200: spec.view } },
      config: { console: spec.permissions.update },
    },
    (request) =>
      run(request, (context) =>
        spec.toggle.set(context, request.params.cuid, request.body as z.output<S>),
      ),
  );
  api.delete(
    `${base}/:cuid`,
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: spec.permissions.delete },
    },
    async (request) => {
      await run(request, (context) => service.remove(context, request.params.cuid));
      return { ok: true as const };
    },
  );
}

/**
 * The console's products: bundles, memberships and gift vouchers (published or not on the
 * storefront) and coupons (active or not). What customers bought is never deleted (409).
 */
export function registerProductConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const published = { name: "published", body: publishedBody };
  registerProduct(app, deps, {
    collection: "bundles",
    permissions: {
      read: "activities.bundles.read",
      create: "activities.bundles.create",
      update: "activities.bundles.update",
      delete: "activities.bundles.delete",
    },
    query: productListQuery,
    body: bundleBody,
    view: adminBundleView,
    list: adminBundleList,
    toggle: {
      ...published,
      set: (context, cuid, body) => bundleConsole.setPublished(context, cuid, body.published),
    },
    service: bundleConsole,
  });
  registerProduct(app, deps, {
    collection: "memberships",
    permissions: {
      read: "memberships.memberships.read",
      create: "memberships.memberships.create",
      update: "memberships.memberships.update",
      delete: "memberships.memberships.delete",
    },
    query: productListQuery,
    body: membershipBody,
    view: adminMembershipView,
    list: adminMembershipList,
    toggle: {
      ...published,
      set: (context, cuid, body) => membershipConsole.setPublished(context, cuid, body.published),
    },
    service: membershipConsole,
  });
  registerProduct(app, deps, {
    collection: "vouchers",
    permissions: {
      read: "vouchers.vouchers.read",
      create: "vouchers.vouchers.create",
      update: "vouchers.vouchers.update",
      delete: "vouchers.vouchers.delete",
    },
    query: productListQuery,
    body: voucherBody,
    view: adminVoucherView,
    list: adminVoucherList,
    toggle: {
      ...published,
      set: (context, cuid, body) => voucherConsole.setPublished(context, cuid, body.published),
    },
    service: voucherConsole,
  });
  registerProduct(app, deps, {
    collection: "coupons",
    permissions: {
      read: "activities.coupons.read",
      create: "activities.coupons.create",
      update: "activities.coupons.update",
      delete: "activities.coupons.delete",
    },
    query: couponListQuery,
    body: couponBody,
    view: adminCouponView,
    list: adminCouponList,
    toggle: {
      name: "active",
      body: couponActiveBody,
      set: (context, cuid, body) => couponConsole.setActive(context, cuid, body.active),
    },
    service: couponConsole,
  });

  // The activities a bundle may cover, for its form.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/bundles/choices",
    {
      schema: { tags: ["console: bundles"], response: { 200: adminBundleChoices } },
      config: { console: "activities.bundles.read" },
    },
    (request) => inConsole(deps, request, bundleConsole.choices),
  );
}
