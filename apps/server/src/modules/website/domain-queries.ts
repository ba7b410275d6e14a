import { type Database, type DomainStatus, organisers, type TenantTx } from "@booking/db";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from "@booking/db/orm";

// The own domain's columns of the organiser's row (decision 0044). The organisers table is the
// tenant directory, outside row-level security: every statement names the organiser or the domain.

type Db = Database | TenantTx;

export interface DomainClaim {
  organiserId: number;
  slug: string;
  domain: string;
  status: DomainStatus;
  token: string;
  requestedAt: Date;
  checkedAt: Date | null;
  checkError: string | null;
}

const claimColumns = {
  organiserId: organisers.id,
  slug: organisers.slug,
  domain: organisers.domain,
  status: organisers.domainStatus,
  token: organisers.domainToken,
  requestedAt: organisers.domainRequestedAt,
  checkedAt: organisers.domainCheckedAt,
  checkError: organisers.domainCheckError,
};

/** The organiser's domain claim, or null when it has none. */
export async function findDomainClaim(db: Db, organiserId: number): Promise<DomainClaim | null> {
  const [row] = await db
    .select(claimColumns)
    .from(organisers)
    .where(and(eq(organisers.id, organiserId), isNotNull(organisers.domain)))
    .limit(1);
  return (row as DomainClaim | undefined) ?? null;
}

/** Whether another organiser has `domain` verified (it then serves that organiser's site). */
export async function domainVerifiedElsewhere(
  db: Db,
  domain: string,
  organiserId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: organisers.id })
    .from(organisers)
    .where(
      and(
        eq(organisers.domain, domain),
        eq(organisers.domainStatus, "VERIFIED"),
        ne(organisers.id, organiserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Enters a new domain: PENDING with a fresh token, no check yet. */
export async function claimDomain(
  db: Db,
  organiserId: number,
  claim: { domain: string; token: string; requestedAt: Date },
): Promise<void> {
  await db
    .update(organisers)
    .set({
      domain: claim.domain,
      domainStatus: "PENDING",
      domainToken: claim.token,
      domainRequestedAt: claim.requestedAt,
      domainCheckedAt: null,
      domainCheckError: null,
    })
    .where(eq(organisers.id, organiserId));
}

export async function removeDomain(db: Db, organiserId: number): Promise<void> {
  await db
    .update(organisers)
    .set({
      domain: null,
      domainStatus: null,
      domainToken: null,
      domainRequestedAt: null,
      domainCheckedAt: null,
      domainCheckError: null,
    })
    .where(eq(organisers.id, organiserId));
}

/**
 * Writes a check's outcome on the claim it was made for: false when the claim changed meanwhile
 * (another domain entered, or removed), which the outcome then no longer describes.
 */
export async function recordDomainCheck(
  db: Db,
  claim: Pick<DomainClaim, "organiserId" | "domain" | "token">,
  outcome: { status: DomainStatus; error: string | null; checkedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(organisers)
    .set({
      domainStatus: outcome.status,
      domainCheckError: outcome.error,
      domainCheckedAt: outcome.checkedAt,
    })
    .where(
      and(
        eq(organisers.id, claim.organiserId),
        eq(organisers.domain, claim.domain),
        eq(organisers.domainToken, claim.token),
      ),
    )
    .returning({ id: organisers.id });
  return rows.length > 0;
}

/**
 * The claims the periodic check looks at, oldest check first: verified domains last checked
 * before `verifiedBefore`, and the others entered after `pendingSince` and not checked since
 * `pendingBefore` (a claim nobody completes is left alone after a while).
 */
export async function domainClaimsDue(
  db: Database,
  due: { verifiedBefore: Date; pendingSince: Date; pendingBefore: Date },
  limit: number,
): Promise<DomainClaim[]> {
  const rows = await db
    .select(claimColumns)
    .from(organisers)
    .where(
      or(
        and(
          eq(organisers.domainStatus, "VERIFIED"),
          lt(organisers.domainCheckedAt, due.verifiedBefore),
        ),
        and(
          inArray(organisers.domainStatus, ["PENDING", "FAILING"]),
          gt(organisers.domainRequestedAt, due.pendingSince),
          or(isNull(organisers.domainCheckedAt), lt(organisers.domainCheckedAt, due.pendingBefore)),
        ),
      ),
    )
    .orderBy(asc(organisers.domainCheckedAt))
    .limit(limit);
  return rows as DomainClaim[];
}
