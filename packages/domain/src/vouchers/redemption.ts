/**
 * Rules of the customer vouchers of the account area (platform-and-account.md §4 "Voucher", §6
 * "Voucher visibility"): what the redemption page says of a code, the redemption badge, and who
 * sees what. Amounts are integer minor units. Decision record: docs/decisions/0017-voucher-redemption.md.
 */

/**
 * What the redemption page says of a code, in order of precedence (the first that applies);
 * only `valid` lets the customer submit.
 */
export type VoucherRedeemState = "unpaid" | "expired" | "redeemed" | "valid";

/** A customer voucher as these rules read it. */
export type VoucherFacts = {
  /** what the giver owes for it */
  total: number;
  /** what the giver has paid so far */
  paid: number;
  /** end of validity; null never expires */
  expiresAt: Date | string | null;
  redeemedAt: Date | string | null;
  /** the customer who redeemed it; null while nobody has */
  recipientId: number | null;
};

/** Fully paid: the giver has paid at least its total (a free voucher, total 0, is paid). */
export function isVoucherPaid(voucher: Pick<VoucherFacts, "total" | "paid">): boolean {
  return voucher.paid >= voucher.total;
}

/** Expired once `now` has reached its end of validity. */
export function isVoucherExpired(voucher: Pick<VoucherFacts, "expiresAt">, now: Date): boolean {
  if (voucher.expiresAt === null) return false;
  return new Date(voucher.expiresAt).getTime() <= now.getTime();
}

/**
 * Redeemed in the sense of the badge (§4): it has both a redeemed date and a recipient. A
 * voucher with only one of the two (a redemption recorded by the organiser without a customer)
 * shows as waiting.
 */
export function isVoucherRedeemed(voucher: Pick<VoucherFacts, "redeemedAt" | "recipientId">) {
  return voucher.redeemedAt !== null && voucher.recipientId !== null;
}

/**
 * The state of the redemption page (§4): unpaid takes precedence over expired, which takes
 * precedence over redeemed; valid otherwise. For redeeming, any trace of a redemption (a date or
 * a recipient) counts as already redeemed: what a voucher gives is credited once.
 */
export function voucherRedeemState(voucher: VoucherFacts, now: Date): VoucherRedeemState {
  if (!isVoucherPaid(voucher)) return "unpaid";
  if (isVoucherExpired(voucher, now)) return "expired";
  if (voucher.redeemedAt !== null || voucher.recipientId !== null) return "redeemed";
  return "valid";
}

/** The submit button of the redemption page is enabled only for a valid voucher. */
export function canRedeemVoucher(state: VoucherRedeemState): boolean {
  return state === "valid";
}

export type VoucherRedemptionBadge = "redeemed" | "waiting";

/**
 * The redemption badge (§4): shown only when the voucher is fully paid; `redeemed` when it has
 * both a redeemed date and a recipient, `waiting` otherwise. Null: no badge.
 */
export function voucherRedemptionBadge(
  voucher: Pick<VoucherFacts, "total" | "paid" | "redeemedAt" | "recipientId">,
): VoucherRedemptionBadge | null {
  if (!isVoucherPaid(voucher)) return null;
  return isVoucherRedeemed(voucher) ? "redeemed" : "waiting";
}

/**
 * Who is looking at a voucher (§6): `owner` (the customer who bought it) sees its code, amounts
 * and payment badge; any other customer only the giver and the redemption status (`other`).
 * Null: no logged-in customer.
 */
export type VoucherAudience = "owner" | "other";

export function voucherAudience(
  voucher: { customerId: number },
  viewerId: number | null,
): VoucherAudience | null {
  if (viewerId === null) return null;
  return voucher.customerId === viewerId ? "owner" : "other";
}

/** What redeeming a voucher gives its recipient: wallet credit, a bundle, or both. */
export type VoucherGift = {
  /** credited to the recipient's wallet; 0 for none */
  walletCredit: number;
  /** the bundle product given as a customer bundle; null for none */
  bundleId: number | null;
};

/** The gift of a voucher product: its amount (never negative) and its bundle. */
export function voucherGift(product: { amount: number; bundleId: number | null }): VoucherGift {
  return { walletCredit: Math.max(0, product.amount), bundleId: product.bundleId };
}
