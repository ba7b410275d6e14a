import { Description, MainImage, PropertyList } from "../../components/catalogue/detail";
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
import type { Route } from "./+types/voucher";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  const { storefront, language, format, t } = page;
  const voucher = await orNotFound(storefront.reader.voucher(params.cuid));
  const price = format.money(voucher.price);
  const image = voucher.images[0] ?? null;
  return {
    ...detailPageBase(page, request, {
      title: voucher.title,
      description: voucher.description,
      fallbackDescription: t("voucher.meta_description", { title: voucher.title, price }),
      path: `/vouchers/${voucher.cuid}`,
      image,
    }),
    ...purchaseContext(storefront),
    purchase: await productFormData(storefront, request, {
      kind: "voucher",
      id: voucher.id,
      withParticipant: false,
    }),
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
    <ProductDetailPage
      kind="voucher"
      title={voucher.title}
      price={voucher.price}
      breadcrumb={breadcrumb}
      customer={customer}
      contacts={contacts}
      purchase={loaderData.purchase}
      facts={[
        voucher.amount && voucher.amount !== voucher.price
          ? {
              key: "amount",
              label: t("voucher.amount"),
              value: voucher.amount,
              testId: "voucher-amount",
            }
          : null,
      ]}
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
    </ProductDetailPage>
  );
}
