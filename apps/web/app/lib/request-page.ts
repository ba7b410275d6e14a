import type { AvailabilityView, RegistrationRequestTierView } from "@booking/contracts";
import { isoWeekday } from "@booking/domain/zoned-time";
import type { RouterContextProvider } from "react-router";
import { registrationChoicesData } from "../components/registrations/choices-data";
import { orNotFound } from "./catalogue-data";
import { dateTimeFormat } from "./format";
import { withAgeEligibility } from "./participant-eligibility";
import { participantChoice, simplePageSeo, storefrontPage } from "./storefront-page";

// The registration request pages (storefront.md §2 `/cart/registrations/request` and
// `/cart/registrations/request/{activity}`, §4 "Registration request selection"; issue 15 §1):
// the sessions of one activity taking requests, as a weekly schedule, its tiers and the
// registration form's participant, options and questions.

/** The most sessions one page offers (a club's weekly timetable is far below). */
const MAX_SESSIONS = 100;

/** Where the sessions come from: every one of an activity, or those the query lists. */
export type RequestSource = { activity: string } | { availabilities: string[] };

/**
 * A session a parent may ask for: open for registrations, its places taken or not (a request
 * holds none, the approval checks them); one the organiser closed as FULL takes no request.
 */
function requestable(availability: AvailabilityView): boolean {
  const { booking } = availability;
  return booking.bookable || (booking.reason === "full" && availability.status === "OPEN");
}

async function readSessions(
  reader: ReturnType<typeof storefrontPage>["storefront"]["reader"],
  source: RequestSource,
): Promise<AvailabilityView[]> {
  if ("activity" in source) {
    const page = await orNotFound(
      reader.availabilities({
        activity: source.activity,
        status: "OPEN,FULL",
        limit: String(MAX_SESSIONS),
      }),
    );
    return page.data;
  }
  const found = await Promise.all(
    source.availabilities.slice(0, MAX_SESSIONS).map((cuid) =>
      reader.availability(cuid).catch((error: { code?: unknown } | null) => {
        if (error?.code === "VALIDATION_ERROR") return null;
        throw error;
      }),
    ),
  );
  const sessions = found.filter((session) => session !== null);
  // One request is for one activity: the first listed session's.
  const activity = sessions[0]?.activity.cuid;
  return sessions.filter((session) => session.activity.cuid === activity);
}

export async function requestPageData(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
  source: RequestSource,
) {
  const { storefront, format } = storefrontPage(context, params);
  const { reader, organiser } = storefront;
  const url = new URL(request.url);
  const all = (await readSessions(reader, source)).filter(
    (session) => session.activity.registration_flow === "REQUEST",
  );
  const activity = all[0]?.activity ?? null;
  const configuration = activity
    ? await reader.registrationRequestsConfiguration(activity.cuid)
    : null;
  if ("activity" in source && !configuration) await orNotFound(Promise.resolve(null));
  const sessions = all.filter(requestable);
  const customer = Boolean(storefront.session.customer);
  const [participants, form] = await Promise.all([
    customer ? reader.participants() : Promise.resolve([]),
    sessions[0] ? reader.registrationForm(sessions[0].cuid) : Promise.resolve(null),
  ]);
  const tiers = configuration?.tiers ?? [];
  const wantedTier = url.searchParams.get("tier");
  const weekday = dateTimeFormat(format.locale, {
    weekday: "long",
    timeZone: organiser.timezone,
  });
  const path =
    "activity" in source
      ? `/cart/registrations/request/${source.activity}`
      : "/cart/registrations/request";

  return {
    seo: simplePageSeo(context, params, request, {
      title: "requests.title",
      description: "requests.meta_description",
      path,
      robots: "noindex",
    }),
    customer,
    activity: activity ? { cuid: activity.cuid, title: activity.title } : null,
    /** from the activity's schedule (every session) or a given selection (all preselected) */
    mode: "activity" in source ? ("schedule" as const) : ("selection" as const),
    tiers: tiers.map((tier: RegistrationRequestTierView) => tier),
    tierCuid: (tiers.find((tier) => tier.cuid === wantedTier) ?? tiers[0])?.cuid ?? null,
    sessions: sessions.map((session) => ({
      id: session.id,
      cuid: session.cuid,
      weekday: isoWeekday(new Date(session.start_at), organiser.timezone),
      weekdayLabel: weekday.format(new Date(session.start_at)),
      time: format.timeRange(
        session.dates[0]?.start_at ?? session.start_at,
        session.dates[0]?.end_at ?? session.end_at,
      ),
      dateRange: format.dateRange(session.start_at, session.end_at),
      datesCount: session.dates.length,
      location: session.location?.name ?? session.location?.title ?? null,
      price: format.money(session.price),
      full: !session.booking.bookable,
    })),
    preselected: "availabilities" in source ? sessions.map((session) => session.cuid) : [],
    ...withAgeEligibility(
      participantChoice(participants, request),
      participants,
      sessions,
      organiser.timezone,
    ),
    ...registrationChoicesData(form, format),
  };
}

export type RequestPageData = Awaited<ReturnType<typeof requestPageData>>;
