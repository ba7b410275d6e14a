import type {
  FooterSettings,
  HeaderSettings,
  NavigationLink,
  TopbarSettings,
  WebsiteLayout,
} from "@booking/contracts";
import {
  type AgeFormatRule,
  DEFAULT_AGE_FORMATS,
  DEFAULT_SMS_UNIT_AMOUNT,
  FALLBACK_AGE_FORMAT,
  type PaymentTypePriority,
} from "@booking/domain";
import type { AvailabilityStatus } from "./schema/availabilities.ts";
import type { SegmentEntity } from "./schema/catalogs.ts";
// Shapes and defaults of the organiser's JSON configuration columns (spec platform-and-account
// §3.2 and §9). Keys are snake_case because these objects travel unchanged in API payloads.
// These constants are the single source of the defaults: the column defaults of the
// `organisers` table are generated from them.

export type Language = "fr" | "en";

export type OrganiserSettings = {
  bank_transfers_payments_activated: boolean;
  online_payments_activated: boolean;
  create_customers_participant: boolean;
  /** Seconds a cart item holds its place. */
  carts_expiration_delay: number;
  payments_references_prefix: string;
  /** the payment types' priorities (decision 0092); absent: the default order */
  payment_types?: PaymentTypePriority[];
  formats: { ages: AgeFormatRule[] };
};

/** The age display rules live in the domain package; these names keep the seed and schema short. */
export const FALLBACK_AGE_FORMAT_RULE: AgeFormatRule = FALLBACK_AGE_FORMAT;
export const DEFAULT_AGE_FORMAT_RULES: AgeFormatRule[] = [...DEFAULT_AGE_FORMATS];

export const DEFAULT_ORGANISER_SETTINGS: OrganiserSettings = {
  bank_transfers_payments_activated: true,
  online_payments_activated: false,
  create_customers_participant: true,
  carts_expiration_delay: 900,
  payments_references_prefix: "",
  formats: { ages: DEFAULT_AGE_FORMAT_RULES },
};

/** What the platform bills the organiser for. */
export type BillingItemName =
  | "registrations"
  | "bookings"
  | "bundles"
  | "memberships"
  | "vouchers"
  | "sms"
  | "invoices"
  /** decision 0078: not in §3.2's list; an operator may price it (decision 0082) */
  | "online_payments";

export type BillingItem = {
  item: BillingItemName;
  /** Minor units per billing cycle. */
  flat_amount: number;
  /** Minor units per unit (registration, SMS, ...). */
  unit_amount: number;
  /** Percent of the amount concerned. */
  percentage: number;
  metadata: Record<string, unknown>;
};

export type BillingTax = {
  type: "VAT";
  percentage: number;
  metadata: Record<string, unknown>;
};

export type OrganiserBilling = {
  /** Minor units; below it the cycle's amount is carried over to the next invoice. */
  minimum_invoice_amount: number;
  billing_cycle_type: "MONTHLY";
  billing_cycle_duration: number;
  /** Days after the due date before an invoice is overdue. */
  delay_before_overdue: number;
  customers_service_fee_percentage: number;
  customers_service_fee_amount: number;
  items: BillingItem[];
  taxes: BillingTax[];
};

const billingItem = (item: BillingItemName, values: Partial<BillingItem> = {}): BillingItem => ({
  item,
  flat_amount: 0,
  unit_amount: 0,
  percentage: 0,
  metadata: {},
  ...values,
});

export const DEFAULT_ORGANISER_BILLING: OrganiserBilling = {
  minimum_invoice_amount: 500,
  billing_cycle_type: "MONTHLY",
  billing_cycle_duration: 1,
  delay_before_overdue: 14,
  customers_service_fee_percentage: 0,
  customers_service_fee_amount: 0,
  items: [
    billingItem("registrations", { unit_amount: 50 }),
    billingItem("bookings"),
    billingItem("bundles"),
    billingItem("memberships"),
    billingItem("vouchers"),
    billingItem("sms", { unit_amount: DEFAULT_SMS_UNIT_AMOUNT }),
    // The spec's "invoice payment delay 30 days" belongs to the invoices item.
    billingItem("invoices", { percentage: 1, metadata: { payment_delay: 30 } }),
  ],
  taxes: [{ type: "VAT", percentage: 21, metadata: {} }],
};

/** The storefront layout blocks; their shape is the shared contract's (storefront.md "Layout"). */
export type { FooterSettings, HeaderSettings, NavigationLink, TopbarSettings, WebsiteLayout };

/** The catalogue page: where it lives and which availabilities it lists. */
export type CataloguePageSettings = {
  /** Site path, without the language prefix. */
  path: string;
  /** Availability statuses listed. */
  statuses: AvailabilityStatus[];
  /** Whether availabilities that have started (but not ended) are listed. */
  include_started: boolean;
};

/** A page's own title and subtitle (register, newsletter unsubscribe); null or absent: the default texts. */
export type PageTextsSettings = { title: string | null; subtitle: string | null };

/** Per page settings (catalogue page, ...), keyed by page; other keys are free for now. */
export type OrganiserPagesSettings = {
  catalogue: CataloguePageSettings;
  register?: PageTextsSettings;
  newsletter_unsubscribe?: PageTextsSettings;
  [page: string]: unknown;
};

export type OrganiserWebsite = {
  /** one of WEBSITE_THEMES (@booking/contracts) */
  theme: string;
  /** the custom CSS, sanitised when saved */
  css: string;
  accent_color: string;
  /** the uploaded favicon; absent or null: the platform's */
  favicon_url?: string | null;
  pages_settings: OrganiserPagesSettings;
  layout: WebsiteLayout;
};

/**
 * storefront.md §2: "The catalogue page setting admits availability statuses OPEN and FULL and
 * includes availabilities that have already started."
 */
export const DEFAULT_CATALOGUE_PAGE_SETTINGS: CataloguePageSettings = {
  path: "/catalogue",
  statuses: ["OPEN", "FULL"],
  include_started: true,
};

export const DEFAULT_WEBSITE_LAYOUT: WebsiteLayout = {
  topbar: {
    email: null,
    phone: null,
    announcement: null,
    text_color: "#FFFFFF",
    background_color: "#000000",
  },
  header: { logo_position: "left", links_position: "right", sticky: true, links: [] },
  footer: { brand: null, quote: null, columns: [], legal_links: [], call_to_action: null },
};

export const DEFAULT_ORGANISER_WEBSITE: OrganiserWebsite = {
  theme: "default",
  css: "",
  accent_color: "#e67e22",
  pages_settings: { catalogue: DEFAULT_CATALOGUE_PAGE_SETTINGS },
  layout: DEFAULT_WEBSITE_LAYOUT,
};

export type OrganiserReferral = {
  /** Percent of the referred organiser's fees. */
  rate: number;
  /** Days during which the referral earns. */
  duration: number;
};

export const DEFAULT_ORGANISER_REFERRAL: OrganiserReferral = { rate: 30, duration: 365 };

/** A segment every organiser has, selecting all rows of its entity (`conditions` `{}`). */
export type DefaultSegment = { entity: SegmentEntity; name: string };

/** platform-and-account.md §9: "Default segments: all customers, all participants, all availabilities." */
export const DEFAULT_SEGMENTS: Record<Language, DefaultSegment[]> = {
  fr: [
    { entity: "CUSTOMERS", name: "Tous les clients" },
    { entity: "PARTICIPANTS", name: "Tous les participants" },
    { entity: "AVAILABILITIES", name: "Toutes les disponibilités" },
  ],
  en: [
    { entity: "CUSTOMERS", name: "All customers" },
    { entity: "PARTICIPANTS", name: "All participants" },
    { entity: "AVAILABILITIES", name: "All availabilities" },
  ],
};
