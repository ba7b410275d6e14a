import {
  activityParams,
  activityQuestionParams,
  adminQuestionList,
  adminQuestionView,
  okResponse,
  orderBody,
  questionBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { activityQuestionsConsole } from "./question-service.ts";

/** The questions of an activity's registration form (/api/admin/activities/:cuid/questions). */
export function registerActivityQuestionRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: activities"];
  const params = activityQuestionParams;

  api.get(
    "/api/admin/activities/:cuid/questions",
    {
      schema: { tags, params: activityParams, response: { 200: adminQuestionList } },
      config: { console: "activities.questions.read" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        activityQuestionsConsole.list(context, request.params.cuid),
      ),
    }),
  );
  api.post(
    "/api/admin/activities/:cuid/questions",
    {
      schema: {
        tags,
        params: activityParams,
        body: questionBody,
        response: { 201: adminQuestionView },
      },
      config: { console: "activities.questions.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        activityQuestionsConsole.create(context, request.params.cuid, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    "/api/admin/activities/:cuid/questions/order",
    {
      schema: {
        tags,
        params: activityParams,
        body: orderBody,
        response: { 200: adminQuestionList },
      },
      config: { console: "activities.questions.update" },
    },
    async (request) => ({
      data: await inConsole(deps, request, (context) =>
        activityQuestionsConsole.reorder(context, request.params.cuid, request.body),
      ),
    }),
  );
  api.put(
    "/api/admin/activities/:cuid/questions/:question",
    {
      schema: { tags, params, body: questionBody, response: { 200: adminQuestionView } },
      config: { console: "activities.questions.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        activityQuestionsConsole.update(
          context,
          request.params.cuid,
          request.params.question,
          request.body,
        ),
      ),
  );
  api.delete(
    "/api/admin/activities/:cuid/questions/:question",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "activities.questions.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        activityQuestionsConsole.remove(context, request.params.cuid, request.params.question),
      );
      return { ok: true as const };
    },
  );
}
