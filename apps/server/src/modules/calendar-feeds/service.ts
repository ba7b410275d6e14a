import type { AvailabilityCalendarFeed } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { calendarText } from "../notifications/scheduling-attachments.ts";
import type { Organiser } from "../organisers/queries.ts";
import {
  bumpCalendarVersion,
  type FeedAvailability,
  findFeedAvailability,
  listEntries,
  reconcileEntries,
} from "./queries.ts";
import { feedToken, tokenAvailabilityCuid, tokenMatches } from "./tokens.ts";

type FeedContext = Pick<ServiceContext, "db" | "organiser">;

const subjectOf = (organiser: Organiser, availability: FeedAvailability) => ({
  organiserCuid: organiser.cuid,
  availabilityCuid: availability.cuid,
  version: availability.calendarVersion,
});

async function requireAvailability(context: FeedContext, cuid: string) {
  const availability = await findFeedAvailability(context.db, context.organiser.id, cuid);
  if (!availability) throw new AppError("NOT_FOUND");
  return availability;
}

/** The feed's secret address on the organiser's site, in https and as a webcal:// link. */
function linksOf(
  context: FeedContext & { secret: string; urls: PublicUrls },
  availability: FeedAvailability,
): AvailabilityCalendarFeed {
  const token = feedToken(context.secret, subjectOf(context.organiser, availability));
  const url = `${context.urls.storefront(context.organiser)}/api/calendars/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, "webcal:") };
}

/**
 * Each availability's dates as an iCalendar feed calendars subscribe to (decision 0093): a
 * secret address per availability, which staff can regenerate (the former one then answers
 * 404); events keep their UID, their SEQUENCE goes up when a date moves or is cancelled, and a
 * removed date stays in the feed as STATUS:CANCELLED so that subscribed calendars strike it.
 */
export const calendarFeeds = {
  async links(
    context: FeedContext & { secret: string; urls: PublicUrls },
    availabilityCuid: string,
  ): Promise<AvailabilityCalendarFeed> {
    return linksOf(context, await requireAvailability(context, availabilityCuid));
  },

  /** A new address; the former one stops answering at once. */
  async regenerate(
    context: FeedContext & {
      secret: string;
      urls: PublicUrls;
      audit: (entry: { action: string; entity: string; entityId: string }) => Promise<void>;
    },
    availabilityCuid: string,
  ): Promise<AvailabilityCalendarFeed> {
    const availability = await requireAvailability(context, availabilityCuid);
    const calendarVersion = await bumpCalendarVersion(
      context.db,
      context.organiser.id,
      availability.id,
    );
    await context.audit({
      action: "availability.calendar_feed_regenerated",
      entity: "availability",
      entityId: availabilityCuid,
    });
    return linksOf(context, { ...availability, calendarVersion });
  },

  /** The feed's text for a token; NOT_FOUND for a malformed, forged or regenerated one. */
  async feed(context: FeedContext & { secret: string }, token: string): Promise<string> {
    const cuid = tokenAvailabilityCuid(token);
    const availability = cuid
      ? await findFeedAvailability(context.db, context.organiser.id, cuid)
      : null;
    if (
      !availability ||
      !tokenMatches(context.secret, subjectOf(context.organiser, availability), token)
    ) {
      throw new AppError("NOT_FOUND");
    }
    await reconcileEntries(context.db, context.organiser.id, availability);
    const entries = await listEntries(context.db, context.organiser.id, availability.id);
    return calendarText(
      context.organiser,
      entries.map((entry) => ({
        cuid: entry.dateCuid,
        startAt: entry.startAt,
        endAt: entry.endAt,
        title: availability.title,
        location: availability.location,
        sequence: entry.sequence,
        cancelled: entry.cancelled,
      })),
      availability.title,
    );
  },
};
