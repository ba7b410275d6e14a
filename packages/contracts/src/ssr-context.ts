import type { CustomFieldView } from "./custom-fields.ts";
import type { PublicOrganiser } from "./organiser.ts";
import type { SessionResponse } from "./session.ts";

/** An e-mail kept in the development outbox (no SMTP_URL). */
export interface OutboxEmail {
  id: number;
  cuid: string;
  organiser_name: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The organiser of a storefront request, with its stored (unparsed) layout blocks. */
export interface StorefrontOrganiser extends PublicOrganiser {
  contact_email: string | null;
  contact_phone: string | null;
  accent_color: string;
  layout: { topbar?: unknown; header?: unknown; footer?: unknown };
  /** active custom fields of the register and profile forms, in display order */
  custom_fields: { customers: CustomFieldView[]; participants: CustomFieldView[] };
}

/**
 * What the server hands to React Router loaders for one request. Loaders read data through it and
 * never touch the database themselves; nothing here outlives the request.
 */
export type SsrRequestContext = (
  | {
      kind: "storefront";
      organiser: StorefrontOrganiser;
      session: SessionResponse;
      /** true when the customer session is an impersonation by a collaborator */
      impersonated: boolean;
    }
  | {
      kind: "admin";
      platformDomain: string;
      /** null when e-mails go through SMTP: the outbox page is then unavailable */
      outbox: { list(): Promise<OutboxEmail[]> } | null;
    }
) & {
  /** the Content-Security-Policy nonce the page's inline scripts must carry */
  cspNonce: string;
};
