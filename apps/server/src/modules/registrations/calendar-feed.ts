import type { RegistrationDetail } from "@booking/contracts";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { confirmationMessage } from "../activity-rules/confirmation-message.ts";
import { calendarFeeds } from "../calendar-feeds/service.ts";
import { registrationByCuid } from "./service.ts";

/**
 * The customer's registration with its availability's calendar feed, which the family
 * subscribes to from the registration's page (decision 0093), and its activity's confirmation
 * message (decision 0101); neither once it is cancelled.
 */
export async function withCalendarFeed(
  context: ServiceContext & { secret: string; urls: PublicUrls },
  cuid: string,
): Promise<RegistrationDetail | null> {
  const registration = await registrationByCuid(context, cuid);
  if (!registration) return null;
  return {
    ...registration,
    calendar_feed: registration.cancelled
      ? null
      : await calendarFeeds.links(context, registration.availability.cuid),
    confirmation_message: await confirmationMessage(context, registration),
  };
}
