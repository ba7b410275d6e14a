import {
  DEFAULT_ORGANISER_SETTINGS,
  DEFAULT_ORGANISER_WEBSITE,
  type NavigationLink,
} from "../organiser-config.ts";
import { demoImageUrl } from "./images.ts";
import { consecutiveDays, DAY_SECONDS, weekly, YEAR_SECONDS } from "./schedule.ts";
import {
  addDays,
  birthdateForAge,
  type CalendarDate,
  nextWeekday,
  todayIn,
  zoned,
} from "./time.ts";
import type { DemoOption, DemoOrganiser, DemoQuestion } from "./types.ts";

const TZ = "Europe/Brussels";

const link = (id: string, name: string, href: string, children: NavigationLink[] = []) => ({
  id,
  name,
  href,
  children,
});

/** Belgian school holidays, roughly: the category a camp starting on `date` belongs to. */
function holiday(date: CalendarDate): string {
  const month = Number(date.slice(5, 7));
  if (month === 12 || month === 1) return "noel";
  if (month <= 3) return "carnaval";
  if (month <= 5) return "paques";
  if (month <= 8) return "ete";
  return "toussaint";
}

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
  // Camps run Monday to Friday; week 0 is the first full week after today.
  const monday = (week: number) => addDays(nextWeekday(addDays(today, 1), 1), week * 7);
  const camp = (week: number, days = 5, from = "09:00", to = "16:00") =>
    consecutiveDays(monday(week), days, from, to, TZ);
  const closesBefore = (week: number) => at(addDays(monday(week), -3), "23:59");
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
        payments_references_prefix: "LPE",
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
              link("offres", "Cartes et abonnements", "/offres", [
                link("offres-cartes", "Cartes de séances", "/offres/cartes"),
                link("offres-abonnements", "Abonnements", "/offres/abonnements"),
                link("offres-cheques", "Chèques-cadeaux", "/offres/cheques-cadeaux"),
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
                  link("footer-stages", "Stages", "/stages"),
                  link("footer-cours", "Cours hebdomadaires", "/cours"),
                  link("footer-cheques", "Chèques-cadeaux", "/offres/cheques-cadeaux"),
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
    ],
    categoryGroups: [
      {
        title: "Type d'activité",
        scope: "PRIMARY",
        categories: [
          { key: "stage", title: "Stages" },
          { key: "cours", title: "Cours hebdomadaires" },
        ],
      },
      {
        title: "Thème",
        scope: "PRIMARY",
        categories: [
          { key: "nature", title: "Nature" },
          { key: "sport", title: "Sport" },
          { key: "arts", title: "Arts" },
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
    activities: [
      {
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
          { location: "bois", slots: camp(0), status: "FULL", categories: [holiday(monday(0))] },
          {
            location: "bois",
            slots: camp(3),
            registered: 11,
            registrationsEndAt: closesBefore(3),
            categories: [holiday(monday(3))],
          },
          { location: "bois", slots: camp(8), registered: 4, categories: [holiday(monday(8))] },
          { location: "bois", slots: camp(14), categories: [holiday(monday(14))] },
        ],
      },
      {
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
          {
            // Still OPEN, but its registrations closed yesterday.
            location: "sport",
            slots: camp(1),
            registered: 20,
            registrationsEndAt: new Date(now.getTime() - DAY_SECONDS * 1000),
            categories: [holiday(monday(1))],
          },
          {
            // A four-day week (public holiday on Monday) with a fully booked Wednesday.
            location: "sport",
            slots: consecutiveDays(addDays(monday(2), 1), 4, "09:00", "16:00", TZ),
            price: 11600,
            deposit: 3000,
            registered: 18,
            fullDates: [1],
            categories: [holiday(monday(2))],
          },
          { location: "sport", slots: camp(5), status: "CLOSED", categories: [holiday(monday(5))] },
          { location: "sport", slots: camp(9), registered: 6, categories: [holiday(monday(9))] },
        ],
      },
      {
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
          {
            // Registrations open in a week.
            location: "arts",
            slots: camp(4),
            registrationsStartAt: at(addDays(today, 7), "09:00"),
            categories: [holiday(monday(4))],
          },
          {
            location: "arts",
            slots: camp(10),
            registered: 3,
            registrationsEndAt: closesBefore(10),
            categories: [holiday(monday(10))],
          },
        ],
      },
      {
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
          { location: "arts", slots: camp(6), registered: 9, categories: [holiday(monday(6))] },
          {
            location: "arts",
            slots: camp(12),
            registrationsStartAt: at(addDays(today, 21), "09:00"),
            categories: [holiday(monday(12))],
          },
        ],
      },
      {
        title: "Éveil musical",
        description: description(
          "Comptines, percussions et mouvement : un premier contact avec la musique, chaque mercredi après-midi.",
        ),
        ageMinimum: 3,
        ageMaximum: 5,
        defaultCapacity: 10,
        defaultPrice: 13000,
        defaultDeposit: 0,
        // A term already under way still takes children, for the remaining sessions.
        settings: { allow_registrations_after_start: true, partial_registrations: true },
        images: ["music-class"],
        categories: ["cours", "arts", "age-3-5"],
        questions: [
          { type: "TEXT", title: "Votre enfant a-t-il déjà suivi un cours de musique ?" },
        ],
        availabilities: [
          {
            location: "arts",
            slots: weekly(addDays(nextWeekday(today, 3), -21), 10, "14:00", "15:00", TZ),
            registered: 7,
          },
          {
            location: "arts",
            slots: weekly(addDays(nextWeekday(today, 3), 70), 10, "14:00", "15:00", TZ),
          },
        ],
      },
      {
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
            location: "arts",
            slots: weekly(nextWeekday(addDays(today, 1), 6), 6, "10:00", "12:00", TZ),
            registered: 5,
            fullDates: [0, 1],
          },
        ],
      },
      {
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
            slots: weekly(nextWeekday(addDays(today, 1), 1), 10, "17:00", "17:45", TZ),
            registered: 6,
          },
          {
            location: "piscine",
            slots: weekly(nextWeekday(addDays(today, 1), 4), 10, "17:00", "17:45", TZ),
            status: "FULL",
          },
        ],
      },
      {
        // Not yet published: must not appear on the storefront.
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
        availabilities: [{ location: "bois", slots: camp(7), categories: [holiday(monday(7))] }],
      },
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
    customers: [
      {
        firstname: "Camille",
        lastname: "Dubois",
        email: "parent@demo.test",
        phone: "+32 470 12 34 56",
        canLogIn: true,
        walletAmount: 1500,
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
