import type { SmsSettingsView, SmsUsageView, smsSettingsBody } from "@booking/contracts";
import { organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import { smsRecipient, smsSenderNameError, smsUnitAmount } from "@booking/domain";
import type { z } from "zod";
import { validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { lockOrganiser } from "../organisers/console-queries.ts";
import { type CredentialsCipher, CredentialsUnreadableError } from "../organisers/credentials.ts";
import type { Organiser } from "../organisers/queries.ts";
import { openSmsCredentials, type SmsCredentials, sealSmsCredentials } from "./credentials.ts";
import { smsUsage } from "./usage.ts";

export interface SmsSettingsDeps {
  credentials: CredentialsCipher;
  /** whether the platform sends SMS for organisers without their own account (TWILIO_*) */
  platformSmsProvider: boolean;
}

type SmsSettingsInput = z.output<typeof smsSettingsBody>;

/**
 * The organiser's SMS settings (issue 14 item 4): its sender name, its own Twilio account
 * (sealed with AES-256-GCM, never answered nor audited: the view and the audit say only
 * "configured"/"set"), and its monthly usage, which is what platform billing charges.
 */
export function createSmsSettings(deps: SmsSettingsDeps) {
  function ownProvider(organiser: Organiser): SmsSettingsView["own_provider"] {
    if (organiser.smsCredentialsEncrypted === null) return null;
    try {
      openSmsCredentials(deps.credentials, organiser.id, organiser.smsCredentialsEncrypted);
      return "configured";
    } catch (error) {
      if (!(error instanceof CredentialsUnreadableError)) throw error;
      return "unreadable";
    }
  }

  function view(organiser: Organiser): SmsSettingsView {
    return {
      sender_name: organiser.smsSenderName,
      own_provider: ownProvider(organiser),
      platform_provider: deps.platformSmsProvider,
      unit_amount: smsUnitAmount(organiser.billing.items),
      currency: organiser.currency,
    };
  }

  /** The account's sender: an E.164 number read in the organiser's country, or a sender id. */
  function credentialsOf(
    organiser: Organiser,
    input: NonNullable<SmsSettingsInput["credentials"]>,
    errors: Record<string, string>,
  ): SmsCredentials | null {
    let from = input.from;
    if (/^[+\d\s().-]+$/.test(from)) {
      const number = smsRecipient(from, organiser.country);
      if (number.ok) from = number.e164;
      else errors["credentials.from"] = "INVALID_PHONE_NUMBER";
    } else if (smsSenderNameError(from) !== null) {
      errors["credentials.from"] = "INVALID_SMS_SENDER";
    }
    return { ...input, from };
  }

  return {
    async settings(context: ConsoleContext): Promise<SmsSettingsView> {
      return view(context.organiser);
    },

    async update(context: ConsoleContext, input: SmsSettingsInput): Promise<SmsSettingsView> {
      const errors: Record<string, string> = {};
      if (input.sender_name !== null && smsSenderNameError(input.sender_name) !== null) {
        errors.sender_name = "INVALID_SMS_SENDER";
      }
      const before = await lockOrganiser(context.db, context.organiser.id);
      const credentials = input.credentials
        ? credentialsOf(before, input.credentials, errors)
        : null;
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const sealed =
        input.credentials === undefined
          ? before.smsCredentialsEncrypted
          : credentials && sealSmsCredentials(deps.credentials, before.id, credentials);
      const [after] = await context.db
        .update(organisers)
        .set({ smsSenderName: input.sender_name, smsCredentialsEncrypted: sealed })
        .where(eq(organisers.id, before.id))
        .returning();
      const changes = {
        before: {} as Record<string, unknown>,
        after: {} as Record<string, unknown>,
      };
      if (before.smsSenderName !== input.sender_name) {
        changes.before.sender_name = before.smsSenderName;
        changes.after.sender_name = input.sender_name;
      }
      const hadAccount = before.smsCredentialsEncrypted !== null;
      if (input.credentials || (input.credentials === null && hadAccount)) {
        changes.before.credentials = hadAccount ? "set" : null;
        changes.after.credentials = input.credentials ? "set" : "removed";
      }
      if (Object.keys(changes.after).length > 0) {
        await context.audit({
          action: "organiser.sms_updated",
          entity: "organiser",
          entityId: before.cuid,
          ...changes,
        });
      }
      return view(after!);
    },

    async usage(context: ConsoleContext, now: Date): Promise<SmsUsageView> {
      const organiser = context.organiser;
      return smsUsage(context.db, organiser, smsUnitAmount(organiser.billing.items), now);
    },
  };
}
