import type { AdminQuestionView, OrderBody, questionBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { questionAnswered } from "./choice-references.ts";
import { requireActivity } from "./console-service.ts";
import { numberedChoices } from "./numbered-choices.ts";
import { orderedIds } from "./ordering.ts";
import {
  deleteQuestion,
  findQuestion,
  insertQuestion,
  listQuestions,
  nextQuestionOrder,
  type Question,
  type QuestionValues,
  reorderQuestions,
  updateQuestion,
} from "./question-queries.ts";

type QuestionInput = z.output<typeof questionBody>;

function questionView(question: Question): AdminQuestionView {
  return {
    id: question.id,
    cuid: question.cuid,
    type: question.type,
    title: question.title,
    description: question.description,
    required: question.required,
    order: question.order,
    choices: question.choices.map((choice) => ({ id: Number(choice.id), label: choice.label })),
  };
}

const audited = (question: Question) => ({
  type: question.type,
  title: question.title,
  description: question.description,
  required: question.required,
  choices: question.choices,
});

/** The stored values: choices numbered (answers keep pointing at theirs), only for CHOICES_ types. */
function questionValues(input: QuestionInput, stored: Question["choices"]): QuestionValues {
  const choices = numberedChoices(stored, input.type.startsWith("CHOICES_") ? input.choices : []);
  return {
    type: input.type,
    title: input.title,
    description: input.description,
    required: input.required,
    choices,
  };
}

async function requireQuestion(context: ConsoleContext, activityCuid: string, cuid: string) {
  const activity = await requireActivity(context, activityCuid);
  const question = await findQuestion(context.db, context.organiser.id, activity.id, cuid);
  if (!question) throw new AppError("QUESTION_NOT_FOUND");
  return { activity, question };
}

export const activityQuestionsConsole = {
  async list(context: ConsoleContext, activityCuid: string): Promise<AdminQuestionView[]> {
    const activity = await requireActivity(context, activityCuid);
    return (await listQuestions(context.db, context.organiser.id, activity.id)).map(questionView);
  },

  async create(
    context: ConsoleContext,
    activityCuid: string,
    input: QuestionInput,
  ): Promise<AdminQuestionView> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const question = await insertQuestion(context.db, {
      organiserId,
      activityId: activity.id,
      order: await nextQuestionOrder(context.db, organiserId, activity.id),
      ...questionValues(input, []),
    });
    await context.audit({
      action: "activity_question.created",
      entity: "activity_question",
      entityId: question.cuid,
      after: { activity: activity.cuid, ...audited(question) },
    });
    return questionView(question);
  },

  /** Once answered, a question keeps its type: the answers were given to it (QUESTION_ANSWERED). */
  async update(
    context: ConsoleContext,
    activityCuid: string,
    cuid: string,
    input: QuestionInput,
  ): Promise<AdminQuestionView> {
    const { question } = await requireQuestion(context, activityCuid, cuid);
    if (
      input.type !== question.type &&
      (await questionAnswered(context.db, context.organiser.id, question.id))
    ) {
      throw new AppError("QUESTION_ANSWERED");
    }
    const updated = await updateQuestion(
      context.db,
      question.id,
      questionValues(input, question.choices),
    );
    await context.audit({
      action: "activity_question.updated",
      entity: "activity_question",
      entityId: cuid,
      before: audited(question),
      after: audited(updated),
    });
    return questionView(updated);
  },

  /** Only a question nobody answered goes (QUESTION_ANSWERED otherwise). */
  async remove(context: ConsoleContext, activityCuid: string, cuid: string): Promise<void> {
    const { activity, question } = await requireQuestion(context, activityCuid, cuid);
    if (await questionAnswered(context.db, context.organiser.id, question.id)) {
      throw new AppError("QUESTION_ANSWERED");
    }
    await deleteQuestion(context.db, question.id);
    await context.audit({
      action: "activity_question.deleted",
      entity: "activity_question",
      entityId: cuid,
      before: { activity: activity.cuid, ...audited(question) },
    });
  },

  async reorder(
    context: ConsoleContext,
    activityCuid: string,
    input: OrderBody,
  ): Promise<AdminQuestionView[]> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const questions = await listQuestions(context.db, organiserId, activity.id);
    await reorderQuestions(context.db, organiserId, orderedIds(questions, input.cuids));
    await context.audit({
      action: "activity_question.reordered",
      entity: "activity",
      entityId: activity.cuid,
      after: { questions: input.cuids },
    });
    return activityQuestionsConsole.list(context, activityCuid);
  },
};
