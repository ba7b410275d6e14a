import { type CredentialsCipher, CredentialsUnreadableError } from "../organisers/credentials.ts";

/**
 * The organiser's own Twilio account (column `organisers.sms_credentials_encrypted`), sealed
 * with the same AES-256-GCM cipher as its payment key but bound to its own context, so that one
 * sealed value never opens as the other.
 */
export interface SmsCredentials {
  provider: "twilio";
  account_sid: string;
  auth_token: string;
  /** the account's sender: one of its phone numbers in E.164 or an alphanumeric sender id */
  from: string;
}

const contextOf = (organiserId: number) => `organiser:${organiserId}:sms-credentials`;

export function sealSmsCredentials(
  cipher: CredentialsCipher,
  organiserId: number,
  credentials: SmsCredentials,
): string {
  return cipher.seal(JSON.stringify(credentials), contextOf(organiserId));
}

/** CredentialsUnreadableError when the stored value does not open (another secret, tampered). */
export function openSmsCredentials(
  cipher: CredentialsCipher,
  organiserId: number,
  sealed: string,
): SmsCredentials {
  const value = JSON.parse(cipher.open(sealed, contextOf(organiserId))) as Partial<SmsCredentials>;
  const fields = [value.account_sid, value.auth_token, value.from];
  if (value.provider !== "twilio" || !fields.every((field) => typeof field === "string")) {
    throw new CredentialsUnreadableError();
  }
  return value as SmsCredentials;
}
