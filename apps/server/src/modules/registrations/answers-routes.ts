import {
  adminCuidParams,
  adminRegistrationResponse,
  registrationAnswersBody,
  registrationAnswersForm,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import {
  registrationAnswersForm as answersForm,
  updateRegistrationAnswers,
} from "./answers-service.ts";

/** Staff correct a registration's answers and options' texts (decision 0104). */
export function registerRegistrationAnswerRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: registrations"];
  api.get(
    "/api/admin/registrations/:cuid/answers",
    {
      schema: { tags, params: adminCuidParams, response: { 200: registrationAnswersForm } },
      config: { console: "registrations.registrations.update" },
    },
    (request) => inConsole(deps, request, (context) => answersForm(context, request.params.cuid)),
  );
  api.put(
    "/api/admin/registrations/:cuid/answers",
    {
      schema: {
        tags,
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
