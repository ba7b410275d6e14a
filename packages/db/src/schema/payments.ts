import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { carts } from "./carts.ts";
import { createdAt, cuid, id, money, timestamptz } from "./columns.ts";
import { organiserId, tenantForeignKey, tenantKey } from "./tenancy.ts";

export const PAYMENT_PROVIDERS = ["test", "mollie"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = ["open", "paid", "failed", "expired", "canceled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * An online payment of a processed cart (docs/decisions/0011-online-payments.md): created at
 * checkout with the provider, marked paid once by the provider's webhook. `amount` and
 * `currency` are what we asked for; a provider answering other figures is refused.
 * `provider_state` is the built-in test provider's own record of the payment (what its
 * `fetchPayment` answers); null for real providers, which keep theirs.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    cartId: integer().notNull(),
    provider: text().$type<PaymentProviderName>().notNull(),
    providerPaymentId: text().notNull(),
    amount: money().notNull(),
    currency: text().notNull(),
    status: text().$type<PaymentStatus>().notNull().default("open"),
    /** the provider's hosted page, answered again by a replayed checkout */
    checkoutUrl: text().notNull(),
    providerState: jsonb().$type<Record<string, unknown>>(),
    paidAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey("payments", t),
    unique("payments_provider_provider_payment_id_unique").on(t.provider, t.providerPaymentId),
    tenantForeignKey(
      "payments_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
      "no action",
    ),
    index("payments_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    check("payments_provider", sql`${t.provider} in ('test', 'mollie')`),
    check("payments_status", sql`${t.status} in ('open', 'paid', 'failed', 'expired', 'canceled')`),
    check("payments_amount", sql`${t.amount} > 0`),
    check("payments_paid", sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);
