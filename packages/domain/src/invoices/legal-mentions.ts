import type { VatRegime } from "./settings.ts";

/**
 * The mention Belgian law asks on an invoice under each VAT regime (none when subject to VAT:
 * the rates and VAT amounts say it all), in the organiser's language.
 */
const MENTIONS: Record<Exclude<VatRegime, "SUBJECT">, Record<"fr" | "en", string>> = {
  EXEMPT_ARTICLE_44: {
    fr: "Exemption de TVA, article 44 du Code de la TVA",
    en: "VAT exempt under article 44 of the Belgian VAT Code",
  },
  SMALL_BUSINESS_FRANCHISE: {
    fr: "Régime particulier de franchise des petites entreprises",
    en: "Special VAT exemption scheme for small businesses",
  },
};

/**
 * The CEF VATEX code an e-invoice may carry for an exempt regime: art. 44 §2 exempts sport and
 * social services (Directive 2006/112/EC art. 132(1)(m)); the franchise has no code of its own,
 * its mention is the reason.
 */
export const VAT_EXEMPTION_CODES: Partial<Record<VatRegime, string>> = {
  EXEMPT_ARTICLE_44: "VATEX-EU-132-1M",
};

/** The regime's legal mention in `language`; null for SUBJECT. */
export function vatLegalMention(regime: VatRegime, language: string): string | null {
  if (regime === "SUBJECT") return null;
  return MENTIONS[regime][language === "en" ? "en" : "fr"];
}
