import {
  DEFAULT_ORGANISER_SETTINGS,
  DEFAULT_ORGANISER_WEBSITE,
  type NavigationLink,
} from "../organiser-config.ts";
import { calendarPeriodsOf, defaultSegments } from "./catalogue.ts";
import {
  currentSchoolYear,
  ENGLISH_SCHOOL_HOLIDAYS_2026_2027,
  type EnglishHolidayKey,
  englishBankHolidays,
  holidayWeek,
} from "./holidays.ts";
import { demoImageUrl } from "./images.ts";
import {
  consecutiveDays,
  DAY_SECONDS,
  daySlots,
  weekly,
  weeklyUntil,
  YEAR_SECONDS,
} from "./schedule.ts";
import {
  addDays,
  birthdateForAge,
  type CalendarDate,
  laterOf,
  nextWeekday,
  todayIn,
  zoned,
} from "./time.ts";
import type { DemoOrganiser } from "./types.ts";

const TZ = "Europe/London";

const link = (id: string, name: string, href: string, children: NavigationLink[] = []) => ({
  id,
  name,
  href,
  children,
});

const description = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

/** "Riverside Sports Club", an English-speaking club in London: GBP, bank transfers only. */
export function demoEn(now: Date): DemoOrganiser {
  const today = todayIn(TZ, now);
  const at = (date: CalendarDate, time: string) => zoned(date, time, TZ);
  const yesterday = new Date(now.getTime() - DAY_SECONDS * 1000);
  /** The first `isoWeekday` after today. */
  const next = (isoWeekday: number) => nextWeekday(addDays(today, 1), isoWeekday);
  const year = Number(today.slice(0, 4));

  const holidays = currentSchoolYear(ENGLISH_SCHOOL_HOLIDAYS_2026_2027, today);
  const period = (key: EnglishHolidayKey) => holidays.find((holiday) => holiday.key === key)!;
  const bankHolidays = new Set(
    [year - 1, year, year + 1, year + 2, year + 3].flatMap(englishBankHolidays),
  );
  /** A camp in week `week` of a holiday period: `days` days from its `skip`-th working day. */
  const camp = (key: EnglishHolidayKey, week: number, days = 5, skip = 0) =>
    daySlots(
      holidayWeek(period(key), week, bankHolidays).slice(skip, skip + days),
      "09:00",
      "15:30",
      TZ,
    );
  // Weekly classes: the spring term ends with the Easter holidays, the year with the summer ones
  // (or three months ahead, when seeded later in the year).
  const springTermEnd = laterOf(addDays(period("easter").startDate, -1), addDays(today, 60));
  const classesEnd = laterOf(addDays(period("summer").startDate, -1), addDays(today, 150));

  return {
    organiser: {
      slug: "demo-en",
      name: "Riverside Sports Club",
      legalName: "Riverside Sports Club Ltd",
      logoUrl: demoImageUrl("logo-riverside"),
      language: "en",
      currency: "GBP",
      timezone: TZ,
      contactEmail: "hello@riverside-sports.test",
      contactPhone: "+44 20 7946 0321",
      vatNumber: "GB123456789",
      iban: "GB33BUKB20201555555555",
      bic: "BUKBGB22",
      street: "Riverside Walk",
      number: "12",
      postcode: "SE1 9PP",
      city: "London",
      country: "GB",
      settings: { ...DEFAULT_ORGANISER_SETTINGS, payments_references_prefix: "77" },
      website: {
        ...DEFAULT_ORGANISER_WEBSITE,
        accent_color: "#1d4ed8",
        layout: {
          topbar: {
            email: "hello@riverside-sports.test",
            phone: "+44 20 7946 0321",
            announcement: { text: "Half-term camps now booking", href: "/camps" },
            text_color: "#FFFFFF",
            background_color: "#0F172A",
          },
          header: {
            logo_position: "center",
            links_position: "center",
            sticky: true,
            links: [
              link("camps", "Holiday camps", "/camps", [
                link("camps-summer", "Summer camps", "/camps/summer"),
                link("camps-football", "Football", "/camps/football"),
                link("camps-multisport", "Multi-sport", "/camps/multi-sport"),
              ]),
              link("classes", "Weekly classes", "/classes"),
              link("memberships", "Memberships", "/memberships"),
              link("contact", "Contact", "/contact"),
            ],
          },
          footer: {
            brand: "Riverside Sports Club",
            quote: "Play, learn, belong.",
            columns: [
              {
                id: "footer-club",
                title: "The club",
                links: [
                  link("footer-about", "About us", "/about"),
                  link("footer-coaches", "Our coaches", "/coaches"),
                  link("footer-contact", "Contact", "/contact"),
                ],
              },
              {
                id: "footer-help",
                title: "Help",
                links: [link("footer-faq", "FAQ", "/faq"), link("footer-news", "News", "/blog")],
              },
            ],
            legal_links: [
              link("legal-terms", "Terms and conditions", "/terms"),
              link("legal-privacy", "Privacy", "/privacy"),
            ],
            call_to_action: { text: "Book a camp", href: "/camps" },
          },
        },
      },
    },
    ownerRoleName: "Owner",
    customFields: [
      {
        key: "emergency",
        entity: "CUSTOMERS",
        type: "TEXT",
        title: "Emergency contact",
        description: "Name and phone number of someone we can call if we cannot reach you.",
      },
      { key: "medical", entity: "PARTICIPANTS", type: "LONGTEXT", title: "Medical notes" },
      { key: "school", entity: "PARTICIPANTS", type: "TEXT", title: "School" },
    ],
    locations: [
      {
        key: "centre",
        title: "Riverside Leisure Centre",
        street: "Riverside Walk",
        number: "12",
        postcode: "SE1 9PP",
        city: "London",
        country: "GB",
      },
      {
        key: "park",
        title: "Thames Park Pitches",
        name: "Thames Park",
        street: "Park Lane",
        number: "3",
        postcode: "SE16 2XU",
        city: "London",
        country: "GB",
      },
      {
        key: "school",
        title: "St Mary's School Hall",
        street: "Church Street",
        number: "21",
        postcode: "SE10 9BL",
        city: "London",
        country: "GB",
      },
    ],
    categoryGroups: [
      {
        title: "Programme",
        scope: "PRIMARY",
        categories: [
          { key: "camp", title: "Holiday camps" },
          { key: "class", title: "Weekly classes" },
          { key: "event", title: "Events" },
        ],
      },
      {
        title: "Sport",
        scope: "SECONDARY",
        categories: [
          { key: "football", title: "Football" },
          { key: "tennis", title: "Tennis" },
          { key: "swimming", title: "Swimming" },
          { key: "multisport", title: "Multi-sport" },
          { key: "running", title: "Running" },
        ],
      },
      {
        title: "Holidays",
        scope: "SECONDARY",
        categories: [
          { key: "half-term", title: "Half-terms" },
          { key: "christmas", title: "Christmas" },
          { key: "easter", title: "Easter" },
          { key: "summer", title: "Summer" },
        ],
      },
    ],
    calendarPeriods: calendarPeriodsOf(holidays),
    resources: [],
    activities: [
      {
        key: "football-camp",
        title: "Football Holiday Camp",
        description: description(
          "Five days of coaching, small-sided games and a Friday tournament, run by FA-qualified coaches.",
        ),
        instructions: description("Bring shin pads, boots, a packed lunch and a water bottle."),
        ageMinimum: 6,
        ageMaximum: 12,
        defaultCapacity: 30,
        defaultPrice: 15000,
        defaultDeposit: 5000,
        images: ["football-camp"],
        categories: ["camp", "football"],
        options: [
          {
            title: "Extended day",
            description: "Drop-off from 8:00 and pick-up until 17:30.",
            prices: [{ label: "Extended day, all week", amount: 3000 }],
          },
          {
            title: "Club kit",
            prices: [
              { label: "Shirt only", amount: 1500 },
              { label: "Shirt, shorts and socks", amount: 2800 },
            ],
          },
        ],
        questions: [
          {
            type: "CHOICES_SINGLE",
            title: "Playing level",
            required: true,
            choices: [
              { id: 1, label: "Beginner" },
              { id: 2, label: "Plays in a team" },
            ],
          },
        ],
        availabilities: [
          {
            location: "park",
            slots: camp("autumn-half-term", 0),
            registered: 27,
            categories: ["half-term"],
          },
          {
            location: "park",
            slots: camp("february-half-term", 0),
            status: "FULL",
            categories: ["half-term"],
          },
          // Easter Monday is a bank holiday: the second week is the full one.
          { location: "park", slots: camp("easter", 1), registered: 22, categories: ["easter"] },
          {
            location: "park",
            slots: camp("may-half-term", 0),
            registrationsStartAt: at(addDays(today, 14), "08:00"),
            categories: ["half-term"],
          },
          { location: "park", slots: camp("summer", 0), registered: 9, categories: ["summer"] },
          { location: "park", slots: camp("summer", 2), categories: ["summer"] },
        ],
      },
      {
        key: "multisport-camp",
        title: "Multi-Sport Camp",
        description: description(
          "Three days of dodgeball, cricket, hockey and athletics for children who like to try everything.",
        ),
        ageMinimum: 5,
        ageMaximum: 11,
        defaultCapacity: 24,
        defaultPrice: 9000,
        defaultDeposit: 3000,
        images: ["multisport-camp"],
        categories: ["camp", "multisport"],
        availabilities: [
          {
            // Registrations closed yesterday.
            location: "centre",
            slots: camp("christmas", 0, 3),
            registered: 15,
            registrationsEndAt: yesterday,
            categories: ["christmas"],
          },
          {
            location: "centre",
            slots: camp("february-half-term", 0, 3, 2),
            registered: 10,
            categories: ["half-term"],
          },
          {
            location: "centre",
            slots: camp("may-half-term", 0, 3, 1),
            status: "CLOSED",
            categories: ["half-term"],
          },
          // Two weeks in the summer: ten dates.
          {
            location: "school",
            slots: [...camp("summer", 1), ...camp("summer", 2)],
            price: 27000,
            deposit: 9000,
            categories: ["summer"],
          },
        ],
      },
      {
        key: "tennis",
        title: "Tennis Academy",
        description: description(
          "Coaching on Tuesday afternoons, grouped by level, every week of term.",
        ),
        ageMinimum: 7,
        ageMaximum: 14,
        defaultCapacity: 8,
        defaultPrice: 9600,
        defaultDeposit: 0,
        settings: { allow_registrations_after_start: true, partial_registrations: true },
        images: ["tennis-class"],
        categories: ["class", "tennis"],
        availabilities: [
          {
            // Started two weeks ago; still takes registrations for the remaining sessions.
            location: "centre",
            slots: weeklyUntil(addDays(next(2), -14), springTermEnd, "16:30", "17:30", TZ),
            registered: 5,
          },
          {
            location: "centre",
            slots: weeklyUntil(
              nextWeekday(addDays(period("easter").endDate, 1), 2),
              classesEnd,
              "16:30",
              "17:30",
              TZ,
            ),
          },
        ],
      },
      {
        key: "swim",
        title: "Junior Swim School",
        description: description(
          "Saturday morning lessons from first splashes to stroke technique.",
        ),
        ageMinimum: 4,
        ageMaximum: 10,
        defaultCapacity: 6,
        defaultPrice: 7200,
        defaultDeposit: 0,
        images: ["swimming-class"],
        categories: ["class", "swimming"],
        availabilities: [
          {
            location: "centre",
            slots: weeklyUntil(next(6), classesEnd, "09:00", "09:45", TZ),
            ageMinimum: 4,
            ageMaximum: 6,
            registered: 4,
            fullDates: [2],
          },
          {
            location: "centre",
            slots: weeklyUntil(next(6), classesEnd, "10:00", "10:45", TZ),
            ageMinimum: 7,
            ageMaximum: 10,
            status: "FULL",
          },
        ],
      },
      {
        key: "after-school-football",
        title: "After-School Football",
        description: description(
          "Thursday training at Thames Park. The squad is set at the start of term: no registration once it has begun.",
        ),
        ageMinimum: 8,
        ageMaximum: 12,
        defaultCapacity: 16,
        defaultPrice: 8000,
        defaultDeposit: 0,
        images: ["football-camp"],
        categories: ["class", "football"],
        availabilities: [
          {
            // Started four weeks ago, without registrations after the start.
            location: "park",
            slots: weekly(addDays(next(4), -28), 14, "15:45", "17:00", TZ),
            registered: 11,
          },
        ],
      },
      {
        key: "fun-run",
        title: "Family Fun Run",
        description: description("A 3 km run along the river for the whole family. Free entry."),
        ageMinimum: 4,
        ageMaximum: 14,
        defaultCapacity: null,
        defaultPrice: 0,
        defaultDeposit: 0,
        images: ["multisport-camp"],
        categories: ["event", "running"],
        availabilities: [21, 56].map((days) => ({
          location: "park",
          slots: consecutiveDays(nextWeekday(addDays(today, days), 7), 1, "10:00", "11:30", TZ),
          registered: 35,
        })),
      },
    ],
    catalogs: [
      {
        key: "camps",
        name: "Holiday camps",
        description: "Camps in the half-terms and the school holidays.",
        activities: ["football-camp", "multisport-camp"],
      },
      {
        key: "classes",
        name: "Term-time classes",
        activities: ["tennis", "swim", "after-school-football"],
      },
    ],
    segments: [
      ...defaultSegments("en"),
      {
        key: "football-thames-park",
        entity: "AVAILABILITIES",
        name: "Football at Thames Park",
        conditions: {
          activities: ["football-camp", "after-school-football"],
          locations: ["park"],
        },
      },
      // The storefront's camps pages: the camps catalog, narrowed to a holiday or a sport.
      ...(
        [
          ["camps-summer", "Summer camps", ["summer"]],
          ["camps-football", "Football camps", ["football"]],
          ["camps-multisport", "Multi-sport camps", ["multisport"]],
        ] as const
      ).map(([key, name, categories]) => ({
        key,
        entity: "AVAILABILITIES" as const,
        name,
        conditions: { categories: [...categories] },
      })),
    ],
    bundles: [
      {
        key: "swim-pass",
        title: "10-Session Swim Pass",
        description: description("Ten swim lessons to use within a year."),
        price: 9000,
        capacity: 10,
        duration: YEAR_SECONDS,
        entity: "PARTICIPANTS",
        images: ["bundle-card"],
        activities: ["swim"],
      },
    ],
    memberships: [
      {
        title: "Annual Club Membership",
        description: description("Insurance and member prices for the calendar year."),
        price: 4000,
        entity: "PARTICIPANTS",
        periodType: "FIXED",
        fixedPeriodStartAt: at(`${year}-01-01`, "00:00"),
        fixedPeriodEndAt: at(`${year}-12-31`, "23:59"),
        images: ["membership-card"],
      },
      {
        title: "Monthly Family Membership",
        description: description("The whole family, renewed every month."),
        price: 2500,
        entity: "CUSTOMERS",
        periodType: "ROLLING",
        rollingPeriodType: "months",
        rollingPeriodDuration: 1,
        images: ["membership-card"],
      },
    ],
    vouchers: [
      {
        title: "£25 Gift Voucher",
        description: description("Valid for a year on any camp or class."),
        price: 2500,
        amount: 2500,
        duration: YEAR_SECONDS,
        images: ["gift-voucher"],
      },
    ],
    coupons: [
      {
        title: "Summer promotion",
        label: "£15 off bookings over £100",
        code: "SUMMER15",
        amount: 1500,
        minTotalAmount: 10000,
      },
    ],
    volumeDiscounts: [{ minRegistrations: 3, percentage: 10 }],
    customers: [
      {
        // Not parent@demo.test: registering that address here shows that accounts are per organiser.
        firstname: "Sam",
        lastname: "Taylor",
        email: "parent@demo-en.test",
        phone: "+44 7700 900123",
        canLogIn: true,
        newsletter: true,
        customData: { emergency: "Jo Taylor, +44 7700 900456" },
        participants: [
          {
            firstname: "Olivia",
            lastname: "Taylor",
            birthdate: birthdateForAge(today, 9, 3),
            customData: { school: "St Mary's Primary" },
          },
        ],
      },
    ],
  };
}
