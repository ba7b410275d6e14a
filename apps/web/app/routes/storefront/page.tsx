import { AvailabilityLayout } from "../../components/catalogue/availability-layout";
import { shortAvailabilityPage } from "../../lib/availability-page";
import { seoMeta } from "../../lib/seo";
import { notFound, requireStorefront } from "../../lib/server-context";
import { loadStoredPage, pageToRender } from "../../lib/stored-page";
import { PageElements } from "../../sections/render";
import type { Route } from "./+types/page";

/**
 * Every storefront path no other route claims (`/:lang?/*`): the organiser's stored page at that
 * path (`/catalogue`, `/horaires`…), else the availability at its short address `/{lang}/{cuid}`,
 * or the not-found page with HTTP 404 (in preview mode: an
 * empty page, which the editor's content fills).
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { reader } = requireStorefront(context);
  const page = await pageToRender(reader, url);
  if (page)
    return {
      ...(await loadStoredPage(page, { context, request, url, params })),
      availability: null,
    };
  const availability = await shortAvailabilityPage({ context, params, request, url });
  if (!availability) notFound();
  return { sections: null, seo: availability.seo, availability };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function StoredPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.availability) return <AvailabilityLayout page={loaderData.availability} />;
  return loaderData.sections ? <PageElements sections={loaderData.sections} /> : null;
}
