import { demoImageUrl } from "./images.ts";
import { block, blocks, container, type DemoPage, html, section, textPage } from "./pages-kit.ts";

// The information pages of "Les Petits Explorateurs": about, contact, FAQ, privacy and terms.
// The contact details come from the organiser's account settings (block contact-details).

/** The questions of the FAQ page; the home page shows the first five. */
export const FAQ_FR = [
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
  {
    question: "Comment inscrire plusieurs enfants ?",
    answer:
      "Ajoutez chaque enfant comme participant dans votre compte, puis choisissez-le en ajoutant un stage ou un cours au panier. Un seul paiement suffit pour toute la famille.",
  },
  {
    question: "Comment payer ?",
    answer:
      "En ligne par carte ou Bancontact, ou par virement avec la communication structurée indiquée à la fin de la commande. L'acompte confirme la place ; le solde est dû avant le premier jour.",
  },
  {
    question: "Mon enfant peut-il rejoindre un cours en cours d'année ?",
    answer:
      "Oui, quand il reste des places : l'inscription ne compte alors que les séances restantes. Le cours de football, qui prépare une équipe, n'accepte plus d'inscription une fois commencé.",
  },
  {
    question: "Que se passe-t-il quand un stage est complet ?",
    answer:
      "Inscrivez votre enfant sur la liste d'attente depuis la page du stage : nous vous écrivons dès qu'une place se libère, dans l'ordre des demandes.",
  },
  {
    question: "Mon enfant a une allergie ou un régime particulier.",
    answer:
      "Indiquez-le dans la fiche de votre enfant (allergies et remarques médicales) et choisissez l'option régime alimentaire : la cuisine prépare un repas adapté, sans supplément.",
  },
];

const CONTACT_EMAIL = "bonjour@petits-explorateurs.test";

export function infoPagesFr(): DemoPage[] {
  return [
    {
      path: "/a-propos",
      type: "DEFAULT",
      title: "Qui sommes-nous ?",
      description:
        "Les Petits Explorateurs, une ASBL bruxelloise qui organise depuis 2009 des stages et des cours pour les enfants de 3 à 14 ans.",
      elements: [
        section("split-hero", {
          label: "Qui sommes-nous ?",
          title: "Une ASBL bruxelloise qui fait grandir les enfants dehors",
          description:
            "Depuis 2009, Les Petits Explorateurs organisent des stages de vacances et des cours hebdomadaires pour les enfants de 3 à 14 ans, avec une conviction : on apprend mieux en jouant, ensemble et au grand air.",
          image: demoImageUrl("nature-camp"),
          image_alt: "Des enfants construisent une cabane dans les bois",
          layout: "container",
          origin: "left",
          button_label: "Découvrir les stages",
          button_href: "/stages",
        }),
        blocks({}, [
          html(
            "<h2>Notre histoire</h2>",
            "<p>Tout a commencé par un stage de cabanes au Domaine du Bois-Joli, à Uccle, avec douze enfants et trois animateurs. Quinze ans plus tard, nous accueillons chaque année plus de deux mille enfants dans sept lieux de Bruxelles, pendant les congés scolaires et toute l'année.</p>",
            "<h2>Notre façon de faire</h2>",
            "<ul>",
            "<li>Des groupes par âge, douze enfants au plus par animateur ;</li>",
            "<li>des animateurs brevetés et formés aux premiers secours ;</li>",
            "<li>des repas préparés sur place avec des produits locaux ;</li>",
            "<li>des prix solidaires : l'ASBL réduit le prix des stages pour les familles qui en ont besoin, sur simple demande.</li>",
            "</ul>",
          ),
        ]),
        section("basic", { background: "#F5F1E8", padding: "large" }, [
          container("grid", { columns: 3 }, [
            block("feature-highlight", {
              icon: "leaf",
              title: "Nature",
              text: "Cabanes, potager et traces d'animaux au Bois-Joli et à la ferme.",
            }),
            block("feature-highlight", {
              icon: "trophy",
              title: "Sport",
              text: "Multisports, tennis, natation et football, pour bouger à son rythme.",
            }),
            block("feature-highlight", {
              icon: "palette",
              title: "Arts et sciences",
              text: "Théâtre, danse, dessin, robotique : créer, inventer, monter sur scène.",
            }),
          ]),
        ]),
        blocks({}, [
          block("heading", { level: 2, text: "Envie de nous rejoindre ?" }),
          block("paragraph", {
            text: "Nous recrutons des animateurs brevetés pour chaque congé scolaire. Écrivez-nous avec votre disponibilité.",
          }),
          container("flex", {}, [
            block("button", {
              variant: "primary",
              label: "Envoyer votre candidature",
              href: `mailto:${CONTACT_EMAIL}?subject=Candidature`,
            }),
            block("button", { variant: "plain", label: "Nous contacter", href: "/contact" }),
          ]),
        ]),
      ],
    },
    {
      path: "/contact",
      type: "DEFAULT",
      title: "Contact",
      description:
        "Adresse, téléphone et e-mail des Petits Explorateurs : notre équipe répond du lundi au vendredi, de 9 h à 17 h.",
      elements: [
        section("header", {
          title: "Contact",
          subtitle:
            "Une question sur un stage, une inscription ou un paiement ? Notre équipe vous répond du lundi au vendredi, de 9 h à 17 h.",
          breadcrumb: true,
        }),
        section("basic", {}, [
          container("grid", { columns: 2 }, [
            block("contact-details", { title: "Nos coordonnées" }),
            container("basic", {}, [
              block("heading", { level: 2, text: "Accueil et permanence", font_size: "24px" }),
              block("paragraph", {
                text: "Le secrétariat est ouvert du lundi au vendredi, de 9 h à 17 h. Pendant les stages, une permanence téléphonique répond aussi de 7 h 30 à 18 h.",
              }),
              block("alert", {
                variant: "yellow",
                title: "Absence ou retard",
                text: "Prévenez-nous par téléphone avant 9 h : l'équipe d'animation est avertie aussitôt.",
              }),
              block("paragraph", {
                text: "Les activités ont lieu dans nos sept lieux de Bruxelles : l'adresse de chacun est indiquée sur la page de l'activité.",
              }),
              container("flex", {}, [
                block("button", {
                  variant: "secondary",
                  label: "Questions fréquentes",
                  href: "/faq",
                }),
              ]),
            ]),
          ]),
        ]),
      ],
    },
    {
      path: "/faq",
      type: "DEFAULT",
      title: "Questions fréquentes",
      description:
        "Âges, horaires, paiement, annulation, attestations : les réponses aux questions des parents.",
      elements: [
        section("header", {
          title: "Questions fréquentes",
          subtitle: "Les réponses aux questions que les parents nous posent le plus souvent.",
          breadcrumb: true,
        }),
        blocks({}, [
          block("faq", { items: FAQ_FR }),
          block("paragraph", { text: "Vous ne trouvez pas votre réponse ?" }),
          container("flex", {}, [
            block("button", { variant: "primary", label: "Nous contacter", href: "/contact" }),
          ]),
        ]),
      ],
    },
    textPage(
      {
        path: "/vie-privee",
        title: "Vie privée",
        subtitle: "Comment Les Petits Explorateurs ASBL traitent vos données personnelles.",
        description:
          "La politique de confidentialité des Petits Explorateurs : données collectées, finalités, durée de conservation et vos droits.",
      },
      blocks({}, [
        html(
          "<h2>Responsable du traitement</h2>",
          "<p>Les Petits Explorateurs ASBL, rue de la Forêt 12, 1000 Bruxelles, numéro d'entreprise BE 0123.456.749. Pour toute question sur vos données : ",
          `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>.</p>`,
          "<h2>Données que nous traitons</h2>",
          "<ul>",
          "<li>Les coordonnées du parent (nom, e-mail, téléphone, adresse) pour gérer les inscriptions et les paiements ;</li>",
          "<li>le nom, la date de naissance et les informations médicales utiles de l'enfant, pour l'accueillir en sécurité ;</li>",
          "<li>le numéro de registre national, seulement si vous demandez l'attestation fiscale ;</li>",
          "<li>les photos prises pendant les activités, seulement avec votre autorisation.</li>",
          "</ul>",
          "<h2>Durée de conservation</h2>",
          "<p>Les données des inscriptions sont conservées sept ans, comme la loi comptable l'exige ; les informations médicales sont effacées à la fin de l'année scolaire.</p>",
          "<h2>Vos droits</h2>",
          "<p>Vous pouvez consulter, corriger ou faire effacer vos données depuis votre compte ou en nous écrivant. Vous pouvez aussi introduire une plainte auprès de l'Autorité de protection des données.</p>",
        ),
      ]),
    ),
    textPage(
      {
        path: "/terms",
        title: "Conditions générales",
        subtitle:
          "Les conditions des inscriptions aux stages et aux cours des Petits Explorateurs.",
        description:
          "Conditions générales des Petits Explorateurs ASBL : inscription, paiement, annulation, assurance et attestations.",
      },
      blocks({}, [
        html(
          "<h2>1. Inscription</h2>",
          "<p>L'inscription se fait en ligne, depuis le compte du parent. Elle est confirmée par e-mail et devient définitive au paiement de l'acompte indiqué pour l'activité.</p>",
          "<h2>2. Prix et paiement</h2>",
          "<p>Les prix comprennent l'encadrement, le matériel et l'assurance. Le solde est payé au plus tard le premier jour de l'activité, en ligne ou par virement avec la communication structurée de la commande.</p>",
          "<h2>3. Annulation</h2>",
          "<p>Jusqu'à quatorze jours avant le début d'un stage, l'inscription est remboursée, acompte excepté. Ensuite, seule l'assurance annulation proposée en option rembourse le stage, sur présentation d'un certificat médical. Un cours commencé n'est pas remboursé.</p>",
          "<h2>4. Santé et sécurité</h2>",
          "<p>Le parent signale dans la fiche de l'enfant les allergies et remarques médicales utiles. L'équipe peut refuser un enfant malade pour protéger le groupe.</p>",
          "<h2>5. Attestations</h2>",
          "<p>L'attestation fiscale pour les frais de garde des enfants de moins de 14 ans est envoyée au début de l'année suivante ; l'attestation de mutuelle est remise sur demande.</p>",
          "<h2>6. Données personnelles</h2>",
          '<p>Nos engagements sont décrits dans la page <a href="/vie-privee">Vie privée</a>.</p>',
        ),
      ]),
    ),
  ];
}
