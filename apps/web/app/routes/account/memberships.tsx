import {
  accountItemSeo,
  daysLabel,
  loadAccountList,
  ownedProductData,
} from "../../components/account-items/data";
import { AccountItemListPage, OwnedProductCard } from "../../components/account-items/ui";
import { CalendarIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/memberships";

/**
 * The memberships tab (/account/memberships, platform-and-account.md §2.3, §4): the customer's
 * memberships, the latest period first, with who they cover, their period, their state (a
 * cancelled membership has its red badge) and their payment.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, data, paging } = await loadAccountList(context, params, request, (reader, query) =>
    reader.memberships(query),
  );
  const { format, t } = page;
  return {
    seo: accountItemSeo(context, params, request, "memberships"),
    memberships: data.map((membership) => ({
      ...ownedProductData(format, t, membership, membership.membership),
      period: daysLabel(format, membership.start_at, membership.end_at),
    })),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { memberships, paging } = loaderData;
  const { t } = useTranslation();
  return (
    <AccountItemListPage kind="memberships" paging={paging} testId="memberships-list">
      {memberships.map((membership) => (
        <OwnedProductCard
          key={membership.cuid}
          kind="memberships"
          product={membership}
          lines={[
            { icon: CalendarIcon, label: t("account_items.validity"), text: membership.period },
          ]}
        />
      ))}
    </AccountItemListPage>
  );
}
