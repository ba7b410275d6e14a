import { AccountCard } from "../../components/account/card";
import { ToneBadge } from "../../components/account/tone-badge";
import {
  accountItemPath,
  accountItemSeo,
  bundleUsageLabel,
  loadAccountItem,
  ownedProductData,
  paymentAmounts,
} from "../../components/account-items/data";
import { ItemLinks, OwnedProductPage } from "../../components/account-items/ui";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/bundles-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, item } = await loadAccountItem(context, params, request, (reader, cuid) =>
    reader.bundle(cuid),
  );
  const { format, t } = page;
  return {
    seo: accountItemSeo(context, params, request, "bundles", item.cuid),
    product: ownedProductData(format, t, item, item.bundle),
    capacity: item.capacity,
    used: item.used,
    usage: bundleUsageLabel(item, t),
    validity: item.expires_at ? format.date(item.expires_at) : null,
    registrations: item.registrations.map((registration) => ({
      to: accountItemPath("registrations", registration.cuid),
      title: registration.activity.title,
      details: [
        `${registration.participant.fullname} · ${format.dateRange(registration.start_at, registration.end_at)}`,
      ],
      cancelled: registration.cancelled,
    })),
    amounts: paymentAmounts(format, { total: item.total_amount, paid: item.paid_amount }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * A bundle (/account/bundles/{cuid}, platform-and-account.md §2.2, §2.3): who it is for, how
 * much of it is used, until when it is valid, the registrations it paid for, its order and its
 * payment.
 */
export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t } = useTranslation();
  return (
    <OwnedProductPage
      kind="bundles"
      product={data.product}
      amounts={data.amounts}
      validity={
        data.validity
          ? t("account_items.valid_until", { date: data.validity })
          : t("account_items.no_expiry")
      }
      usage={
        data.capacity !== null ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-700" data-testid="bundle-usage">
              {data.usage}
            </p>
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label={t("account_items.bundles.usage_label")}
              aria-valuemin={0}
              aria-valuemax={data.capacity}
              aria-valuenow={data.used}
            >
              <div
                className="h-full rounded-full bg-accent"
                style={{
                  width: `${data.capacity > 0 ? Math.min(100, (data.used / data.capacity) * 100) : 0}%`,
                }}
              />
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-700" data-testid="bundle-usage">
            {data.usage}
          </p>
        )
      }
      main={
        <AccountCard title={t("account_items.bundles.registrations")}>
          {data.registrations.length === 0 ? (
            <p className="text-sm text-slate-600">{t("account_items.bundles.unused")}</p>
          ) : (
            <ItemLinks
              links={data.registrations.map((registration) => ({
                ...registration,
                aside: registration.cancelled ? (
                  <ToneBadge tone="red">{t("registrations.badges.cancelled")}</ToneBadge>
                ) : null,
              }))}
            />
          )}
        </AccountCard>
      }
    />
  );
}
