import type { NewsletterConsentSource, NewsletterConsentView } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { safeRedirect } from "@booking/domain/redirects";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { tokenCustomerCuid, tokenMatches } from "./links.ts";
import { type ConsentRow, lockConsent, writeConsent } from "./queries.ts";

/** The consent columns of a customer row as the account and the console show them. */
export function consentView(
  row: Pick<
    ConsentRow,
    | "newsletterSubscribed"
    | "newsletterSubscribedAt"
    | "newsletterUnsubscribedAt"
    | "newsletterSource"
  >,
): NewsletterConsentView {
  return {
    subscribed: row.newsletterSubscribed,
    subscribed_at: row.newsletterSubscribedAt?.toISOString() ?? null,
    unsubscribed_at: row.newsletterUnsubscribedAt?.toISOString() ?? null,
    source: row.newsletterSource,
  };
}

/**
 * Subscribes or unsubscribes a customer of the organiser, saying where (decision 0047); asking
 * for the state they are already in changes nothing (their dates stay). True when it changed.
 */
export async function changeNewsletterConsent(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  subscribed: boolean,
  source: NewsletterConsentSource,
): Promise<boolean> {
  const current = await lockConsent(tx, organiserId, { id: customerId });
  if (!current || current.newsletterSubscribed === subscribed) return false;
  return (
    (await writeConsent(tx, organiserId, customerId, { subscribed, source, at: new Date() })) !==
    null
  );
}

/**
 * POST /api/newsletters/unsubscribe: the token alone identifies the customer (no session). A
 * valid token unsubscribes once; using it again is ALREADY_UNSUBSCRIBED (409), nothing changed.
 * Anything else is INVALID_UNSUBSCRIBE_TOKEN, nothing changed. The answer's redirect is the page's
 * redirect value when it is a path of this site, else "/".
 */
export function createNewsletters(deps: { secret: string }) {
  return {
    async unsubscribe(
      context: ServiceContext,
      input: { token: string | undefined; redirect?: string | null },
    ): Promise<{ redirect: string }> {
      const { db, organiser } = context;
      const cuid = input.token ? tokenCustomerCuid(input.token) : null;
      const customer = cuid ? await lockConsent(db, organiser.id, { cuid }) : null;
      if (
        !customer ||
        !input.token ||
        !tokenMatches(deps.secret, organiser, customer, input.token)
      ) {
        throw new AppError("INVALID_UNSUBSCRIBE_TOKEN");
      }
      // A link already used (or a customer unsubscribed since) has nothing left to do: a clear
      // 409 that mail providers repeating the one-click POST may ignore (issue 14).
      if (!customer.newsletterSubscribed) throw new AppError("ALREADY_UNSUBSCRIBED");
      await writeConsent(db, organiser.id, customer.id, {
        subscribed: false,
        source: "UNSUBSCRIBE_LINK",
        at: new Date(),
      });
      return { redirect: safeRedirect(input.redirect) };
    },
  };
}

export type NewslettersService = ReturnType<typeof createNewsletters>;
