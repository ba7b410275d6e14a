import { bookingConfigurationRefusal, bookingDaysAhead, bookingWeek } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { bookingOf } from "../carts/booking-items.ts";
import {
  findResourceConfiguration,
  holdsConfigurationMembership,
  type ResourceConfiguration,
  weekBookingCount,
} from "./booking-rules-queries.ts";
import { findResource } from "./reservation-queries.ts";

// A resource's booking configuration applied to one customer's booking
// (docs/decisions/0071-booking-configurations.md).

/**
 * Refuses the customer's booking starting at `firstStart` when the configuration asks for a
 * membership they do not hold (409 BOOKING_MEMBERS_ONLY) or when they already hold its weekly
 * maximum in that local week (409 BOOKING_WEEKLY_LIMIT_REACHED). The add runs it with the
 * customer's cart row locked, so concurrent adds of one customer count one after the other.
 * `exceptItemId`: the cart item being checked out (its own holds do not count).
 */
export async function checkBookingConfiguration(
  context: Pick<ServiceContext, "db" | "organiser">,
  configuration: ResourceConfiguration | null,
  booking: { customerId: number; firstStart: Date; exceptItemId?: number },
  now: Date,
  details?: Record<string, number>,
): Promise<void> {
  if (!configuration) return;
  const { db, organiser } = context;
  const { rules } = configuration;
  const scope = {
    organiserId: organiser.id,
    customerId: booking.customerId,
    configurationId: configuration.id,
  };
  const hasMembership =
    rules.audience === "MEMBERS" &&
    (await holdsConfigurationMembership(
      db,
      organiser.id,
      booking.customerId,
      configuration.id,
      now,
    ));
  const weekBookings =
    rules.max_per_week === null
      ? 0
      : await weekBookingCount(
          db,
          scope,
          bookingWeek(booking.firstStart, organiser.timezone),
          now,
          booking.exceptItemId ?? null,
        );
  const refusal = bookingConfigurationRefusal(rules, {
    has_membership: hasMembership,
    week_bookings: weekBookings,
  });
  if (refusal) throw new AppError(refusal, undefined, details);
}

/**
 * The checkout's second look at each BOOKING item of the cart (locked by the checkout): the
 * configuration may have changed, or a membership ended, since the add. The item's own holds do
 * not count towards its week.
 */
export async function requireBookingRulesAtCheckout(
  context: ServiceContext,
  customerId: number,
  items: ReadonlyArray<{ item: { id: number; type: string; payload: Record<string, unknown> } }>,
  now: Date,
): Promise<void> {
  const { db, organiser } = context;
  for (const { item } of items) {
    const booking = bookingOf(item.payload);
    if (item.type !== "BOOKING" || !booking?.dates[0]) continue;
    const resource = await findResource(db, organiser.id, booking.resource.id);
    const configuration = await findResourceConfiguration(
      db,
      organiser.id,
      resource?.bookingConfigurationId ?? null,
    );
    await checkBookingConfiguration(
      context,
      configuration,
      { customerId, firstStart: new Date(booking.dates[0].start_at), exceptItemId: item.id },
      now,
    );
  }
}

/**
 * Why the logged-in customer could not book the resource's slot starting at `startAt` under its
 * configuration (members only, too far ahead for it, the week's maximum reached), or null: what
 * /cart/bookings/add says before the form is sent. The add checks again when it is.
 */
export async function bookingConfigurationRefusalFor(
  context: ServiceContext,
  resourceId: number,
  startAt: Date,
): Promise<string | null> {
  const { customerId } = requireCustomer(context);
  const { db, organiser } = context;
  const resource = await findResource(db, organiser.id, resourceId);
  const configuration = await findResourceConfiguration(
    db,
    organiser.id,
    resource?.bookingConfigurationId ?? null,
  );
  if (!resource || !configuration) return null;
  const now = nowOf(context);
  const days = bookingDaysAhead(resource.bookingDaysAhead, configuration.rules);
  if (days !== null && startAt.getTime() > now.getTime() + days * 86_400_000) {
    return "BOOKING_TOO_FAR_AHEAD";
  }
  try {
    await checkBookingConfiguration(
      context,
      configuration,
      { customerId, firstStart: startAt },
      now,
    );
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}
