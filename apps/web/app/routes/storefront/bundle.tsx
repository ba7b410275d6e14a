import { bundlePricePerRegistration } from "@booking/domain/bundles";
import { useTranslation } from "react-i18next";
import {
  Breadcrumb,
  Description,
  DetailPage,
  DetailTitle,
  Facts,
  Gallery,
  LoginPrompt,
  PropertyList,
  PurchasePanel,
} from "../../components/catalogue/detail";
import { useDurationText } from "../../components/catalogue/duration";
import { descriptionHtml, imageData, orNotFound } from "../../lib/catalogue-data";
import { buildSeo, seoMeta } from "../../lib/seo";
import { breadcrumbBase, customerSummary, storefrontPage } from "../../lib/storefront-page";
import type { Route } from "./+types/bundle";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, language, format, t } = storefrontPage(context, params);
  const { organiser } = storefront;
  const bundle = await orNotFound(storefront.reader.bundle(params.cuid));
  const price = format.money(bundle.price);
  const perRegistration = bundlePricePerRegistration(bundle.price, bundle.capacity);
  return {
    seo: buildSeo({
      request,
      organiserName: organiser.name,
      language,
      title: bundle.title,
      description: bundle.description,
      fallbackDescription: t("bundle.meta_description", { title: bundle.title, price }),
      path: `/bundles/${bundle.cuid}`,
      image: bundle.images[0] ?? null,
    }),
    breadcrumb: breadcrumbBase(storefront),
    customer: customerSummary(storefront),
    contacts: { email: organiser.contact_email, phone: organiser.contact_phone },
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
    <DetailPage
      breadcrumb={
        <Breadcrumb
          organiser={breadcrumb.organiser}
          catalogue={breadcrumb.catalogue}
          items={[{ label: bundle.title }]}
        />
      }
      header={
        <header className="flex flex-col gap-4">
          <DetailTitle testId="bundle-title">{bundle.title}</DetailTitle>
          <Facts
            items={[
              {
                key: "price",
                label: t("catalogue.price"),
                value: bundle.price,
                testId: "bundle-price",
              },
              bundle.perRegistration
                ? {
                    key: "per-registration",
                    label: t("bundle.per_registration"),
                    value: bundle.perRegistration,
                    testId: "bundle-price-per-registration",
                  }
                : null,
            ]}
          />
        </header>
      }
      side={customer ? <PurchasePanel price={bundle.price} contacts={contacts} /> : <LoginPrompt />}
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
    </DetailPage>
  );
}
