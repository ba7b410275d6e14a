import type { AccountVoucherView, VoucherProductRef } from "@booking/contracts";
import type { Formatters } from "../../lib/format";
import { type PaymentBadgeLabel, paymentBadgeLabel } from "../registrations/registration-data";

/** Where the vouchers of the account area live (platform-and-account.md §2.2, §2.3). */
export const VOUCHERS_PATH = "/account/vouchers";
export const REDEEM_PATH = `${VOUCHERS_PATH}/redeem`;
export const voucherPath = (cuid: string) => `${VOUCHERS_PATH}/${cuid}`;
export const redeemCodePath = (code: string) => `${REDEEM_PATH}/${encodeURIComponent(code)}`;

/** What a voucher gives, formatted: an amount to the wallet and/or a bundle. */
export interface VoucherGiftData {
  /** "50,00 €", null when it credits nothing */
  amount: string | null;
  bundle: { title: string; capacity: number | null } | null;
}

export function voucherGiftData(product: VoucherProductRef, format: Formatters): VoucherGiftData {
  return {
    amount: product.amount > 0 ? format.money(product.amount) : null,
    bundle: product.bundle
      ? { title: product.bundle.title, capacity: product.bundle.capacity }
      : null,
  };
}

export function productImage(product: VoucherProductRef): { url: string; alt: string } | null {
  const image = product.images[0];
  return image ? { url: image.public_url, alt: image.alt ?? "" } : null;
}

/**
 * A voucher as its card and page show it, formatted on the server. The owner's fields are null
 * for another customer (§6: they see only the giver and the redemption status).
 */
export interface VoucherData {
  cuid: string;
  access: AccountVoucherView["access"];
  title: string;
  image: { url: string; alt: string } | null;
  gift: VoucherGiftData;
  /** the giver's name; "" for an erased account */
  giver: string;
  redemptionBadge: AccountVoucherView["redemption_badge"];
  /** "12 mars 2026", when redeemed */
  redeemedOn: string | null;
  owner: {
    code: string;
    boughtOn: string;
    expiresOn: string | null;
    expired: boolean;
    recipient: string | null;
    participant: string | null;
    total: string;
    paid: string;
    outstanding: string | null;
    paymentBadge: PaymentBadgeLabel | null;
  } | null;
}

export function voucherData(view: AccountVoucherView, format: Formatters, now: Date): VoucherData {
  const shared = {
    cuid: view.cuid,
    access: view.access,
    title: view.voucher.title,
    image: productImage(view.voucher),
    gift: voucherGiftData(view.voucher, format),
    giver: view.customer.fullname,
    redemptionBadge: view.redemption_badge,
    redeemedOn: view.redeemed_at ? format.date(view.redeemed_at) : null,
  };
  if (view.access !== "owner") return { ...shared, owner: null };
  const outstanding = Math.max(0, view.total_amount - view.paid_amount);
  return {
    ...shared,
    owner: {
      code: view.code,
      boughtOn: format.date(view.created_at),
      expiresOn: view.expires_at ? format.date(view.expires_at) : null,
      expired: view.expires_at !== null && new Date(view.expires_at).getTime() <= now.getTime(),
      recipient: view.recipient?.fullname ?? null,
      participant: view.participant?.fullname ?? null,
      total: format.money(view.total_amount),
      paid: format.money(view.paid_amount),
      outstanding: outstanding > 0 ? format.money(outstanding) : null,
      paymentBadge: paymentBadgeLabel(view.payment_badge, format),
    },
  };
}
