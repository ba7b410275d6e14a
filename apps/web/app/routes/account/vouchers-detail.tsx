import { useState } from "react";
import { requireAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { AccountPageHeader } from "../../components/account/page-header";
import { Button } from "../../components/ui/button";
import { VOUCHERS_PATH, voucherData, voucherPath } from "../../components/vouchers/voucher-data";
import {
  RedemptionBadge,
  useGiverName,
  VoucherGiftList,
  VoucherPaymentBadge,
  VoucherThumb,
} from "../../components/vouchers/voucher-ui";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/vouchers-detail";

/**
 * A voucher (/account/vouchers/{cuid}, platform-and-account.md §2.2, §2.3, §4, §6). Its owner —
 * the customer who bought it — sees its code to give, its validity, amounts and payment badge,
 * and who redeemed it; the customer who redeemed it sees only the giver and the redemption
 * status. Anyone else gets a 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, format } = requireAccount(context, params, request);
  const view = await storefront.reader.customerVoucher(params.cuid ?? "");
  if (!view) notFound();
  return {
    seo: simplePageSeo(context, params, request, {
      title: "vouchers.detail.meta_title",
      description: "vouchers.meta_description",
      path: voucherPath(view.cuid),
      robots: "noindex",
    }),
    voucher: voucherData(view, format, new Date()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function VoucherDetail({ loaderData }: Route.ComponentProps) {
  const { voucher } = loaderData;
  const { t } = useTranslation();
  const giverName = useGiverName();
  const { owner } = voucher;
  return (
    <div className="flex flex-col gap-6" data-testid="voucher-detail" data-access={voucher.access}>
      <AccountPageHeader
        title={voucher.title}
        subtitle={
          owner
            ? t("vouchers.detail.bought_on", { date: owner.boughtOn })
            : t("vouchers.given_by", { name: giverName(voucher.giver) })
        }
        back={{ to: VOUCHERS_PATH, label: t("vouchers.detail.back") }}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <AccountCard>
            <div className="flex gap-4">
              <VoucherThumb image={voucher.image} size="lg" />
              <div className="flex min-w-0 flex-col gap-2">
                <h2 className="text-lg font-semibold text-slate-950">
                  {t("vouchers.detail.gives")}
                </h2>
                <VoucherGiftList gift={voucher.gift} />
              </div>
            </div>
          </AccountCard>
          {owner ? (
            <CodeCard owner={owner} redeemed={voucher.redemptionBadge === "redeemed"} />
          ) : null}
          <AccountCard
            title={t("vouchers.detail.redemption")}
            action={<RedemptionBadge badge={voucher.redemptionBadge} />}
          >
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">{t("vouchers.detail.giver")}</dt>
                <dd className="font-medium text-slate-950" data-testid="voucher-giver">
                  {giverName(voucher.giver)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("vouchers.detail.status")}</dt>
                <dd className="font-medium text-slate-950" data-testid="voucher-status">
                  {voucher.redeemedOn
                    ? t("vouchers.redeemed_on", { date: voucher.redeemedOn })
                    : voucher.redemptionBadge === null
                      ? t("vouchers.detail.not_paid_yet")
                      : t("vouchers.detail.not_redeemed")}
                </dd>
              </div>
              {owner?.recipient ? (
                <div>
                  <dt className="text-slate-600">{t("vouchers.detail.recipient")}</dt>
                  <dd className="font-medium text-slate-950" data-testid="voucher-recipient">
                    {giverName(owner.recipient)}
                  </dd>
                </div>
              ) : null}
              {owner?.participant ? (
                <div>
                  <dt className="text-slate-600">{t("vouchers.detail.participant")}</dt>
                  <dd className="font-medium text-slate-950">{owner.participant}</dd>
                </div>
              ) : null}
            </dl>
          </AccountCard>
        </div>
        {owner ? (
          <AccountCard title={t("vouchers.detail.payment")} className="self-start" headingLevel={2}>
            <div className="flex flex-col gap-4">
              <div>
                <VoucherPaymentBadge badge={owner.paymentBadge} />
              </div>
              <dl className="flex flex-col gap-2 text-sm" data-testid="voucher-amounts">
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">{t("vouchers.detail.total")}</dt>
                  <dd className="font-semibold text-slate-950 tabular-nums">{owner.total}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">{t("vouchers.detail.paid")}</dt>
                  <dd className="text-slate-950 tabular-nums">{owner.paid}</dd>
                </div>
                {owner.outstanding ? (
                  <div className="flex justify-between gap-4 border-t border-slate-100 pt-2">
                    <dt className="font-medium text-slate-800">
                      {t("vouchers.detail.outstanding")}
                    </dt>
                    <dd className="font-semibold text-slate-950 tabular-nums">
                      {owner.outstanding}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {owner.outstanding ? (
                <p className="text-sm text-pretty text-slate-600">
                  {t("vouchers.detail.unpaid_hint")}
                </p>
              ) : null}
            </div>
          </AccountCard>
        ) : null}
      </div>
    </div>
  );
}

/** The owner's code to give, with its validity and a copy button. */
function CodeCard({
  owner,
  redeemed,
}: {
  owner: NonNullable<ReturnType<typeof voucherData>["owner"]>;
  redeemed: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const canCopy = hydrated && typeof navigator !== "undefined" && Boolean(navigator.clipboard);
  return (
    <AccountCard
      title={t("vouchers.detail.code_title")}
      description={redeemed ? t("vouchers.detail.code_used") : t("vouchers.detail.code_hint")}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p
          className="rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-3 text-center font-mono text-2xl font-bold tracking-[0.2em] text-slate-950 sm:text-left"
          data-testid="voucher-code"
        >
          {owner.code}
        </p>
        {canCopy && !redeemed ? (
          <Button
            variant="secondary"
            onClick={() => {
              // Refused (no permission): the code stays on screen to copy by hand.
              navigator.clipboard.writeText(owner.code).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? t("vouchers.detail.copied") : t("vouchers.detail.copy")}
          </Button>
        ) : null}
      </div>
      {owner.expiresOn ? (
        <p className={owner.expired ? "mt-3 text-sm text-red-700" : "mt-3 text-sm text-slate-600"}>
          {owner.expired
            ? t("vouchers.expired_on", { date: owner.expiresOn })
            : t("vouchers.valid_until", { date: owner.expiresOn })}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("vouchers.no_expiry")}</p>
      )}
    </AccountCard>
  );
}
