import { z } from "zod";
import { LIMITS } from "./common.ts";

/** A database id in a JSON body: a positive 32-bit integer. */
const entityId = z.int("INVALID_TYPE").positive("INVALID_TYPE").max(2_147_483_647, "INVALID_TYPE");

/** Units of one registration; each unit is one cart item holding one place on each chosen date. */
export const MAX_REGISTRATION_QUANTITY = 20;

export const CART_ITEM_TYPES = [
  "REGISTRATION",
  "BUNDLE",
  "VOUCHER",
  "MEMBERSHIP",
  "REGISTRATION_REQUEST",
  "BOOKING",
] as const;
export type CartItemType = (typeof CART_ITEM_TYPES)[number];

const answer = z.string("INVALID_TYPE").max(LIMITS.longText, "TOO_LONG").nullable().default(null);

/** One registration of the add payload (storefront.md §3 "Registration payload", §5). */
export const cartRegistrationInput = z.object({
  availability_id: entityId,
  participant_id: entityId,
  quantity: z
    .int("INVALID_TYPE")
    .min(1, "TOO_SMALL")
    .max(MAX_REGISTRATION_QUANTITY, "TOO_BIG")
    .default(1),
  options: z
    .array(z.object({ price_id: entityId, content: answer }))
    .max(100, "TOO_BIG")
    .default([]),
  questions: z
    .array(z.object({ question_id: entityId, content: answer }))
    .max(100, "TOO_BIG")
    .default([]),
  // At least one date: missing or empty is the spec's availability_dates_required.
  availability_dates: z
    .array(z.object({ date_id: entityId }), {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "AVAILABILITY_DATES_REQUIRED"
          : "INVALID_TYPE",
    })
    .min(1, "AVAILABILITY_DATES_REQUIRED")
    .max(400, "TOO_BIG"),
});
export type CartRegistrationInput = z.output<typeof cartRegistrationInput>;

/**
 * POST /api/carts/items (storefront.md §7). One bundle, membership or voucher entry per unit of
 * quantity. `registrations_requests` and `bookings` are not accepted yet (their modules come
 * later): they are not part of this schema, so they are dropped like any unknown key.
 */
export const addCartItemsBody = z.object({
  /** The logged-in customer; when sent it must be that customer. */
  customer_id: entityId.optional(),
  participant_id: entityId.nullable().optional(),
  registrations: z.array(cartRegistrationInput).max(50, "TOO_BIG").default([]),
  bundles: z
    .array(z.object({ bundle_id: entityId, participant_id: entityId.nullable().default(null) }))
    .max(50, "TOO_BIG")
    .default([]),
  vouchers: z
    .array(z.object({ voucher_id: entityId }))
    .max(50, "TOO_BIG")
    .default([]),
  memberships: z
    .array(z.object({ membership_id: entityId, participant_id: entityId.nullable().default(null) }))
    .max(50, "TOO_BIG")
    .default([]),
});
export type AddCartItemsBody = z.input<typeof addCartItemsBody>;

/** DELETE /api/carts/items?item_id= */
export const deleteCartItemQuery = z.object({
  item_id: z.coerce.number().int().positive().max(2_147_483_647),
});

const titled = z.object({ id: z.int(), cuid: z.string(), title: z.string() });

export const cartItemView = z.object({
  id: z.int(),
  cuid: z.string(),
  type: z.enum(CART_ITEM_TYPES),
  price: z.int(),
  deposit: z.int(),
  expires_at: z.string(),
  participant: z.object({ id: z.int(), cuid: z.string(), fullname: z.string() }).nullable(),
  availability: z
    .object({
      id: z.int(),
      cuid: z.string(),
      start_at: z.string(),
      end_at: z.string(),
      activity: z.object({ id: z.int(), cuid: z.string(), title: z.string() }),
    })
    .nullable(),
  availability_dates: z.array(
    z.object({
      date: z.object({ id: z.int(), cuid: z.string(), start_at: z.string(), end_at: z.string() }),
    }),
  ),
  bundle: titled.nullable(),
  voucher: titled.nullable(),
  membership: titled.nullable(),
  created_at: z.string(),
});
export type CartItemView = z.infer<typeof cartItemView>;

/**
 * A cart with its LIVE items only (expires_at in the future), ordered as the cart panel shows
 * them: non-registration items first, then registrations by their first date.
 */
export const cartView = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string().nullable(),
  coupon_id: z.int().nullable(),
  items: z.array(cartItemView),
  /** Sum of the live items' prices and deposits, and their number. */
  total: z.int(),
  deposit: z.int(),
  count: z.int(),
  processed_at: z.string().nullable(),
  created_at: z.string(),
});
export type CartView = z.infer<typeof cartView>;

/** GET /api/carts/current: null when the customer has no open cart. */
export const currentCartResponse = z.object({ cart: cartView.nullable() });
/** POST /api/carts/items, DELETE /api/carts/items: the cart after the change. */
export const cartResponse = z.object({ cart: cartView });
