import type { RegistrationFormView } from "@booking/contracts";
import {
  activities,
  activityOptionPrices,
  activityOptions,
  availabilities,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";
import { listQuestions, refersTo } from "../carts/queries.ts";

/**
 * The activity of a published availability, by the availability's cuid; null when there is none
 * for this organiser (unknown cuid, another organiser's, unpublished activity).
 */
async function findActivityIdOfAvailability(
  tx: TenantTx,
  organiserId: number,
  availabilityCuid: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ activityId: availabilities.activityId })
    .from(availabilities)
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        eq(availabilities.cuid, availabilityCuid),
        eq(activities.published, true),
      ),
    )
    .limit(1);
  return row?.activityId ?? null;
}

/**
 * The options (with their prices) and questions of an availability's activity, each by its
 * order then id: what the registration add form shows (storefront.md §5 "Add availability").
 */
export async function loadRegistrationForm(
  tx: TenantTx,
  organiserId: number,
  availabilityCuid: string,
): Promise<RegistrationFormView | null> {
  const activityId = await findActivityIdOfAvailability(tx, organiserId, availabilityCuid);
  if (activityId === null) return null;
  return loadActivityRegistrationForm(tx, organiserId, activityId);
}

/**
 * The options (with their prices) and questions of an activity, each by its order then id: the
 * add form's, and the registration edit page's (published or not: the registration exists).
 */
export async function loadActivityRegistrationForm(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
): Promise<RegistrationFormView> {
  const options = await tx
    .select()
    .from(activityOptions)
    .where(
      and(eq(activityOptions.organiserId, organiserId), eq(activityOptions.activityId, activityId)),
    )
    .orderBy(asc(activityOptions.order), asc(activityOptions.id));
  const prices =
    options.length === 0
      ? []
      : await tx
          .select()
          .from(activityOptionPrices)
          .where(
            and(
              eq(activityOptionPrices.organiserId, organiserId),
              inArray(
                activityOptionPrices.optionId,
                options.map((option) => option.id),
              ),
            ),
          )
          .orderBy(asc(activityOptionPrices.order), asc(activityOptionPrices.id));
  const questions = await listQuestions(tx, organiserId, [activityId]);
  return {
    options: options.map((option) => ({
      id: option.id,
      title: option.title,
      description: option.description,
      order: option.order,
      answer_required: option.answerRequired,
      prices: prices
        .filter((price) => price.optionId === option.id)
        .map((price) => ({
          id: price.id,
          label: price.label,
          amount: price.amount,
          percentage: price.percentage,
        })),
    })),
    questions: questions.map((question) => ({
      id: question.id,
      type: question.type,
      title: question.title,
      description: question.description,
      required: question.required,
      order: question.order,
      choices: question.choices,
    })),
  };
}
