import type {
  AccountSettingsView,
  BusinessSettingsView,
  OwnPaymentProviderView,
  PaymentsSettingsView,
  PreferencesSettingsView,
} from "@booking/contracts";
import { paymentReferenceKind } from "@booking/domain";
import {
  type CredentialsCipher,
  CredentialsUnreadableError,
  openPaymentCredentials,
} from "./credentials.ts";
import type { Organiser } from "./queries.ts";

export function accountView(organiser: Organiser, currencyLocked: boolean): AccountSettingsView {
  return {
    name: organiser.name,
    logo_url: organiser.logoUrl,
    language: organiser.language,
    currency: organiser.currency,
    timezone: organiser.timezone,
    contact_email: organiser.contactEmail,
    contact_phone: organiser.contactPhone,
    currency_locked: currencyLocked,
  };
}

export function businessView(organiser: Organiser): BusinessSettingsView {
  return {
    legal_name: organiser.legalName,
    vat_number: organiser.vatNumber,
    enterprise_number: organiser.enterpriseNumber,
    iban: organiser.iban,
    bic: organiser.bic,
    street: organiser.street,
    number: organiser.number,
    postcode: organiser.postcode,
    city: organiser.city,
    country: organiser.country,
  };
}

export function preferencesView(organiser: Organiser): PreferencesSettingsView {
  const { settings } = organiser;
  return {
    carts_expiration_delay: settings.carts_expiration_delay,
    create_customers_participant: settings.create_customers_participant,
    payments_references_prefix: settings.payments_references_prefix,
    payment_reference_kind: paymentReferenceKind(organiser),
    formats: { ages: settings.formats.ages },
  };
}

/** The organiser's own provider account as the browser may see it: never the key itself. */
function ownProviderView(
  cipher: CredentialsCipher,
  organiser: Organiser,
): OwnPaymentProviderView | null {
  try {
    const credentials = openPaymentCredentials(cipher, organiser);
    if (!credentials) return null;
    const key = credentials.api_key;
    return {
      provider: credentials.provider,
      configured: true,
      api_key_last4: key.slice(-4),
      mode: key.startsWith("live_") ? "live" : "test",
    };
  } catch (error) {
    if (!(error instanceof CredentialsUnreadableError)) throw error;
    return { provider: "mollie", configured: true, api_key_last4: null, mode: null };
  }
}

export function paymentsView(
  organiser: Organiser,
  cipher: CredentialsCipher,
  platformProvider: boolean,
): PaymentsSettingsView {
  return {
    bank_transfers_payments_activated: organiser.settings.bank_transfers_payments_activated,
    online_payments_activated: organiser.settings.online_payments_activated,
    own_provider: ownProviderView(cipher, organiser),
    platform_provider: platformProvider,
  };
}
