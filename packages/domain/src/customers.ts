/**
 * Rules of the console's customer records (issue 6 item 4): merging two duplicate customers'
 * custom data, the birthdate range of an age filter, and hand-made wallet movements.
 * Decision record of the merge: docs/decisions/0023-customer-merge.md.
 */

import { parseBirthdate } from "./ages.ts";
import type { CustomDataEntry } from "./custom-fields.ts";
import { addDaysToDay } from "./zoned-time.ts";

/** Whether a stored custom-field value says something (not missing, null or blank). */
function isFilled(entry: CustomDataEntry | undefined): boolean {
  return typeof entry?.data === "string" && entry.data.trim() !== "";
}

/**
 * The custom data of a merged customer: every value the target has stays; a field the target
 * left empty (or never had) takes the source's value. Fields keep the target's order, then the
 * source's extra ones in theirs.
 */
export function mergeCustomData(
  target: readonly CustomDataEntry[],
  source: readonly CustomDataEntry[],
): CustomDataEntry[] {
  const fromSource = new Map(source.map((entry) => [entry.field_id, entry]));
  const merged = target.map((entry) => {
    const fallback = fromSource.get(entry.field_id);
    return isFilled(entry) || !isFilled(fallback) ? entry : { ...entry, data: fallback!.data };
  });
  const known = new Set(target.map((entry) => entry.field_id));
  for (const entry of source) {
    if (!known.has(entry.field_id) && isFilled(entry)) {
      merged.push(entry);
      known.add(entry.field_id);
    }
  }
  return merged;
}

/** The same calendar day `years` years earlier; 29 February becomes 28 February when needed. */
function yearsBefore(day: string, years: number): string {
  const { year, month, day: dayOfMonth } = parseBirthdate(day);
  const shifted = year - years;
  const leap = (shifted % 4 === 0 && shifted % 100 !== 0) || shifted % 400 === 0;
  const lastDay = month === 2 && dayOfMonth === 29 && !leap ? 28 : dayOfMonth;
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(shifted, 4)}-${pad(month, 2)}-${pad(lastDay, 2)}`;
}

/**
 * The birthdates of the people whose age in whole years (birthday-aware, as `ageInYears`) on
 * `today` is at least `min` and at most `max` (either may be left out): `from`/`to` inclusive,
 * null for an open end. At least 6 means born on or before today six years ago; at most 8 means
 * not yet 9, born after today nine years ago.
 */
export function birthdateRangeForAges(
  ages: { min?: number; max?: number },
  today: string,
): { from: string | null; to: string | null } {
  return {
    from: ages.max === undefined ? null : addDaysToDay(yearsBefore(today, ages.max + 1), 1),
    to: ages.min === undefined ? null : yearsBefore(today, ages.min),
  };
}

export type WalletDirection = "CREDIT" | "DEBIT";

/**
 * The most a wallet may hold, in minor units (ten million units of the currency): far above any
 * real balance, and far below what the database's `integer` column holds, so that no credit can
 * overflow it.
 */
export const MAX_WALLET_BALANCE = 1_000_000_000;

/**
 * A hand-made wallet movement (console): the signed amount of its wallet_transactions row, or
 * INSUFFICIENT_WALLET_AMOUNT when a debit is more than the wallet holds (a wallet is never
 * negative), WALLET_LIMIT_REACHED when a credit would take it above MAX_WALLET_BALANCE.
 * `amount` is a positive number of minor units.
 */
export function walletAdjustment(values: {
  wallet: number;
  direction: WalletDirection;
  amount: number;
}):
  | { ok: true; movement: number; wallet: number }
  | { ok: false; code: "INSUFFICIENT_WALLET_AMOUNT" | "WALLET_LIMIT_REACHED" } {
  const { wallet, direction, amount } = values;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`Invalid wallet amount: ${amount}`);
  }
  const movement = direction === "CREDIT" ? amount : -amount;
  if (wallet + movement < 0) return { ok: false, code: "INSUFFICIENT_WALLET_AMOUNT" };
  if (wallet + movement > MAX_WALLET_BALANCE) return { ok: false, code: "WALLET_LIMIT_REACHED" };
  return { ok: true, movement, wallet: wallet + movement };
}
