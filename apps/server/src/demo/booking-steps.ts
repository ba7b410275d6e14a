import {
  accountListQuery,
  addCartItemsBody,
  bookingCancelBody,
  checkoutBody,
  onlinePaymentBody,
} from "@booking/contracts";
import type { ServiceContext } from "../http/service-context.ts";
import { staffBookings } from "../modules/bookings/console-booking-service.ts";
import { listBookings } from "../modules/bookings/service.ts";
import { addCartItems } from "../modules/carts/service.ts";
import { checkout } from "../modules/checkout/service.ts";
import { answerTestPayment } from "../modules/payments/test-page.ts";
import { lockDestination } from "../modules/transactions/destinations.ts";
import { payOnline } from "../modules/transactions/service.ts";
import { resourceIdByName } from "./lookups.ts";
import type { DemoStep } from "./request-steps.ts";
import type { BookingStory } from "./story-fr.ts";
import type { DemoWorld } from "./world.ts";

/** The customer pays on the provider's page a checkout or an account payment sent them to. */
async function payOnProviderPage(world: DemoWorld, context: ServiceContext, pageUrl: string) {
  const cuid = decodeURIComponent(new URL(pageUrl).pathname.split("/").at(-1)!);
  const outcome = await answerTestPayment(
    context,
    { cuid, action: "pay", origin: world.origin },
    world.mail,
  );
  if (outcome !== "processed") throw new Error(`demo flows: payment ${cuid} ${outcome}`);
}

/**
 * A booking as its booker makes it from the storefront (POST /api/carts/items with `bookings`,
 * then POST /api/carts/checkout, paying online on the provider's page or later by transfer),
 * then the other families paying their shares online from their own account
 * (POST /api/transactions/checkout), as the account's booking page offers it.
 */
export function bookingSteps(world: DemoWorld, story: BookingStory): DemoStep[] {
  const book: DemoStep = {
    at: story.bookedAt,
    run: async () => {
      const { tx, organiser, actors } = world;
      const context = actors.customer(
        await world.customerId(story.booker.customer),
        story.bookedAt,
      );
      const others = [];
      for (const person of story.with) others.push({ id: await world.participantId(person) });
      const cart = await addCartItems(
        context,
        addCartItemsBody.parse({
          bookings: [
            {
              resource_id: await resourceIdByName(tx, organiser.id, story.resource),
              participant_id: await world.participantId(story.booker),
              dates: story.dates.map((date) => ({
                start_at: date.startAt.toISOString(),
                end_at: date.endAt.toISOString(),
              })),
              participants: others,
              payment_split: story.paymentSplit,
            },
          ],
        }),
      );
      const next = await checkout(
        context,
        checkoutBody.parse({
          cart_id: cart.id,
          payment_strategy: story.paidOnline ? "IMMEDIATE" : "DELAYED",
          terms: true,
        }),
        world.payments,
      );
      if (next.next_action === "payment") {
        await payOnProviderPage(world, context, next.next_action_url);
      }
    },
  };
  return [book, ...sharesSteps(world, story), ...cancellationSteps(world, story)];
}

/** The booking as `customerId` sees it in their account. */
async function bookingSeenBy(context: ServiceContext, story: BookingStory) {
  const { data } = await listBookings(context, accountListQuery.parse({ page_size: 100 }));
  const booking = data.find(
    (candidate) =>
      candidate.resource.name === story.resource &&
      candidate.start_at === story.dates[0]!.startAt.toISOString(),
  );
  if (!booking) throw new Error(`demo flows: the booking of ${story.resource} is not found`);
  return booking;
}

/** Staff cancel the booking from the resource's planning. */
function cancellationSteps(world: DemoWorld, story: BookingStory): DemoStep[] {
  const { cancelled } = story;
  if (!cancelled) return [];
  return [
    {
      at: cancelled.at,
      run: async () => {
        const booker = await world.customerId(story.booker.customer);
        const booking = await bookingSeenBy(world.actors.customer(booker, cancelled.at), story);
        await staffBookings.cancel(
          world.actors.staff(cancelled.at),
          booking.cuid,
          bookingCancelBody.parse({ refund: cancelled.refund }),
        );
      },
    },
  ];
}

/** The other families pay their shares online from their own account. */
function sharesSteps(world: DemoWorld, story: BookingStory): DemoStep[] {
  const { sharesPaidAt } = story;
  if (!sharesPaidAt) return [];
  const shares: DemoStep = {
    at: sharesPaidAt,
    run: async () => {
      const families = new Set(
        story.with.map((person) => person.customer).filter((c) => c !== story.booker.customer),
      );
      for (const family of families) {
        const customerId = await world.customerId(family);
        const context = world.actors.customer(customerId, sharesPaidAt);
        const booking = await bookingSeenBy(context, story);
        for (const share of booking.participations) {
          if (share.total_amount <= share.paid_amount) continue;
          const destination = { type: "BOOKING_PARTICIPATION" as const, id: share.id };
          // The share's payment reference, as the account page shows it with its payment actions.
          const shown = await lockDestination(context, destination, customerId);
          if (!shown) throw new Error(`demo flows: share ${share.id} is not ${family}'s`);
          const started = await payOnline(
            context,
            onlinePaymentBody.parse({
              customer_id: customerId,
              reference: shown.reference,
              destination,
              return_url: `/account/bookings/${booking.cuid}`,
            }),
            world.payments,
          );
          await payOnProviderPage(world, context, started.checkout_url);
        }
      }
    },
  };
  return [shares];
}
