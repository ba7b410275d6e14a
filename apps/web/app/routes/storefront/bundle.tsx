import { bundlePricePerRegistration } from "@booking/domain/bundles";
import { Description, Gallery, PropertyList } from "../../components/catalogue/detail";
import { useDurationText } from "../../components/catalogue/duration";
import { ProductDetailPage } from "../../components/catalogue/product-detail-page";
import { useTranslation } from "../../i18n/react";
import { descriptionHtml, imageData, orNotFound } from "../../lib/catalogue-data";
import { seoMeta } from "../../lib/seo";
import {
  detailPageBase,
  productFormData,
  purchaseContext,
  storefrontPage,
} from "../../lib/storefront-page";
import type { Route } from "./+types/bundle";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  const { storefront, language, format, t } = page;
  const bundle = await orNotFound(storefront.reader.bundle(params.cuid));
  const price = format.money(bundle.price);
  const perRegistration = bundlePricePerRegistration(bundle.price, bundle.capacity);
  return {
    ...detailPageBase(page, request, {
      title: bundle.title,
      description: bundle.description,
      fallbackDescription: t("bundle.meta_description", { title: bundle.title, price }),
      path: `/bundles/${bundle.cuid}`,
      image: bundle.images[0] ?? null,
    }),
    ...purchaseContext(storefront),
    purchase: await productFormData(storefront, request, {
      kind: "bundle",
      id: bundle.id,
      withParticipant: bundle.entity === "PARTICIPANTS",
    }),
    bundle: {
      title: bundle.title,
      price,
      images: imageData(bundle.images),
      description: descriptionHtml(bundle.description, language),
      capacity: bundle.capacity,
      expiresAt: bundle.expires_at ? format.date(bundle.expires_at) : null,
      duration: bundle.duration,
      perRegistration: perRegistration !== null ? format.money(perRegistration) : null,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  const { bundle, breadcrumb, customer, contacts } = loaderData;
  return (
    <ProductDetailPage
      kind="bundle"
      title={bundle.title}
      price={bundle.price}
      breadcrumb={breadcrumb}
      customer={customer}
      contacts={contacts}
      purchase={loaderData.purchase}
      facts={[
        bundle.perRegistration
          ? {
              key: "per-registration",
              label: t("bundle.per_registration"),
              value: bundle.perRegistration,
              testId: "bundle-price-per-registration",
            }
          : null,
      ]}
    >
      {bundle.images.length > 0 ? <Gallery images={bundle.images} /> : null}
      <section aria-labelledby="bundle-details">
        <h2 id="bundle-details" className="sr-only">
          {t("bundle.details")}
        </h2>
        <PropertyList
          properties={[
            bundle.description
              ? {
                  key: "description",
                  label: t("catalogue.description"),
                  content: <Description html={bundle.description} />,
                }
              : null,
            {
              key: "capacity",
              label: t("bundle.capacity_label"),
              testId: "bundle-capacity",
              content:
                bundle.capacity === null
                  ? t("bundle.unlimited")
                  : t("bundle.sessions", { count: bundle.capacity }),
            },
            bundle.perRegistration
              ? {
                  key: "per-registration",
                  label: t("bundle.per_registration"),
                  content: bundle.perRegistration,
                }
              : null,
            bundle.expiresAt
              ? {
                  key: "expires",
                  label: t("bundle.expires_label"),
                  testId: "bundle-expires",
                  content: t("bundle.expires", { date: bundle.expiresAt }),
                }
              : null,
            bundle.duration
              ? {
                  key: "duration",
                  label: t("catalogue.validity"),
                  testId: "bundle-duration",
                  content: t("catalogue.valid_for", { duration: durationText(bundle.duration) }),
                }
              : null,
          ]}
        />
      </section>
    </ProductDetailPage>
  );
}
