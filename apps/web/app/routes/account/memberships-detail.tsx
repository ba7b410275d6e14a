import {
  accountItemSeo,
  daysLabel,
  loadAccountItem,
  ownedProductData,
  paymentAmounts,
} from "../../components/account-items/data";
import { Notice, OwnedProductPage } from "../../components/account-items/ui";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/memberships-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, item } = await loadAccountItem(context, params, request, (reader, cuid) =>
    reader.membership(cuid),
  );
  const { format, t } = page;
  return {
    seo: accountItemSeo(context, params, request, "memberships", item.cuid),
    product: ownedProductData(format, t, item, item.membership),
    period: daysLabel(format, item.start_at, item.end_at),
    amounts: paymentAmounts(format, {
      total: item.total_amount,
      paid: item.paid_amount,
      // nothing more is asked of a cancelled membership
      outstanding: item.cancelled ? 0 : undefined,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * A membership (/account/memberships/{cuid}, platform-and-account.md §2.2, §2.3, §4): who it
 * covers, its period, its state (cancelled with its badge and a notice), its order and payment.
 */
export default function MembershipPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t } = useTranslation();
  const cancelled = data.product.state === "cancelled";
  return (
    <OwnedProductPage
      kind="memberships"
      product={data.product}
      amounts={data.amounts}
      paymentEmpty={cancelled ? t("account_items.memberships.payment_cancelled") : undefined}
      validity={data.period}
      notice={
        cancelled ? (
          <Notice
            tone="red"
            title={t("account_items.memberships.cancelled_title")}
            testId="membership-cancelled"
          >
            {t("account_items.memberships.cancelled_body")}
          </Notice>
        ) : null
      }
    />
  );
}
