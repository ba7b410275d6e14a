import { CUID_PATTERN, type ListEnvelope } from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { type ContextDeps, inTenant, type ServiceContext } from "../../http/service-context.ts";
import { parseParams } from "../catalogue/params.ts";
import { pageOf } from "./views.ts";

/**
 * How the page loaders of one request read the customer's lists and items (the SSR readers):
 * the service functions of the HTTP calls, each in its own tenant transaction. A list validates
 * its parameters like its call (VALIDATION_ERROR) and is empty for a visitor; an item is null
 * for a visitor, for a malformed cuid and when it is not the customer's.
 */
export function customerReads(deps: ContextDeps, request: FastifyRequest) {
  const run = <T>(fn: (context: ServiceContext) => Promise<T>) => inTenant(deps, request, fn);

  function list<S extends z.ZodType<{ page_number: number; page_size: number }>, T>(
    schema: S,
    read: (context: ServiceContext, query: z.output<S>) => Promise<ListEnvelope<T>>,
  ) {
    return async (params: Record<string, string | undefined>): Promise<ListEnvelope<T>> => {
      const query = parseParams(schema, params);
      return run(async (context) => {
        if (context.actor.kind !== "customer") return { data: [], count: 0, ...pageOf(query) };
        return read(context, query);
      });
    };
  }

  function item<T>(read: (context: ServiceContext, cuid: string) => Promise<T | null>) {
    return async (cuid: string): Promise<T | null> => {
      if (!CUID_PATTERN.test(cuid)) return null;
      return run(async (context) =>
        context.actor.kind === "customer" ? read(context, cuid) : null,
      );
    };
  }

  return { list, item };
}
