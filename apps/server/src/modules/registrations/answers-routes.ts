import {
  adminCuidParams,
  adminRegistrationResponse,
  registrationAnswersBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { updateRegistrationAnswers } from "./answers-service.ts";

/** Staff correct a registration's answers and options' texts (decision 0104). */
export function registerRegistrationAnswerRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    "/api/admin/registrations/:cuid/answers",
    {
      schema: {
        tags: ["console: registrations"],
        params: adminCuidParams,
        body: registrationAnswersBody,
        response: { 200: adminRegistrationResponse },
      },
      config: { console: "registrations.registrations.update" },
    },
    async (request) => ({
      registration: await inConsole(deps, request, (context) =>
        updateRegistrationAnswers(context, request.params.cuid, request.body),
      ),
    }),
  );
}
