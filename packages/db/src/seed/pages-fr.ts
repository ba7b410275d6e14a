import type { ElementNode } from "@booking/contracts";
import { demoImageUrl } from "./images.ts";
import { FAQ_FR, infoPagesFr } from "./pages-fr-info.ts";
import {
  block,
  blocks,
  container,
  cuidsOf,
  DEMO_PAGE_REF_KEYS,
  type DemoPage,
  type DemoPageRefs,
  idsOf,
  section,
} from "./pages-kit.ts";

// The storefront of "Les Petits Explorateurs" (demo): every page its menus, footer and
// announcement link to (demo-fr.ts), the information pages coming from pages-fr-info.ts.

/** The camps pages under /stages: the camps catalog narrowed by a segment of demo-fr.ts. */
const CAMP_PAGES = [
  {
    path: "/stages/ete",
    segment: "stages-ete",
    tab: "Été",
    title: "Les stages de l'été",
    subtitle:
      "Juillet et août, à la semaine : nature, sport, théâtre, robotique et danse, de 9 h à 16 h avec garderie en option.",
  },
  {
    path: "/stages/toussaint",
    segment: "stages-toussaint",
    tab: "Toussaint",
    title: "Les stages de la Toussaint",
    subtitle:
      "Deux semaines de congé d'automne pour construire des cabanes, bouger et créer. Les dates de l'année suivante sont publiées dès la fin de l'été.",
  },
  {
    path: "/stages/carnaval",
    segment: "stages-carnaval",
    tab: "Carnaval",
    title: "Les stages de Carnaval",
    subtitle:
      "Le congé de détente de février : stages nature, multisports et tennis, en petits groupes.",
  },
  {
    path: "/stages/nature",
    segment: "theme-nature",
    tab: "Nature",
    title: "Stages nature",
    subtitle:
      "Cabanes, traces d'animaux, potager et grands jeux en forêt, au Domaine du Bois-Joli et à la ferme.",
  },
  {
    path: "/stages/sport",
    segment: "theme-sport",
    tab: "Sport",
    title: "Stages sportifs",
    subtitle: "Multisports, tennis et jeux coopératifs : chaque jour un nouveau sport.",
  },
  {
    path: "/stages/arts-sciences",
    segment: "theme-arts-sciences",
    tab: "Arts et sciences",
    title: "Stages arts et sciences",
    subtitle: "Théâtre, improvisation, robotique et code : créer, inventer, monter sur scène.",
  },
] as const;

const OFFER_TABS = blocks({ padding: "none" }, [
  block("tabs", {
    items: [
      { label: "Toutes les formules", href: "/offres" },
      { label: "Carnets de séances", href: "/offres/cartes" },
      { label: "Abonnements", href: "/offres/abonnements" },
      { label: "Bons cadeaux", href: "/offres/cheques-cadeaux" },
    ],
  }),
]);

const CATALOGUE_TABS = blocks({ padding: "none" }, [
  block("tabs", {
    items: [
      { label: "Toutes les activités", href: "/catalogue" },
      { label: "Cours hebdomadaires", href: "/cours" },
      { label: "Horaires de la semaine", href: "/horaires" },
    ],
  }),
]);

const CAMP_TABS = blocks({ padding: "none" }, [
  block("tabs", {
    items: [
      { label: "Tous les stages", href: "/stages" },
      ...CAMP_PAGES.map((page) => ({ label: page.tab, href: page.path })),
    ],
  }),
]);

/** A grid of availability cards, stacked filters: what every camps page shows. */
function campsGrid(catalog: string[], segment: string[], pageSize = 12): ElementNode {
  return section("availabilities-cards-grid", {
    columns: 3,
    "filters-layout": "stacked",
    filters: ["search", "age", "location"],
    page_size: pageSize,
    status: ["OPEN", "FULL"],
    catalog,
    segment,
    image_aspect_ratio: "3 / 2",
    properties: ["images", "dates", "price", "capacity", "ages", "location"],
  });
}

const header = (title: string, subtitle: string) =>
  section("header", { title, subtitle, breadcrumb: true });

function offerPages(): DemoPage[] {
  const bundles = section("bundles-grid", {
    columns: 2,
    properties: ["images", "price", "capacity", "expires_at"],
  });
  const memberships = section("memberships-cards-grid", {
    columns: 2,
    properties: ["images", "price", "period", "description"],
  });
  const vouchers = section("vouchers-cards-grid", {
    columns: 3,
    properties: ["images", "price", "duration"],
  });
  const intro = (title: string, text: string) =>
    blocks({ padding: "small" }, [
      block("heading", { level: 2, text: title }),
      block("paragraph", { text }),
    ]);
  const BUNDLES_TEXT =
    "Payez une fois, venez quand vous voulez : les séances sont décomptées à chaque inscription.";
  const MEMBERSHIPS_TEXT =
    "La cotisation annuelle couvre l'assurance de toute la famille pour l'année scolaire ; l'abonnement natation donne accès chaque mois aux séances de nage libre encadrée.";
  const VOUCHERS_TEXT =
    "Valables un an sur tous nos stages et cours, envoyés par e-mail dès le paiement.";
  return [
    {
      path: "/offres",
      type: "DEFAULT",
      title: "Carnets et abonnements",
      description: "Abonnements, carnets de séances et bons cadeaux des Petits Explorateurs.",
      elements: [
        header(
          "Carnets, abonnements et bons cadeaux",
          "Économisez sur les activités de toute la famille, ou faites plaisir avec un bon cadeau.",
        ),
        OFFER_TABS,
        intro("Abonnements", MEMBERSHIPS_TEXT),
        memberships,
        intro("Carnets de séances", BUNDLES_TEXT),
        bundles,
        intro("Bons cadeaux", VOUCHERS_TEXT),
        vouchers,
        blocks({}, [
          block("rich-text", {
            html: [
              "<h3>Quelle formule choisir ?</h3>",
              "<table><tbody>",
              "<tr><th>Formule</th><th>Idéale pour</th></tr>",
              "<tr><td>Carte 10 séances</td><td>Un cours suivi de temps en temps, sans engagement.</td></tr>",
              "<tr><td>Pack 3 stages</td><td>Les familles qui inscrivent plusieurs enfants aux vacances.</td></tr>",
              "<tr><td>Cotisation annuelle</td><td>Inscrire ses enfants aux stages d'été une semaine avant tout le monde.</td></tr>",
              "</tbody></table>",
            ].join(""),
          }),
        ]),
      ],
    },
    {
      path: "/offres/cartes",
      type: "DEFAULT",
      title: "Carnets de séances",
      description:
        "Les carnets de séances des Petits Explorateurs : éveil musical, pack de stages.",
      elements: [header("Carnets de séances", BUNDLES_TEXT), OFFER_TABS, bundles],
    },
    {
      path: "/offres/abonnements",
      type: "DEFAULT",
      title: "Abonnements",
      description: "La cotisation annuelle et l'abonnement natation des Petits Explorateurs.",
      elements: [
        header("Abonnements", MEMBERSHIPS_TEXT),
        OFFER_TABS,
        blocks({ padding: "small" }, [
          block("alert", {
            variant: "blue",
            title: "Membres du club",
            text: "Les familles membres du club peuvent inscrire leurs enfants aux stages d'été une semaine avant l'ouverture générale des inscriptions.",
          }),
        ]),
        memberships,
      ],
    },
    {
      path: "/offres/cheques-cadeaux",
      type: "DEFAULT",
      title: "Bons cadeaux",
      description: "Offrez un stage ou des séances avec un bon cadeau des Petits Explorateurs.",
      elements: [header("Bons cadeaux", VOUCHERS_TEXT), OFFER_TABS, vouchers],
    },
  ];
}

export function pagesFr(refs: DemoPageRefs): DemoPage[] {
  const keys = DEMO_PAGE_REF_KEYS.fr;
  const camps = cuidsOf(refs.catalogs, keys.campsCatalog);
  const classes = cuidsOf(refs.catalogs, keys.classesCatalog);
  const segment = (key: string) => cuidsOf(refs.segments, key);

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
          image: demoImageUrl("nature-camp"),
          image_alt: "Des enfants construisent une cabane dans les bois",
          layout: "container",
          origin: "right",
          button_label: "Découvrir les stages",
          button_href: "/stages",
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
              label: "Tous les stages d'été",
              href: "/stages/ete",
            }),
          ]),
        ]),
        section("availabilities-cards-grid", {
          columns: 3,
          "filters-layout": "stacked",
          filters: [],
          page_size: 6,
          status: ["OPEN", "FULL"],
          catalog: camps,
          segment: segment("stages-ete"),
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
          container("flex", { justify: "center" }, [
            block("button", { variant: "plain", label: "Qui sommes-nous ?", href: "/a-propos" }),
          ]),
        ]),
        // The blog's latest articles, below what the organiser offers, above the questions.
        section("blog-latest-articles", { title: "Les dernières nouvelles du blog", count: 3 }),
        blocks({}, [
          block("heading", { level: 2, text: "Questions fréquentes" }),
          block("faq", { items: FAQ_FR.slice(0, 5) }),
          block("paragraph", {
            text: "Une autre question ? Notre équipe vous répond du lundi au vendredi, de 9 h à 17 h.",
          }),
          container("flex", {}, [
            block("button", { variant: "secondary", label: "Toutes les questions", href: "/faq" }),
            block("button", { variant: "plain", label: "Nous contacter", href: "/contact" }),
          ]),
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
        header(
          "Catalogue",
          "Stages de vacances et cours de l'année : filtrez par date, lieu, thème ou âge pour trouver l'activité qui convient à votre enfant.",
        ),
        CATALOGUE_TABS,
        section("availabilities-cards", {
          filters: ["search", "date", "date-calendar", "location", "categories"],
          page_size: 20,
          status: ["OPEN", "FULL"],
          properties: ["images", "dates", "time", "price", "capacity", "ages", "location"],
        }),
      ],
    },
    {
      path: "/stages",
      type: "DEFAULT",
      title: "Stages de vacances",
      description:
        "Les stages des Petits Explorateurs pendant les congés scolaires : nature, sport, arts et sciences, de 3 à 14 ans.",
      elements: [
        header(
          "Stages de vacances",
          "Une semaine d'aventures pendant les congés scolaires, de 9 h à 16 h, avec garderie et repas chauds en option. Choisissez un congé ou un thème.",
        ),
        CAMP_TABS,
        section("availabilities-cards", {
          filters: ["search", "period", "age", "location", "categories"],
          page_size: 20,
          status: ["OPEN", "FULL"],
          catalog: camps,
          properties: ["images", "dates", "price", "capacity", "ages", "location"],
        }),
      ],
    },
    ...CAMP_PAGES.map(
      (page): DemoPage => ({
        path: page.path,
        type: "DEFAULT",
        title: page.title,
        description: page.subtitle,
        elements: [
          header(page.title, page.subtitle),
          CAMP_TABS,
          campsGrid(camps, segment(page.segment)),
        ],
      }),
    ),
    {
      path: "/cours",
      type: "DEFAULT",
      title: "Cours hebdomadaires",
      description:
        "Les cours de l'année des Petits Explorateurs : éveil musical, natation, tennis, danse, yoga, dessin et football, de septembre à juin.",
      elements: [
        header(
          "Cours hebdomadaires",
          "Chaque semaine pendant l'année scolaire, hors congés : musique, sport, arts et nature, pour les enfants de 3 à 14 ans.",
        ),
        CATALOGUE_TABS,
        blocks({ padding: "small" }, [
          block("alert", {
            variant: "green",
            title: "Inscription en cours d'année",
            text: "Certains cours acceptent encore des enfants : l'inscription ne compte alors que les séances restantes.",
          }),
        ]),
        section("activities-grid", {
          catalog: classes,
          columns: 3,
          properties: ["images", "price", "ages", "locations"],
          filters: ["search", "age", "location"],
          image_aspect_ratio: "3 / 2",
          available_only: true,
        }),
        blocks({ padding: "small" }, [
          block("button", {
            variant: "secondary",
            label: "Voir l'horaire de la semaine",
            href: "/horaires",
          }),
        ]),
      ],
    },
    {
      path: "/horaires",
      type: "DEFAULT",
      title: "Horaires des cours",
      description:
        "L'horaire hebdomadaire des cours : éveil musical, natation, tennis, danse, yoga et bien d'autres, de septembre à juin.",
      elements: [
        header(
          "Horaires des cours",
          "Les cours ont lieu chaque semaine pendant l'année scolaire, hors congés. Choisissez une ou plusieurs séances pour inscrire votre enfant.",
        ),
        CATALOGUE_TABS,
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
          catalog: classes,
          filters: ["location", "categories"],
        }),
      ],
    },
    ...offerPages(),
    {
      path: "/terrains",
      type: "DEFAULT",
      title: "Réserver un terrain",
      description:
        "Réservez un terrain de tennis au complexe sportif, pour une heure ou une heure et demie.",
      elements: [
        header(
          "Réserver un terrain",
          "Nos terrains de tennis du complexe sportif se louent à l'heure en dehors des cours et des stages.",
        ),
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
    ...infoPagesFr(),
  ];
}
