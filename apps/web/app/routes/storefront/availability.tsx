import { AvailabilityLayout } from "../../components/catalogue/availability-layout";
import { availabilityPage } from "../../lib/availability-page";
import { SHARED_RENDER } from "../../lib/own-values";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/availability";

/**
 * /availabilities/{availability} (storefront.md "Availability detail"): the availability laid out
 * by the organiser's AVAILABILITY page, or by the built-in layout. The short `/{availability}`
 * renders the same (home.tsx, page.tsx).
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  return availabilityPage({ context, params, request, url }, params.cuid);
}

/** Its loader data holds nothing of the customer's: rendered once per shape (decision 0058). */
export const handle = SHARED_RENDER;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function AvailabilityPage({ loaderData }: Route.ComponentProps) {
  return <AvailabilityLayout page={loaderData} />;
}
