import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  DEFAULT_ORGANISER_BILLING,
  DEFAULT_ORGANISER_REFERRAL,
  DEFAULT_ORGANISER_SETTINGS,
  DEFAULT_ORGANISER_WEBSITE,
  type Language,
  type OrganiserBilling,
  type OrganiserReferral,
  type OrganiserSettings,
  type OrganiserWebsite,
} from "../organiser-config.ts";
import { createdAt, cuid, id, timestamptz, updatedAt } from "./columns.ts";
import { operators } from "./operators.ts";

/** SUSPENDED: the storefront shows a neutral "temporarily unavailable" page, the console is read-only. */
export type OrganiserStatus = "ACTIVE" | "SUSPENDED";

/**
 * The own domain's verification (decision 0044): PENDING until its DNS records are checked,
 * VERIFIED once they prove the organiser controls it and it points at the platform, FAILING when a
 * check found them wrong. Only a VERIFIED domain serves the storefront.
 */
export type DomainStatus = "PENDING" | "VERIFIED" | "FAILING";

/**
 * The tenant directory. Not row-level secured: resolving the organiser from the request's host
 * happens before any tenant is known.
 */
export const organisers = pgTable(
  "organisers",
  {
    id: id(),
    cuid: cuid(),
    /** Sub-domain of the platform domain: `{slug}.{PLATFORM_DOMAIN}`. */
    slug: text().notNull().unique(),
    name: text().notNull(),
    logoUrl: text(),
    language: text().$type<Language>().notNull().default("fr"),
    /** ISO 4217 code. */
    currency: text().notNull().default("EUR"),
    /** IANA zone in which all dates are shown. */
    timezone: text().notNull().default("Europe/Brussels"),
    contactEmail: text(),
    contactPhone: text(),
    /**
     * The organiser's own website host name, e.g. `www.example.be`, as entered; it serves the
     * storefront only while `domain_status` is VERIFIED (decision 0044).
     */
    domain: text(),
    domainStatus: text().$type<DomainStatus>(),
    /** The value of the `_booking-verify.{domain}` TXT record that proves control of the domain. */
    domainToken: text(),
    domainRequestedAt: timestamptz(),
    domainCheckedAt: timestamptz(),
    /** Why the last check failed (a code of the error catalogue); null after a passing one. */
    domainCheckError: text(),
    settings: jsonb().$type<OrganiserSettings>().notNull().default(DEFAULT_ORGANISER_SETTINGS),
    billing: jsonb().$type<OrganiserBilling>().notNull().default(DEFAULT_ORGANISER_BILLING),
    website: jsonb().$type<OrganiserWebsite>().notNull().default(DEFAULT_ORGANISER_WEBSITE),
    referral: jsonb().$type<OrganiserReferral>().notNull().default(DEFAULT_ORGANISER_REFERRAL),
    legalName: text(),
    vatNumber: text(),
    /**
     * The Belgian enterprise number (10 digits), which a club exempt under art. 44 without a VAT
     * number still has: its Peppol id (0208) and tax registration on e-invoices (decision 0080).
     */
    enterpriseNumber: text(),
    iban: text(),
    bic: text(),
    street: text(),
    /** House number, kept apart from the street as the spec's addresses do. */
    number: text(),
    postcode: text(),
    city: text(),
    /** ISO 3166-1 alpha-2. */
    country: text(),
    /**
     * The organiser's own online-payment provider account (`{provider, api_key}` as JSON),
     * encrypted with the server's secret (AES-256-GCM); null uses the platform's provider.
     */
    paymentCredentialsEncrypted: text(),
    /** The alphanumeric sender id families see on its SMS (up to 11 characters); null: the account's. */
    smsSenderName: text(),
    /**
     * The organiser's own SMS provider account (`{provider, account_sid, auth_token, from}` as
     * JSON), encrypted like the payment credentials; null sends through the platform's account.
     */
    smsCredentialsEncrypted: text(),
    /** The organiser whose referral link it signed up with (decision 0078): earns it referral credit. */
    referredByOrganiserId: integer().references((): AnyPgColumn => organisers.id, {
      onDelete: "set null",
    }),
    status: text().$type<OrganiserStatus>().notNull().default("ACTIVE"),
    /** When and by which platform operator the organiser was suspended (null while active). */
    suspendedAt: timestamptz(),
    suspendedByOperatorId: integer().references(() => operators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Host names are case-insensitive: storing them lower-case keeps lookups exact.
    check("organisers_slug_format", sql`${t.slug} ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'`),
    // These sub-domains belong to the platform itself (admin console, API, marketing site).
    check("organisers_slug_reserved", sql`${t.slug} not in ('admin', 'api', 'www', 'app')`),
    check("organisers_domain_lower", sql`${t.domain} = lower(${t.domain})`),
    // A domain serves one organiser: several may claim it, only the one whose DNS proves it wins.
    uniqueIndex("organisers_verified_domain_unique")
      .on(t.domain)
      .where(sql`${t.domainStatus} = 'VERIFIED'`),
    check("organisers_domain_status", sql`${t.domainStatus} in ('PENDING', 'VERIFIED', 'FAILING')`),
    check(
      "organisers_domain_claim",
      sql`(${t.domain} is null) = (${t.domainStatus} is null) and (${t.domain} is null) = (${t.domainToken} is null) and (${t.domain} is null) = (${t.domainRequestedAt} is null)`,
    ),
    check("organisers_language", sql`${t.language} in ('fr', 'en')`),
    check("organisers_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("organisers_status", sql`${t.status} in ('ACTIVE', 'SUSPENDED')`),
    check(
      "organisers_suspended_at",
      sql`(${t.status} = 'SUSPENDED') = (${t.suspendedAt} is not null)`,
    ),
  ],
);
