import { resourcesDailyScheduleSettings } from "@booking/contracts";
import {
  Breadcrumb,
  Description,
  DetailPage,
  DetailTitle,
  Facts,
  Gallery,
} from "../../components/catalogue/detail";
import { useTranslation } from "../../i18n/react";
import { resourceByCuid } from "../../lib/booking-page";
import { descriptionHtml, imageData, orNotFound } from "../../lib/catalogue-data";
import { seoMeta } from "../../lib/seo";
import { detailPageBase, storefrontPage } from "../../lib/storefront-page";
import { DailySchedule } from "../../sections/catalogue/resources-schedules";
import { resourcesDailyScheduleLoader } from "../../sections/catalogue/resources-schedules.server";
import type { Route } from "./+types/resource";

/**
 * /resources/{cuid} (storefront.md §1, the resource link of cart items): the resource — name,
 * location, its group (decision 0071), images (the group's when it has none), description — and
 * its schedule, one day at a time (`?date=`), as the
 * resources daily schedule section shows it: free slots linking to /cart/bookings/add, and the
 * activities held on it.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  const { storefront, language, t } = page;
  const resource = await orNotFound(resourceByCuid(storefront, params.cuid));
  const schedule = await resourcesDailyScheduleLoader.load({
    settings: resourcesDailyScheduleSettings.parse({ resources: [resource.id] }),
    url: new URL(request.url),
    reader: storefront.reader,
    organiser: storefront.organiser,
    element: {
      id: 0,
      cuid: resource.cuid,
      element: "section",
      family: "catalogue",
      type: null,
      name: "resources-daily-schedule",
      settings: {},
      children: [],
    },
  });
  return {
    ...detailPageBase(page, request, {
      title: resource.name,
      description: resource.description,
      fallbackDescription: t("bookings.resource.meta_description", { resource: resource.name }),
      path: `/resources/${resource.cuid}`,
      image: resource.images[0] ?? resource.group?.images[0] ?? null,
    }),
    resource: {
      name: resource.name,
      location: resource.location?.title ?? null,
      group: resource.group?.name ?? null,
      images: imageData(
        resource.images.length > 0 ? resource.images : (resource.group?.images ?? []),
      ),
      description: descriptionHtml(resource.description, language),
      groupDescription: descriptionHtml(resource.group?.description ?? null, language),
    },
    schedule,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ResourcePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { resource, breadcrumb, schedule } = loaderData;
  return (
    <DetailPage
      breadcrumb={
        <Breadcrumb
          organiser={breadcrumb.organiser}
          catalogue={breadcrumb.catalogue}
          items={[{ label: resource.name }]}
        />
      }
      header={
        <header className="flex flex-col gap-4">
          <DetailTitle testId="resource-title">{resource.name}</DetailTitle>
          {resource.location || resource.group ? (
            <Facts
              items={[
                resource.group
                  ? {
                      key: "group",
                      label: t("bookings.resource.group"),
                      value: resource.group,
                      testId: "resource-group",
                    }
                  : null,
                resource.location
                  ? { key: "location", label: t("bookings.add.location"), value: resource.location }
                  : null,
              ]}
            />
          ) : null}
        </header>
      }
      side={<Gallery images={resource.images} />}
      after={
        <div className="mt-10" data-testid="resource-schedule">
          <h2 className="mb-4 text-2xl font-semibold text-slate-950">
            {t("bookings.resource.schedule")}
          </h2>
          <DailySchedule data={schedule} />
        </div>
      }
    >
      <Description html={resource.description} />
      {resource.groupDescription ? (
        <section aria-label={resource.group ?? undefined} className="mt-6">
          <h2 className="mb-2 text-lg font-semibold text-slate-950">{resource.group}</h2>
          <Description html={resource.groupDescription} />
        </section>
      ) : null}
    </DetailPage>
  );
}
