import { seoMeta } from "../../lib/seo";
import { notFound, requireStorefront } from "../../lib/server-context";
import { loadStoredPage, pageToRender } from "../../lib/stored-page";
import { PageElements } from "../../sections/render";
import type { Route } from "./+types/page";

/**
 * Every storefront path no other route claims (`/:lang?/*`): the organiser's stored page at that
 * path (`/catalogue`, `/horaires`…), or the not-found page with HTTP 404 (in preview mode: an
 * empty page, which the editor's content fills).
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { reader } = requireStorefront(context);
  const page = await pageToRender(reader, url);
  if (!page) notFound();
  return loadStoredPage(page, { context, request, url, params });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function StoredPage({ loaderData }: Route.ComponentProps) {
  return <PageElements sections={loaderData.sections} />;
}
