import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The secret part of an availability's calendar feed address (decision 0093):
 * `{availability cuid}.{HMAC}`, the HMAC keyed with the server's secret over a purpose, the
 * organiser, the availability and its `calendar_version`. Nothing is stored: staff regenerating
 * the address bump the version, and the former address no longer verifies.
 */
const PURPOSE = "availability-calendar-feed:v1";

export type FeedSubject = { organiserCuid: string; availabilityCuid: string; version: number };

function mac(secret: string, subject: FeedSubject): Buffer {
  return createHmac("sha256", secret)
    .update(`${PURPOSE}\n${subject.organiserCuid}\n${subject.availabilityCuid}\n${subject.version}`)
    .digest();
}

export function feedToken(secret: string, subject: FeedSubject): string {
  return `${subject.availabilityCuid}.${mac(secret, subject).toString("base64url")}`;
}

/** The availability cuid a well-formed token names; null for anything else. */
export function tokenAvailabilityCuid(token: string): string | null {
  return /^([a-z0-9]{20,32})\.[A-Za-z0-9_-]{43}$/.exec(token)?.[1] ?? null;
}

export function tokenMatches(secret: string, subject: FeedSubject, token: string): boolean {
  const given = Buffer.from(token.slice(token.indexOf(".") + 1), "base64url");
  const expected = mac(secret, subject);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
