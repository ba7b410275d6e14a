/**
 * Pure rules of checkout (docs/decisions/0010-checkout.md): what a bought bundle, membership or
 * voucher is worth in time, and the codes of gift vouchers.
 */

/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L: read aloud or typed safely. */
export const VOUCHER_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const VOUCHER_CODE_LENGTH = 10;

/**
 * A voucher code of `VOUCHER_CODE_LENGTH` characters of the alphabet; `randomIndex(n)` must return
 * a uniform integer in [0, n) (crypto.randomInt on the server). 31^10 ≈ 8 × 10^14 codes.
 */
export function voucherCode(randomIndex: (size: number) => number): string {
  let code = "";
  for (let index = 0; index < VOUCHER_CODE_LENGTH; index += 1) {
    code += VOUCHER_CODE_ALPHABET[randomIndex(VOUCHER_CODE_ALPHABET.length)];
  }
  return code;
}

export function isVoucherCode(value: string): boolean {
  return new RegExp(`^[${VOUCHER_CODE_ALPHABET}]{${VOUCHER_CODE_LENGTH}}$`).test(value);
}

/**
 * The end of validity of something bought at `now` valid `duration` seconds (null: no limit), and
 * ending at the latest at `fixedEnd` (null: none): whichever comes first, or null for no expiry.
 */
export function expiryOf(now: Date, duration: number | null, fixedEnd: Date | null = null) {
  const byDuration = duration === null ? null : new Date(now.getTime() + duration * 1000);
  if (byDuration === null) return fixedEnd;
  if (fixedEnd === null) return byDuration;
  return byDuration < fixedEnd ? byDuration : fixedEnd;
}

export type MembershipPeriodInput =
  | { period_type: "FIXED"; fixed_start_at: Date; fixed_end_at: Date }
  | {
      period_type: "ROLLING";
      rolling_type: "days" | "weeks" | "months" | "years";
      rolling_duration: number;
    };

/**
 * The validity of a membership bought at `now`: a FIXED membership covers its fixed period
 * (bought late, it still ends at the same date); a ROLLING one starts at `now` and lasts its
 * duration. Months and years are calendar units (UTC); a month added to 31 January ends on the
 * last day of February rather than overflowing into March.
 */
export function membershipPeriod(
  membership: MembershipPeriodInput,
  now: Date,
): { start_at: Date; end_at: Date } {
  if (membership.period_type === "FIXED") {
    return { start_at: membership.fixed_start_at, end_at: membership.fixed_end_at };
  }
  const { rolling_type: unit, rolling_duration: count } = membership;
  if (!Number.isInteger(count) || count <= 0) {
    throw new RangeError(`Rolling duration must be a positive integer: ${count}`);
  }
  const day = 24 * 3600 * 1000;
  if (unit === "days" || unit === "weeks") {
    return {
      start_at: now,
      end_at: new Date(now.getTime() + count * (unit === "weeks" ? 7 : 1) * day),
    };
  }
  const months = unit === "years" ? count * 12 : count;
  const end = new Date(now.getTime());
  const dayOfMonth = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(dayOfMonth, lastDay));
  return { start_at: now, end_at: end };
}
