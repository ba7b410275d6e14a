import { createHmac, timingSafeEqual } from "node:crypto";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";

/**
 * Newsletter unsubscribe links (decision 0047): `{customer cuid}.{HMAC}` where the HMAC, keyed
 * with the server's secret, covers a purpose, the organiser, the customer and the instant of their
 * current opt-in. Nothing is stored; another organiser's token, a forged one, or one made before
 * the customer opted in again does not verify.
 */
const PURPOSE = "newsletter-unsubscribe:v1";

export type Subscriber = {
  cuid: string;
  newsletterSubscribed: boolean;
  newsletterSubscribedAt: Date | null;
};

function signature(secret: string, organiserCuid: string, customerCuid: string, since: Date) {
  return createHmac("sha256", secret)
    .update(`${PURPOSE}\n${organiserCuid}\n${customerCuid}\n${since.getTime()}`)
    .digest();
}

/** The token of a subscribed customer; null for one who is not subscribed. */
export function unsubscribeToken(
  secret: string,
  organiser: Pick<Organiser, "cuid">,
  customer: Subscriber,
): string | null {
  if (!customer.newsletterSubscribed || !customer.newsletterSubscribedAt) return null;
  const mac = signature(secret, organiser.cuid, customer.cuid, customer.newsletterSubscribedAt);
  return `${customer.cuid}.${mac.toString("base64url")}`;
}

/** The customer cuid a well-formed token names; null for anything else. */
export function tokenCustomerCuid(token: string): string | null {
  return /^([a-z0-9]{20,32})\.[A-Za-z0-9_-]{43}$/.exec(token)?.[1] ?? null;
}

/** Whether `token` was made for this customer's current or last opt-in at this organiser. */
export function tokenMatches(
  secret: string,
  organiser: Pick<Organiser, "cuid">,
  customer: Pick<Subscriber, "cuid" | "newsletterSubscribedAt">,
  token: string,
): boolean {
  if (!customer.newsletterSubscribedAt || tokenCustomerCuid(token) !== customer.cuid) return false;
  const given = Buffer.from(token.slice(customer.cuid.length + 1), "base64url");
  const expected = signature(
    secret,
    organiser.cuid,
    customer.cuid,
    customer.newsletterSubscribedAt,
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The absolute address of a subscriber's unsubscribe page, in the organiser's language, for the
 * newsletters' mails (issue 14); null when the customer is not subscribed.
 */
export function newsletterUnsubscribeUrl(
  deps: { secret: string; publicUrls: PublicUrls },
  organiser: Pick<Organiser, "cuid" | "slug" | "domain" | "domainStatus" | "language">,
  customer: Subscriber,
): string | null {
  const token = unsubscribeToken(deps.secret, organiser, customer);
  if (!token) return null;
  const origin = deps.publicUrls.storefront(organiser);
  return `${origin}/${organiser.language}/newsletters/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The RFC 8058 one-click address of a subscriber (decision 0056): the unsubscribe call itself,
 * which mail providers POST `List-Unsubscribe=One-Click` to and a browser opening it is sent on
 * to the page; null when the customer is not subscribed.
 */
export function newsletterOneClickUrl(
  deps: { secret: string; publicUrls: PublicUrls },
  organiser: Pick<Organiser, "cuid" | "slug" | "domain" | "domainStatus">,
  customer: Subscriber,
): string | null {
  const token = unsubscribeToken(deps.secret, organiser, customer);
  if (!token) return null;
  const origin = deps.publicUrls.storefront(organiser);
  return `${origin}/api/newsletters/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The headers that let mail apps show their own unsubscribe button (RFC 2369, RFC 8058): the
 * one-click HTTPS address first (RFC 8058 requires one; providers that support it use it), then,
 * when the organiser has an address replies reach (`replyTo`), a `mailto:` for the mail apps
 * that only write (RFC 2369 allows several, in order of preference). Such a request reaches the
 * organiser, who withdraws the consent on the customer's page (decision 0059).
 */
export function listUnsubscribeHeaders(
  oneClickUrl: string,
  replyTo: string | null = null,
): Record<string, string> {
  const mailto = replyTo ? `, <mailto:${encodeURI(replyTo)}?subject=unsubscribe>` : "";
  return {
    "List-Unsubscribe": `<${oneClickUrl}>${mailto}`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
