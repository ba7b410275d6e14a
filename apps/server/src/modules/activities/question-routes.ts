import {
  activityQuestionParams,
  adminQuestionList,
  adminQuestionView,
  questionBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ConsoleDeps } from "../../http/console-context.ts";
import { registerActivityListRoutes } from "./ordered-list-routes.ts";
import { activityQuestionsConsole } from "./question-service.ts";

/** The questions of an activity's registration form (/api/admin/activities/:cuid/questions). */
export function registerActivityQuestionRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  registerActivityListRoutes(app, deps, {
    segment: "questions",
    param: "question",
    params: activityQuestionParams,
    body: questionBody,
    view: adminQuestionView,
    list: adminQuestionList,
    access: {
      read: "activities.questions.read",
      create: "activities.questions.create",
      update: "activities.questions.update",
      delete: "activities.questions.delete",
    },
    service: activityQuestionsConsole,
  });
}
