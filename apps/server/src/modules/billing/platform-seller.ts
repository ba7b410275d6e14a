import type { InvoiceIssuer } from "@booking/domain";

// The platform's own legal identity, the seller of every platform invoice (decision 0078): read
// from the environment, with the development platform's values when unset — outside production
// only: production refuses to start without them (loadConfig, decision 0082).

/** What names the platform on its invoices; production requires every one of them. */
export const PLATFORM_SELLER_SETTINGS = [
  "PLATFORM_LEGAL_NAME",
  "PLATFORM_VAT_NUMBER",
  "PLATFORM_STREET",
  "PLATFORM_POSTCODE",
  "PLATFORM_CITY",
  "PLATFORM_COUNTRY",
  "PLATFORM_IBAN",
  "PLATFORM_BIC",
  "PLATFORM_BILLING_EMAIL",
] as const;

/** The seller settings `env` lacks (unset or blank). */
export function missingPlatformSettings(env: NodeJS.ProcessEnv): string[] {
  return PLATFORM_SELLER_SETTINGS.filter((name) => !env[name]?.trim());
}

const env = (name: string, fallback: string | null): string | null => {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
};

/** The seller printed on platform invoices and written into their UBL. */
export function platformSeller(): InvoiceIssuer {
  return {
    name: env("PLATFORM_NAME", "Booking Platform")!,
    legal_name: env("PLATFORM_LEGAL_NAME", "Booking Platform SRL"),
    vat_number: env("PLATFORM_VAT_NUMBER", "BE0123456749"),
    address: {
      street: env("PLATFORM_STREET", "Rue de la Loi 16")!,
      postcode: env("PLATFORM_POSTCODE", "1000")!,
      city: env("PLATFORM_CITY", "Bruxelles")!,
      country: env("PLATFORM_COUNTRY", "BE")!,
    },
    email: env("PLATFORM_BILLING_EMAIL", "billing@booking.localhost"),
    phone: null,
    website: null,
    iban: env("PLATFORM_IBAN", "BE71096123456769"),
    bic: env("PLATFORM_BIC", "GKCCBEBB"),
    logo_url: null,
    color: null,
  };
}
