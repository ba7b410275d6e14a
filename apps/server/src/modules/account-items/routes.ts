import { CUID_PATTERN, type ErrorCode } from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import {
  type ContextDeps,
  inTenant,
  requireCustomer,
  type ServiceContext,
} from "../../http/service-context.ts";

/**
 * The GET of one of the customer's items by its cuid (a registration, a booking, a bundle…):
 * 401 UNAUTHENTICATED for a visitor, `notFound` (404) when the cuid is malformed or the item is
 * not theirs, which `read` answers with null.
 */
export async function customerItemOr404<T>(
  deps: ContextDeps,
  request: FastifyRequest & { params: { cuid: string } },
  read: (context: ServiceContext, cuid: string) => Promise<T | null>,
  notFound: ErrorCode,
): Promise<T> {
  const { cuid } = request.params;
  const item = await inTenant(deps, request, async (context) => {
    requireCustomer(context);
    if (!CUID_PATTERN.test(cuid)) return null;
    return read(context, cuid);
  });
  if (!item) throw new AppError(notFound);
  return item;
}
