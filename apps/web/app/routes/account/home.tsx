import { useAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { TAB_ICONS } from "../../components/account/icons";
import { AccountPageHeader } from "../../components/account/page-header";
import { ArrowRightIcon, MailIcon, PhoneIcon, WalletIcon } from "../../components/icons";
import { LocalizedLink } from "../../components/localized-link";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import type { Route } from "./+types/home";

export function loader({ context, params, request }: Route.LoaderArgs) {
  return {
    seo: simplePageSeo(context, params, request, {
      title: "account.title",
      description: "account.meta_description",
      path: "/account/home",
      robots: "noindex",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** The home tab (/account and /account/home): details, wallet and a tile per counted tab. */
export default function AccountHome() {
  const { t } = useTranslation();
  const account = useAccount();
  const { customer } = account;
  const tiles = account.tabs.filter((tab) => tab.count !== null);
  return (
    <div className="flex flex-col gap-8">
      <AccountPageHeader
        title={t("account.home.title", { name: customer.firstname })}
        subtitle={t("account.home.subtitle")}
        actions={
          <ButtonLink to={account.catalogue} variant="secondary">
            {t("account.home.browse")}
            <ArrowRightIcon className="size-4" />
          </ButtonLink>
        }
      />

      <div className="grid gap-6 xl:grid-cols-3">
        <AccountCard
          title={t("account.home.details")}
          description={t("account.home.member_since", { date: account.memberSince })}
          className="xl:col-span-2"
          action={
            <LocalizedLink
              to="/account/profile"
              className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
            >
              {t("account.home.edit_profile")}
            </LocalizedLink>
          }
        >
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="sr-only">{t("register.form.lastname")}</dt>
              <dd className="text-base font-semibold text-slate-950">{customer.fullname}</dd>
            </div>
            <div className="flex min-w-0 items-center gap-3">
              <dt>
                <MailIcon className="size-5 text-slate-500" />
                <span className="sr-only">{t("register.form.email")}</span>
              </dt>
              <dd className="truncate text-slate-800">{customer.email}</dd>
            </div>
            <div className="flex min-w-0 items-center gap-3">
              <dt>
                <PhoneIcon className="size-5 text-slate-500" />
                <span className="sr-only">{t("register.form.phone")}</span>
              </dt>
              <dd className="truncate text-slate-800">{customer.phone}</dd>
            </div>
          </dl>
        </AccountCard>

        <section
          className="flex flex-col justify-between gap-4 rounded-2xl bg-slate-900 p-5 text-white shadow-xs sm:p-6"
          aria-labelledby="account-wallet"
        >
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-white/10">
              <WalletIcon className="size-5" />
            </span>
            <h2 id="account-wallet" className="text-lg font-semibold tracking-tight">
              {t("account.wallet")}
            </h2>
          </div>
          <div>
            <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="wallet">
              {account.wallet.label}
            </p>
            <p className="mt-1 text-sm text-slate-300">
              {account.wallet.amount > 0
                ? t("account.home.wallet_hint")
                : t("account.home.wallet_empty")}
            </p>
          </div>
          {/* Without vouchers there is no vouchers tab: redeeming a received one starts here. */}
          <LocalizedLink
            to="/account/vouchers/redeem"
            className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg text-sm font-semibold text-white underline-offset-4 hover:underline"
            data-testid="redeem-voucher-link"
          >
            {t("account.home.redeem_voucher")}
            <ArrowRightIcon className="size-4" />
          </LocalizedLink>
        </section>
      </div>

      <section aria-labelledby="account-overview">
        <h2 id="account-overview" className="text-lg font-semibold tracking-tight text-slate-950">
          {t("account.home.overview")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {tiles.map((tab) => {
            const Icon = TAB_ICONS[tab.key];
            const count = tab.count ?? 0;
            return (
              <li key={tab.key}>
                <LocalizedLink
                  to={`/account/${tab.path}`}
                  className="group flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs transition hover:border-slate-300 hover:shadow-sm"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
                    <Icon className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-950">
                      {t(`account.tabs.${tab.key}`)}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {count === 0 && tab.key === "participants"
                        ? t("account.home.counts.participants_zero")
                        : t(`account.home.counts.${tab.key}`, { count })}
                    </span>
                  </span>
                  <ArrowRightIcon className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-slate-700" />
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
