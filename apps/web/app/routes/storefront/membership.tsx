import { DescriptionSection, MainImage } from "../../components/catalogue/detail";
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
import type { Route } from "./+types/membership";

type Period =
  | { kind: "fixed"; start: string; end: string }
  | { kind: "rolling"; type: "days" | "weeks" | "months" | "years"; duration: number }
  | null;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = storefrontPage(context, params);
  const { storefront, language, format, t } = page;
  const membership = await orNotFound(storefront.reader.membership(params.cuid));
  const price = format.money(membership.price);
  let period: Period = null;
  if (
    membership.period_type === "FIXED" &&
    membership.fixed_period_start_at &&
    membership.fixed_period_end_at
  ) {
    period = {
      kind: "fixed",
      start: format.date(membership.fixed_period_start_at),
      end: format.date(membership.fixed_period_end_at),
    };
  } else if (
    membership.period_type === "ROLLING" &&
    membership.rolling_period_type &&
    membership.rolling_period_duration !== null
  ) {
    period = {
      kind: "rolling",
      type: membership.rolling_period_type,
      duration: membership.rolling_period_duration,
    };
  }
  const image = membership.images[0] ?? null;
  return {
    ...detailPageBase(page, request, {
      title: membership.title,
      description: membership.description,
      fallbackDescription: t("membership.meta_description", { title: membership.title, price }),
      path: `/memberships/${membership.cuid}`,
      image,
    }),
    ...purchaseContext(storefront),
    purchase: await productFormData(storefront, request, {
      kind: "membership",
      id: membership.id,
      withParticipant: membership.entity === "PARTICIPANTS",
    }),
    membership: {
      title: membership.title,
      price,
      period,
      image: image ? imageData([image])[0]! : null,
      description: descriptionHtml(membership.description, language),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MembershipPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { membership, breadcrumb, customer, contacts } = loaderData;
  const { period } = membership;
  const periodText =
    period === null
      ? null
      : period.kind === "fixed"
        ? t("membership.period.fixed", { start: period.start, end: period.end })
        : t(`membership.period.rolling_${period.type}`, { count: period.duration });
  return (
    <ProductDetailPage
      kind="membership"
      title={membership.title}
      price={membership.price}
      breadcrumb={breadcrumb}
      customer={customer}
      contacts={contacts}
      purchase={loaderData.purchase}
      intro={
        periodText ? (
          <p data-testid="membership-period" className="text-lg font-medium text-slate-800">
            {periodText}
          </p>
        ) : null
      }
    >
      {membership.image ? <MainImage image={membership.image} /> : null}
      {membership.description ? (
        <DescriptionSection id="membership-description" html={membership.description} />
      ) : null}
    </ProductDetailPage>
  );
}
