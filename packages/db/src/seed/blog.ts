import type { Transaction } from "../client.ts";
import { blogArticleImages, blogArticles } from "../schema/blog.ts";
import { images } from "../schema/catalogue.ts";
import { DEMO_IMAGE_SIZE, type DemoImageName, demoImageUrl } from "./images.ts";
import type { SeedCounts } from "./writer.ts";

// The demo blogs, one per demo organiser in its language: articles published over the last
// weeks (some with several images, for the carousel), one scheduled and one draft, so that the
// console shows every state and /blog has something to read. Content is written here as the
// console would store it: only tags the storefront's sanitiser keeps.

const DAY = 86_400_000;

type DemoArticle = {
  slug: string;
  title: string;
  content: string;
  /** days from the seed's "now" (negative: past); null with `draft` */
  publishedInDays: number | null;
  draft?: boolean;
  images: Array<{ name: DemoImageName; alt: string }>;
};

const FR_ARTICLES: DemoArticle[] = [
  {
    slug: "inscriptions-stages-ete",
    title: "Les inscriptions aux stages d'été sont ouvertes",
    publishedInDays: -3,
    images: [
      { name: "nature-camp", alt: "Des enfants construisent une cabane dans les bois" },
      { name: "multisport-camp", alt: "Ballons, plots et sifflet sur le sol d'une salle de sport" },
      { name: "theatre-camp", alt: "Une petite scène avec rideaux et masques" },
    ],
    content:
      "<p>Bonne nouvelle : les inscriptions aux <strong>stages d'été</strong> sont ouvertes ! " +
      "Nature, multisport, théâtre ou robotique, il y en a pour tous les âges.</p>" +
      "<h2>Comment s'inscrire ?</h2><ol><li>Créez votre compte ou connectez-vous.</li>" +
      "<li>Ajoutez vos enfants comme participants.</li><li>Choisissez les semaines et validez " +
      "votre panier.</li></ol><p>Les places partent vite : consultez " +
      "<a href=\"/stages/ete\">les stages d'été</a> dès aujourd'hui.</p>",
  },
  {
    slug: "que-mettre-dans-le-sac",
    title: "Que mettre dans le sac de votre enfant ?",
    publishedInDays: -12,
    images: [{ name: "cooking-camp", alt: "Tabliers, fouets et saladier d'enfants" }],
    content:
      "<p>Pour une semaine de stage réussie, quelques indispensables :</p><ul>" +
      "<li>une gourde et un pique-nique pour midi ;</li><li>des vêtements qui peuvent se " +
      "salir ;</li><li>une casquette et de la crème solaire ;</li><li>des baskets fermées.</li>" +
      "</ul><blockquote>Pensez à marquer le nom de votre enfant sur ses affaires !</blockquote>",
  },
  {
    slug: "retour-sur-le-stage-robotique",
    title: "Retour en images sur le stage de robotique",
    publishedInDays: -30,
    images: [
      { name: "robotics-camp", alt: "Un petit robot sur roues et un ordinateur portable" },
      { name: "music-class", alt: "Instruments de percussion pour tout-petits" },
    ],
    content:
      "<p>Pendant les vacances de printemps, douze jeunes ingénieurs ont construit et " +
      "programmé leur propre robot. Bravo à toutes et à tous pour leur créativité !</p>" +
      '<p>Le stage revient cet été : retrouvez les dates dans <a href="/catalogue">le ' +
      "catalogue</a>.</p>",
  },
  {
    slug: "nouveau-cours-de-poterie",
    title: "Nouveau : un cours de poterie le mercredi",
    publishedInDays: 10,
    images: [{ name: "pottery-class", alt: "Pots en argile sur un tour de potier" }],
    content:
      "<p>À la rentrée, un nouveau cours de poterie pour les 8–12 ans, chaque mercredi " +
      "après-midi. Les inscriptions ouvriront bientôt.</p>",
  },
  {
    slug: "brouillon-programme-automne",
    title: "Programme de l'automne (brouillon)",
    publishedInDays: null,
    draft: true,
    images: [],
    content: "<p>À compléter : les stages de la Toussaint.</p>",
  },
];

const EN_ARTICLES: DemoArticle[] = [
  {
    slug: "summer-camps-booking-open",
    title: "Summer camp bookings are open",
    publishedInDays: -2,
    images: [
      { name: "football-camp", alt: "A football on a pitch with goals" },
      { name: "tennis-class", alt: "Tennis rackets and balls on a court" },
    ],
    content:
      "<p>Our <strong>summer camps</strong> are now open for booking: football, tennis, " +
      "swimming and more, for ages 5 to 14.</p><h2>Good to know</h2><ul><li>Camps run " +
      "Monday to Friday, 9 am to 4 pm.</li><li>Early drop-off is available from 8 am.</li>" +
      '</ul><p>See every date on <a href="/camps/summer">the summer camps page</a>.</p>',
  },
  {
    slug: "swimming-lessons-new-term",
    title: "Swimming lessons: the new term starts soon",
    publishedInDays: -15,
    images: [{ name: "swimming-class", alt: "A swimming pool lane with floats" }],
    content:
      "<p>Weekly swimming lessons start again next month. Groups are small, so every child " +
      "gets time with the coach.</p><blockquote>Bring a towel, goggles and a swimming cap." +
      "</blockquote>",
  },
  {
    slug: "club-membership-explained",
    title: "How the club membership works",
    publishedInDays: -40,
    images: [{ name: "membership-card", alt: "A club membership card" }],
    content:
      "<p>A membership gives your family reduced prices on every camp and class for a year. " +
      "It pays for itself after two camps.</p>",
  },
  {
    slug: "autumn-half-term-preview",
    title: "Coming soon: the autumn half-term programme",
    publishedInDays: 14,
    images: [],
    content: "<p>Multisport and cooking camps for the October half-term.</p>",
  },
];

const ARTICLES_BY_SLUG: Record<string, DemoArticle[]> = {
  demo: FR_ARTICLES,
  "demo-en": EN_ARTICLES,
};

/** Writes the demo articles of an organiser (none for an organiser without a demo blog). */
export async function writeDemoBlog(
  tx: Transaction,
  organiser: { id: number; slug: string },
  authorId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  const articles = ARTICLES_BY_SLUG[organiser.slug] ?? [];
  for (const demo of articles) {
    const publishedAt =
      demo.publishedInDays === null ? null : new Date(now.getTime() + demo.publishedInDays * DAY);
    const [article] = await tx
      .insert(blogArticles)
      .values({
        organiserId: organiser.id,
        slug: demo.slug,
        title: demo.title,
        content: demo.content,
        published: !demo.draft,
        publishedAt,
        authorId,
        createdAt: publishedAt && publishedAt < now ? publishedAt : now,
        updatedAt: publishedAt && publishedAt < now ? publishedAt : now,
      })
      .returning({ id: blogArticles.id });
    for (const [position, picture] of demo.images.entries()) {
      const [image] = await tx
        .insert(images)
        .values({
          organiserId: organiser.id,
          publicUrl: demoImageUrl(picture.name),
          ...DEMO_IMAGE_SIZE,
          alt: picture.alt,
        })
        .returning({ id: images.id });
      await tx.insert(blogArticleImages).values({
        organiserId: organiser.id,
        articleId: article!.id,
        imageId: image!.id,
        position,
      });
    }
    counts.blog_articles = (counts.blog_articles ?? 0) + 1;
    counts.images = (counts.images ?? 0) + demo.images.length;
  }
}
