import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets kept in the database for an organiser (its own payment provider's API key, column
 * `organisers.payment_credentials_encrypted`), encrypted with a key derived from the server's
 * secret (APP_SECRET): a copy of the database alone does not reveal them.
 *
 * Format `v1.{iv}.{ciphertext}.{tag}` (base64url): AES-256-GCM with a random 96-bit IV, the key
 * derived with HKDF-SHA256 (its own salt and info, so it is never the key of anything else made
 * from the same secret). The version names the algorithm and derivation: a later one can be
 * added while v1 values are still read. Each value is bound to what it belongs to (`context`,
 * e.g. the organiser's id) as associated data: copied onto another organiser's row it no longer
 * opens. A tampered value, another secret or another context fails with
 * CredentialsUnreadableError, never with garbage.
 */

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CredentialsUnreadableError extends Error {
  constructor() {
    super("stored credentials cannot be decrypted (tampered, or another secret)");
  }
}

export interface CredentialsCipher {
  /** `plaintext` encrypted for `context` */
  seal(plaintext: string, context: string): string;
  /** the plaintext of a sealed value; CredentialsUnreadableError when it does not open */
  open(sealed: string, context: string): string;
}

export function createCredentialsCipher(secret: string): CredentialsCipher {
  if (secret.length === 0) throw new Error("credentials need the server's secret");
  const key = Buffer.from(
    hkdfSync(
      "sha256",
      secret,
      "booking/organiser-credentials",
      `credentials ${VERSION}`,
      KEY_BYTES,
    ),
  );
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url"));
      return [VERSION, ...parts].join(".");
    },

    open(sealed, context) {
      const [version, iv, ciphertext, tag, ...rest] = sealed.split(".");
      if (version !== VERSION || iv === undefined || ciphertext === undefined || !tag) {
        throw new CredentialsUnreadableError();
      }
      if (rest.length > 0) throw new CredentialsUnreadableError();
      const ivBytes = Buffer.from(iv, "base64url");
      const tagBytes = Buffer.from(tag, "base64url");
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new CredentialsUnreadableError();
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(tagBytes);
        const text = Buffer.concat([
          decipher.update(Buffer.from(ciphertext, "base64url")),
          decipher.final(),
        ]);
        return text.toString("utf8");
      } catch {
        throw new CredentialsUnreadableError();
      }
    },
  };
}

/** The organiser's own online-payment account, as stored encrypted. */
export interface PaymentCredentials {
  provider: "mollie";
  api_key: string;
}

type CredentialsHolder = { id: number; paymentCredentialsEncrypted: string | null };

const contextOf = (organiserId: number) => `organiser:${organiserId}:payment-credentials`;

export function sealPaymentCredentials(
  cipher: CredentialsCipher,
  organiserId: number,
  credentials: PaymentCredentials,
): string {
  return cipher.seal(JSON.stringify(credentials), contextOf(organiserId));
}

/**
 * The organiser's own payment account; null when it has none. CredentialsUnreadableError when
 * one is stored but does not open (the server's secret changed): its payments must then fail
 * rather than go to another account.
 */
export function openPaymentCredentials(
  cipher: CredentialsCipher,
  organiser: CredentialsHolder,
): PaymentCredentials | null {
  if (organiser.paymentCredentialsEncrypted === null) return null;
  const text = cipher.open(organiser.paymentCredentialsEncrypted, contextOf(organiser.id));
  const value = JSON.parse(text) as Partial<PaymentCredentials>;
  if (value.provider !== "mollie" || typeof value.api_key !== "string") {
    throw new CredentialsUnreadableError();
  }
  return { provider: value.provider, api_key: value.api_key };
}
