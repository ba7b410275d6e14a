import {
  DASHBOARD_MAX_SESSIONS,
  type DashboardRegistration,
  type DashboardSession,
  type DashboardView,
} from "@booking/contracts";
import { fillRate, localDay, overallFillRate, weekInZone } from "@booking/domain";
import type { ConsoleContext } from "../../http/console-context.ts";
import { listCartsWithDue } from "../payments/console-queries.ts";
import {
  countRegistrationsBetween,
  type LatestRegistrationRow,
  listLatestRegistrations,
  listSessionsBetween,
  type SessionRow,
} from "./console-queries.ts";

const DAY_MS = 86_400_000;
const LATEST_REGISTRATIONS = 10;

function sessionView(row: SessionRow, timeZone: string): DashboardSession {
  return {
    cuid: row.cuid,
    availability_cuid: row.availability_cuid,
    activity: { cuid: row.activity_cuid, title: row.activity_title },
    location:
      row.location_cuid === null
        ? null
        : { cuid: row.location_cuid, title: row.location_title ?? "" },
    start_at: row.start_at.toISOString(),
    end_at: row.end_at.toISOString(),
    day: localDay(row.start_at, timeZone),
    status: row.status,
    registered: row.registered,
    capacity: row.capacity,
    fill_rate: fillRate(row),
  };
}

function registrationView(row: LatestRegistrationRow): DashboardRegistration {
  return {
    cuid: row.cuid,
    created_at: row.created_at.toISOString(),
    cancelled: row.cancelled,
    total_amount: row.total_amount,
    customer: {
      cuid: row.customer_cuid,
      firstname: row.customer_firstname,
      lastname: row.customer_lastname,
    },
    participant: {
      cuid: row.participant_cuid,
      firstname: row.participant_firstname,
      lastname: row.participant_lastname,
    },
    activity: { cuid: row.activity_cuid, title: row.activity_title },
    availability: {
      cuid: row.availability_cuid,
      start_at: row.availability_start_at.toISOString(),
    },
  };
}

/**
 * GET /api/admin/dashboard: this week's sessions (Monday to Sunday in the organiser's zone) and
 * how full they are, the registrations of the last 7 days against the 7 before, the latest ones,
 * and what processed carts still owe (the outstanding list's rule, modules/payments).
 */
export async function consoleDashboard(
  context: ConsoleContext,
  now: Date = new Date(),
): Promise<DashboardView> {
  const { db, organiser } = context;
  const timeZone = organiser.timezone;
  const week = weekInZone(now, timeZone);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS);
  const sessions = await listSessionsBetween(db, organiser.id, week.start, week.end);
  const lastWeek = await countRegistrationsBetween(db, organiser.id, weekAgo, now);
  const weekBefore = await countRegistrationsBetween(db, organiser.id, twoWeeksAgo, weekAgo);
  const latest = await listLatestRegistrations(db, organiser.id, LATEST_REGISTRATIONS);
  const [owing] = await listCartsWithDue(db, organiser.id, {
    owing: true,
    sort: "-age",
    limit: 1,
    offset: 0,
  });
  const limited = sessions.filter((session) => session.capacity !== null);
  return {
    today: localDay(now, timeZone),
    week: {
      monday: week.monday,
      sunday: week.sunday,
      sessions: sessions.length,
      registered: sessions.reduce((sum, session) => sum + session.registered, 0),
      capacity: limited.reduce((sum, session) => sum + (session.capacity ?? 0), 0),
      fill_rate: overallFillRate(sessions),
    },
    sessions: sessions
      .slice(0, DASHBOARD_MAX_SESSIONS)
      .map((session) => sessionView(session, timeZone)),
    registrations: {
      last_7_days: lastWeek,
      previous_7_days: weekBefore,
      latest: latest.map(registrationView),
    },
    outstanding: { amount_due: owing?.total_due ?? 0, carts: owing?.total_count ?? 0 },
  };
}
