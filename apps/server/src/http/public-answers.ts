import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Organiser } from "../modules/organisers/queries.ts";
import { SESSION_COOKIE } from "./cookies.ts";
import { answerBody, cachedAnswer, type PublicCache } from "./public-cache.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** true for a POST that changes nothing (the preview's sections data): the cache stays */
    readOnly?: boolean;
  }
}

/** What a change may have made stale: the organiser's public answers, or also its host's row. */
export type OrganiserChangeHandlers = {
  /**
   * A customer's change (cart, registration): capacities and counts the public answers show;
   * `reader` the session it was made with (`readerOf`).
   */
  publicAnswersChanged(organiserId: number, reader: string | null): void;
  /** A console change: also the organiser's row (settings, website, name) cached with its host. */
  organiserChanged(organiser: Organiser): void;
};

/**
 * Any successful change on an organiser's host, or in the console for that organiser, may change
 * what its public answers show; a console change may also change the organiser itself, which the
 * storefront must show at once (an organiser saving its site reloads it to see the result).
 */
export function registerPublicCacheInvalidation(
  app: FastifyInstance,
  handlers: OrganiserChangeHandlers,
): void {
  app.addHook("onSend", async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return;
    if (request.routeOptions.config?.readOnly) return;
    if (request.tenant?.kind === "storefront") {
      handlers.publicAnswersChanged(request.tenant.organiser.id, readerOf(request));
    } else if (request.consoleAccess) {
      handlers.organiserChanged(request.consoleAccess.organiser);
    }
  });
}

/**
 * Who reads or changes through the public cache: the session token, so that a customer's next
 * reads include their own change (decision 0110); null without a session.
 */
export function readerOf(request: FastifyRequest): string | null {
  return request.cookies[SESSION_COOKIE] ?? null;
}

/**
 * Answers a public read (the same for every visitor of the organiser) from the cache, or
 * computes it, serialised by the route's response schema. A cached answer is sent here, and
 * awaited (a reply is thenable): an async handler that resolved to nothing while its answer still
 * went through the asynchronous onSend hooks (compression) ended it empty.
 */
export async function sendPublicJson<T>(
  cache: PublicCache | null,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<T>,
): Promise<T | undefined> {
  if (!cache || request.tenant.kind !== "storefront") return compute();
  const answer = await cache.get(
    request.tenant.organiser.id,
    `api ${request.url}`,
    async () =>
      cachedAnswer(
        200,
        { "content-type": "application/json; charset=utf-8" },
        String(reply.serialize(await compute())),
      ),
    readerOf(request),
  );
  await reply.headers(answer.headers).send(answerBody(answer));
  return undefined;
}
