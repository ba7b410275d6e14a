import {
  ELEMENT_FAMILIES,
  type ElementKey,
  type ElementSettingsInput,
  type Language,
  type NavigationLink,
  parseElementSettings,
  type WebsiteLayout,
} from "@booking/contracts";
import {
  DEFAULT_CATALOGUE_PAGE_SETTINGS,
  DEFAULT_WEBSITE_LAYOUT,
  type PageTree,
  type PageTreeElement,
} from "@booking/db";

/**
 * The website a new organiser starts with, in its language: a home page, the catalogue, terms and
 * contact pages, and a menu and footer linking them with the blog. Built from the page builder's
 * ordinary elements, so every part can be edited in the console afterwards.
 */
export interface DefaultWebsite {
  pages: PageTree[];
  layout: WebsiteLayout;
}

type Texts = {
  home: { title: string; description: string; label: string; lead: string; cta: string };
  features: Array<{ icon: "calendar" | "credit-card" | "users"; title: string; text: string }>;
  upcoming: string;
  all: string;
  catalogue: { title: string; subtitle: string };
  terms: { title: string; intro: string; sections: Array<{ title: string; text: string }> };
  contact: {
    title: string;
    subtitle: string;
    text: string;
    details: string;
    question: string;
    answer: string;
  };
  blog: string;
  home_link: string;
  footer: { explore: string; quote: string };
};

const TEXTS: Record<Language, (name: string) => Texts> = {
  fr: (name) => ({
    home: {
      title: "Accueil",
      description: `Les activités de ${name} : découvrez le programme et inscrivez-vous en ligne.`,
      label: "Bienvenue",
      lead: "Découvrez nos activités et inscrivez-vous en ligne en quelques minutes.",
      cta: "Voir les activités",
    },
    features: [
      {
        icon: "calendar",
        title: "Le programme à jour",
        text: "Les dates, les places restantes et les prix de chaque activité, toujours à jour.",
      },
      {
        icon: "users",
        title: "Un compte pour la famille",
        text: "Inscrivez chaque participant depuis un seul compte et retrouvez toutes vos inscriptions.",
      },
      {
        icon: "credit-card",
        title: "Paiement simple",
        text: "Payez par virement avec une communication structurée, sans rien oublier.",
      },
    ],
    upcoming: "Prochaines activités",
    all: "Tout le catalogue",
    catalogue: {
      title: "Nos activités",
      subtitle: "Choisissez une activité et une date, puis inscrivez-vous en ligne.",
    },
    terms: {
      title: "Conditions générales",
      intro: `Ces conditions s'appliquent aux inscriptions aux activités de ${name}.`,
      sections: [
        {
          title: "Inscription",
          text: "L'inscription est confirmée dès que la commande est validée. Vous recevez un e-mail de confirmation.",
        },
        {
          title: "Paiement",
          text: "Le montant est payable par virement dans le délai indiqué sur la confirmation, avec la communication structurée fournie.",
        },
        {
          title: "Annulation",
          text: `Pour annuler une inscription, contactez ${name}. Les conditions de remboursement sont précisées pour chaque activité.`,
        },
      ],
    },
    contact: {
      title: "Contact",
      subtitle: "Une question ? Nous vous répondons volontiers.",
      text: `Pour toute question sur nos activités ou sur une inscription, écrivez à ${name}.`,
      details: "Nous joindre",
      question: "Comment modifier une inscription ?",
      answer:
        "Connectez-vous à votre compte pour voir vos inscriptions. Pour un changement, contactez-nous en précisant le nom du participant et l'activité.",
    },
    blog: "Actualités",
    home_link: "Accueil",
    footer: { explore: "Découvrir", quote: "Des activités près de chez vous." },
  }),
  en: (name) => ({
    home: {
      title: "Home",
      description: `${name}'s activities: see what's on and sign up online.`,
      label: "Welcome",
      lead: "See what's on and book your place online in a few minutes.",
      cta: "See the activities",
    },
    features: [
      {
        icon: "calendar",
        title: "Always up to date",
        text: "Dates, places left and prices of every activity, always current.",
      },
      {
        icon: "users",
        title: "One account for the family",
        text: "Register each participant from one account and find all your bookings in one place.",
      },
      {
        icon: "credit-card",
        title: "Easy payment",
        text: "Pay by bank transfer with a structured reference, nothing to forget.",
      },
    ],
    upcoming: "Coming up",
    all: "Full catalogue",
    catalogue: {
      title: "Our activities",
      subtitle: "Pick an activity and a date, then register online.",
    },
    terms: {
      title: "Terms and conditions",
      intro: `These terms apply to registrations for ${name}'s activities.`,
      sections: [
        {
          title: "Registration",
          text: "A registration is confirmed once the order is placed. You receive a confirmation e-mail.",
        },
        {
          title: "Payment",
          text: "The amount is payable by bank transfer within the delay shown on the confirmation, with the structured reference provided.",
        },
        {
          title: "Cancellation",
          text: `To cancel a registration, contact ${name}. Refund conditions are given for each activity.`,
        },
      ],
    },
    contact: {
      title: "Contact",
      subtitle: "A question? We are happy to help.",
      text: `For any question about our activities or a registration, write to ${name}.`,
      details: "Reach us",
      question: "How do I change a registration?",
      answer:
        "Log in to your account to see your registrations. For a change, contact us with the participant's name and the activity.",
    },
    blog: "News",
    home_link: "Home",
    footer: { explore: "Explore", quote: "Activities close to home." },
  }),
};

type NameOf<E extends string> = ElementKey extends infer K
  ? K extends `${E}:${infer N}`
    ? N
    : never
  : never;

/** An element of the tree, typed by the contracts' settings of `element:name`. */
function node<K extends ElementKey>(
  key: K,
  settings: ElementSettingsInput<K>,
  children?: PageTreeElement[],
): PageTreeElement {
  const [element, name] = key.split(":") as [PageTreeElement["element"], NameOf<string>];
  return {
    element,
    family: ELEMENT_FAMILIES[key],
    name,
    settings: settings as Record<string, unknown>,
    ...(children ? { children } : {}),
  };
}

/** A section of stacked blocks. */
const textSection = (blocks: PageTreeElement[], padding: "small" | "medium" = "medium") =>
  node("section:basic", { padding }, [node("container:basic", {}, blocks)]);

const heading = (text: string, level: 2 | 3 = 2) =>
  node("block:heading", { level, text, font_size: level === 2 ? "28px" : "20px" });
const paragraph = (text: string) => node("block:paragraph", { text });

function homePage(texts: Texts, name: string): PageTree {
  return {
    path: "/",
    type: "DEFAULT",
    title: texts.home.title,
    description: texts.home.description,
    elements: [
      node("section:banner", {
        title: name,
        subtitle: texts.home.lead,
        button_label: texts.home.cta,
        button_href: DEFAULT_CATALOGUE_PAGE_SETTINGS.path,
        alignment: "left",
      }),
      node("section:basic", { padding: "large", background: "#F8FAFC" }, [
        node(
          "container:grid",
          { columns: 3 },
          texts.features.map((feature) => node("block:feature-highlight", feature)),
        ),
      ]),
      textSection([heading(texts.upcoming)], "small"),
      node("section:availabilities-cards-grid", {
        columns: 3,
        "filters-layout": "stacked",
        filters: [],
        page_size: 6,
      }),
      node("section:basic", { padding: "small" }, [
        node("container:flex", { justify: "center" }, [
          node("block:button", {
            variant: "secondary",
            label: texts.all,
            href: DEFAULT_CATALOGUE_PAGE_SETTINGS.path,
          }),
        ]),
      ]),
    ],
  };
}

function catalogueAndContentPages(texts: Texts): PageTree[] {
  return [
    {
      path: DEFAULT_CATALOGUE_PAGE_SETTINGS.path,
      type: "DEFAULT",
      title: texts.catalogue.title,
      description: texts.catalogue.subtitle,
      elements: [
        node("section:header", {
          title: texts.catalogue.title,
          subtitle: texts.catalogue.subtitle,
        }),
        node("section:availabilities-cards-grid", {}),
      ],
    },
    {
      path: "/terms",
      type: "DEFAULT",
      title: texts.terms.title,
      description: texts.terms.intro,
      elements: [
        node("section:header", { title: texts.terms.title }),
        textSection([
          paragraph(texts.terms.intro),
          ...texts.terms.sections.flatMap((part) => [heading(part.title, 3), paragraph(part.text)]),
        ]),
      ],
    },
    {
      path: "/contact",
      type: "DEFAULT",
      title: texts.contact.title,
      description: texts.contact.subtitle,
      elements: [
        node("section:header", { title: texts.contact.title, subtitle: texts.contact.subtitle }),
        textSection([
          paragraph(texts.contact.text),
          // Read from the organiser's settings when shown: it follows their changes.
          node("block:contact-details", { title: texts.contact.details }),
          node("block:faq", {
            items: [{ question: texts.contact.question, answer: texts.contact.answer }],
          }),
        ]),
      ],
    },
  ];
}

const link = (id: string, name: string, href: string): NavigationLink => ({
  id,
  name,
  href,
  children: [],
});

function defaultLayout(texts: Texts, name: string): WebsiteLayout {
  const pages = [
    link("nav-catalogue", texts.catalogue.title, DEFAULT_CATALOGUE_PAGE_SETTINGS.path),
    link("nav-blog", texts.blog, "/blog"),
    link("nav-contact", texts.contact.title, "/contact"),
  ];
  return {
    ...DEFAULT_WEBSITE_LAYOUT,
    header: { ...DEFAULT_WEBSITE_LAYOUT.header, links: pages },
    footer: {
      ...DEFAULT_WEBSITE_LAYOUT.footer,
      brand: name,
      quote: texts.footer.quote,
      columns: [
        {
          id: "footer-explore",
          title: texts.footer.explore,
          links: [link("footer-home", texts.home_link, "/"), ...pages],
        },
      ],
      legal_links: [link("footer-terms", texts.terms.title, "/terms")],
    },
  };
}

/** The default website of a new organiser called `name`, in `language`. */
export function defaultWebsite(name: string, language: Language): DefaultWebsite {
  const texts = TEXTS[language](name);
  return {
    pages: [homePage(texts, name), ...catalogueAndContentPages(texts)],
    layout: defaultLayout(texts, name),
  };
}

/**
 * Every element's settings checked as the page builder checks them: a default page that would
 * render nothing is a bug, caught by the sign-up's tests rather than shipped to a new organiser.
 */
export function assertValidPages(pages: PageTree[]): void {
  const check = (element: PageTreeElement, where: string) => {
    const parsed = parseElementSettings(element.element, element.name, element.settings);
    if (!parsed.ok) {
      throw new Error(`default page ${where}: ${element.element}:${element.name} is invalid`);
    }
    for (const child of element.children ?? []) check(child, where);
  };
  for (const page of pages) for (const element of page.elements) check(element, page.path);
}
