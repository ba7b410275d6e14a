import { customers, type NewsletterConsentSource, type TenantTx } from "@booking/db";
import { and, eq, ne } from "@booking/db/orm";

// Every query filters by organiser explicitly; row-level security is the second wall.

const consentColumns = {
  id: customers.id,
  cuid: customers.cuid,
  newsletterSubscribed: customers.newsletterSubscribed,
  newsletterSubscribedAt: customers.newsletterSubscribedAt,
  newsletterUnsubscribedAt: customers.newsletterUnsubscribedAt,
  newsletterSource: customers.newsletterSource,
};
export type ConsentRow = {
  [K in keyof typeof consentColumns]: (typeof customers.$inferSelect)[K];
};

/** The customer's consent, row locked: changes of one customer's consent run one at a time. */
export async function lockConsent(
  tx: TenantTx,
  organiserId: number,
  where: { id: number } | { cuid: string },
): Promise<ConsentRow | null> {
  const [row] = await tx
    .select(consentColumns)
    .from(customers)
    .where(
      and(
        eq(customers.organiserId, organiserId),
        "id" in where ? eq(customers.id, where.id) : eq(customers.cuid, where.cuid),
      ),
    )
    .for("update");
  return row ?? null;
}

/** Sets the consent when it differs; the row as it is afterwards, or null when unchanged. */
export async function writeConsent(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  change: { subscribed: boolean; source: NewsletterConsentSource; at: Date },
): Promise<ConsentRow | null> {
  const [row] = await tx
    .update(customers)
    .set({
      newsletterSubscribed: change.subscribed,
      newsletterSource: change.source,
      ...(change.subscribed
        ? { newsletterSubscribedAt: change.at }
        : { newsletterUnsubscribedAt: change.at }),
    })
    .where(
      and(
        eq(customers.organiserId, organiserId),
        eq(customers.id, customerId),
        ne(customers.newsletterSubscribed, change.subscribed),
      ),
    )
    .returning(consentColumns);
  return row ?? null;
}
