import { z } from "zod";

/**
 * GET /api/admin/dashboard (reports.dashboard.read): the console's home. Days and weeks are the
 * organiser's (its time zone, weeks Monday to Sunday); amounts in minor units of its currency.
 */

const reference = z.object({ cuid: z.string(), title: z.string() });
const person = z.object({ cuid: z.string(), firstname: z.string(), lastname: z.string() });

/** One date (session) of an availability this week, with how full it is. */
export const dashboardSession = z.object({
  /** the availability date's cuid */
  cuid: z.string(),
  availability_cuid: z.string(),
  activity: reference,
  location: reference.nullable(),
  start_at: z.string(),
  end_at: z.string(),
  /** local day "YYYY-MM-DD" of its start */
  day: z.string(),
  status: z.enum(["OPEN", "CLOSED", "OVERLAP", "FULL"]),
  /** registrations holding this date, cancelled ones left out (cart holds do not count) */
  registered: z.int(),
  /** null: unlimited */
  capacity: z.int().nullable(),
  /** registered / capacity (above 1 when over-booked); null when unlimited */
  fill_rate: z.number().nullable(),
});
export type DashboardSession = z.infer<typeof dashboardSession>;

export const dashboardRegistration = z.object({
  cuid: z.string(),
  created_at: z.string(),
  cancelled: z.boolean(),
  total_amount: z.int(),
  customer: person,
  participant: person,
  activity: reference,
  availability: z.object({ cuid: z.string(), start_at: z.string() }),
});
export type DashboardRegistration = z.infer<typeof dashboardRegistration>;

/** Most sessions listed for the week; `week.sessions` still counts them all. */
export const DASHBOARD_MAX_SESSIONS = 200;

export const dashboardView = z.object({
  /** the organiser's local day */
  today: z.string(),
  week: z.object({
    monday: z.string(),
    sunday: z.string(),
    sessions: z.int(),
    registered: z.int(),
    /** places offered by the sessions that have a capacity */
    capacity: z.int(),
    fill_rate: z.number().nullable(),
  }),
  /** this week's sessions, in start order (at most DASHBOARD_MAX_SESSIONS) */
  sessions: z.array(dashboardSession),
  registrations: z.object({
    /** registrations made in the last 7 days (cancelled since included) */
    last_7_days: z.int(),
    /** the 7 days before: the comparison */
    previous_7_days: z.int(),
    /** the 10 latest */
    latest: z.array(dashboardRegistration),
  }),
  /** what processed carts still owe */
  outstanding: z.object({ amount_due: z.int(), carts: z.int() }),
});
export type DashboardView = z.infer<typeof dashboardView>;
