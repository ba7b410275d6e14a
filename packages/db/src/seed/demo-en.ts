import {
  DEFAULT_ORGANISER_SETTINGS,
  DEFAULT_ORGANISER_WEBSITE,
  type NavigationLink,
} from "../organiser-config.ts";
import { demoImageUrl } from "./images.ts";
import { consecutiveDays, weekly, YEAR_SECONDS } from "./schedule.ts";
import {
  addDays,
  birthdateForAge,
  type CalendarDate,
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
  const monday = (week: number) => addDays(nextWeekday(addDays(today, 1), 1), week * 7);
  const year = Number(today.slice(0, 4));

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
      settings: { ...DEFAULT_ORGANISER_SETTINGS, payments_references_prefix: "RSC" },
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
    ],
    categoryGroups: [
      {
        title: "Programme",
        scope: "PRIMARY",
        categories: [
          { key: "camp", title: "Holiday camps" },
          { key: "class", title: "Weekly classes" },
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
        ],
      },
    ],
    activities: [
      {
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
            slots: consecutiveDays(monday(1), 5, "09:00", "15:30", TZ),
            registered: 22,
          },
          {
            location: "park",
            slots: consecutiveDays(monday(4), 5, "09:00", "15:30", TZ),
            status: "FULL",
          },
          {
            location: "park",
            slots: consecutiveDays(monday(9), 5, "09:00", "15:30", TZ),
            registrationsStartAt: at(addDays(today, 14), "08:00"),
          },
        ],
      },
      {
        title: "Multi-Sport Half-Term Camp",
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
            location: "centre",
            slots: consecutiveDays(addDays(monday(2), 2), 3, "09:30", "15:00", TZ),
            registered: 10,
          },
          {
            location: "centre",
            slots: consecutiveDays(addDays(monday(6), 2), 3, "09:30", "15:00", TZ),
            status: "CLOSED",
          },
        ],
      },
      {
        title: "Tennis Academy",
        description: description(
          "An eight-week term of coaching on Tuesday afternoons, grouped by level.",
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
            location: "centre",
            slots: weekly(addDays(nextWeekday(today, 2), -14), 8, "16:30", "17:30", TZ),
            registered: 5,
          },
        ],
      },
      {
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
            slots: weekly(nextWeekday(addDays(today, 1), 6), 8, "09:00", "09:45", TZ),
            registered: 4,
            fullDates: [2],
          },
        ],
      },
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
    customers: [
      {
        // Not parent@demo.test: registering that address here shows that accounts are per organiser.
        firstname: "Sam",
        lastname: "Taylor",
        email: "parent@demo-en.test",
        phone: "+44 7700 900123",
        canLogIn: true,
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
