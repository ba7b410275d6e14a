import type { PageElementNode, PageView } from "@booking/contracts";
import { orNotFound } from "../../lib/catalogue-data";
import { seoMeta } from "../../lib/seo";
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
  const activity = await orNotFound(reader.activity(params.cuid));
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
  return {
    ...detailPageBase(page, request, {
      title: activity.title,
      description: activity.description,
      fallbackDescription: t("activity.meta_description", {
        title: activity.title,
        name: organiser.name,
      }),
      path: `/activities/${activity.cuid}`,
      image: activity.images[0] ?? null,
    }),
    sections: await loadPageSections(elements, { url, reader, organiser }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  return <PageElements sections={loaderData.sections} />;
}
