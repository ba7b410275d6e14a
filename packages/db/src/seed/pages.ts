import {
  ELEMENT_FAMILIES,
  type ElementKey,
  type ElementNode,
  type ElementSettingsInput,
} from "@booking/contracts";
import { demoImageUrl } from "./images.ts";

// The demo storefront pages of each demo organiser: `fr` for "Les Petits Explorateurs" (demo),
// `en` for "Riverside Sports Club" (demo-en). Every settings object parses with the contracts'
// ELEMENT_SETTINGS (packages/contracts/test/page-elements.test.ts checks it).
//
// Category filters use the "categories" placeholder (one filter per category group), so no page
// needs a category cuid. Catalogs and resources exist only once the seed has written them:
// `demoPages(language, refs)` fills them in from the seeded rows; without refs (DEMO_PAGES) those
// lists are empty, which the sections read as "everything".

export type DemoPage = {
  /** Site path without the language prefix. */
  path: string;
  type: "DEFAULT" | "AVAILABILITY";
  title: string;
  /** The meta description. */
  description: string;
  elements: ElementNode[];
};

export type DemoLanguage = "fr" | "en";

type SeededRef = { id: number; cuid: string };

/** Rows the seed wrote before the pages, by the demo descriptions' keys. */
export type DemoPageRefs = {
  catalogs?: Record<string, SeededRef>;
  resources?: Record<string, SeededRef>;
};

/** Catalogs and resources the pages point at, by demo key (missing keys are left out). */
export const DEMO_PAGE_REF_KEYS = {
  fr: { campsCatalog: "stages-ete", classesCatalog: "cours-annee", courts: ["court-1", "court-2"] },
  en: { campsCatalog: "camps", classesCatalog: "classes", courts: [] as string[] },
} as const satisfies Record<
  DemoLanguage,
  { campsCatalog: string; classesCatalog: string; courts: readonly string[] }
>;

const cuidsOf = (refs: Record<string, SeededRef> | undefined, ...keys: string[]) =>
  keys.flatMap((key) => (refs?.[key] ? [refs[key].cuid] : []));
const idsOf = (refs: Record<string, SeededRef> | undefined, keys: readonly string[]) =>
  keys.flatMap((key) => (refs?.[key] ? [refs[key].id] : []));

// --- Element helpers, typed by the contracts' settings schemas ---------------------------------

type NameIn<E extends string> = ElementKey extends infer K
  ? K extends `${E}:${infer N}`
    ? N
    : never
  : never;
type KeyOf<E extends string, N extends string> = Extract<ElementKey, `${E}:${N}`>;

function node(key: ElementKey, settings: unknown, children?: ElementNode[]): ElementNode {
  const [element, name] = key.split(":") as [ElementNode["element"], string];
  return {
    element,
    family: ELEMENT_FAMILIES[key],
    type: null,
    name,
    settings,
    ...(children ? { children } : {}),
  } as ElementNode;
}

const section = <N extends NameIn<"section">>(
  name: N,
  settings: ElementSettingsInput<KeyOf<"section", N>>,
  children?: ElementNode[],
) => node(`section:${name}` as ElementKey, settings, children);

const container = <N extends NameIn<"container">>(
  name: N,
  settings: ElementSettingsInput<KeyOf<"container", N>>,
  children: ElementNode[],
) => node(`container:${name}` as ElementKey, settings, children);

const block = <N extends NameIn<"block">>(
  name: N,
  settings: ElementSettingsInput<KeyOf<"block", N>>,
) => node(`block:${name}` as ElementKey, settings);

/** A section holding one plain container of blocks. */
const blocks = (
  settings: ElementSettingsInput<"section:basic">,
  children: ElementNode[],
): ElementNode => section("basic", settings, [container("basic", {}, children)]);

const HERO_IMAGE = demoImageUrl("nature-camp");

// --- Les Petits Explorateurs (fr) --------------------------------------------------------------

function pagesFr(refs: DemoPageRefs): DemoPage[] {
  const keys = DEMO_PAGE_REF_KEYS.fr;
  const catalogueTabs = blocks({ padding: "none" }, [
    block("tabs", {
      items: [
        { label: "Toutes les activités", href: "/catalogue" },
        { label: "Horaires de la semaine", href: "/horaires" },
      ],
    }),
  ]);

  return [
    {
      path: "/",
      type: "DEFAULT",
      title: "Accueil",
      description:
        "Stages de vacances et cours hebdomadaires pour les enfants de 3 à 14 ans à Bruxelles : nature, sport, arts et sciences.",
      elements: [
        section("split-hero", {
          label: "Stages et cours pour enfants",
          title: "Des vacances pleines d'aventures, près de chez vous",
          description:
            "Les Petits Explorateurs accueillent les enfants de 3 à 14 ans pour des stages nature, sport, arts et sciences pendant les congés scolaires, et pour des cours toute l'année à Bruxelles.",
          image: HERO_IMAGE,
          image_alt: "Des enfants construisent une cabane dans les bois",
          layout: "container",
          origin: "right",
          button_label: "Découvrir les stages",
          button_href: "/catalogue",
        }),
        blocks({ padding: "small" }, [
          block("alert", {
            variant: "blue",
            title: "Membres du club",
            text: "Les familles membres du club (abonnement annuel) peuvent inscrire leurs enfants aux stages d'été une semaine avant l'ouverture générale des inscriptions.",
          }),
        ]),
        section("basic", { padding: "small" }, [
          container("flex", { justify: "between", align: "end" }, [
            block("heading", { level: 2, text: "Les stages de l'été" }),
            block("button", {
              variant: "secondary",
              label: "Tout le catalogue",
              href: "/catalogue",
            }),
          ]),
        ]),
        section("availabilities-cards-grid", {
          columns: 3,
          "filters-layout": "stacked",
          filters: [],
          page_size: 6,
          status: ["OPEN", "FULL"],
          catalog: cuidsOf(refs.catalogs, keys.campsCatalog),
          image_aspect_ratio: "3 / 2",
          properties: ["images", "dates", "price", "capacity", "ages", "location"],
        }),
        section("basic", { background: "#F5F1E8", padding: "large" }, [
          container("basic", {}, [
            block("heading", {
              level: 2,
              text: "Pourquoi choisir Les Petits Explorateurs ?",
              alignment: "center",
            }),
          ]),
          container("grid", { columns: 3 }, [
            block("feature-highlight", {
              icon: "leaf",
              title: "Dehors, par tous les temps",
              text: "Cabanes, jeux de piste et potager : nos stages nature se vivent au grand air, au domaine du Bois-Joli.",
            }),
            block("feature-highlight", {
              icon: "users",
              title: "Des groupes à taille humaine",
              text: "Douze enfants au plus par animateur, répartis par âge pour que chacun trouve sa place.",
            }),
            block("feature-highlight", {
              icon: "shield",
              title: "Une équipe formée",
              text: "Des animateurs brevetés, formés aux premiers secours, que les enfants retrouvent d'un congé à l'autre.",
            }),
          ]),
        ]),
        blocks({}, [
          block("heading", { level: 2, text: "Questions fréquentes" }),
          block("faq", {
            items: [
              {
                question: "À partir de quel âge mon enfant peut-il participer ?",
                answer:
                  "Nos stages accueillent les enfants de 3 à 14 ans. Chaque stage indique sa tranche d'âge ; les plus petits ont des ateliers adaptés et des temps de repos.",
              },
              {
                question: "Quels sont les horaires d'un stage ?",
                answer:
                  "Les activités ont lieu de 9 h à 16 h, du lundi au vendredi. Une garderie est proposée en option de 7 h 30 à 9 h et de 16 h à 18 h.",
              },
              {
                question: "Que faut-il prévoir ?",
                answer:
                  "Des vêtements qui peuvent se salir, une gourde et un pique-nique, sauf si vous avez choisi l'option repas chauds. La liste détaillée vous est envoyée une semaine avant le stage.",
              },
              {
                question: "Puis-je annuler une inscription ?",
                answer:
                  "Jusqu'à quatorze jours avant le début du stage, nous remboursons l'inscription, acompte excepté. Ensuite, l'assurance annulation proposée en option rembourse le stage sur présentation d'un certificat médical.",
              },
              {
                question: "Recevrai-je une attestation pour la mutuelle ou les impôts ?",
                answer:
                  "Oui. L'attestation fiscale pour les frais de garde des enfants de moins de 14 ans est envoyée au début de l'année suivante ; l'attestation de mutuelle est disponible sur simple demande.",
              },
            ],
          }),
          block("paragraph", {
            text: "Une autre question ? Notre équipe vous répond du lundi au vendredi, de 9 h à 17 h.",
          }),
          block("button", {
            variant: "plain",
            label: "Nous écrire",
            href: "mailto:bonjour@petits-explorateurs.test",
          }),
        ]),
      ],
    },
    {
      path: "/catalogue",
      type: "DEFAULT",
      title: "Catalogue",
      description:
        "Tous les stages et cours des Petits Explorateurs : cherchez par date, lieu, thème ou âge.",
      elements: [
        section("header", {
          title: "Catalogue",
          subtitle:
            "Stages de vacances et cours de l'année : filtrez par date, lieu, thème ou âge pour trouver l'activité qui convient à votre enfant.",
          breadcrumb: true,
        }),
        catalogueTabs,
        section("availabilities-cards", {
          filters: ["search", "date", "date-calendar", "location", "categories"],
          page_size: 20,
          status: ["OPEN", "FULL"],
          properties: ["images", "dates", "time", "price", "capacity", "ages", "location"],
        }),
      ],
    },
    {
      path: "/horaires",
      type: "DEFAULT",
      title: "Horaires des cours",
      description:
        "L'horaire hebdomadaire des cours : éveil musical, natation, tennis, danse, yoga et bien d'autres, de septembre à juin.",
      elements: [
        section("header", {
          title: "Horaires des cours",
          subtitle:
            "Les cours ont lieu chaque semaine pendant l'année scolaire, hors congés. Choisissez une ou plusieurs séances pour inscrire votre enfant.",
        }),
        catalogueTabs,
        blocks({ padding: "small" }, [
          block("paragraph", {
            text: "Cliquez sur une séance pour voir les places restantes et l'âge requis. Vous pouvez en sélectionner plusieurs avant de les ajouter au panier.",
          }),
        ]),
        section("availabilities-weekly-calendar", {
          mode: "calendar",
          start_hour: 8,
          end_hour: 21,
          "show-empty-groups": ["desktop"],
          "multiple-selection": true,
          status: ["OPEN", "FULL"],
          catalog: cuidsOf(refs.catalogs, keys.classesCatalog),
          filters: ["location", "categories"],
        }),
      ],
    },
    {
      path: "/abonnements",
      type: "DEFAULT",
      title: "Carnets et abonnements",
      description: "Abonnements, carnets de séances et bons cadeaux des Petits Explorateurs.",
      elements: [
        section("header", {
          title: "Carnets, abonnements et bons cadeaux",
          subtitle:
            "Économisez sur les activités de toute la famille, ou faites plaisir avec un bon cadeau.",
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Abonnements" }),
          block("paragraph", {
            text: "La cotisation annuelle couvre l'assurance de toute la famille pour l'année scolaire ; l'abonnement natation donne accès chaque mois aux séances de nage libre encadrée.",
          }),
        ]),
        section("memberships-cards-grid", {
          columns: 2,
          properties: ["images", "price", "period", "description"],
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Carnets de séances" }),
          block("paragraph", {
            text: "Payez une fois, venez quand vous voulez : les séances sont décomptées à chaque inscription.",
          }),
        ]),
        section("bundles-grid", {
          columns: 2,
          properties: ["images", "price", "capacity", "expires_at"],
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Bons cadeaux" }),
          block("paragraph", {
            text: "Valables un an sur tous nos stages et cours, envoyés par e-mail dès le paiement.",
          }),
        ]),
        section("vouchers-cards-grid", {
          columns: 3,
          properties: ["images", "price", "duration"],
        }),
        blocks({}, [
          block("rich-text", {
            html: [
              "<h3>Quelle formule choisir ?</h3>",
              "<table><tbody>",
              "<tr><th>Formule</th><th>Idéale pour</th></tr>",
              "<tr><td>Carte 10 séances</td><td>Un cours suivi de temps en temps, sans engagement.</td></tr>",
              "<tr><td>Pack 3 stages</td><td>Les familles qui inscrivent plusieurs enfants aux vacances.</td></tr>",
              "</tbody></table>",
            ].join(""),
          }),
        ]),
      ],
    },
    {
      path: "/terrains",
      type: "DEFAULT",
      title: "Réserver un terrain",
      description:
        "Réservez un terrain de tennis au complexe sportif, pour une heure ou une heure et demie.",
      elements: [
        section("header", {
          title: "Réserver un terrain",
          subtitle:
            "Nos terrains de tennis du complexe sportif se louent à l'heure en dehors des cours et des stages.",
        }),
        blocks({ padding: "small" }, [
          block("alert", {
            variant: "green",
            title: "Bon à savoir",
            text: "Les terrains se réservent de 9 h à 20 h, pour une heure ou une heure et demie. Raquettes et balles sont prêtées gratuitement à l'accueil.",
          }),
        ]),
        section("resources-daily-schedule", {
          resources: idsOf(refs.resources, keys.courts),
          start_hour: 9,
          end_hour: 20,
        }),
      ],
    },
  ];
}

// --- Riverside Sports Club (en) ----------------------------------------------------------------

function pagesEn(refs: DemoPageRefs): DemoPage[] {
  const keys = DEMO_PAGE_REF_KEYS.en;
  const catalogueTabs = blocks({ padding: "none" }, [
    block("tabs", {
      items: [
        { label: "All activities", href: "/catalogue" },
        { label: "Weekly timetable", href: "/timetable" },
      ],
    }),
  ]);

  return [
    {
      path: "/",
      type: "DEFAULT",
      title: "Home",
      description:
        "Holiday camps and weekly classes in football, tennis, swimming and multi-sport for children aged 4 to 14 in south-east London.",
      elements: [
        section("split-hero", {
          label: "Holiday camps and weekly classes",
          title: "Sport for every child, all year round",
          description:
            "Football, tennis, swimming and multi-sport for ages 4 to 14, coached by qualified staff at Riverside Leisure Centre and Thames Park.",
          image: HERO_IMAGE,
          image_alt: "Children building a den in the woods",
          layout: "full-width",
          origin: "left",
          button_label: "Browse camps",
          button_href: "/catalogue",
        }),
        blocks({ padding: "small" }, [
          block("alert", {
            title: "Half-term camps",
            text: "Half-term camps fill quickly: club members can book a week before general sale opens.",
          }),
        ]),
        section("basic", { padding: "small" }, [
          container("flex", { justify: "between", align: "end" }, [
            block("heading", { level: 2, text: "Upcoming camps" }),
            block("button", {
              variant: "secondary",
              label: "See the full catalogue",
              href: "/catalogue",
            }),
          ]),
        ]),
        section("availabilities-quick-list", {
          filters: ["search", "date", "date-calendar", "location"],
          catalog: cuidsOf(refs.catalogs, keys.campsCatalog),
          page_size: 10,
        }),
        section("basic", { background: "#EFF6FF", padding: "large" }, [
          container("basic", {}, [
            block("heading", {
              level: 2,
              text: "Why families choose Riverside",
              alignment: "center",
            }),
          ]),
          container("flex", { gap: "2rem", justify: "center", align: "start" }, [
            block("feature-highlight", {
              icon: "trophy",
              title: "Qualified coaches",
              text: "Every session is led by FA- or LTA-qualified coaches with enhanced DBS checks and first-aid training.",
            }),
            block("feature-highlight", {
              icon: "clock",
              title: "Days that fit around work",
              text: "On camp weeks, drop off from 8:00 and pick up until 17:30 with the extended-day option.",
            }),
            block("feature-highlight", {
              icon: "heart",
              title: "Every ability welcome",
              text: "Groups are split by age and level, so first-timers and club players both get the most out of each day.",
            }),
          ]),
        ]),
        blocks({}, [
          block("heading", { level: 2, text: "Frequently asked questions" }),
          block("faq", {
            items: [
              {
                question: "What should my child bring?",
                answer:
                  "Sports clothes, trainers (and boots and shin pads for football), a packed lunch, snacks and a named water bottle.",
              },
              {
                question: "How do I book for more than one child?",
                answer:
                  "Add each child as a participant in your account, then choose them when you add a camp or class to your basket. You can book several children in one checkout.",
              },
              {
                question: "What happens if it rains?",
                answer:
                  "Outdoor sessions move into the sports hall at Riverside Leisure Centre. We only stop play for thunderstorms, and we will text you if plans change.",
              },
              {
                question: "Can I cancel a booking?",
                answer:
                  "Cancel up to 14 days before the first day and we refund everything except the deposit. After that, we can move your booking to another camp if places are left.",
              },
            ],
          }),
          block("button", {
            variant: "plain",
            label: "Call us on 020 7946 0321",
            href: "tel:+442079460321",
          }),
        ]),
      ],
    },
    {
      path: "/catalogue",
      type: "DEFAULT",
      title: "Catalogue",
      description:
        "Every camp and class at Riverside Sports Club: search by date, venue, sport or age group.",
      elements: [
        section("header", {
          title: "Catalogue",
          subtitle:
            "Holiday camps and weekly classes: filter by date, venue, sport or programme to find the right session.",
          breadcrumb: true,
        }),
        catalogueTabs,
        section("availabilities-cards", {
          filters: ["search", "date", "date-calendar", "location", "categories"],
          page_size: 20,
          status: ["OPEN", "FULL"],
          properties: ["images", "dates", "time", "price", "capacity", "ages", "location"],
        }),
      ],
    },
    {
      path: "/timetable",
      type: "DEFAULT",
      title: "Weekly timetable",
      description:
        "The weekly class timetable: tennis, swimming and after-school football during term time.",
      elements: [
        section("header", {
          title: "Weekly timetable",
          subtitle:
            "Classes run every week during term time. Pick one or more sessions to book a place.",
        }),
        catalogueTabs,
        section("availabilities-weekly-calendar", {
          mode: "stacked",
          start_hour: 7,
          end_hour: 20,
          "multiple-selection": true,
          status: ["OPEN", "FULL"],
          catalog: cuidsOf(refs.catalogs, keys.classesCatalog),
          filters: ["location", "categories"],
        }),
      ],
    },
    {
      path: "/memberships",
      type: "DEFAULT",
      title: "Memberships and passes",
      description: "Club memberships, session passes and gift vouchers at Riverside Sports Club.",
      elements: [
        section("header", {
          title: "Memberships, passes and gift vouchers",
          subtitle: "Save on the sessions you love, or treat someone to a voucher.",
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Memberships" }),
          block("paragraph", {
            text: "Members get priority booking on every camp and a discount on weekly classes.",
          }),
        ]),
        section("memberships-cards-grid", {
          columns: 2,
          properties: ["images", "price", "period", "description"],
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Session passes" }),
          block("paragraph", {
            text: "Pay once and use your sessions whenever suits you: one session is taken off each time you book.",
          }),
        ]),
        section("bundles-grid", {
          columns: 2,
          properties: ["images", "price", "capacity", "duration"],
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Gift vouchers" }),
          block("paragraph", {
            text: "Valid on every camp and class, sent by e-mail as soon as you pay.",
          }),
        ]),
        section("vouchers-cards-grid", { columns: 3, properties: ["images", "price"] }),
      ],
    },
  ];
}

/** The demo pages of a language, pointing at the seeded catalogs and resources when given. */
export function demoPages(language: DemoLanguage, refs: DemoPageRefs = {}): DemoPage[] {
  return language === "fr" ? pagesFr(refs) : pagesEn(refs);
}

/** The demo pages without seeded references (catalog and resource lists empty). */
export const DEMO_PAGES: Record<DemoLanguage, DemoPage[]> = {
  fr: demoPages("fr"),
  en: demoPages("en"),
};
