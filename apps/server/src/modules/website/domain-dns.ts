import { Resolver } from "node:dns/promises";
import {
  type DomainCheckResult,
  pointsAtPlatform,
  txtHoldsToken,
  verificationRecordName,
} from "@booking/domain/own-domain";

/**
 * The DNS look-ups a domain check makes, as node's `Resolver` has them: production asks the
 * system's (or DNS_RESOLVER's) servers, tests a DNS server of their own speaking real DNS.
 */
export type DnsResolver = Pick<Resolver, "resolveTxt" | "resolveCname" | "resolve4" | "resolve6">;

/** How long one DNS question may take, and how many times it is asked, before it fails. */
const DNS_TIMEOUT_MS = 3000;
const DNS_TRIES = 2;

/** A resolver asking `servers` (`host` or `host:port` each), or the system's when null. */
export function createDnsResolver(servers: readonly string[] | null): DnsResolver {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
  if (servers) resolver.setServers(servers);
  return resolver;
}

/** Answers that say the name has no such record: a fact about the zone, not a failed look-up. */
const NO_RECORD = new Set(["ENOTFOUND", "ENODATA"]);

/** The records found (none is an empty list), or null when the DNS server did not answer. */
async function lookup<T>(query: () => Promise<T[]>): Promise<T[] | null> {
  try {
    return await query();
  } catch (error) {
    return NO_RECORD.has((error as { code?: string }).code ?? "") ? [] : null;
  }
}

const failed = (error: Exclude<DomainCheckResult, { ok: true }>["error"]): DomainCheckResult => ({
  ok: false,
  error,
});

async function addresses(resolver: DnsResolver, name: string): Promise<string[] | null> {
  const [v4, v6] = await Promise.all([
    lookup(() => resolver.resolve4(name)),
    lookup(() => resolver.resolve6(name)),
  ]);
  return v4 && v6 ? [...v4, ...v6] : null;
}

/**
 * Checks a claimed domain's records (decision 0044): the TXT record `_booking-verify.{domain}`
 * holds the organiser's token (control of the domain), and the domain sends visitors to the
 * platform (a CNAME of `target`, `{slug}.{PLATFORM_DOMAIN}`, or only `target`'s addresses).
 */
export async function checkDomainRecords(
  resolver: DnsResolver,
  claim: { domain: string; token: string; target: string },
): Promise<DomainCheckResult> {
  const txt = await lookup(() => resolver.resolveTxt(verificationRecordName(claim.domain)));
  if (txt === null) return failed("DNS_LOOKUP_FAILED");
  if (txt.length === 0) return failed("DNS_TXT_MISSING");
  if (!txtHoldsToken(txt, claim.token)) return failed("DNS_TXT_MISMATCH");

  const cnames = await lookup(() => resolver.resolveCname(claim.domain));
  if (cnames === null) return failed("DNS_LOOKUP_FAILED");
  const target = { name: claim.target, addresses: [] };
  if (pointsAtPlatform({ cnames, addresses: [] }, target)) return { ok: true };

  const [own, platform] = await Promise.all([
    addresses(resolver, claim.domain),
    addresses(resolver, claim.target),
  ]);
  if (own === null || platform === null) return failed("DNS_LOOKUP_FAILED");
  return pointsAtPlatform(
    { cnames: [], addresses: own },
    { name: claim.target, addresses: platform },
  )
    ? { ok: true }
    : failed("DNS_NOT_POINTING");
}
