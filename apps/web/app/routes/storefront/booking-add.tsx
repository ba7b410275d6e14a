import { BookingForm } from "../../components/cart/booking-form";
import {
  Breadcrumb,
  DetailPage,
  DetailTitle,
  Facts,
  LoginPrompt,
  SidePanel,
} from "../../components/catalogue/detail";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import { bookingFormData, bookingQuery, freeSlot } from "../../lib/booking-page";
import { orNotFound } from "../../lib/catalogue-data";
import { seoMeta } from "../../lib/seo";
import { detailPageBase, purchaseContext, storefrontPage } from "../../lib/storefront-page";
import { translateErrorCode } from "../../lib/toast";
import type { Route } from "./+types/booking-add";

/**
 * /cart/bookings/add?resource&start_at&duration&amount (storefront.md §1, §5 "Booking"): the slot
 * of a resources schedule, its resource, and the booking form — or, when the slot was taken or
 * closed since the link was made, a note and the way back to the resource's schedule.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  const { storefront, format, t } = page;
  const query = bookingQuery(new URL(request.url));
  const found = await storefront.reader.resources({ id: String(query.resource) });
  const resource = await orNotFound(
    Promise.resolve(found.data.find((one) => one.id === query.resource) ?? null),
  );
  const slot = await freeSlot(storefront, query);
  // Why this customer may not book it under the resource's booking rules (decision 0071).
  const refusal = slot
    ? await storefront.reader.bookingRefusal(query.resource, query.startAt)
    : null;
  const when = format.dateTime(query.startAt);
  return {
    ...detailPageBase(page, request, {
      title: t("bookings.add.title", { resource: resource.name }),
      description: null,
      fallbackDescription: t("bookings.add.meta_description", { resource: resource.name, when }),
      path: "/cart/bookings/add",
      image: resource.images[0] ?? null,
    }),
    ...purchaseContext(storefront),
    resource: {
      cuid: resource.cuid,
      name: resource.name,
      location: resource.location?.title ?? null,
    },
    when: format.date(query.startAt),
    form: slot && !refusal ? await bookingFormData(storefront, request, query, slot, format) : null,
    slotFree: slot !== null,
    refusal,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BookingAddPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { resource, breadcrumb, customer, form, slotFree, refusal, when } = loaderData;
  const resourcePath = `/resources/${resource.cuid}`;
  return (
    <DetailPage
      breadcrumb={
        <Breadcrumb
          organiser={breadcrumb.organiser}
          catalogue={breadcrumb.catalogue}
          items={[{ label: resource.name, to: resourcePath }, { label: t("bookings.add.crumb") }]}
        />
      }
      header={
        <header className="flex flex-col gap-4">
          <DetailTitle testId="booking-title">
            {t("bookings.add.title", { resource: resource.name })}
          </DetailTitle>
          <Facts
            items={[
              { key: "date", label: t("bookings.add.date"), value: when, testId: "booking-date" },
              resource.location
                ? { key: "location", label: t("bookings.add.location"), value: resource.location }
                : null,
            ]}
          />
        </header>
      }
      side={
        !slotFree ? (
          <SidePanel title={t("bookings.add.taken_title")} testId="booking-taken">
            <p className="text-slate-700">{t("bookings.add.taken_text")}</p>
            <LocalizedLink to={resourcePath} className="font-semibold text-accent-ink underline">
              {t("bookings.add.back_to_resource", { resource: resource.name })}
            </LocalizedLink>
          </SidePanel>
        ) : refusal ? (
          <SidePanel title={t("bookings.add.refused_title")} testId="booking-refused">
            <p className="text-slate-700">{translateErrorCode(t, refusal)}</p>
            <LocalizedLink to={resourcePath} className="font-semibold text-accent-ink underline">
              {t("bookings.add.back_to_resource", { resource: resource.name })}
            </LocalizedLink>
          </SidePanel>
        ) : customer && form ? (
          <BookingForm data={form} />
        ) : (
          <LoginPrompt />
        )
      }
    >
      <p className="text-slate-700">
        <LocalizedLink to={resourcePath} className="font-semibold text-accent-ink underline">
          {t("bookings.add.see_schedule", { resource: resource.name })}
        </LocalizedLink>
      </p>
    </DetailPage>
  );
}
