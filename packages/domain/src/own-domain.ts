// An organiser's own domain (platform-and-account.md §3.2 website.domain; decision 0044): what
// may be entered, which DNS records prove it, and the state a verification leaves it in.

export type DomainStatus = "PENDING" | "VERIFIED" | "FAILING";

/** The TXT record proving control of `domain` is `{DOMAIN_VERIFICATION_LABEL}.{domain}`. */
export const DOMAIN_VERIFICATION_LABEL = "_booking-verify";

/** Longest host name DNS carries (RFC 1035), in characters. */
export const MAX_DOMAIN_LENGTH = 253;

/** Why a domain cannot be entered: codes of the `domain` field. */
export type DomainInputError = "REQUIRED" | "TOO_LONG" | "INVALID_DOMAIN" | "PLATFORM_DOMAIN";

/** Why a check did not verify the domain (stored as the check's reason, shown in the console). */
export type DomainCheckError =
  /** no TXT record at `_booking-verify.{domain}` */
  | "DNS_TXT_MISSING"
  /** TXT records there, none holding the organiser's token */
  | "DNS_TXT_MISMATCH"
  /** the domain is neither a CNAME of `{slug}.{PLATFORM_DOMAIN}` nor at the same addresses */
  | "DNS_NOT_POINTING"
  /** the DNS server did not answer (time-out, refusal, server failure) */
  | "DNS_LOOKUP_FAILED"
  /** the records are right but another organiser has this domain verified */
  | "DOMAIN_TAKEN";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain: letters, or an internationalised one in its ASCII (`xn--`) form. */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The domain as stored (lower case, ASCII, no trailing dot) from what an organiser typed, which may
 * carry a scheme, a trailing slash or upper case; an internationalised name is converted to its
 * ASCII form. Refused: anything else than a host name of two labels or more (no port, path, IP
 * address or user-info), and the platform's own domain and its sub-domains.
 */
export function parseOwnDomain(
  input: string,
  platformDomain: string,
): { ok: true; domain: string } | { ok: false; error: DomainInputError } {
  const typed = input
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/$/, "")
    .replace(/\.$/, "");
  if (typed === "") return { ok: false, error: "REQUIRED" };
  if (typed.length > MAX_DOMAIN_LENGTH) return { ok: false, error: "TOO_LONG" };
  // The URL parser converts Unicode names to ASCII (IDNA); the characters it would read as a
  // port, path, user-info or query are refused first.
  if (/[/:@?#\\\s[\]%]/.test(typed)) return { ok: false, error: "INVALID_DOMAIN" };
  let domain: string;
  try {
    domain = new URL(`http://${typed}`).hostname;
  } catch {
    return { ok: false, error: "INVALID_DOMAIN" };
  }
  const labels = domain.split(".");
  if (
    domain.length > MAX_DOMAIN_LENGTH ||
    labels.length < 2 ||
    !labels.every((label) => LABEL.test(label)) ||
    !TOP_LEVEL.test(labels.at(-1)!)
  ) {
    return { ok: false, error: "INVALID_DOMAIN" };
  }
  const platform = platformDomain.toLowerCase();
  if (domain === platform || domain.endsWith(`.${platform}`)) {
    return { ok: false, error: "PLATFORM_DOMAIN" };
  }
  return { ok: true, domain };
}

/** The name of the TXT record that proves control of `domain`. */
export function verificationRecordName(domain: string): string {
  return `${DOMAIN_VERIFICATION_LABEL}.${domain}`;
}

/** Whether one of the TXT records (each a list of strings, joined as DNS does) is `token`. */
export function txtHoldsToken(records: readonly (readonly string[])[], token: string): boolean {
  return records.some((chunks) => chunks.join("").trim() === token);
}

/** A DNS name compared as DNS does: case-insensitive, trailing dot or not. */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase().replace(/\.$/, "") === b.toLowerCase().replace(/\.$/, "");
}

/**
 * Whether the domain sends its visitors to the platform: it is a CNAME of `target`
 * (`{slug}.{PLATFORM_DOMAIN}`), or (an apex, or a provider flattening its CNAME) every address it
 * has is one of `target`'s.
 */
export function pointsAtPlatform(
  found: { cnames: readonly string[]; addresses: readonly string[] },
  target: { name: string; addresses: readonly string[] },
): boolean {
  if (found.cnames.some((cname) => sameName(cname, target.name))) return true;
  const platform = new Set(target.addresses);
  return found.addresses.length > 0 && found.addresses.every((address) => platform.has(address));
}

export type DomainCheckResult = { ok: true } | { ok: false; error: DomainCheckError };

/**
 * The state a check leaves the domain in, and the reason kept with it. A DNS server that did not
 * answer says nothing about the records, so it never takes a verified domain off line: the
 * domain stays VERIFIED and the failed look-up is shown as the last check's reason.
 */
export function domainStateAfterCheck(
  current: DomainStatus,
  result: DomainCheckResult,
): { status: DomainStatus; error: DomainCheckError | null } {
  if (result.ok) return { status: "VERIFIED", error: null };
  if (result.error === "DNS_LOOKUP_FAILED" && current === "VERIFIED") {
    return { status: "VERIFIED", error: result.error };
  }
  return { status: "FAILING", error: result.error };
}
