import { describe, expect, it } from "vitest";
import {
  CredentialsUnreadableError,
  createCredentialsCipher,
  openPaymentCredentials,
  sealPaymentCredentials,
} from "../src/modules/organisers/credentials.ts";
import { TEST_SECRET } from "./harness.ts";

const cipher = createCredentialsCipher(TEST_SECRET);
const KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";

/** Flips one bit of the base64url part `index` (1: IV, 2: ciphertext, 3: tag) of a sealed value. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

describe("organiser credentials (AES-256-GCM, key from the server's secret)", () => {
  it("opens what it sealed, and never shows the plaintext in the sealed value", () => {
    const sealed = cipher.seal(KEY, "organiser:1");
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain(KEY);
    expect(cipher.open(sealed, "organiser:1")).toBe(KEY);
    // A random IV: the same plaintext never gives the same value twice.
    expect(cipher.seal(KEY, "organiser:1")).not.toBe(sealed);
  });

  it("detects tampering with the IV, the ciphertext or the tag", () => {
    const sealed = cipher.seal(KEY, "organiser:1");
    for (const part of [1, 2, 3]) {
      expect(() => cipher.open(tamper(sealed, part), "organiser:1")).toThrow(
        CredentialsUnreadableError,
      );
    }
  });

  it("fails cleanly with another secret, another context or a malformed value", () => {
    const sealed = cipher.seal(KEY, "organiser:1");
    const other = createCredentialsCipher("another-secret-another-secret-0123456");
    expect(() => other.open(sealed, "organiser:1")).toThrow(CredentialsUnreadableError);
    expect(() => cipher.open(sealed, "organiser:2")).toThrow(CredentialsUnreadableError);
    for (const bad of ["", "v1", "v2.a.b.c", `${sealed}.extra`, sealed.replace("v1.", "v9.")]) {
      expect(() => cipher.open(bad, "organiser:1"), bad).toThrow(CredentialsUnreadableError);
    }
  });

  it("binds an organiser's payment account to that organiser", () => {
    const sealed = sealPaymentCredentials(cipher, 7, { provider: "mollie", api_key: KEY });
    expect(openPaymentCredentials(cipher, { id: 7, paymentCredentialsEncrypted: sealed })).toEqual({
      provider: "mollie",
      api_key: KEY,
    });
    expect(openPaymentCredentials(cipher, { id: 7, paymentCredentialsEncrypted: null })).toBeNull();
    // Copied onto another organiser's row, it does not open.
    expect(() =>
      openPaymentCredentials(cipher, { id: 8, paymentCredentialsEncrypted: sealed }),
    ).toThrow(CredentialsUnreadableError);
  });

  it("refuses to work without a secret", () => {
    expect(() => createCredentialsCipher("")).toThrow();
  });
});
