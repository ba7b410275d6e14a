import {
  accountListQuery,
  addCartItemsBody,
  adminApproveRequestBody,
  adminRejectRequestBody,
  checkoutBody,
} from "@booking/contracts";
import { addCartItems } from "../modules/carts/service.ts";
import { checkout } from "../modules/checkout/service.ts";
import { approveRequest, rejectRequest } from "../modules/registration-requests/console-service.ts";
import {
  cancelRegistrationRequest,
  listRegistrationRequests,
} from "../modules/registration-requests/service.ts";
import { activityOf, questionIdOf } from "./lookups.ts";
import { PARENT, type RequestStory } from "./story-fr.ts";
import type { DemoWorld } from "./world.ts";

/** A step of the story: what happens at `at`. */
export type DemoStep = { at: Date; run: () => Promise<void> };

/**
 * A request as the parent sends it from the storefront (POST /api/carts/items with
 * `registrations_requests`, then POST /api/carts/checkout), and its answer: the parent cancels
 * it, or staff approve it (its registrations and the payment asked) or reject it with a message.
 */
export function requestSteps(world: DemoWorld, story: RequestStory): DemoStep[] {
  let made: { id: number; cuid: string } | undefined;
  const parent = () => world.customerId(PARENT);
  const ask: DemoStep = {
    at: story.askedAt,
    run: async () => {
      const { tx, organiser, actors } = world;
      const context = actors.customer(await parent(), story.askedAt);
      const activity = await activityOf(tx, organiser.id, story.activity);
      const questions = [];
      for (const [title, content] of Object.entries(story.answers)) {
        questions.push({
          question_id: await questionIdOf(tx, organiser.id, activity.id, title),
          content,
        });
      }
      const participantId = await world.participantId({
        customer: PARENT,
        participant: story.participant,
      });
      const cart = await addCartItems(
        context,
        addCartItemsBody.parse({
          registrations_requests: [
            {
              participant_id: participantId,
              availabilities: story.availabilities.map((index) => ({
                id: activity.availabilityIds[index],
              })),
              questions,
            },
          ],
        }),
      );
      await checkout(
        context,
        checkoutBody.parse({ cart_id: cart.id, payment_strategy: "DELAYED", terms: true }),
        world.payments,
      );
      // The request this checkout made: the parent's newest.
      const { data } = await listRegistrationRequests(
        context,
        accountListQuery.parse({ page_size: 1 }),
      );
      made = data[0];
    },
  };
  const { answer } = story;
  if (!answer) return [ask];
  const answered: DemoStep = {
    at: answer.at,
    run: async () => {
      if (!made) throw new Error("demo flows: a request answered before it was made");
      const { actors } = world;
      if (answer.kind === "cancelled") {
        await cancelRegistrationRequest(actors.customer(await parent(), answer.at), made.id);
      } else if (answer.kind === "approved") {
        await approveRequest(actors.staff(answer.at), made.cuid, adminApproveRequestBody.parse({}));
      } else {
        await rejectRequest(
          actors.staff(answer.at),
          made.cuid,
          adminRejectRequestBody.parse({ message: answer.message }),
          world.mail,
        );
      }
    },
  };
  return [ask, answered];
}
