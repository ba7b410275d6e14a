import type { Language } from "@booking/contracts";
import { dateTimeFormat } from "../format";

/**
 * A date of the platform area, formatted by the loader (server and browser show the same text)
 * in the platform's home time zone: the operators compare organisers of every zone.
 */
export function platformDate(language: Language, iso: string, withTime = false): string {
  return dateTimeFormat(language === "fr" ? "fr-BE" : "en-GB", {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: "Europe/Brussels",
  }).format(new Date(iso));
}

/** An amount in minor units of `currency`, as the platform area shows money. */
export function platformMoney(language: Language, amount: number, currency: string): string {
  return new Intl.NumberFormat(language === "fr" ? "fr-BE" : "en-GB", {
    style: "currency",
    currency,
  }).format(amount / 100);
}
