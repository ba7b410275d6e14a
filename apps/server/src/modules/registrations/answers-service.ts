import type {
  AdminRegistrationDetail,
  RegistrationAnswersForm,
  registrationAnswersBody,
} from "@booking/contracts";
import { availabilities, registrations } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import {
  type AnswerErrors,
  validateRegistrationOptions,
  validateRegistrationQuestions,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { listOptionPrices, listQuestions } from "../carts/queries.ts";
import { loadActivityRegistrationForm } from "../catalogue/registration-form.ts";
import { lockRegistration } from "./console-queries.ts";
import { registrationDetail } from "./console-service.ts";

type AnswersInput = z.output<typeof registrationAnswersBody>;

/**
 * The registration's options with the texts sent for them (the stored text otherwise); a price
 * id that is not one of its options is refused where it was sent.
 */
function mergedOptions(
  stored: ReadonlyArray<{ price_id: number; content: string | null }>,
  sent: AnswersInput["options"],
): { options: Array<{ price_id: number; content: unknown }>; errors: AnswerErrors } {
  const chosen = new Set(stored.map((option) => option.price_id));
  const errors: AnswerErrors = {};
  const texts = new Map<number, unknown>();
  sent.forEach((option, index) => {
    if (!chosen.has(option.price_id) || texts.has(option.price_id)) {
      errors[`options.${index}.price_id`] = "INVALID_CHOICE";
    } else texts.set(option.price_id, option.content);
  });
  const options = stored.map((option) => ({
    price_id: option.price_id,
    content: texts.has(option.price_id) ? texts.get(option.price_id) : option.content,
  }));
  return { options, errors };
}

async function activityOf(context: ConsoleContext, availabilityId: number): Promise<number> {
  const [availability] = await context.db
    .select({ activityId: availabilities.activityId })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.organiserId, context.organiser.id),
        eq(availabilities.id, availabilityId),
      ),
    );
  return availability!.activityId;
}

/** GET /api/admin/registrations/:cuid/answers: what the edit dialog asks (the activity's form). */
export async function registrationAnswersForm(
  context: ConsoleContext,
  cuid: string,
): Promise<RegistrationAnswersForm> {
  const { db, organiser } = context;
  const [registration] = await db
    .select({
      availabilityId: registrations.availabilityId,
      options: registrations.options,
      questions: registrations.questions,
    })
    .from(registrations)
    .where(and(eq(registrations.organiserId, organiser.id), eq(registrations.cuid, cuid)));
  if (!registration) throw new AppError("REGISTRATION_NOT_FOUND");
  const activityId = await activityOf(context, registration.availabilityId);
  return {
    form: await loadActivityRegistrationForm(db, organiser.id, activityId),
    options: registration.options,
    questions: registration.questions,
  };
}

/**
 * PUT /api/admin/registrations/:cuid/answers (`registrations.registrations.update`, decision
 * 0104): the answers to the activity's questions and the options' texts, checked by the
 * storefront's own rules against the activity's current questions and options, under the
 * registration's row lock; audited with what they were and became. A cancelled registration is
 * 409 REGISTRATION_CANCELLED.
 */
export async function updateRegistrationAnswers(
  context: ConsoleContext,
  cuid: string,
  input: AnswersInput,
): Promise<AdminRegistrationDetail> {
  const { db, organiser } = context;
  const registration = await lockRegistration(db, organiser.id, cuid);
  if (!registration) throw new AppError("REGISTRATION_NOT_FOUND");
  if (registration.cancelled) throw new AppError("REGISTRATION_CANCELLED");
  const activityIds = [await activityOf(context, registration.availabilityId)];
  const prices = await listOptionPrices(db, organiser.id, activityIds);
  const questions = await listQuestions(db, organiser.id, activityIds);

  const merged = mergedOptions(registration.options, input.options);
  const options = validateRegistrationOptions(
    merged.options,
    prices.map((price) => ({
      id: price.id,
      option_id: price.optionId,
      answer_required: price.answerRequired,
      amount: price.amount,
      percentage: price.percentage,
    })),
  );
  const answers = validateRegistrationQuestions(input.questions, questions);
  const errors = {
    ...merged.errors,
    ...(options.ok ? {} : options.errors),
    ...(answers.ok ? {} : answers.errors),
  };
  if (!options.ok || !answers.ok || Object.keys(errors).length > 0) throw validationError(errors);

  await db
    .update(registrations)
    .set({ options: options.value, questions: answers.value })
    .where(and(eq(registrations.organiserId, organiser.id), eq(registrations.id, registration.id)));
  await context.audit({
    action: "registration.answers_updated",
    entity: "registration",
    entityId: registration.cuid,
    before: { options: registration.options, questions: registration.questions },
    after: { options: options.value, questions: answers.value },
  });
  return registrationDetail(context, cuid);
}
