import type { AccountItemsReader } from "./account-items.ts";
import type { OperatorView } from "./admin/platform.ts";
import type { AdminSessionResponse } from "./admin/session.ts";
import type { BlogArticleView } from "./blog.ts";
import type { CartView, EstimateCartItemBody, EstimateView } from "./carts.ts";
import type {
  ActivityView,
  AvailabilityCalendar,
  AvailabilityDatesResponse,
  AvailabilityView,
  BundleView,
  CatalogueFacets,
  MembershipView,
  ResourceAvailabilityView,
  ResourceView,
  VoucherView,
} from "./catalogue.ts";
import type { ListEnvelope } from "./common.ts";
import type { CustomFieldView } from "./custom-fields.ts";
import type { RegistrationDocumentView } from "./documents.ts";
import type { PublicOrganiser } from "./organiser.ts";
import type { ParticipantView } from "./participants.ts";
import type { RegistrationFormView } from "./registration-form.ts";
import type { RegistrationRequestsConfiguration } from "./registration-request-tiers.ts";
import type { RegistrationDetail, RegistrationListItem } from "./registrations.ts";
import type { ActivityReviews } from "./reviews.ts";
import type { SessionResponse } from "./session.ts";
import type { AccountVoucherView, VoucherRedemptionView } from "./vouchers.ts";

/**
 * Console loaders read through the console's own JSON API, so every read is permission-checked
 * where the API checks it. `get` resolves with the answer's status and parsed body.
 */
export interface AdminApi {
  get<T = unknown>(path: string): Promise<{ status: number; body: T }>;
}

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

/** An SMS kept in the development outbox (no SMS provider configured). */
export interface OutboxSms {
  id: number;
  cuid: string;
  organiser_name: string | null;
  /** E.164 */
  to: string;
  body: string;
  segments: number;
  created_at: string;
}

/** The organiser of a storefront request, with its stored (unparsed) layout blocks. */
export interface StorefrontOrganiser extends PublicOrganiser {
  contact_email: string | null;
  contact_phone: string | null;
  /** the organiser's postal address (account settings), for the contact-details block */
  address: {
    street: string | null;
    number: string | null;
    postcode: string | null;
    city: string | null;
    country: string | null;
  };
  accent_color: string;
  layout: { topbar?: unknown; header?: unknown; footer?: unknown };
  /** the site's theme (app.css `html[data-theme]`), custom CSS (sanitised) and favicon */
  theme: string;
  custom_css: string;
  favicon_url: string | null;
  /** the register page's own title and subtitle; null: the default texts */
  register_texts: { title: string | null; subtitle: string | null };
  newsletter_unsubscribe_texts: { title: string | null; subtitle: string | null };
  /** active custom fields of the register and profile forms, in display order */
  custom_fields: { customers: CustomFieldView[]; participants: CustomFieldView[] };
  /** the catalogue page (breadcrumbs, "back to the catalogue") and what it lists */
  catalogue: {
    path: string;
    title: string;
    statuses: Array<"OPEN" | "FULL" | "CLOSED">;
    include_started: boolean;
  };
  /** the organiser's payment methods (settings), for the checkout form */
  payments: {
    bank_transfers: boolean;
    online: boolean;
    /** the switched-on payment types, the highest priority first (decision 0092) */
    methods: Array<"BANK_TRANSFER" | "ONLINE">;
  };
}

/** A stored page element and its children, settings as stored (validated by the renderer). */
export interface PageElementNode {
  id: number;
  cuid: string;
  element: "section" | "container" | "block";
  family: string;
  type: string | null;
  name: string;
  settings: Record<string, unknown>;
  children: PageElementNode[];
}

export interface PageView {
  id: number;
  cuid: string;
  type: "DEFAULT" | "AVAILABILITY";
  path: string;
  title: string;
  /** the document title for search engines, when it differs from the title */
  seo_title: string | null;
  description: string | null;
  elements: PageElementNode[];
}

export interface SitemapEntry {
  path: string;
  updated_at: string;
}

/** Query parameters exactly as the HTTP calls take them (storefront.md §7). */
export type CatalogueParams = Record<string, string | undefined>;

/**
 * The storefront's read services, the same as the catalogue calls of the API (same parameters,
 * same validation: invalid parameters reject with an AppError-like `{ code: "VALIDATION_ERROR" }`).
 */
export interface StorefrontReader {
  /** The published DEFAULT page at `path` (a site path without the language prefix), or null. */
  page(path: string): Promise<PageView | null>;
  /** The published AVAILABILITY page, whose elements lay out every availability page, or null. */
  availabilityTemplate(): Promise<PageView | null>;
  facets(): Promise<CatalogueFacets>;
  activities(params: CatalogueParams): Promise<ListEnvelope<ActivityView>>;
  availabilities(params: CatalogueParams): Promise<ListEnvelope<AvailabilityView>>;
  availabilitiesCalendar(params: CatalogueParams): Promise<AvailabilityCalendar>;
  availabilityDates(params: CatalogueParams): Promise<AvailabilityDatesResponse>;
  bundles(params: CatalogueParams): Promise<ListEnvelope<BundleView>>;
  memberships(params: CatalogueParams): Promise<ListEnvelope<MembershipView>>;
  vouchers(params: CatalogueParams): Promise<ListEnvelope<VoucherView>>;
  resources(params: CatalogueParams): Promise<{ data: ResourceView[] }>;
  resourceAvailabilities(params: CatalogueParams): Promise<{ data: ResourceAvailabilityView[] }>;
  /**
   * Why the logged-in customer could not book the resource's slot starting at `startAt` under
   * its booking configuration (an error code: members only, too far ahead, the week's maximum),
   * or null; null for a visitor (decision 0071).
   */
  bookingRefusal(resourceId: number, startAt: string): Promise<string | null>;
  availability(cuid: string): Promise<AvailabilityView | null>;
  activity(cuid: string): Promise<ActivityView | null>;
  /** GET /api/activities/{cuid}/reviews: its public reviews with their average (decision 0087). */
  activityReviews(cuid: string): Promise<ActivityReviews>;
  bundle(cuid: string): Promise<BundleView | null>;
  membership(cuid: string): Promise<MembershipView | null>;
  voucher(cuid: string): Promise<VoucherView | null>;
  sitemap(): Promise<SitemapEntry[]>;
  /** The visible blog articles, with the parameters of GET /api/blog/articles (limit, offset). */
  blogArticles(params: CatalogueParams): Promise<ListEnvelope<BlogArticleView>>;
  /** A visible article by slug or cuid; null for a draft, a scheduled article or none. */
  blogArticle(slugOrCuid: string): Promise<BlogArticleView | null>;
  /**
   * The options (with prices) and questions of an availability's activity, for the registration
   * add form; null when the availability is not one of this storefront's (an invalid cuid too).
   */
  registrationForm(availabilityCuid: string): Promise<RegistrationFormView | null>;
  /**
   * GET /api/activities/{cuid}/registrations-requests-configuration: the tiers of a published
   * activity taking requests; null for any other activity (an invalid cuid too).
   */
  registrationRequestsConfiguration(
    activityCuid: string,
  ): Promise<RegistrationRequestsConfiguration | null>;
  /** The logged-in customer's own participants (by first name, last name); [] for a visitor. */
  participants(): Promise<ParticipantView[]>;
  /**
   * POST /api/carts/items/estimate for the logged-in customer: the add form's first estimate or
   * the code of the call's refusal (4xx), carried by the page so its script need not ask
   * (decision 0058); null for a visitor or a body the call's schema refuses.
   */
  estimate(body: EstimateCartItemBody): Promise<EstimateAnswer | null>;
  /**
   * One page of the customer's participants, with the parameters of GET /api/participants
   * (page_number, page_size, search); an empty page for a visitor.
   */
  participantsPage(params: CatalogueParams): Promise<ListEnvelope<ParticipantView>>;
  /** The customer's participant with this cuid; null if it is not theirs (or deleted). */
  participant(cuid: string): Promise<ParticipantView | null>;
  /**
   * One page of the customer's registrations, with the parameters of GET /api/registrations
   * (page_number, page_size); an empty page for a visitor.
   */
  registrationsPage(params: CatalogueParams): Promise<ListEnvelope<RegistrationListItem>>;
  /** The customer's registration with this cuid (GET /api/registrations/{cuid}); null if not theirs. */
  registration(cuid: string): Promise<RegistrationDetail | null>;
  /**
   * The documents of the customer's registration with this cuid (GET /api/documents), each with
   * whether it can be downloaded now; [] when cancelled, null if the registration is not theirs.
   */
  registrationDocuments(cuid: string): Promise<RegistrationDocumentView[] | null>;
  /** The registration and its activity's options and questions, for its edit page. */
  registrationEditForm(
    cuid: string,
  ): Promise<{ registration: RegistrationDetail; form: RegistrationFormView } | null>;
  /**
   * One page of the vouchers the customer bought or redeemed, with the parameters of
   * GET /api/customer-vouchers (page_number, page_size, filter); an empty page for a visitor.
   */
  customerVouchersPage(params: CatalogueParams): Promise<ListEnvelope<AccountVoucherView>>;
  /** A voucher the customer bought or redeemed, as they may see it; null otherwise. */
  customerVoucher(cuid: string): Promise<AccountVoucherView | null>;
  /** GET /api/vouchers/redeem for a code; null for an unknown (or blank) code or a visitor. */
  voucherRedemption(code: string): Promise<VoucherRedemptionView | null>;
  /**
   * The customer's orders, registration requests, bookings, bundles, memberships and attendance
   * charges (account-items.ts).
   */
  accountItems: AccountItemsReader;
}

/** What POST /api/carts/items/estimate answers: the estimate, or the error code of a 4xx. */
export type EstimateAnswer = { estimate: EstimateView } | { error: string };

/**
 * What the server hands to React Router loaders for one request. Loaders read data through it and
 * never touch the database themselves; nothing here outlives the request.
 */
export type SsrRequestContext = (
  | {
      kind: "storefront";
      organiser: StorefrontOrganiser;
      session: SessionResponse;
      /**
       * the customer's open cart (GET /api/carts/current's answer), read with the session: the
       * page carries it, so its scripts need not ask (decision 0058); null without one
       */
      cart: CartView | null;
      /** true when the customer session is an impersonation by a collaborator */
      impersonated: boolean;
      /** catalogue and page reads for this organiser, each in its own tenant transaction */
      reader: StorefrontReader;
      /** the console's origin (configuration): the only sender a preview page listens to */
      consoleOrigin: string;
    }
  | {
      kind: "admin";
      platformDomain: string;
      /** null when e-mails go through SMTP: the outbox page is then unavailable */
      outbox: { list(): Promise<OutboxEmail[]> } | null;
      /** null when SMS go through a provider (TWILIO_*): the outbox page then shows no SMS */
      smsOutbox: { list(): Promise<OutboxSms[]> } | null;
      /** the console session of the request's cookie; null when logged out */
      session: AdminSessionResponse | null;
      /** the platform operator of the request's `platform_session` cookie (decision 0040) */
      operator: OperatorView | null;
      /** reads the console API in-process with the request's cookies (docs/decisions/0022) */
      api: AdminApi;
    }
  | {
      /** the bare platform domain: the product's home page and the organisers' sign-up */
      kind: "platform";
      platformDomain: string;
    }
) & {
  /** the Content-Security-Policy nonce the page's inline scripts must carry */
  cspNonce: string;
};
