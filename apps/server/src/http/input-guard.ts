import { findUnsafeInput } from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import { simplePage, wantsPage } from "./simple-page.ts";

/**
 * Applies the shared request-input rule (contracts/request-input.ts) to every route, with or
 * without a contract, pages included: a NUL, a lone surrogate or an integer beyond PostgreSQL's
 * `integer` anywhere in the path parameters, query string or JSON body is a 400 before any
 * handler or database sees it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    const sources = [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const;
    for (const [source, input] of sources) {
      const unsafe = findUnsafeInput(input);
      if (!unsafe) continue;
      if (wantsPage(request)) {
        return reply
          .status(400)
          .type("text/html; charset=utf-8")
          .send(simplePage(request, "badRequest"));
      }
      return reply
        .status(400)
        .send({ error: "VALIDATION_ERROR", fields: { [unsafe.path || source]: unsafe.code } });
    }
  });
}
