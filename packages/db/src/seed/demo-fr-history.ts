import type { DemoAccountHistory } from "./account-history.ts";
import { addDays, type CalendarDate, nextWeekday, todayIn, zoned } from "./time.ts";

const TZ = "Europe/Brussels";
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * What Camille Dubois (parent@demo.test) ordered at "Les Petits Explorateurs" before today
 * (account-history.ts); her requests and bookings are the server's demo flows'
 * (apps/server/src/demo). Relative to `now`, like the rest of the demo.
 */
export function demoFrAccountHistory(now: Date): DemoAccountHistory {
  const today = todayIn(TZ, now);
  const at = (date: CalendarDate, time: string) => zoned(date, time, TZ);
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  /** The first `isoWeekday` after today. */
  const next = (isoWeekday: number) => nextWeekday(addDays(today, 1), isoWeekday);
  // The Wednesday nature club (demo-fr.ts) started six weeks before next Wednesday.
  const clubStart = addDays(next(3), -42);
  const parent = "parent@demo.test";

  return {
    customer: parent,
    orders: [
      {
        // Two weeks before the club started: the club for both children and the memberships.
        processedAt: at(addDays(clubStart, -14), "20:15"),
        registrations: [
          { participant: "Léa", activity: "Club nature du mercredi", availability: 0, paid: 18000 },
          { participant: "Hugo", activity: "Club nature du mercredi", availability: 0, paid: 6000 },
        ],
        memberships: [
          { title: "Cotisation annuelle", paid: 2500 },
          {
            title: "Abonnement mensuel natation",
            participant: "Hugo",
            paid: 3500,
            cancelled: true,
          },
        ],
      },
      {
        processedAt: ago(6, 2),
        bundles: [{ bundle: "Pack 3 stages", paid: 0 }],
      },
    ],
  };
}
