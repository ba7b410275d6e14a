import type { DemoAccountHistory } from "./account-history.ts";
import { addDays, type CalendarDate, nextWeekday, todayIn, zoned } from "./time.ts";

const TZ = "Europe/Brussels";
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * What Camille Dubois (parent@demo.test) did at "Les Petits Explorateurs" before today: the data
 * of the account tabs whose flows come later (account-history.ts). Relative to `now`, like the
 * rest of the demo.
 */
export function demoFrAccountHistory(now: Date): DemoAccountHistory {
  const today = todayIn(TZ, now);
  const at = (date: CalendarDate, time: string) => zoned(date, time, TZ);
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  /** The first `isoWeekday` after today. */
  const next = (isoWeekday: number) => nextWeekday(addDays(today, 1), isoWeekday);
  // The Wednesday nature club (demo-fr.ts) started six weeks before next Wednesday.
  const clubStart = addDays(next(3), -42);
  const saturday = next(6);
  const parent = "parent@demo.test";
  const neighbour = "sophie.peeters@example.test";

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
    requests: [
      {
        participant: "Léa",
        activity: "Cours de natation",
        availabilities: [1, 0],
        status: "PENDING",
        createdAt: ago(2, 3),
        answers: { "Votre enfant sait-il nager ?": 2 },
      },
      {
        participant: "Hugo",
        activity: "Cours de natation",
        availabilities: [1],
        status: "PENDING",
        createdAt: ago(0, 5),
        answers: { "Votre enfant sait-il nager ?": 1 },
      },
      {
        participant: "Hugo",
        activity: "Cours de natation",
        availabilities: [0],
        status: "APPROVED",
        createdAt: ago(12),
        statusChangedAt: ago(9),
        answers: { "Votre enfant sait-il nager ?": 1 },
      },
      {
        participant: "Léa",
        activity: "Cours de natation",
        availabilities: [1],
        status: "REJECTED",
        createdAt: ago(30),
        statusChangedAt: ago(27),
        answers: { "Votre enfant sait-il nager ?": 3 },
      },
      {
        participant: "Hugo",
        activity: "Cours de natation",
        availabilities: [1],
        status: "CANCELLED",
        createdAt: ago(45),
        statusChangedAt: ago(44),
        answers: { "Votre enfant sait-il nager ?": 1 },
      },
    ],
    bookings: [
      {
        // Hugo and Noah (another family) share the court: each family sees its own part.
        resource: "Terrain de tennis 1",
        dates: [
          { startAt: at(saturday, "10:00"), endAt: at(saturday, "11:00") },
          { startAt: at(addDays(saturday, 7), "10:00"), endAt: at(addDays(saturday, 7), "11:00") },
        ],
        createdAt: ago(3),
        participations: [
          { customer: parent, participant: "Hugo", total: 1200, paid: 0 },
          { customer: neighbour, participant: "Noah", total: 1200, paid: 1200 },
        ],
      },
      {
        resource: "Terrain de tennis 2",
        dates: [
          { startAt: at(addDays(today, -5), "17:00"), endAt: at(addDays(today, -5), "18:30") },
        ],
        createdAt: ago(9),
        participations: [
          { customer: parent, participant: "Hugo", total: 850, paid: 850 },
          { customer: parent, participant: "Léa", total: 850, paid: 850 },
        ],
      },
      {
        // Not Camille's: none of her participants takes part.
        resource: "Salle de danse",
        dates: [{ startAt: at(next(4), "19:00"), endAt: at(next(4), "20:00") }],
        createdAt: ago(1),
        participations: [{ customer: neighbour, participant: "Noah", total: 1200, paid: 0 }],
      },
    ],
  };
}
