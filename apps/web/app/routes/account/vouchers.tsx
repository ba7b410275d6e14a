import { clsx } from "clsx";
import { requireAccount, useAccount } from "../../components/account/account-data";
import { AccountList } from "../../components/account/list";
import { AccountPageHeader } from "../../components/account/page-header";
import { readListPage } from "../../components/account/paging";
import { GiftIcon } from "../../components/icons";
import { LocalizedLink } from "../../components/localized-link";
import { ButtonLink } from "../../components/ui/button";
import { REDEEM_PATH, VOUCHERS_PATH, voucherData } from "../../components/vouchers/voucher-data";
import { VoucherCard } from "../../components/vouchers/voucher-ui";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import type { Route } from "./+types/vouchers";

/**
 * The vouchers tab (/account/vouchers, platform-and-account.md §2.3, §4, §6): the vouchers the
 * customer bought (with their code, payment and redemption badges) and those they redeemed (the
 * giver and the status only), newest first, 20 a page; `filter=available` keeps the bought ones
 * ready to be given. The header leads to the redemption of a code.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, format } = requireAccount(context, params, request);
  const url = new URL(request.url);
  const filter = url.searchParams.get("filter") === "available" ? "available" : "all";
  const { data, paging } = await readListPage(request, (query) =>
    storefront.reader.customerVouchersPage({ ...query, filter }),
  );
  const now = new Date();
  return {
    seo: simplePageSeo(context, params, request, {
      title: "vouchers.title",
      description: "vouchers.meta_description",
      path: VOUCHERS_PATH,
      robots: "noindex",
    }),
    filter,
    vouchers: data.map((voucher) => voucherData(voucher, format, now)),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Vouchers({ loaderData }: Route.ComponentProps) {
  const { vouchers, paging, filter } = loaderData;
  const { t } = useTranslation();
  const { counters } = useAccount();
  const redeem = (
    <ButtonLink to={REDEEM_PATH} data-testid="voucher-redeem-link">
      {t("vouchers.redeem_action")}
    </ButtonLink>
  );
  const filters = [
    { key: "all", to: VOUCHERS_PATH, count: counters.vouchers },
    {
      key: "available",
      to: `${VOUCHERS_PATH}?filter=available`,
      count: counters.available_vouchers,
    },
  ] as const;
  return (
    <div className="flex flex-col gap-6">
      <AccountPageHeader
        title={t("vouchers.title")}
        subtitle={t("vouchers.subtitle")}
        actions={redeem}
      />
      <nav aria-label={t("vouchers.filters.label")}>
        <ul className="flex flex-wrap gap-2">
          {filters.map((item) => (
            <li key={item.key}>
              <LocalizedLink
                to={item.to}
                aria-current={filter === item.key ? "page" : undefined}
                className={clsx(
                  "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold",
                  filter === item.key
                    ? "border-slate-900 bg-slate-900 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-slate-400",
                )}
              >
                {t(`vouchers.filters.${item.key}`)}
                <span
                  className={clsx(
                    "rounded-full px-2 text-xs tabular-nums",
                    filter === item.key ? "bg-white/20" : "bg-slate-100",
                  )}
                >
                  {item.count}
                </span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>
      <AccountList
        paging={paging}
        empty={{
          icon: GiftIcon,
          title: t(`vouchers.empty.${filter}.title`),
          body: t(`vouchers.empty.${filter}.body`),
          action: redeem,
        }}
        label={t("vouchers.list_label")}
        testId="vouchers-list"
      >
        {vouchers.map((voucher) => (
          <VoucherCard key={voucher.cuid} voucher={voucher} />
        ))}
      </AccountList>
    </div>
  );
}
