const AMOUNT = /^\d{1,7}([.,]\d{1,2})?$/;

/** An amount typed in the currency's units ("12,50", "12.5") in minor units; null otherwise. */
export function minorUnits(text: string): number | null {
  const value = text.trim();
  if (!AMOUNT.test(value)) return null;
  return Math.round(Number(value.replace(",", ".")) * 100);
}
