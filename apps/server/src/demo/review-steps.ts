import { createReviewBody, reviewAnswerBody } from "@booking/contracts";
import { activities, availabilities, registrations } from "@booking/db";
import { and, eq, lt } from "@booking/db/orm";
import { createReview } from "../modules/registrations/service.ts";
import { reviewsConsole } from "../modules/reviews/service.ts";
import { customerIdByEmail } from "./lookups.ts";
import type { DemoStep } from "./request-steps.ts";
import { PARENT } from "./story-fr.ts";
import type { DemoWorld } from "./world.ts";

const DAY = 86_400_000;
const NATURE_CAMP = "Stage Nature & Cabanes";

/**
 * The demo parent reviews Léa's Nature camp, over since last week, from her account (POST
 * /api/registrations/review), and staff answer it from _Avis_ the next day: the activity's page
 * shows it with its average.
 */
export function reviewSteps(world: DemoWorld, now: Date): DemoStep[] {
  const writtenAt = new Date(now.getTime() - 2 * DAY);
  const answeredAt = new Date(now.getTime() - DAY);
  let reviewCuid: string | undefined;
  return [
    {
      at: writtenAt,
      run: async () => {
        const { tx, organiser, actors } = world;
        const parent = await customerIdByEmail(tx, organiser.id, PARENT);
        const [camp] = await tx
          .select({ id: registrations.id })
          .from(registrations)
          .innerJoin(
            availabilities,
            and(
              eq(availabilities.organiserId, registrations.organiserId),
              eq(availabilities.id, registrations.availabilityId),
            ),
          )
          .innerJoin(
            activities,
            and(
              eq(activities.organiserId, availabilities.organiserId),
              eq(activities.id, availabilities.activityId),
            ),
          )
          .where(
            and(
              eq(registrations.organiserId, organiser.id),
              eq(registrations.customerId, parent.id),
              eq(activities.title, NATURE_CAMP),
              lt(availabilities.endAt, writtenAt),
            ),
          );
        if (!camp) throw new Error("demo flows: the parent's Nature camp is missing");
        const review = await createReview(
          actors.customer(parent.id, writtenAt),
          createReviewBody.parse({
            registration_id: camp.id,
            score: 5,
            message:
              "Léa est revenue chaque soir pleine d'histoires de cabanes et d'insectes. Une équipe attentive, merci !",
          }),
        );
        reviewCuid = review.cuid;
      },
    },
    {
      at: answeredAt,
      run: async () => {
        if (!reviewCuid) throw new Error("demo flows: the review was not written");
        await reviewsConsole.answer(
          world.actors.staff(answeredAt),
          reviewCuid,
          reviewAnswerBody.parse({
            answer: "Merci Camille ! Léa est la bienvenue aux prochains stages.",
          }),
        );
      },
    },
  ];
}
