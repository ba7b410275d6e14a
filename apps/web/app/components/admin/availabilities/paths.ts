/** The console's availability pages (other pages link to them). */
export const AVAILABILITIES_PATH = "/admin/availabilities";

export const availabilityPath = (cuid: string) =>
  `${AVAILABILITIES_PATH}/${encodeURIComponent(cuid)}`;

/** The availabilities of one activity (the activity's page links here). */
export const activityAvailabilitiesPath = (activityCuid: string) =>
  `/admin/activities/${encodeURIComponent(activityCuid)}/availabilities`;

/** A new availability, of `activityCuid` when given. */
export const newAvailabilityPath = (activityCuid?: string) =>
  activityCuid
    ? `${AVAILABILITIES_PATH}/new?activity=${encodeURIComponent(activityCuid)}`
    : `${AVAILABILITIES_PATH}/new`;
