import type { Database } from "@booking/db";
import { organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import type { Config } from "../../config.ts";
import {
  type CredentialsCipher,
  CredentialsUnreadableError,
  createCredentialsCipher,
} from "../organisers/credentials.ts";
import { openSmsCredentials } from "./credentials.ts";
import { SmsDeliveryError } from "./errors.ts";
import { sendTwilioMessage, type TwilioAccount } from "./twilio.ts";

export { SmsDeliveryError } from "./errors.ts";

export interface SmsSender {
  /** Sends one SMS; throws SmsDeliveryError (retryable or not) on failure. */
  send(input: {
    organiserId: number | null;
    to: string;
    body: string;
    /** the message's reference in the delivery log (Twilio's API has no field to carry it) */
    reference: string;
  }): Promise<{ providerId: string }>;
}

export type SmsSenderConfig = Pick<Config, "sms" | "smsApiUrl" | "secret"> &
  Partial<Pick<Config, "production">>;

const E164 = /^\+[1-9]\d{6,14}$/;

const permanent = (reason: string) =>
  new SmsDeliveryError(reason, { retryable: false, providerCode: null });

/** The account and sender an organiser's SMS go out with: its own, else the platform's. */
async function routeOf(
  db: Database,
  config: SmsSenderConfig,
  cipher: CredentialsCipher,
  organiserId: number | null,
): Promise<{ account: TwilioAccount; from: string }> {
  const [organiser] =
    organiserId === null
      ? []
      : await db
          .select({
            senderName: organisers.smsSenderName,
            credentials: organisers.smsCredentialsEncrypted,
          })
          .from(organisers)
          .where(eq(organisers.id, organiserId));
  if (organiser?.credentials) {
    let own: ReturnType<typeof openSmsCredentials>;
    try {
      own = openSmsCredentials(cipher, organiserId!, organiser.credentials);
    } catch (error) {
      // Never fall back to the platform's account for an organiser that has its own.
      if (error instanceof CredentialsUnreadableError) {
        throw permanent("the organiser's SMS credentials cannot be decrypted");
      }
      throw error;
    }
    return {
      account: { apiUrl: config.smsApiUrl, accountSid: own.account_sid, authToken: own.auth_token },
      from: organiser.senderName ?? own.from,
    };
  }
  if (!config.sms) throw permanent("no SMS provider is configured for this organiser");
  return {
    account: {
      apiUrl: config.smsApiUrl,
      accountSid: config.sms.accountSid,
      authToken: config.sms.authToken,
    },
    from: organiser?.senderName ?? config.sms.from,
  };
}

/**
 * The SMS sender of the delivery (PIPELINE calls it for channel SMS). Each SMS goes through the
 * organiser's own Twilio account when it stored one, else the platform's (TWILIO_* variables),
 * with the organiser's sender name when it chose one. null outside production when the
 * platform has no account: SMS then stay in the development outbox (organisers' own accounts
 * are not used there either, so a copy of production data never texts real families).
 */
export function createSmsSender(config: SmsSenderConfig, db: Database): SmsSender | null {
  if (!config.sms && !config.production) return null;
  const cipher = createCredentialsCipher(config.secret);
  return {
    async send({ organiserId, to, body }) {
      if (!E164.test(to)) throw permanent(`not an E.164 phone number: ${to}`);
      const { account, from } = await routeOf(db, config, cipher, organiserId);
      return sendTwilioMessage(account, { from, to, body });
    },
  };
}
