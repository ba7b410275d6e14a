import { z } from "zod";
import { requiredText } from "../common.ts";
import { LANGUAGES } from "../organiser.ts";
import { adminCollaborator } from "./session.ts";

const cuidParam = z.string("INVALID_TYPE").min(1, "REQUIRED").max(40, "TOO_LONG");

/** The longest role label of a collaborator on an availability ("Moniteur principal"). */
export const STAFF_ROLE_MAX = 80;

/** A collaborator of the organiser's team, as the staff picker lists them. */
export const staffMember = adminCollaborator.extend({
  /** false while an invited collaborator has not chosen a password: they get no e-mail yet */
  active: z.boolean(),
});

/** The most minutes a collaborator works per session: a whole day (decision 0084). */
export const STAFF_MINUTES_MAX = 1440;

/** GET /api/admin/availabilities/:cuid/staff */
export const availabilityStaffView = z.object({
  staff: z.array(
    z.object({
      collaborator: staffMember,
      role: z.string(),
      /** the minutes they work per session, for the timesheet; null: the whole session */
      minutes_per_session: z.number().int().nullable(),
    }),
  ),
  /** the organiser's team, to choose from */
  team: z.array(staffMember),
});
export type AvailabilityStaffView = z.infer<typeof availabilityStaffView>;

/** PUT /api/admin/availabilities/:cuid/staff: the whole list, replaced. */
export const availabilityStaffBody = z.object({
  staff: z
    .array(
      z.object({
        collaborator: cuidParam,
        role: requiredText(STAFF_ROLE_MAX),
        minutes_per_session: z
          .number("INVALID_TYPE")
          .int("INVALID_TYPE")
          .min(1, "TOO_SMALL")
          .max(STAFF_MINUTES_MAX, "TOO_BIG")
          .nullable()
          .default(null),
      }),
    )
    .max(100, "TOO_BIG"),
});
export type AvailabilityStaffBody = z.input<typeof availabilityStaffBody>;

/**
 * GET and PUT /api/admin/profile/notifications: the logged-in collaborator's own language and the
 * events they are told of by e-mail at the organiser shown (option names of @booking/domain
 * staff-notifications, checked by the server: INVALID_CHOICE).
 */
export const staffNotificationPreferencesBody = z.object({
  /** null: the organiser's language */
  language: z.enum(LANGUAGES, "INVALID_CHOICE").nullable(),
  options: z.array(z.string("INVALID_TYPE").max(60, "TOO_LONG")).max(20, "TOO_BIG"),
});
export type StaffNotificationPreferencesBody = z.input<typeof staffNotificationPreferencesBody>;

export const staffNotificationPreferencesView = z.object({
  language: z.enum(LANGUAGES).nullable(),
  options: z.array(z.string()),
  /** the options this collaborator may choose, in order */
  available: z.array(z.string()),
});
export type StaffNotificationPreferencesView = z.infer<typeof staffNotificationPreferencesView>;
