import {
  DEFAULT_ORGANISER_SETTINGS,
  DEFAULT_ORGANISER_WEBSITE,
  type NavigationLink,
} from "../organiser-config.ts";
import { calendarPeriodsOf, defaultSegments, hours, resourceSlots } from "./catalogue.ts";
import {
  BELGIAN_SCHOOL_HOLIDAYS_2026_2027,
  type BelgianHolidayKey,
  belgianPublicHolidays,
  currentSchoolYear,
  holidayWeek,
} from "./holidays.ts";
import { demoImageUrl } from "./images.ts";
import {
  consecutiveDays,
  DAY_SECONDS,
  dailyStartTimes,
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
  weekday,
  zoned,
} from "./time.ts";
import type { DemoAvailability, DemoOption, DemoOrganiser, DemoQuestion } from "./types.ts";

const TZ = "Europe/Brussels";

const link = (id: string, name: string, href: string, children: NavigationLink[] = []) => ({
  id,
  name,
  href,
  children,
});

const dayCare: DemoOption = {
  title: "Garderie",
  description: "Accueil de 7 h 30 à 9 h et de 16 h à 18 h, tous les jours du stage.",
  prices: [{ label: "Garderie matin et soir", amount: 2500 }],
};

const meals: DemoOption = {
  title: "Repas chauds",
  description: "Préparés sur place avec des produits locaux ; sinon, prévoir un pique-nique.",
  prices: [
    { label: "Menu classique", amount: 3500 },
    { label: "Menu végétarien", amount: 3500 },
  ],
};

const cancellationInsurance: DemoOption = {
  title: "Assurance annulation",
  description: "Remboursement intégral en cas de maladie sur présentation d'un certificat.",
  prices: [{ label: "5 % du prix du stage", percentage: 5 }],
};

const diet: DemoOption = {
  title: "Régime alimentaire particulier",
  description: "Précisez le régime (sans gluten, sans porc, ...).",
  answerRequired: true,
  prices: [{ label: "Sans supplément", amount: 0 }],
};

const swims: DemoQuestion = {
  type: "CHOICES_SINGLE",
  title: "Votre enfant sait-il nager ?",
  required: true,
  choices: [
    { id: 1, label: "Oui" },
    { id: 2, label: "Un peu" },
    { id: 3, label: "Non" },
  ],
};

const pickUp: DemoQuestion = {
  type: "TEXT",
  title: "Personnes autorisées à venir chercher l'enfant",
  description: "Nom et numéro de téléphone.",
  required: true,
};

const tetanus: DemoQuestion = {
  type: "DATE",
  title: "Date du dernier rappel antitétanique",
};

const description = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

/** "Les Petits Explorateurs", a French-speaking organiser of camps and classes in Brussels. */
export function demoFr(now: Date): DemoOrganiser {
  const today = todayIn(TZ, now);
  const at = (date: CalendarDate, time: string) => zoned(date, time, TZ);
  const yesterday = new Date(now.getTime() - DAY_SECONDS * 1000);
  /** The first `isoWeekday` after today. */
  const next = (isoWeekday: number) => nextWeekday(addDays(today, 1), isoWeekday);

  const holidays = currentSchoolYear(BELGIAN_SCHOOL_HOLIDAYS_2026_2027, today);
  const period = (key: BelgianHolidayKey) => holidays.find((holiday) => holiday.key === key)!;
  const year = Number(today.slice(0, 4));
  const publicHolidays = new Set(
    [year - 1, year, year + 1, year + 2, year + 3].flatMap(belgianPublicHolidays),
  );
  /** The days of a camp in week `week` of a holiday period, 09:00 to 16:00. */
  const camp = (key: BelgianHolidayKey, week: number) =>
    daySlots(holidayWeek(period(key), week, publicHolidays), "09:00", "16:00", TZ);
  const holidayCamp = (
    key: BelgianHolidayKey,
    week: number,
    values: Omit<DemoAvailability, "slots">,
  ): DemoAvailability => ({
    ...values,
    slots: camp(key, week),
    categories: [key, ...(values.categories ?? [])],
  });
  /** Registrations close on the Friday before the camp's week, at midnight. */
  const closesBefore = (key: BelgianHolidayKey, week: number) => {
    const [first] = holidayWeek(period(key), week, publicHolidays);
    return at(addDays(first!, -(weekday(first!) - 1) - 3), "23:59");
  };
  // Weekly classes run until the summer holidays (or for three months, seeded in summer).
  const classesEnd = laterOf(addDays(period("ete").startDate, -1), addDays(today, 90));

  // Hourly slots from 09:00; the last ones end at 20:00.
  const courtHours = dailyStartTimes("09:00", "20:00");
  const tennisPrices = [
    { duration: hours(1), amount: 1200 },
    { duration: hours(1.5), amount: 1700 },
  ];
  const roomPrices = [{ duration: hours(1), amount: 1200 }];
  // The resources' slots of last week (the demo's past bookings were made on them) and of the next
  // two weeks.
  const openingSlots = (prices: { duration: number; amount: number }[]) => [
    ...resourceSlots(addDays(today, -7), 7, courtHours, "20:00", prices, TZ),
    ...resourceSlots(addDays(today, 1), 14, courtHours, "20:00", prices, TZ),
  ];
  const schoolYearStart =
    Number(today.slice(5, 7)) >= 9 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;

  return {
    organiser: {
      slug: "demo",
      name: "Les Petits Explorateurs",
      legalName: "Les Petits Explorateurs ASBL",
      logoUrl: demoImageUrl("logo-petits-explorateurs"),
      language: "fr",
      currency: "EUR",
      timezone: TZ,
      contactEmail: "bonjour@petits-explorateurs.test",
      contactPhone: "+32 2 123 45 67",
      vatNumber: "BE0123456749",
      iban: "BE68539007547034",
      bic: "GKCCBEBB",
      street: "Rue de la Forêt",
      number: "12",
      postcode: "1000",
      city: "Bruxelles",
      country: "BE",
      settings: {
        ...DEFAULT_ORGANISER_SETTINGS,
        // The built-in test payment provider makes online payment demonstrable.
        online_payments_activated: true,
        payments_references_prefix: "42",
      },
      website: {
        ...DEFAULT_ORGANISER_WEBSITE,
        layout: {
          topbar: {
            email: "bonjour@petits-explorateurs.test",
            phone: "+32 2 123 45 67",
            announcement: {
              text: "Les inscriptions aux stages de l'été sont ouvertes !",
              href: "/stages/ete",
            },
            text_color: "#FFFFFF",
            background_color: "#1F2937",
          },
          header: {
            logo_position: "left",
            links_position: "right",
            sticky: true,
            links: [
              link("stages", "Stages", "/stages", [
                link("stages-periodes", "Par période", "/stages", [
                  link("stages-ete", "Été", "/stages/ete"),
                  link("stages-toussaint", "Toussaint", "/stages/toussaint"),
                  link("stages-carnaval", "Carnaval", "/stages/carnaval"),
                ]),
                link("stages-themes", "Par thème", "/stages", [
                  link("stages-nature", "Nature", "/stages/nature"),
                  link("stages-sport", "Sport", "/stages/sport"),
                  link("stages-arts", "Arts et sciences", "/stages/arts-sciences"),
                ]),
              ]),
              link("cours", "Cours hebdomadaires", "/cours"),
              link("offres", "Carnets et abonnements", "/offres", [
                link("offres-cartes", "Carnets de séances", "/offres/cartes"),
                link("offres-abonnements", "Abonnements", "/offres/abonnements"),
                link("offres-cheques", "Bons cadeaux", "/offres/cheques-cadeaux"),
              ]),
              link("blog", "Blog", "/blog"),
              link("contact", "Contact", "/contact"),
            ],
          },
          footer: {
            brand: "Les Petits Explorateurs",
            quote: "Des vacances pour grandir dehors, ensemble.",
            columns: [
              {
                id: "footer-activites",
                title: "Activités",
                links: [
                  link("footer-catalogue", "Tout le catalogue", "/catalogue"),
                  link("footer-stages", "Stages", "/stages"),
                  link("footer-cours", "Cours hebdomadaires", "/cours"),
                  link("footer-cheques", "Bons cadeaux", "/offres/cheques-cadeaux"),
                  link("footer-terrains", "Location de terrains", "/terrains"),
                ],
              },
              {
                id: "footer-infos",
                title: "Informations",
                links: [
                  link("footer-a-propos", "Qui sommes-nous ?", "/a-propos"),
                  link("footer-faq", "Questions fréquentes", "/faq"),
                  link("footer-contact", "Contact", "/contact"),
                ],
              },
            ],
            legal_links: [
              link("legal-cgv", "Conditions générales", "/terms"),
              link("legal-vie-privee", "Vie privée", "/vie-privee"),
            ],
            call_to_action: { text: "Inscrivez vos enfants", href: "/stages" },
          },
        },
      },
    },
    ownerRoleName: "Propriétaire",
    customFields: [
      { key: "address", entity: "CUSTOMERS", type: "TEXT", title: "Adresse postale" },
      {
        key: "source",
        entity: "CUSTOMERS",
        type: "CHOICES_SINGLE",
        title: "Comment nous avez-vous connus ?",
        choices: [
          { id: 1, label: "Bouche-à-oreille" },
          { id: 2, label: "Réseaux sociaux" },
          { id: 3, label: "Moteur de recherche" },
          { id: 4, label: "École" },
        ],
      },
      {
        key: "national-number",
        entity: "CUSTOMERS",
        type: "TEXT",
        title: "Numéro de registre national",
        description: "Pour l'attestation fiscale des frais de garde (format 85.07.30-033.61).",
        pattern: "^\\d{2}\\.\\d{2}\\.\\d{2}-\\d{3}\\.\\d{2}$",
      },
      {
        key: "medical",
        entity: "PARTICIPANTS",
        type: "LONGTEXT",
        title: "Allergies et remarques médicales",
      },
      { key: "mutual", entity: "PARTICIPANTS", type: "TEXT", title: "Mutualité" },
      {
        key: "photos",
        entity: "PARTICIPANTS",
        type: "CHOICES_SINGLE",
        title: "Autorisation de photos",
        description: "Photos prises pendant les activités et publiées sur notre site.",
        choices: [
          { id: 1, label: "Oui" },
          { id: 2, label: "Non" },
        ],
      },
      {
        key: "interests",
        entity: "PARTICIPANTS",
        type: "CHOICES_MULTIPLE",
        title: "Centres d'intérêt",
        choices: [
          { id: 1, label: "Nature" },
          { id: 2, label: "Sport" },
          { id: 3, label: "Musique" },
          { id: 4, label: "Arts" },
          { id: 5, label: "Sciences" },
        ],
      },
      {
        key: "tshirt",
        entity: "PARTICIPANTS",
        type: "CHOICES_SINGLE",
        title: "Taille de t-shirt",
        active: false,
        choices: [
          { id: 1, label: "4-6 ans" },
          { id: 2, label: "7-9 ans" },
          { id: 3, label: "10-12 ans" },
        ],
      },
    ],
    locations: [
      {
        key: "bois",
        title: "Domaine du Bois-Joli",
        name: "Ferme pédagogique du Bois-Joli",
        street: "Chaussée de Waterloo",
        number: "1200",
        postcode: "1180",
        city: "Uccle",
        country: "BE",
      },
      {
        key: "sport",
        title: "Centre sportif de la Woluwe",
        street: "Avenue Mounier",
        number: "87",
        postcode: "1200",
        city: "Woluwe-Saint-Lambert",
        country: "BE",
      },
      {
        key: "arts",
        title: "Atelier des Arts",
        street: "Rue du Page",
        number: "23",
        postcode: "1050",
        city: "Ixelles",
        country: "BE",
      },
      {
        key: "piscine",
        title: "Piscine Poséidon",
        street: "Avenue des Vaillants",
        number: "2",
        postcode: "1200",
        city: "Woluwe-Saint-Lambert",
        country: "BE",
      },
      {
        key: "complexe",
        title: "Complexe sportif du Chant d'Oiseau",
        street: "Avenue du Chant d'Oiseau",
        number: "40",
        postcode: "1150",
        city: "Woluwe-Saint-Pierre",
        country: "BE",
      },
      {
        key: "ecole",
        title: "École des Tilleuls",
        name: "École communale des Tilleuls",
        street: "Rue des Tilleuls",
        number: "8",
        postcode: "1040",
        city: "Etterbeek",
        country: "BE",
      },
      {
        key: "parc",
        title: "Parc de Woluwe",
        name: "Chalet du parc de Woluwe",
        street: "Avenue de Tervueren",
        number: "300",
        postcode: "1150",
        city: "Woluwe-Saint-Pierre",
        country: "BE",
      },
    ],
    categoryGroups: [
      {
        title: "Type d'activité",
        scope: "PRIMARY",
        categories: [
          { key: "stage", title: "Stages" },
          { key: "cours", title: "Cours hebdomadaires" },
          { key: "evenement", title: "Sorties et événements" },
        ],
      },
      {
        title: "Thème",
        scope: "PRIMARY",
        categories: [
          { key: "nature", title: "Nature" },
          { key: "sport", title: "Sport" },
          { key: "arts", title: "Arts" },
          { key: "musique", title: "Musique et danse" },
          { key: "sciences", title: "Sciences" },
        ],
      },
      {
        title: "Vacances",
        scope: "SECONDARY",
        categories: [
          { key: "toussaint", title: "Toussaint" },
          { key: "noel", title: "Noël" },
          { key: "carnaval", title: "Carnaval" },
          { key: "paques", title: "Printemps" },
          { key: "ete", title: "Été" },
        ],
      },
      {
        title: "Âge",
        scope: "SECONDARY",
        categories: [
          { key: "age-3-5", title: "3 à 5 ans" },
          { key: "age-6-9", title: "6 à 9 ans" },
          { key: "age-10-14", title: "10 à 14 ans" },
        ],
      },
    ],
    calendarPeriods: calendarPeriodsOf(holidays),
    resources: [
      {
        key: "court-1",
        name: "Terrain de tennis 1",
        description: "Terrain couvert en résine, éclairé. Raquettes en prêt à l'accueil.",
        location: "complexe",
        images: ["tennis-class"],
        slots: openingSlots(tennisPrices),
      },
      {
        key: "court-2",
        name: "Terrain de tennis 2",
        description: "Terrain extérieur en terre battue.",
        location: "complexe",
        images: ["tennis-class"],
        slots: openingSlots(tennisPrices),
      },
      {
        key: "salle-danse",
        name: "Salle de danse",
        description: "60 m² de parquet, miroirs et sonorisation.",
        location: "complexe",
        images: ["theatre-camp"],
        slots: openingSlots(roomPrices),
      },
    ],
    activities: [
      // Holiday camps: in the Belgian school holidays, Monday to Friday without public holidays.
      {
        key: "nature",
        title: "Stage Nature & Cabanes",
        description: description(
          "Une semaine au grand air au Domaine du Bois-Joli : construction de cabanes, traces d'animaux, cuisine au feu de bois et grands jeux en forêt.",
          "Encadrement par des animateurs brevetés, un pour huit enfants.",
        ),
        instructions: description(
          "Prévoir des bottes, un vêtement de pluie et des vêtements qui peuvent se salir.",
        ),
        ageMinimum: 5,
        ageMaximum: 8,
        defaultCapacity: 16,
        defaultPrice: 16500,
        defaultDeposit: 5000,
        images: ["nature-camp"],
        categories: ["stage", "nature", "age-6-9"],
        options: [dayCare, meals, cancellationInsurance, diet],
        questions: [swims, pickUp, tetanus],
        availabilities: [
          holidayCamp("toussaint", 0, { location: "bois", registered: 14 }),
          holidayCamp("carnaval", 0, { location: "bois", status: "FULL" }),
          holidayCamp("paques", 0, {
            location: "bois",
            registered: 4,
            registrationsEndAt: closesBefore("paques", 0),
          }),
          holidayCamp("ete", 0, { location: "bois", registered: 11 }),
          holidayCamp("ete", 2, { location: "bois", registered: 3 }),
          holidayCamp("ete", 5, { location: "bois" }),
        ],
      },
      {
        key: "multisports",
        title: "Stage Multisports",
        description: description(
          "Football, hockey, badminton, escalade et jeux coopératifs : chaque jour un nouveau sport, pour bouger et découvrir ses préférences.",
        ),
        instructions: description("Tenue de sport, chaussures d'intérieur et gourde."),
        ageMinimum: 6,
        ageMaximum: 12,
        defaultCapacity: 24,
        defaultPrice: 14500,
        defaultDeposit: 4000,
        images: ["multisport-camp"],
        categories: ["stage", "sport", "age-6-9", "age-10-14"],
        options: [dayCare, meals, cancellationInsurance],
        questions: [swims, pickUp],
        availabilities: [
          holidayCamp("toussaint", 1, { location: "sport", registered: 21 }),
          // Still OPEN, but its registrations closed yesterday (a four-day Christmas week).
          holidayCamp("noel", 0, {
            location: "sport",
            price: 11600,
            deposit: 3000,
            registered: 20,
            registrationsEndAt: yesterday,
          }),
          holidayCamp("carnaval", 1, { location: "sport", status: "CLOSED" }),
          // Four days (Ascension) with a fully booked second day.
          holidayCamp("paques", 1, {
            location: "sport",
            price: 11600,
            deposit: 3000,
            registered: 18,
            fullDates: [1],
          }),
          // Three July weeks: the activity's registration constraint allows two per child.
          holidayCamp("ete", 0, { location: "sport", registered: 9 }),
          holidayCamp("ete", 1, { location: "sport", registered: 6 }),
          // The week of 21 July, national holiday: four days.
          holidayCamp("ete", 2, { location: "sport", price: 11600, deposit: 3000 }),
          holidayCamp("ete", 6, { location: "sport" }),
        ],
      },
      {
        key: "theatre",
        title: "Stage Théâtre & Impro",
        description: description(
          "Jeux d'expression, improvisation et création d'un petit spectacle présenté aux parents le vendredi à 15 h.",
        ),
        ageMinimum: 8,
        ageMaximum: 14,
        defaultCapacity: 14,
        defaultPrice: 15500,
        defaultDeposit: 5000,
        images: ["theatre-camp"],
        categories: ["stage", "arts", "age-6-9", "age-10-14"],
        options: [dayCare, cancellationInsurance],
        questions: [pickUp],
        availabilities: [
          // Registrations open in a week.
          holidayCamp("carnaval", 0, {
            location: "arts",
            registrationsStartAt: at(addDays(today, 7), "09:00"),
          }),
          holidayCamp("ete", 1, {
            location: "arts",
            registered: 3,
            registrationsEndAt: closesBefore("ete", 1),
          }),
        ],
      },
      {
        key: "robotique",
        title: "Stage Robotique & Code",
        description: description(
          "Construire et programmer son propre robot, de la première ligne de code au parcours d'obstacles. Matériel fourni.",
        ),
        ageMinimum: 9,
        ageMaximum: 14,
        defaultCapacity: 12,
        defaultPrice: 18500,
        defaultDeposit: 6000,
        images: ["robotics-camp"],
        categories: ["stage", "sciences", "age-10-14"],
        options: [dayCare, meals, cancellationInsurance],
        questions: [pickUp],
        availabilities: [
          holidayCamp("noel", 1, { location: "ecole", price: 14800, registered: 9 }),
          holidayCamp("paques", 0, { location: "ecole", status: "FULL" }),
          holidayCamp("ete", 4, {
            location: "ecole",
            registrationsStartAt: at(addDays(today, 21), "09:00"),
          }),
        ],
      },
      {
        key: "ferme",
        title: "Grand stage d'été à la ferme",
        description: description(
          "Deux semaines à la ferme pédagogique : soins aux animaux, potager, fromage et pain maison, et une nuit sous tente le dernier jeudi.",
        ),
        ageMinimum: 6,
        ageMaximum: 10,
        defaultCapacity: 20,
        defaultPrice: 29500,
        defaultDeposit: 9000,
        images: ["nature-camp"],
        categories: ["stage", "nature", "age-6-9"],
        options: [dayCare, meals],
        questions: [swims, pickUp],
        availabilities: [
          // Nine dates over two weeks (21 July is a public holiday).
          {
            location: "bois",
            slots: [...camp("ete", 2), ...camp("ete", 3)],
            registered: 8,
            categories: ["ete"],
          },
        ],
      },
      {
        key: "danse-stage",
        title: "Stage Danse & Hip-hop",
        description: description(
          "Une semaine de danse urbaine en salle : échauffements, chorégraphies en groupe et battle amicale le vendredi.",
        ),
        ageMinimum: 8,
        ageMaximum: 14,
        defaultCapacity: 18,
        defaultPrice: 13500,
        defaultDeposit: 4000,
        images: ["theatre-camp"],
        categories: ["stage", "musique", "age-6-9", "age-10-14"],
        options: [dayCare],
        availabilities: [
          holidayCamp("paques", 1, {
            location: "complexe",
            resource: "salle-danse",
            price: 10800,
            registered: 5,
          }),
          holidayCamp("ete", 0, { location: "complexe", resource: "salle-danse" }),
        ],
      },
      {
        key: "tennis-stage",
        title: "Stage de tennis",
        description: description(
          "Tennis le matin, jeux sportifs l'après-midi : progression par petits groupes de niveau, quatre enfants par terrain.",
        ),
        ageMinimum: 6,
        ageMaximum: 14,
        defaultCapacity: 8,
        defaultPrice: 17500,
        defaultDeposit: 5000,
        images: ["tennis-class"],
        categories: ["stage", "sport"],
        options: [dayCare, meals],
        availabilities: [
          holidayCamp("carnaval", 1, {
            location: "complexe",
            resource: "court-1",
            registered: 6,
            categories: ["age-6-9", "age-10-14"],
          }),
          holidayCamp("ete", 0, {
            location: "complexe",
            resource: "court-1",
            ageMinimum: 6,
            ageMaximum: 9,
            categories: ["age-6-9"],
          }),
          holidayCamp("ete", 4, {
            location: "complexe",
            resource: "court-2",
            ageMinimum: 10,
            ageMaximum: 14,
            categories: ["age-10-14"],
          }),
        ],
      },
      {
        // Not yet published: must not appear on the storefront.
        key: "chefs",
        title: "Stage Petits Chefs",
        description: description("Cuisine de saison et pâtisserie, en préparation."),
        ageMinimum: 7,
        ageMaximum: 12,
        defaultCapacity: 10,
        defaultPrice: 17000,
        defaultDeposit: 5000,
        published: false,
        images: ["cooking-camp"],
        categories: ["stage", "age-6-9", "age-10-14"],
        availabilities: [holidayCamp("paques", 1, { location: "bois" })],
      },

      // Weekly classes: every week until the summer holidays, at the same local time whatever
      // the daylight-saving time.
      {
        key: "eveil",
        title: "Éveil musical",
        description: description(
          "Comptines, percussions et mouvement : un premier contact avec la musique, chaque semaine.",
        ),
        ageMinimum: 3,
        ageMaximum: 5,
        defaultCapacity: 10,
        defaultPrice: 13000,
        defaultDeposit: 0,
        // A term already under way still takes children, for the remaining sessions.
        settings: { allow_registrations_after_start: true, partial_registrations: true },
        images: ["music-class"],
        categories: ["cours", "musique", "age-3-5"],
        questions: [
          { type: "TEXT", title: "Votre enfant a-t-il déjà suivi un cours de musique ?" },
        ],
        availabilities: [
          {
            // Started ten weeks ago, on Wednesdays.
            location: "arts",
            slots: weeklyUntil(addDays(next(3), -70), classesEnd, "14:00", "15:00", TZ),
            registered: 7,
          },
          {
            location: "arts",
            slots: weeklyUntil(next(6), classesEnd, "10:00", "11:00", TZ),
            registered: 2,
          },
        ],
      },
      {
        key: "poterie",
        title: "Atelier poterie parents-enfants",
        description: description(
          "Six samedis matin pour modeler, tourner et émailler à quatre mains. Les pièces sont cuites et rendues à la dernière séance.",
        ),
        ageMinimum: 4,
        ageMaximum: 10,
        defaultCapacity: 8,
        defaultPrice: 9000,
        defaultDeposit: 3000,
        images: ["pottery-class"],
        categories: ["cours", "arts", "age-3-5", "age-6-9"],
        options: [
          {
            title: "Tablier de l'atelier",
            prices: [{ label: "Tablier brodé au prénom de l'enfant", amount: 1200 }],
          },
        ],
        availabilities: [
          {
            // The autumn session, over for a week or two.
            location: "arts",
            slots: weekly(addDays(next(6), -7 * 7), 6, "10:00", "12:00", TZ),
            registered: 8,
          },
          {
            location: "arts",
            slots: weekly(next(6), 6, "10:00", "12:00", TZ),
            registered: 5,
            fullDates: [0, 1],
          },
        ],
      },
      {
        key: "natation",
        title: "Cours de natation",
        description: description(
          "Apprentissage de la nage en petits groupes de niveau. Les inscriptions se font sur demande : nous composons les groupes après un test.",
        ),
        ageMinimum: 5,
        ageMaximum: 12,
        defaultCapacity: 8,
        defaultPrice: 12000,
        defaultDeposit: 0,
        registrationFlow: "REQUEST",
        images: ["swimming-class"],
        categories: ["cours", "sport", "age-6-9", "age-10-14"],
        questions: [swims],
        availabilities: [
          {
            location: "piscine",
            slots: weeklyUntil(next(1), classesEnd, "17:00", "17:45", TZ),
            registered: 6,
          },
          {
            location: "piscine",
            slots: weeklyUntil(next(4), classesEnd, "17:00", "17:45", TZ),
            status: "FULL",
          },
          {
            // A third weekly group, so that "2 séances par semaine" has a choice.
            location: "piscine",
            slots: weeklyUntil(next(3), classesEnd, "14:00", "14:45", TZ),
            registered: 2,
          },
        ],
      },
      {
        key: "tennis",
        title: "Cours de tennis",
        description: description(
          "Une heure par semaine sur nos terrains du Chant d'Oiseau, par groupes d'âge et de niveau.",
        ),
        ageMinimum: 6,
        ageMaximum: 14,
        defaultCapacity: 6,
        defaultPrice: 21000,
        defaultDeposit: 5000,
        images: ["tennis-class"],
        categories: ["cours", "sport"],
        availabilities: [
          {
            location: "complexe",
            resource: "court-1",
            slots: weeklyUntil(next(3), classesEnd, "16:00", "17:00", TZ),
            ageMinimum: 6,
            ageMaximum: 9,
            registered: 4,
            categories: ["age-6-9"],
          },
          {
            location: "complexe",
            resource: "court-2",
            slots: weeklyUntil(next(3), classesEnd, "17:00", "18:00", TZ),
            ageMinimum: 10,
            ageMaximum: 14,
            status: "FULL",
            categories: ["age-10-14"],
          },
        ],
      },
      {
        key: "hiphop",
        title: "Cours de hip-hop",
        description: description(
          "Chorégraphies sur les musiques du moment, le mardi après l'école, dans la salle de danse du Chant d'Oiseau.",
        ),
        ageMinimum: 8,
        ageMaximum: 14,
        defaultCapacity: 15,
        defaultPrice: 19500,
        defaultDeposit: 5000,
        images: ["theatre-camp"],
        categories: ["cours", "musique", "age-6-9", "age-10-14"],
        availabilities: [
          {
            location: "complexe",
            resource: "salle-danse",
            slots: weeklyUntil(next(2), classesEnd, "17:30", "18:30", TZ),
            registered: 9,
          },
        ],
      },
      {
        key: "danse-classique",
        title: "Initiation à la danse classique",
        description: description("Premiers pas de danse classique, en musique et en douceur."),
        ageMinimum: 4,
        ageMaximum: 7,
        defaultCapacity: 12,
        defaultPrice: 17000,
        defaultDeposit: 0,
        images: ["music-class"],
        categories: ["cours", "musique", "age-3-5", "age-6-9"],
        availabilities: [
          {
            location: "complexe",
            resource: "salle-danse",
            slots: weeklyUntil(next(6), classesEnd, "09:30", "10:30", TZ),
            registered: 10,
          },
        ],
      },
      {
        key: "club-nature",
        title: "Club nature du mercredi",
        description: description(
          "Chaque mercredi après-midi au parc : observation des oiseaux, herbiers, cabanes et jeux de piste.",
        ),
        ageMinimum: 6,
        ageMaximum: 12,
        defaultCapacity: 16,
        defaultPrice: 18000,
        defaultDeposit: 6000,
        // Already started six weeks ago; this activity takes no registration after the start.
        images: ["nature-camp"],
        categories: ["cours", "nature", "age-6-9", "age-10-14"],
        availabilities: [
          {
            location: "parc",
            slots: weekly(addDays(next(3), -42), 20, "13:30", "16:30", TZ),
            registered: 10,
          },
        ],
      },
      {
        key: "yoga",
        title: "Yoga en famille",
        description: description(
          "Une heure de yoga parents-enfants le dimanche matin. Places illimitées : le gymnase est grand.",
        ),
        ageMinimum: 3,
        ageMaximum: 10,
        defaultCapacity: null,
        defaultPrice: 9000,
        defaultDeposit: 0,
        images: ["multisport-camp"],
        categories: ["cours", "sport", "age-3-5", "age-6-9"],
        availabilities: [
          {
            location: "ecole",
            slots: weekly(next(7), 16, "10:00", "11:00", TZ),
            registered: 23,
          },
        ],
      },
      {
        key: "dessin",
        title: "Atelier dessin & peinture",
        description: description(
          "Crayon, aquarelle et acrylique : un atelier pour apprendre à regarder et à dessiner.",
        ),
        ageMinimum: 6,
        ageMaximum: 12,
        defaultCapacity: 10,
        defaultPrice: 15000,
        defaultDeposit: 5000,
        images: ["pottery-class"],
        categories: ["cours", "arts", "age-6-9", "age-10-14"],
        availabilities: [
          // Closed by the organiser (no teacher this term).
          {
            location: "arts",
            slots: weekly(next(1), 12, "16:30", "18:00", TZ),
            status: "CLOSED",
          },
          {
            location: "ecole",
            slots: weeklyUntil(next(4), classesEnd, "16:00", "17:30", TZ),
            registered: 4,
          },
        ],
      },
      {
        key: "football",
        title: "École de football",
        description: description(
          "Entraînements et petits matchs, par catégories d'âge, au Centre sportif de la Woluwe.",
        ),
        ageMinimum: 6,
        ageMaximum: 12,
        defaultCapacity: 20,
        defaultPrice: 22000,
        defaultDeposit: 6000,
        images: ["football-camp"],
        categories: ["cours", "sport"],
        availabilities: [
          {
            location: "sport",
            slots: weeklyUntil(next(3), classesEnd, "14:00", "15:30", TZ),
            ageMinimum: 6,
            ageMaximum: 9,
            registered: 12,
            categories: ["age-6-9"],
          },
          {
            location: "sport",
            slots: weeklyUntil(next(6), classesEnd, "10:00", "11:30", TZ),
            ageMinimum: 10,
            ageMaximum: 12,
            registered: 15,
            categories: ["age-10-14"],
          },
        ],
      },

      // One-off outings, open to all (no capacity).
      {
        key: "balade",
        title: "Balade nature en famille",
        description: description(
          "Deux heures de balade guidée au parc de Woluwe, à la découverte des arbres et des oiseaux.",
        ),
        ageMinimum: 3,
        ageMaximum: 14,
        defaultCapacity: null,
        defaultPrice: 500,
        defaultDeposit: 0,
        images: ["nature-camp"],
        categories: ["evenement", "nature", "age-3-5", "age-6-9", "age-10-14"],
        availabilities: [14, 35, 63].map((days) => ({
          location: "parc",
          slots: consecutiveDays(nextWeekday(addDays(today, days), 7), 1, "14:00", "16:30", TZ),
          registered: 12,
        })),
      },
    ],
    catalogs: [
      {
        key: "stages",
        name: "Stages de vacances",
        description: "Nos stages des congés scolaires, à la semaine.",
        activities: [
          "nature",
          "multisports",
          "theatre",
          "robotique",
          "ferme",
          "danse-stage",
          "tennis-stage",
        ],
      },
      {
        key: "cours-annee",
        name: "Cours de l'année",
        description: "Les cours hebdomadaires, de septembre à juin.",
        activities: [
          "eveil",
          "poterie",
          "natation",
          "tennis",
          "hiphop",
          "danse-classique",
          "club-nature",
          "yoga",
          "dessin",
          "football",
        ],
      },
      {
        key: "sport",
        name: "Sport et mouvement",
        activities: ["multisports", "tennis-stage", "natation", "tennis", "football", "yoga"],
      },
    ],
    segments: [
      ...defaultSegments("fr"),
      {
        key: "ete-plein-air",
        entity: "AVAILABILITIES",
        name: "Stages d'été en plein air",
        conditions: { categories: ["ete"], locations: ["bois", "parc"] },
      },
      // The storefront's camps pages: the camps catalog, narrowed to a holiday or a theme.
      ...(
        [
          ["stages-ete", "Stages d'été", ["ete"]],
          ["stages-toussaint", "Stages de la Toussaint", ["toussaint"]],
          ["stages-carnaval", "Stages de Carnaval", ["carnaval"]],
          ["theme-nature", "Thème : nature", ["nature"]],
          ["theme-sport", "Thème : sport", ["sport"]],
          ["theme-arts-sciences", "Thème : arts et sciences", ["arts", "sciences"]],
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
        key: "music-card",
        title: "Carte 10 séances d'éveil musical",
        description: description("Dix séances à utiliser librement pendant un an."),
        price: 12000,
        capacity: 10,
        duration: YEAR_SECONDS,
        entity: "PARTICIPANTS",
        images: ["bundle-card"],
        activities: ["eveil"],
      },
      {
        key: "camp-pack",
        title: "Pack 3 stages",
        description: description(
          "Trois semaines de stage pour la famille, à répartir entre vos enfants.",
        ),
        price: 42000,
        capacity: 3,
        expiresAt: at(`${Number(today.slice(0, 4)) + 1}-12-31`, "23:59"),
        entity: "CUSTOMERS",
        images: ["camp-pack"],
        activities: [
          "nature",
          "multisports",
          "theatre",
          "robotique",
          "ferme",
          "danse-stage",
          "tennis-stage",
        ],
      },
    ],
    memberships: [
      {
        title: "Cotisation annuelle",
        description: description(
          "La cotisation couvre l'assurance de toute la famille pour l'année scolaire.",
        ),
        price: 2500,
        entity: "CUSTOMERS",
        periodType: "FIXED",
        fixedPeriodStartAt: at(`${schoolYearStart}-09-01`, "00:00"),
        fixedPeriodEndAt: at(`${schoolYearStart + 1}-08-31`, "23:59"),
        images: ["membership-card"],
      },
      {
        title: "Abonnement mensuel natation",
        description: description(
          "Accès aux séances de nage libre encadrée, reconduit chaque mois.",
        ),
        price: 3500,
        entity: "PARTICIPANTS",
        periodType: "ROLLING",
        rollingPeriodType: "months",
        rollingPeriodDuration: 1,
        images: ["swimming-class"],
      },
    ],
    vouchers: [
      {
        title: "Chèque-cadeau 50 €",
        description: description("À offrir, valable un an sur tous nos stages et cours."),
        price: 5000,
        amount: 5000,
        duration: YEAR_SECONDS,
        images: ["gift-voucher"],
      },
      {
        title: "Chèque-cadeau 100 €",
        description: description("À offrir, valable un an sur tous nos stages et cours."),
        price: 10000,
        amount: 10000,
        duration: YEAR_SECONDS,
        images: ["gift-voucher"],
      },
      {
        title: "Carte cadeau 10 séances d'éveil musical",
        description: description("Offre une carte de dix séances d'éveil musical."),
        price: 12000,
        amount: 0,
        bundle: "music-card",
        duration: 180 * DAY_SECONDS,
        images: ["bundle-card"],
      },
    ],
    coupons: [
      {
        title: "Bienvenue",
        label: "-10 % sur votre première inscription",
        code: "BIENVENUE10",
        percentage: 10,
        minTotalAmount: 5000,
      },
      {
        title: "Fidélité (terminé)",
        label: "15 € de réduction",
        code: "FIDELE15",
        amount: 1500,
        active: false,
      },
    ],
    volumeDiscounts: [
      // 10 % off each registration from 3 registrations in the cart.
      { minRegistrations: 3, percentage: 10 },
      // A tier switched off: it does nothing.
      { minRegistrations: 5, percentage: 15, active: false },
    ],
    customers: [
      {
        firstname: "Camille",
        lastname: "Dubois",
        email: "parent@demo.test",
        phone: "+32 470 12 34 56",
        canLogIn: true,
        newsletter: true,
        // Her wallet (15 €) is credited by staff in the demo flows (apps/server/src/demo).
        customData: {
          address: "Rue des Bouleaux 14, 1170 Watermael-Boitsfort",
          source: "Bouche-à-oreille",
        },
        participants: [
          {
            firstname: "Léa",
            lastname: "Dubois",
            birthdate: birthdateForAge(today, 7, 4),
            customData: {
              medical: "Allergie aux arachides.",
              photos: "Oui",
              interests: "Nature, Arts",
            },
          },
          {
            firstname: "Hugo",
            lastname: "Dubois",
            birthdate: birthdateForAge(today, 10, 1),
            customData: { photos: "Non", interests: "Sport, Sciences" },
          },
        ],
      },
      {
        // A business customer: its billing details and invoice are made by the demo flows
        // (apps/server/src/demo/invoice-steps.ts).
        firstname: "Marc",
        lastname: "Janssens",
        email: "company@demo.test",
        phone: "+32 2 555 12 34",
        canLogIn: true,
        participants: [],
      },
      {
        firstname: "Sophie",
        lastname: "Peeters",
        email: "sophie.peeters@example.test",
        phone: "+32 478 98 76 54",
        canLogIn: true,
        customData: { source: "École" },
        participants: [
          { firstname: "Noah", lastname: "Peeters", birthdate: birthdateForAge(today, 4, 8) },
        ],
      },
      {
        // Created by staff at the desk: no password until a reset.
        firstname: "Julien",
        lastname: "Lambert",
        email: "julien.lambert@example.test",
        phone: "+32 485 11 22 33",
        canLogIn: false,
        participants: [
          { firstname: "Emma", lastname: "Lambert", birthdate: birthdateForAge(today, 9, 6) },
          { firstname: "Louis", lastname: "Lambert", birthdate: birthdateForAge(today, 12, 2) },
        ],
      },
    ],
  };
}
