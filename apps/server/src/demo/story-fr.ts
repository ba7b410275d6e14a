import { addDays, type CalendarDate, nextWeekday, todayIn, zoned } from "@booking/db/seed/time";

// What the demo parent, Camille Dubois (parent@demo.test), her neighbour Sophie Peeters and the
// staff of "Les Petits Explorateurs" did before today, relative to `now` like the rest of the
// demo: the swimming classes' registration requests and their answers, and the courts' bookings.
// The flows (request-steps.ts, booking-steps.ts) make each through the product's services at
// its time.

const TZ = "Europe/Brussels";
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
export const PARENT = "parent@demo.test";
export const NEIGHBOUR = "sophie.peeters@example.test";
const SWIMMING = "Cours de natation";
const SWIMS = "Votre enfant sait-il nager ?";

export type RequestStory = {
  participant: string;
  activity: string;
  /** indexes of the activity's availabilities, in the parent's order of preference */
  availabilities: number[];
  /** the answers: question title → choice id */
  answers: Record<string, number>;
  askedAt: Date;
  answer?:
    | { kind: "approved"; at: Date }
    | { kind: "cancelled"; at: Date }
    | { kind: "rejected"; at: Date; message: string };
};

export type Person = { customer: string; participant: string };

/** Staff credit a customer's wallet by hand, saying why. */
export type WalletCreditStory = { customer: string; amount: number; reason: string; at: Date };

export type BookingStory = {
  booker: Person;
  /** the other participants, each of their own customer */
  with: Person[];
  resource: string;
  dates: Array<{ startAt: Date; endAt: Date }>;
  paymentSplit: boolean;
  bookedAt: Date;
  /** the booker pays online at checkout; otherwise by transfer later (DELAYED) */
  paidOnline: boolean;
  /** when the others pay their shares online from their own account */
  sharesPaidAt?: Date;
  /** staff cancel it from the planning, refunding what was paid to the wallets or not */
  cancelled?: { at: Date; refund: boolean };
};

export function demoFrStory(now: Date): {
  requests: RequestStory[];
  bookings: BookingStory[];
  walletCredits: WalletCreditStory[];
} {
  const today = todayIn(TZ, now);
  const at = (date: CalendarDate, time: string) => zoned(date, time, TZ);
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const next = (isoWeekday: number) => nextWeekday(addDays(today, 1), isoWeekday);
  const saturday = next(6);
  const hour = (date: CalendarDate, from: string, to: string) => ({
    startAt: at(date, from),
    endAt: at(date, to),
  });
  const swimming = (
    participant: string,
    availabilities: number[],
    swims: number,
    askedAt: Date,
    answer?: RequestStory["answer"],
  ): RequestStory => ({
    participant,
    activity: SWIMMING,
    availabilities,
    answers: { [SWIMS]: swims },
    askedAt,
    ...(answer ? { answer } : {}),
  });

  return {
    requests: [
      swimming("Hugo", [2], 1, ago(45), { kind: "cancelled", at: ago(44) }),
      swimming("Léa", [2], 3, ago(30), {
        kind: "rejected",
        at: ago(27),
        message:
          "Le groupe du mercredi accueille cette saison des enfants qui nagent déjà seuls. Nous vous recontactons pour le test de niveau de janvier.",
      }),
      swimming("Hugo", [0], 1, ago(12), { kind: "approved", at: ago(9) }),
      swimming("Léa", [2, 0], 2, ago(2, 3)),
      swimming("Hugo", [2], 1, ago(0, 5)),
    ],
    bookings: [
      {
        // Both children on court 2 last week, paid online when booking.
        booker: { customer: PARENT, participant: "Hugo" },
        with: [{ customer: PARENT, participant: "Léa" }],
        resource: "Terrain de tennis 2",
        dates: [hour(addDays(today, -5), "17:00", "18:30")],
        paymentSplit: false,
        bookedAt: ago(9),
        paidOnline: true,
      },
      {
        // Hugo and Noah (another family) share court 1 on two Saturdays, each family its half;
        // Sophie paid hers online the day after.
        booker: { customer: PARENT, participant: "Hugo" },
        with: [{ customer: NEIGHBOUR, participant: "Noah" }],
        resource: "Terrain de tennis 1",
        dates: [hour(saturday, "10:00", "11:00"), hour(addDays(saturday, 7), "10:00", "11:00")],
        paymentSplit: true,
        bookedAt: ago(3),
        paidOnline: false,
        sharesPaidAt: ago(2),
      },
      {
        // Court 1 closed for repairs that evening: staff cancelled it; nothing was paid yet.
        booker: { customer: PARENT, participant: "Léa" },
        with: [],
        resource: "Terrain de tennis 1",
        dates: [hour(next(2), "17:00", "18:00")],
        paymentSplit: false,
        bookedAt: ago(8),
        paidOnline: false,
        cancelled: { at: ago(6), refund: false },
      },
      {
        // Not Camille's: none of her participants takes part.
        booker: { customer: NEIGHBOUR, participant: "Noah" },
        with: [],
        resource: "Salle de danse",
        dates: [hour(next(4), "19:00", "20:00")],
        paymentSplit: false,
        bookedAt: ago(1),
        paidOnline: false,
      },
    ],
    walletCredits: [
      {
        // After her last checkout: a checkout spends the wallet first, so she still has it.
        customer: PARENT,
        amount: 1500,
        reason: "Stage de Carnaval annulé pour maladie : remboursé sur le portefeuille.",
        at: ago(1, 2),
      },
    ],
  };
}
