import { createHmac, randomBytes } from "node:crypto";

/** A random, URL-safe secret handed to the client once (session cookie, reset link). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as keyed hashes: a copy of the database cannot be replayed as cookies. */
export function hashToken(secret: string, token: string): string {
  return createHmac("sha256", secret).update(token).digest("hex");
}
