import { randomBytes } from "node:crypto";
import type { WebsiteDomainBody, WebsiteDomainView } from "@booking/contracts/admin/website-domain";
import type { TenantTx } from "@booking/db";
import {
  type DomainCheckResult,
  domainStateAfterCheck,
  parseOwnDomain,
  verificationRecordName,
} from "@booking/domain/own-domain";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { checkDomainRecords, type DnsResolver } from "./domain-dns.ts";
import {
  claimDomain,
  type DomainClaim,
  domainVerifiedElsewhere,
  findDomainClaim,
  recordDomainCheck,
  removeDomain,
} from "./domain-queries.ts";

export interface DomainDeps {
  resolver: DnsResolver;
  platformDomain: string;
  publicUrls: PublicUrls;
  /** drops the host's cached tenant, so a domain starts or stops serving at once */
  forgetHost(hostname: string): void;
}

/** The verification token: 128 random bits, in lower-case hex (any DNS provider's TXT takes it). */
function newToken(): string {
  return randomBytes(16).toString("hex");
}

const DOMAIN_TAKEN = () => new AppError("DOMAIN_TAKEN", { domain: "DOMAIN_TAKEN" });

function isVerifiedDomainConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "organisers_verified_domain_unique") return true;
  }
  return false;
}

/** `{slug}.{PLATFORM_DOMAIN}`: the host a domain's CNAME names. */
export function platformHost(slug: string, platformDomain: string): string {
  return `${slug}.${platformDomain}`;
}

/** The checks' DNS look-ups for a claim: its TXT token, and its CNAME or addresses. */
export function checkClaim(
  deps: Pick<DomainDeps, "resolver" | "platformDomain">,
  claim: DomainClaim,
) {
  return checkDomainRecords(deps.resolver, {
    domain: claim.domain,
    token: claim.token,
    target: platformHost(claim.slug, deps.platformDomain),
  });
}

/**
 * Records a check's result on the claim it was made for (null when the claim changed meanwhile).
 * Verifying runs in a savepoint: when another organiser has the domain verified, the unique index
 * refuses it and the claim fails with DOMAIN_TAKEN instead.
 */
export async function applyDomainCheck(
  tx: TenantTx,
  claim: DomainClaim,
  result: DomainCheckResult,
  checkedAt: Date,
): Promise<DomainClaim | null> {
  const current = await findDomainClaim(tx, claim.organiserId);
  if (!current || current.domain !== claim.domain || current.token !== claim.token) return null;
  let outcome = domainStateAfterCheck(current.status, result);
  if (outcome.status === "VERIFIED") {
    try {
      await tx.transaction((savepoint) =>
        recordDomainCheck(savepoint, current, { ...outcome, checkedAt }),
      );
      return { ...current, status: outcome.status, checkError: outcome.error, checkedAt };
    } catch (error) {
      if (!isVerifiedDomainConflict(error)) throw error;
      outcome = domainStateAfterCheck(current.status, { ok: false, error: "DOMAIN_TAKEN" });
    }
  }
  await recordDomainCheck(tx, current, { ...outcome, checkedAt });
  return { ...current, status: outcome.status, checkError: outcome.error, checkedAt };
}

/**
 * The console's own-domain calls (decision 0044): enter, check and remove the domain. Each change
 * is audited and forgets the host's cached tenant once committed.
 */
export function createDomainConsole(deps: DomainDeps) {
  function view(context: ConsoleContext, claim: DomainClaim | null): WebsiteDomainView {
    const { slug } = context.organiser;
    const target = platformHost(slug, deps.platformDomain);
    return {
      platform_host: target,
      domain: claim && {
        name: claim.domain,
        status: claim.status,
        records: [
          { type: "TXT", name: verificationRecordName(claim.domain), value: claim.token },
          { type: "CNAME", name: claim.domain, value: target },
        ],
        requested_at: claim.requestedAt.toISOString(),
        checked_at: claim.checkedAt?.toISOString() ?? null,
        check_error: claim.checkError,
        url:
          claim.status === "VERIFIED"
            ? deps.publicUrls.storefront({ slug, domain: claim.domain, domainStatus: "VERIFIED" })
            : null,
      },
    };
  }

  const audited = (claim: DomainClaim | null) =>
    claim && { domain: claim.domain, status: claim.status, error: claim.checkError };

  async function audit(
    context: ConsoleContext,
    action: string,
    change: { before: DomainClaim | null; after: DomainClaim | null },
  ) {
    await context.audit({
      action,
      entity: "organiser",
      entityId: context.organiser.cuid,
      before: audited(change.before),
      after: audited(change.after),
    });
  }

  function forgetAfterCommit(context: ConsoleContext, ...hosts: Array<string | undefined>) {
    context.afterCommit(async () => {
      for (const host of hosts) if (host) deps.forgetHost(host);
    });
  }

  async function requireClaim(context: ConsoleContext): Promise<DomainClaim> {
    const claim = await findDomainClaim(context.db, context.organiser.id);
    if (!claim) throw new AppError("DOMAIN_NOT_FOUND");
    return claim;
  }

  return {
    async get(context: ConsoleContext): Promise<WebsiteDomainView> {
      return view(context, await findDomainClaim(context.db, context.organiser.id));
    },

    /** Enters the domain (PENDING, new token); the same domain again changes nothing. */
    async set(context: ConsoleContext, body: WebsiteDomainBody): Promise<WebsiteDomainView> {
      const parsed = parseOwnDomain(body.domain, deps.platformDomain);
      if (!parsed.ok) throw validationError({ domain: parsed.error });
      const organiserId = context.organiser.id;
      const previous = await findDomainClaim(context.db, organiserId);
      if (previous?.domain === parsed.domain) return view(context, previous);
      if (await domainVerifiedElsewhere(context.db, parsed.domain, organiserId)) {
        throw DOMAIN_TAKEN();
      }
      await claimDomain(context.db, organiserId, {
        domain: parsed.domain,
        token: newToken(),
        requestedAt: new Date(),
      });
      const claim = await findDomainClaim(context.db, organiserId);
      await audit(context, "website.domain_set", { before: previous, after: claim });
      forgetAfterCommit(context, previous?.domain);
      return view(context, claim);
    },

    /** The claim a check is about to look up (outside any transaction: DNS may take seconds). */
    claimToCheck: requireClaim,

    /** Records the check's result on the claim it was made for, and answers the domain's state. */
    async recordCheck(
      context: ConsoleContext,
      claim: DomainClaim,
      result: DomainCheckResult,
    ): Promise<WebsiteDomainView> {
      const checked = await applyDomainCheck(context.db, claim, result, new Date());
      if (checked && checked.status !== claim.status) {
        await audit(context, "website.domain_checked", { before: claim, after: checked });
        forgetAfterCommit(context, checked.domain);
      }
      return view(context, checked ?? (await findDomainClaim(context.db, context.organiser.id)));
    },

    async remove(context: ConsoleContext): Promise<void> {
      const claim = await requireClaim(context);
      await removeDomain(context.db, context.organiser.id);
      await audit(context, "website.domain_removed", { before: claim, after: null });
      forgetAfterCommit(context, claim.domain);
    },
  };
}

export type DomainConsole = ReturnType<typeof createDomainConsole>;
