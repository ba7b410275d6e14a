import type {
  AccountSettingsView,
  accountSettingsBody,
  BusinessSettingsView,
  businessSettingsBody,
  PaymentsSettingsView,
  PreferencesSettingsView,
  paymentsSettingsBody,
  preferencesSettingsBody,
} from "@booking/contracts";
import {
  ageFormatsErrors,
  belgianEnterpriseNumber,
  cartsExpirationDelayError,
  isCurrencyCode,
  isTimeZoneName,
  normaliseBic,
  normaliseIban,
  normaliseVatNumber,
  paymentReferencePrefixError,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { changedFields } from "../activities/audit-changes.ts";
import type { ResizedImage } from "../images/resize.ts";
import { type ImageStore, UPLOADS_URL_PREFIX } from "../images/storage.ts";
import { currencyInUse, lockOrganiser, updateOrganiser } from "./console-queries.ts";
import { accountView, businessView, paymentsView, preferencesView } from "./console-views.ts";
import { type CredentialsCipher, sealPaymentCredentials } from "./credentials.ts";
import type { Organiser } from "./queries.ts";

export interface SettingsDeps {
  credentials: CredentialsCipher;
  images: ImageStore;
  /**
   * Whether the platform takes online payments for an organiser without its own account: a
   * Mollie key is configured, or (outside production) the built-in test provider stands in.
   */
  platformPaymentProvider: boolean;
}

type FieldErrors = Record<string, string>;

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** Writes the audit entry of a section's save, with only the fields it changed; none: nothing. */
async function auditChanges(
  context: ConsoleContext,
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const changes = changedFields(before, after);
  if (Object.keys(changes.after).length === 0) return;
  await context.audit({
    action,
    entity: "organiser",
    entityId: context.organiser.cuid,
    ...changes,
  });
}

/**
 * The organiser's settings (issue 6 item 2), one section per permission. Each save locks the
 * organiser's row, checks the section with the rules of @booking/domain (organiser-settings.ts),
 * writes it and audits what changed. Slug and domain are not settings of the console.
 */
export function createSettingsConsole(deps: SettingsDeps) {
  /** Deletes the file of a logo uploaded here once it is replaced (never an outside URL). */
  function removeUploadedLogo(context: ConsoleContext, logoUrl: string | null): void {
    const folder = `${UPLOADS_URL_PREFIX}/${context.organiser.cuid}/`;
    if (!logoUrl?.startsWith(folder)) return;
    const storagePath = logoUrl.slice(UPLOADS_URL_PREFIX.length + 1);
    context.afterCommit(() => deps.images.remove(storagePath));
  }

  async function accountOf(context: ConsoleContext, organiser: Organiser) {
    return accountView(organiser, await currencyInUse(context.db, organiser.id));
  }

  return {
    account(context: ConsoleContext): Promise<AccountSettingsView> {
      return accountOf(context, context.organiser);
    },

    /** The currency may change only while no money was recorded in it (CURRENCY_IN_USE). */
    async updateAccount(
      context: ConsoleContext,
      input: z.output<typeof accountSettingsBody>,
    ): Promise<AccountSettingsView> {
      const errors: FieldErrors = {};
      if (!isCurrencyCode(input.currency)) errors.currency = "INVALID_CURRENCY";
      if (!isTimeZoneName(input.timezone)) errors.timezone = "INVALID_TIMEZONE";
      throwIfAny(errors);
      const before = await lockOrganiser(context.db, context.organiser.id);
      if (input.currency !== before.currency && (await currencyInUse(context.db, before.id))) {
        throw new AppError("CURRENCY_IN_USE");
      }
      const after = await updateOrganiser(context.db, before.id, {
        name: input.name,
        language: input.language,
        currency: input.currency,
        timezone: input.timezone,
        contactEmail: input.contact_email,
        contactPhone: input.contact_phone,
      });
      // The lock is no part of what changed: both sides leave it false.
      await auditChanges(
        context,
        "organiser.account_updated",
        accountView(before, false),
        accountView(after, false),
      );
      return accountOf(context, after);
    },

    /** Stores an upload already resized as the logo; the previous uploaded one is deleted. */
    async setLogo(context: ConsoleContext, upload: ResizedImage): Promise<AccountSettingsView> {
      const before = await lockOrganiser(context.db, context.organiser.id);
      const stored = await deps.images.save(context.organiser.cuid, upload);
      try {
        const after = await updateOrganiser(context.db, before.id, { logoUrl: stored.publicUrl });
        await context.audit({
          action: "organiser.logo_updated",
          entity: "organiser",
          entityId: before.cuid,
          before: { logo_url: before.logoUrl },
          after: { logo_url: after.logoUrl },
        });
        removeUploadedLogo(context, before.logoUrl);
        return await accountOf(context, after);
      } catch (error) {
        await deps.images.remove(stored.storagePath);
        throw error;
      }
    },

    async removeLogo(context: ConsoleContext): Promise<AccountSettingsView> {
      const before = await lockOrganiser(context.db, context.organiser.id);
      if (before.logoUrl === null) return accountOf(context, before);
      const after = await updateOrganiser(context.db, before.id, { logoUrl: null });
      await context.audit({
        action: "organiser.logo_removed",
        entity: "organiser",
        entityId: before.cuid,
        before: { logo_url: before.logoUrl },
      });
      removeUploadedLogo(context, before.logoUrl);
      return accountOf(context, after);
    },

    async business(context: ConsoleContext): Promise<BusinessSettingsView> {
      return businessView(context.organiser);
    },

    /** IBAN, BIC and VAT number are stored compact and upper-cased once their checks hold. */
    async updateBusiness(
      context: ConsoleContext,
      input: z.output<typeof businessSettingsBody>,
    ): Promise<BusinessSettingsView> {
      const errors: FieldErrors = {};
      const normalised = <T>(value: string | null, normalise: (text: string) => T | null) =>
        value === null ? null : normalise(value);
      const iban = normalised(input.iban, normaliseIban);
      const bic = normalised(input.bic, normaliseBic);
      const vatNumber = normalised(input.vat_number, normaliseVatNumber);
      const enterpriseNumber = normalised(input.enterprise_number, belgianEnterpriseNumber);
      if (input.iban !== null && iban === null) errors.iban = "INVALID_IBAN";
      if (input.bic !== null && bic === null) errors.bic = "INVALID_BIC";
      if (input.vat_number !== null && vatNumber === null) errors.vat_number = "INVALID_VAT_NUMBER";
      if (input.enterprise_number !== null && enterpriseNumber === null) {
        errors.enterprise_number = "INVALID_ENTERPRISE_NUMBER";
      }
      throwIfAny(errors);
      const before = await lockOrganiser(context.db, context.organiser.id);
      const after = await updateOrganiser(context.db, before.id, {
        legalName: input.legal_name,
        vatNumber,
        enterpriseNumber,
        iban,
        bic,
        street: input.street,
        number: input.number,
        postcode: input.postcode,
        city: input.city,
        country: input.country,
      });
      const view = businessView(after);
      await auditChanges(context, "organiser.business_updated", businessView(before), view);
      return view;
    },

    async preferences(context: ConsoleContext): Promise<PreferencesSettingsView> {
      return preferencesView(context.organiser);
    },

    async updatePreferences(
      context: ConsoleContext,
      input: z.output<typeof preferencesSettingsBody>,
    ): Promise<PreferencesSettingsView> {
      const errors: FieldErrors = {};
      const delayError = cartsExpirationDelayError(input.carts_expiration_delay);
      if (delayError) errors.carts_expiration_delay = delayError;
      const prefixError = paymentReferencePrefixError(input.payments_references_prefix);
      if (prefixError) errors.payments_references_prefix = prefixError;
      for (const [path, code] of Object.entries(ageFormatsErrors(input.formats.ages))) {
        errors[`formats.ages.${path}`] = code;
      }
      throwIfAny(errors);
      const before = await lockOrganiser(context.db, context.organiser.id);
      const after = await updateOrganiser(
        context.db,
        before.id,
        {},
        {
          carts_expiration_delay: input.carts_expiration_delay,
          create_customers_participant: input.create_customers_participant,
          payments_references_prefix: input.payments_references_prefix,
          formats: { ages: input.formats.ages },
        },
      );
      const view = preferencesView(after);
      await auditChanges(context, "organiser.preferences_updated", preferencesView(before), view);
      return view;
    },

    async payments(context: ConsoleContext): Promise<PaymentsSettingsView> {
      return paymentsView(context.organiser, deps.credentials, deps.platformPaymentProvider);
    },

    /**
     * Payment methods on or off, and the organiser's own Mollie key (stored encrypted, never
     * answered nor logged: the audit says `api_key: "set"` or `"removed"`). Online payments
     * need a provider: the platform's or the organiser's own (PAYMENT_PROVIDER_REQUIRED).
     */
    async updatePayments(
      context: ConsoleContext,
      input: z.output<typeof paymentsSettingsBody>,
    ): Promise<PaymentsSettingsView> {
      const before = await lockOrganiser(context.db, context.organiser.id);
      const key = input.mollie_api_key;
      const credentials =
        key === undefined
          ? before.paymentCredentialsEncrypted
          : key === null
            ? null
            : sealPaymentCredentials(deps.credentials, before.id, {
                provider: "mollie",
                api_key: key,
              });
      const provider = deps.platformPaymentProvider || credentials !== null;
      if (input.online_payments_activated && !provider) {
        throw validationError({ online_payments_activated: "PAYMENT_PROVIDER_REQUIRED" });
      }
      const after = await updateOrganiser(
        context.db,
        before.id,
        { paymentCredentialsEncrypted: credentials },
        {
          bank_transfers_payments_activated: input.bank_transfers_payments_activated,
          online_payments_activated: input.online_payments_activated,
        },
      );
      const methods = (organiser: Organiser) => ({
        bank_transfers_payments_activated: organiser.settings.bank_transfers_payments_activated,
        online_payments_activated: organiser.settings.online_payments_activated,
      });
      const changes = changedFields(methods(before), methods(after));
      const hadKey = before.paymentCredentialsEncrypted !== null;
      if (typeof key === "string" || (key === null && hadKey)) {
        changes.before.api_key = hadKey ? "set" : null;
        changes.after.api_key = key === null ? "removed" : "set";
      }
      if (Object.keys(changes.after).length > 0) {
        await context.audit({
          action: "organiser.payments_updated",
          entity: "organiser",
          entityId: before.cuid,
          ...changes,
        });
      }
      return paymentsView(after, deps.credentials, deps.platformPaymentProvider);
    },
  };
}

export type SettingsConsole = ReturnType<typeof createSettingsConsole>;
