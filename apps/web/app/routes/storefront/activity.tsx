import type { ActivityReviews, PageElementNode, PageView } from "@booking/contracts";
import { ActivityReviewsSection } from "../../components/catalogue/activity-reviews";
import { JsonLd } from "../../components/catalogue/json-ld";
import { orNotFound } from "../../lib/catalogue-data";
import { seoMeta, serializeJsonLd } from "../../lib/seo";
import { detailPageBase, storefrontPage } from "../../lib/storefront-page";
import { loadPageSections } from "../../sections/load.server";
import { PageElements } from "../../sections/render";
import type { Route } from "./+types/activity";

/**
 * The activity page's elements: its section (`section:activity-page`), a list of 10
 * availabilities per page with a day view and its calendar a tab away.
 */
const ACTIVITY_PAGE_ELEMENTS: PageElementNode[] = [
  {
    id: 1,
    cuid: "activity-page",
    element: "section",
    family: "catalogue",
    type: null,
    name: "activity-page",
    settings: { page_size: 10, "availabilities-filters-calendar": true },
    children: [],
  },
];

/**
 * /activities/{activity}: the activity's page, rendered through the page builder's registry from
 * its elements (the activity page section reads the activity of the address and its
 * availabilities); 404 for an activity that is not this storefront's.
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  const { storefront, t } = page;
  const { organiser, reader } = storefront;
  const [activity, reviews] = await Promise.all([
    orNotFound(reader.activity(params.cuid)),
    reader.activityReviews(params.cuid),
  ]);
  const elements: PageView = {
    id: 0,
    cuid: "",
    type: "DEFAULT",
    path: `/activities/${activity.cuid}`,
    title: activity.title,
    seo_title: null,
    description: null,
    elements: ACTIVITY_PAGE_ELEMENTS,
  };
  const base = detailPageBase(page, request, {
    title: activity.title,
    description: activity.description,
    fallbackDescription: t("activity.meta_description", {
      title: activity.title,
      name: organiser.name,
    }),
    path: `/activities/${activity.cuid}`,
    image: activity.images[0] ?? null,
  });
  return {
    ...base,
    sections: await loadPageSections(elements, { url, reader, organiser }),
    reviews,
    jsonLd: ratingJsonLd(activity.title, base.seo.url, reviews),
  };
}

/**
 * schema.org's AggregateRating of the activity's public reviews, with the newest of them, for
 * search engines' review snippets; null without reviews (decision 0087).
 */
function ratingJsonLd(name: string, url: string, reviews: ActivityReviews): string | null {
  if (reviews.average === null || reviews.count === 0) return null;
  return serializeJsonLd({
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    url,
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.data.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.author },
      datePublished: review.created_at.slice(0, 10),
      reviewRating: { "@type": "Rating", ratingValue: review.score, bestRating: 5, worstRating: 1 },
      ...(review.message ? { reviewBody: review.message } : {}),
    })),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageElements sections={loaderData.sections} />
      <ActivityReviewsSection reviews={loaderData.reviews} />
      {loaderData.jsonLd ? <JsonLd json={loaderData.jsonLd} /> : null}
    </>
  );
}
