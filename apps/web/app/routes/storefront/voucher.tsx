import { useTranslation } from "react-i18next";
import {
  Breadcrumb,
  Description,
  DetailPage,
  DetailTitle,
  Facts,
  LoginPrompt,
  MainImage,
  PropertyList,
  PurchasePanel,
} from "../../components/catalogue/detail";
import { useDurationText } from "../../components/catalogue/duration";
import { descriptionHtml, imageData, orNotFound } from "../../lib/catalogue-data";
import { buildSeo, seoMeta } from "../../lib/seo";
import { breadcrumbBase, customerSummary, storefrontPage } from "../../lib/storefront-page";
import type { Route } from "./+types/voucher";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, language, format, t } = storefrontPage(context, params);
  const { organiser } = storefront;
  const voucher = await orNotFound(storefront.reader.voucher(params.cuid));
  const price = format.money(voucher.price);
  const image = voucher.images[0] ?? null;
  return {
    seo: buildSeo({
      request,
      organiserName: organiser.name,
      language,
      title: voucher.title,
      description: voucher.description,
      fallbackDescription: t("voucher.meta_description", { title: voucher.title, price }),
      path: `/vouchers/${voucher.cuid}`,
      image,
    }),
    breadcrumb: breadcrumbBase(storefront),
    customer: customerSummary(storefront),
    contacts: { email: organiser.contact_email, phone: organiser.contact_phone },
    voucher: {
      title: voucher.title,
      price,
      amount: voucher.amount !== null ? format.money(voucher.amount) : null,
      duration: voucher.duration,
      image: image ? imageData([image])[0]! : null,
      description: descriptionHtml(voucher.description, language),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function VoucherPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  const { voucher, breadcrumb, customer, contacts } = loaderData;
  const validity = voucher.duration
    ? t("catalogue.valid_for", { duration: durationText(voucher.duration) })
    : t("voucher.no_expiry");
  return (
    <DetailPage
      breadcrumb={
        <Breadcrumb
          organiser={breadcrumb.organiser}
          catalogue={breadcrumb.catalogue}
          items={[{ label: voucher.title }]}
        />
      }
      header={
        <header className="flex flex-col gap-4">
          <DetailTitle testId="voucher-title">{voucher.title}</DetailTitle>
          <Facts
            items={[
              {
                key: "price",
                label: t("catalogue.price"),
                value: voucher.price,
                testId: "voucher-price",
              },
              voucher.amount && voucher.amount !== voucher.price
                ? {
                    key: "amount",
                    label: t("voucher.amount"),
                    value: voucher.amount,
                    testId: "voucher-amount",
                  }
                : null,
            ]}
          />
        </header>
      }
      side={
        customer ? <PurchasePanel price={voucher.price} contacts={contacts} /> : <LoginPrompt />
      }
    >
      {voucher.image ? <MainImage image={voucher.image} /> : null}
      <section aria-labelledby="voucher-details">
        <h2 id="voucher-details" className="sr-only">
          {t("voucher.details")}
        </h2>
        <PropertyList
          properties={[
            voucher.description
              ? {
                  key: "description",
                  label: t("catalogue.description"),
                  content: <Description html={voucher.description} />,
                }
              : null,
            voucher.amount
              ? { key: "amount", label: t("voucher.amount"), content: voucher.amount }
              : null,
            {
              key: "validity",
              label: t("catalogue.validity"),
              testId: "voucher-validity",
              content: validity,
            },
          ]}
        />
      </section>
    </DetailPage>
  );
}
