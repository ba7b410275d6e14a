import type { VoucherRedeemStateView } from "@booking/contracts";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { ItemPicture } from "../account/item-picture";
import { AccountListCard } from "../account/list";
import { toneClasses } from "../account/tone-badge";
import { AlertIcon, CheckCircleIcon, GiftIcon, InfoIcon, UserIcon, WalletIcon } from "../icons";
import type { PaymentBadgeLabel } from "../registrations/registration-data";
import { type VoucherData, type VoucherGiftData, voucherPath } from "./voucher-data";

/** §4 redemption badge (shown once the voucher is fully paid): redeemed or waiting. */
export function RedemptionBadge({ badge }: { badge: VoucherData["redemptionBadge"] }) {
  const { t } = useTranslation();
  if (!badge) return null;
  return (
    <span
      className={toneClasses(badge === "redeemed" ? "green" : "blue")}
      data-testid="redemption-badge"
      data-badge={badge}
    >
      {t(`vouchers.badges.${badge}`)}
    </span>
  );
}

/**
 * §4 payment badge of a voucher, for its owner: paid (green) or the amount still to pay (yellow);
 * the registrations' badge colours, with the voucher's own wording.
 */
export function VoucherPaymentBadge({ badge }: { badge: PaymentBadgeLabel | null }) {
  const { t } = useTranslation();
  if (!badge) return null;
  return (
    <span
      className={toneClasses(badge.kind === "complete" ? "green" : "yellow")}
      data-testid="payment-badge"
      data-kind={badge.kind}
    >
      {badge.kind === "complete"
        ? t("vouchers.payment.complete")
        : t(`vouchers.payment.${badge.kind}`, { amount: badge.outstanding })}
    </span>
  );
}

/** The product's picture, or the gift pictogram. */
export function VoucherThumb({
  image,
  size = "md",
}: {
  image: VoucherData["image"];
  size?: "md" | "lg";
}) {
  return <ItemPicture picture={image} icon={GiftIcon} size={size} />;
}

/** What a voucher gives: "50,00 € on the wallet", "Card « … » · 10 sessions". */
export function VoucherGiftList({
  gift,
  className,
}: {
  gift: VoucherGiftData;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={clsx("flex flex-col gap-1.5", className)} data-testid="voucher-gift">
      {gift.amount ? (
        <li className="flex items-start gap-2 text-sm text-slate-800">
          <WalletIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>{t("vouchers.gift.wallet", { amount: gift.amount })}</span>
        </li>
      ) : null}
      {gift.bundle ? (
        <li className="flex items-start gap-2 text-sm text-slate-800">
          <GiftIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            {gift.bundle.capacity === null
              ? t("vouchers.gift.bundle_unlimited", { title: gift.bundle.title })
              : t("vouchers.gift.bundle", {
                  title: gift.bundle.title,
                  count: gift.bundle.capacity,
                })}
          </span>
        </li>
      ) : null}
      {!gift.amount && !gift.bundle ? (
        <li className="text-sm text-slate-600">{t("vouchers.gift.nothing")}</li>
      ) : null}
    </ul>
  );
}

/** The giver's name, or a neutral wording when the account was erased. */
export function useGiverName(): (giver: string) => string {
  const { t } = useTranslation();
  return (giver) => giver.trim() || t("vouchers.giver_unknown");
}

/** One voucher of the list: picture, title, what it gives, code or giver, badges. */
export function VoucherCard({ voucher }: { voucher: VoucherData }) {
  const { t } = useTranslation();
  const giverName = useGiverName();
  const { owner } = voucher;
  return (
    <AccountListCard
      to={voucherPath(voucher.cuid)}
      testId="voucher-card"
      data={{ "data-access": voucher.access }}
      badges={
        <>
          {owner ? <VoucherPaymentBadge badge={owner.paymentBadge} /> : null}
          <RedemptionBadge badge={voucher.redemptionBadge} />
        </>
      }
      amount={owner?.total ?? null}
    >
      <VoucherThumb image={voucher.image} />
      <div className="flex min-w-0 flex-col gap-1.5">
        <h2 className="font-semibold break-words text-slate-950">{voucher.title}</h2>
        {owner ? (
          <p className="text-sm text-slate-700">
            {t("vouchers.code")}:{" "}
            <span className="font-mono font-semibold tracking-wider text-slate-950">
              {owner.code}
            </span>
          </p>
        ) : (
          <p className="flex items-center gap-1.5 text-sm text-slate-700">
            <UserIcon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {t("vouchers.given_by", { name: giverName(voucher.giver) })}
          </p>
        )}
        <VoucherGiftList gift={voucher.gift} />
        {owner?.recipient ? (
          <p className="text-sm text-slate-600">
            {t("vouchers.redeemed_by_on", {
              name: giverName(owner.recipient),
              date: voucher.redeemedOn,
            })}
          </p>
        ) : !owner && voucher.redeemedOn ? (
          <p className="text-sm text-slate-600">
            {t("vouchers.redeemed_on", { date: voucher.redeemedOn })}
          </p>
        ) : owner?.expiresOn ? (
          <p className={clsx("text-sm", owner.expired ? "text-red-700" : "text-slate-600")}>
            {owner.expired
              ? t("vouchers.expired_on", { date: owner.expiresOn })
              : t("vouchers.valid_until", { date: owner.expiresOn })}
          </p>
        ) : null}
      </div>
    </AccountListCard>
  );
}

const STATE_TONES: Record<VoucherRedeemStateView, { classes: string; icon: typeof InfoIcon }> = {
  valid: { classes: "border-emerald-200 bg-emerald-50 text-emerald-900", icon: CheckCircleIcon },
  redeemed: { classes: "border-slate-200 bg-slate-50 text-slate-800", icon: InfoIcon },
  expired: { classes: "border-red-200 bg-red-50 text-red-900", icon: AlertIcon },
  unpaid: { classes: "border-amber-200 bg-amber-50 text-amber-900", icon: AlertIcon },
};

/** The §4 state of a code on the redemption page: valid, already redeemed, expired or unpaid. */
export function RedeemStateNotice({
  state,
  expiresOn,
  children,
}: {
  state: VoucherRedeemStateView;
  expiresOn: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { classes, icon: Icon } = STATE_TONES[state];
  return (
    <div
      className={clsx("flex gap-3 rounded-xl border p-4", classes)}
      role={state === "valid" ? "status" : "alert"}
      data-testid="redeem-state"
      data-state={state}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t(`vouchers.redeem.states.${state}.title`)}</p>
        <p className="text-sm">
          {t(`vouchers.redeem.states.${state}.body`, { date: expiresOn ?? "" })}
        </p>
        {children}
      </div>
    </div>
  );
}
