import { CUID_PATTERN, type ListEnvelope } from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  type Actor,
  type ContextDeps,
  inTenant,
  type ServiceContext,
} from "../../http/service-context.ts";
import { parseParams } from "../catalogue/params.ts";
import { pageOf } from "./views.ts";

/**
 * How the page loaders of one request read the customer's lists and items (the SSR readers):
 * the service functions of the HTTP calls, each in its own tenant transaction, as the `actor` the
 * page request's session gave (not looked up again). A list validates its parameters like its
 * call (VALIDATION_ERROR) and is empty for a visitor; an item is null for a visitor, for a
 * malformed cuid and when it is not the customer's. A visitor's reads touch no database.
 */
export function customerReads(deps: ContextDeps, request: FastifyRequest, actor: Actor) {
  const run = <T>(fn: (context: ServiceContext) => Promise<T>) =>
    inTenant(deps, request, fn, { actor });

  function list<S extends z.ZodType<{ page_number: number; page_size: number }>, T>(
    schema: S,
    read: (context: ServiceContext, query: z.output<S>) => Promise<ListEnvelope<T>>,
  ) {
    return async (params: Record<string, string | undefined>): Promise<ListEnvelope<T>> => {
      const query = parseParams(schema, params);
      if (actor.kind !== "customer") return { data: [], count: 0, ...pageOf(query) };
      return run((context) => read(context, query));
    };
  }

  function item<T>(read: (context: ServiceContext, cuid: string) => Promise<T | null>) {
    return async (cuid: string): Promise<T | null> => {
      if (!CUID_PATTERN.test(cuid) || actor.kind !== "customer") return null;
      return run((context) => read(context, cuid));
    };
  }

  return { list, item };
}
