import { type Database, withTenant } from "@booking/db";
import type { Logger } from "pino";
import { domainClaimsDue } from "../modules/website/domain-queries.ts";
import {
  applyDomainCheck,
  checkClaim,
  type DomainDeps,
} from "../modules/website/domain-service.ts";
import { ensureQueue, type JobQueue } from "./queue.ts";

/** The pg-boss queue of the own domains' periodic checks (decision 0044). */
export const DOMAIN_CHECKS_QUEUE = "domain-checks";
/** Every 30 minutes (pg-boss cron, UTC). */
export const DOMAIN_CHECKS_CRON = "*/30 * * * *";

const HOUR = 60 * 60 * 1000;
/** A verified domain is checked again once a day: its records must stay in place. */
const VERIFIED_RECHECK_MS = 24 * HOUR;
/** A domain waiting for its records is checked every half hour for a week after it was entered. */
const PENDING_RECHECK_MS = 0.5 * HOUR;
const PENDING_WINDOW_MS = 7 * 24 * HOUR;
/** Claims checked per run, one after the other, so a run stays short and gentle on DNS. */
const CHECKS_PER_RUN = 200;

/**
 * Checks the claims that are due and records each result as the console's Verify does: a domain
 * whose records were removed stops serving, one whose records appeared starts.
 */
export async function checkDueDomains(
  db: Database,
  deps: Pick<DomainDeps, "resolver" | "platformDomain">,
  now: Date,
): Promise<number> {
  const claims = await domainClaimsDue(
    db,
    {
      verifiedBefore: new Date(now.getTime() - VERIFIED_RECHECK_MS),
      pendingSince: new Date(now.getTime() - PENDING_WINDOW_MS),
      pendingBefore: new Date(now.getTime() - PENDING_RECHECK_MS + 60_000),
    },
    CHECKS_PER_RUN,
  );
  for (const claim of claims) {
    const result = await checkClaim(deps, claim);
    await withTenant(db, claim.organiserId, (tx) =>
      applyDomainCheck(tx, claim, result, new Date()),
    );
  }
  return claims.length;
}

/** Schedules the checks with pg-boss (one schedule and at most one run for every process). */
export async function startDomainChecks(
  queue: JobQueue,
  db: Database,
  deps: Pick<DomainDeps, "resolver" | "platformDomain">,
  log: Logger,
): Promise<void> {
  const { boss } = queue;
  await ensureQueue(boss, DOMAIN_CHECKS_QUEUE, {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 60,
  });
  await boss.schedule(DOMAIN_CHECKS_QUEUE, DOMAIN_CHECKS_CRON);
  await boss.work(DOMAIN_CHECKS_QUEUE, async () => {
    const checked = await checkDueDomains(db, deps, new Date());
    if (checked > 0) log.info({ checked }, "own domains checked");
  });
}
