import { z } from "zod";
import { LIMITS, listEnvelope } from "../common.ts";
import { adminListQuery, listCuid } from "./list-query.ts";

/**
 * Customers' carts in the console (customers.carts.*, carts.carts.*; decision 0092): open carts
 * and their holds, abandoned ones (every hold expired), processed orders; a hold extended or
 * released, a processed cart cancelled. Amounts are integer minor units; instants ISO 8601 UTC.
 */

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const cuidValue = z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(40, "TOO_LONG");

/**
 * open: not processed, a hold still live or its online payment awaited; abandoned: not
 * processed, items left but every hold expired; processed: checked out (an order).
 */
export const CART_STATES = ["open", "abandoned", "processed"] as const;
export type CartState = (typeof CART_STATES)[number];

/** GET /api/admin/carts */
export const cartListQuery = adminListQuery.extend({
  state: z.preprocess(
    blankIsMissing,
    z.enum(CART_STATES, { error: "INVALID_CHOICE" }).default("open"),
  ),
  customer: listCuid,
});
export type CartListQuery = z.input<typeof cartListQuery>;

export const cartParams = z.object({ cuid: cuidValue });
export const cartItemParams = z.object({ item: cuidValue });

/** The longest a hold is extended by at once: a week. */
export const HOLD_EXTENSION_MAX_MINUTES = 7 * 24 * 60;

/** POST /api/admin/cart-items/:item/extend: the hold's end pushed back by `minutes`. */
export const holdExtendBody = z.object({
  minutes: z
    .int({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
    .min(1, "TOO_SMALL")
    .max(HOLD_EXTENSION_MAX_MINUTES, "TOO_BIG"),
});
export type HoldExtendBody = z.input<typeof holdExtendBody>;

/** POST /api/admin/carts/:cuid/cancel: every registration of the order cancelled. */
export const cartCancelBody = z.object({
  /** wallet: each registration's paid amount credited to the wallet; none: nothing given back */
  refund: z.enum(["wallet", "none"], { error: "INVALID_CHOICE" }),
  message: z
    .string("INVALID_TYPE")
    .trim()
    .max(LIMITS.longText, "TOO_LONG")
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CartCancelBody = z.input<typeof cartCancelBody>;

export const cartCustomerView = z.object({
  cuid: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
});

export const cartAdminSummary = z.object({
  cuid: z.string(),
  state: z.enum(CART_STATES),
  reference: z.string().nullable(),
  customer: cartCustomerView,
  /** items not converted yet (open and abandoned carts) or bought (processed) */
  items: z.int(),
  /** items whose hold is still live */
  live_holds: z.int(),
  /** when the first live hold ends (null: none) */
  expires_at: z.string().nullable(),
  /** open: the items' prices; processed: the order's total */
  total: z.int(),
  paid_amount: z.int(),
  payment_pending: z.boolean(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  /** when the proofs of payment sent for this order were erased with the customer (0104) */
  proofs_erased_at: z.string().nullable(),
});
export type CartAdminSummary = z.infer<typeof cartAdminSummary>;
export const cartAdminList = listEnvelope(cartAdminSummary);
export type CartAdminList = z.infer<typeof cartAdminList>;

export const cartHoldView = z.object({
  cuid: z.string(),
  type: z.string(),
  title: z.string(),
  participant: z.string().nullable(),
  price: z.int(),
  expires_at: z.string(),
  live: z.boolean(),
  /** the dates it holds a place on, by start */
  dates: z.array(z.object({ start_at: z.string(), end_at: z.string() })),
});
export type CartHoldView = z.infer<typeof cartHoldView>;

export const cartRegistrationView = z.object({
  cuid: z.string(),
  participant: z.string(),
  activity: z.string(),
  paid_amount: z.int(),
  cancelled: z.boolean(),
});
export type CartRegistrationView = z.infer<typeof cartRegistrationView>;

export const cartAdminDetail = cartAdminSummary.extend({
  holds: z.array(cartHoldView),
  registrations: z.array(cartRegistrationView),
});
export type CartAdminDetail = z.infer<typeof cartAdminDetail>;
