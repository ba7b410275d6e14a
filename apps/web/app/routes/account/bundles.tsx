import {
  accountItemSeo,
  bundleUsageLabel,
  loadAccountList,
  ownedProductData,
} from "../../components/account-items/data";
import { AccountItemListPage, OwnedProductCard } from "../../components/account-items/ui";
import { CheckIcon, ClockIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/bundles";

/**
 * The bundles tab (/account/bundles, platform-and-account.md §2.3): the registration packs the
 * customer bought (or received with a voucher), the latest first, with who they are for, how many
 * registrations are left, until when, and their payment.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, data, paging } = await loadAccountList(context, params, request, (reader, query) =>
    reader.bundles(query),
  );
  const { format, t } = page;
  return {
    seo: accountItemSeo(context, params, request, "bundles"),
    bundles: data.map((bundle) => ({
      ...ownedProductData(format, t, bundle, bundle.bundle),
      usage: bundleUsageLabel(bundle, t),
      validity: bundle.expires_at
        ? t("account_items.valid_until", { date: format.date(bundle.expires_at) })
        : null,
    })),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Bundles({ loaderData }: Route.ComponentProps) {
  const { bundles, paging } = loaderData;
  const { t } = useTranslation();
  return (
    <AccountItemListPage kind="bundles" paging={paging} testId="bundles-list">
      {bundles.map((bundle) => (
        <OwnedProductCard
          key={bundle.cuid}
          kind="bundles"
          product={bundle}
          lines={[
            { icon: CheckIcon, label: t("account_items.bundles.usage_label"), text: bundle.usage },
            bundle.validity
              ? { icon: ClockIcon, label: t("account_items.validity"), text: bundle.validity }
              : null,
          ]}
        />
      ))}
    </AccountItemListPage>
  );
}
