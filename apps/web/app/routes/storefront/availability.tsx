import { AvailabilityLayout } from "../../components/catalogue/availability-layout";
import { availabilityPage } from "../../lib/availability-page";
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

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function AvailabilityPage({ loaderData }: Route.ComponentProps) {
  return <AvailabilityLayout page={loaderData} />;
}
