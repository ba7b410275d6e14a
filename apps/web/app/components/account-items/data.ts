import type {
  AccountItemsReader,
  ImageView,
  ListEnvelope,
  PaymentBadgeView,
} from "@booking/contracts";
import {
  type CustomerBundleState,
  hoursAndMinutes,
  type MembershipState,
  productStateTone,
} from "@booking/domain";
import type { RouterContextProvider } from "react-router";
import type { Formatters } from "../../lib/format";
import { notFound } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { type AccountSession, requireAccount } from "../account/account-data";
import type { ListPaging } from "../account/list";
import { readListPage } from "../account/paging";
import { type PaymentBadgeLabel, paymentBadgeLabel } from "../registrations/registration-data";

/**
 * What the loaders of the account tabs over orders, registration requests, bookings, bundles,
 * memberships and attendance charges share (platform-and-account.md §2.3): their paths, the read
 * of one page of a list or of one item, and the labels they format on the server.
 */

export const ACCOUNT_ITEM_PATHS = {
  carts: "/account/carts",
  requests: "/account/registrations-requests",
  bookings: "/account/bookings",
  bundles: "/account/bundles",
  memberships: "/account/memberships",
  attendanceCharges: "/account/attendance-charges",
  registrations: "/account/registrations",
  vouchers: "/account/vouchers",
} as const;

export type AccountItemKind = keyof typeof ACCOUNT_ITEM_PATHS;

export const accountItemPath = (kind: AccountItemKind, cuid: string) =>
  `${ACCOUNT_ITEM_PATHS[kind]}/${cuid}`;

/** The i18n section of each kind's pages (its title, detail_title and meta_description). */
export const ACCOUNT_ITEM_I18N = {
  carts: "account_items.carts",
  requests: "account_items.requests",
  bookings: "account_items.bookings",
  bundles: "account_items.bundles",
  memberships: "account_items.memberships",
  attendanceCharges: "account_items.attendance",
} as const satisfies Partial<Record<AccountItemKind, string>>;

/** The kinds whose list and detail pages are made of the pieces of components/account-items. */
export type ItemKindWithPages = keyof typeof ACCOUNT_ITEM_I18N;

/** The SEO of a kind's list (without `cuid`) or of one item's page; never indexed. */
export function accountItemSeo(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
  kind: ItemKindWithPages,
  cuid?: string,
) {
  const section = ACCOUNT_ITEM_I18N[kind];
  return simplePageSeo(context, params, request, {
    title: `${section}.${cuid ? "detail_title" : "title"}`,
    description: `${section}.meta_description`,
    path: cuid ? accountItemPath(kind, cuid) : ACCOUNT_ITEM_PATHS[kind],
    robots: "noindex",
  });
}

type Params = { lang?: string; cuid?: string };

/** One page of an account list (page_number, page_size of the URL; past the last: the last). */
export async function loadAccountList<T>(
  context: Readonly<RouterContextProvider>,
  params: Params,
  request: Request,
  read: (
    reader: AccountItemsReader,
    params: Record<string, string | undefined>,
  ) => Promise<ListEnvelope<T>>,
): Promise<{ page: AccountSession; data: T[]; paging: ListPaging }> {
  const page = requireAccount(context, params, request);
  const { data, paging } = await readListPage(request, (query) =>
    read(page.storefront.reader.accountItems, query),
  );
  return { page, data, paging };
}

/** One item of the customer, or the 404 page when it is not theirs. */
export async function loadAccountItem<T>(
  context: Readonly<RouterContextProvider>,
  params: Params,
  request: Request,
  read: (reader: AccountItemsReader, cuid: string) => Promise<T | null>,
): Promise<{ page: AccountSession; item: T }> {
  const page = requireAccount(context, params, request);
  const item = await read(page.storefront.reader.accountItems, params.cuid ?? "");
  if (!item) notFound();
  return { page, item };
}

export type Translate = AccountSession["t"];

/** "1 h 15", "45 min", "2 h": a duration in seconds as the account shows attended time. */
export function durationLabel(seconds: number, t: Translate): string {
  const { hours, minutes } = hoursAndMinutes(seconds);
  if (hours === 0) return t("account_items.duration.minutes", { minutes });
  if (minutes === 0) return t("account_items.duration.hours", { hours });
  return t("account_items.duration.hours_minutes", {
    hours,
    minutes: String(minutes).padStart(2, "0"),
  });
}

/** The first picture of an item, for its card. */
export function pictureOf(images: ImageView[]): { url: string; alt: string } | null {
  const image = images[0];
  return image ? { url: image.public_url, alt: image.alt ?? "" } : null;
}

/** "Parc de Woluwe, Bruxelles" */
export function placeLabel(
  location: { title: string; city: string | null } | null | undefined,
): string | null {
  if (!location) return null;
  return [location.title, location.city].filter((part) => part && part.trim() !== "").join(", ");
}

/** The period of a validity or a billing cycle: "1 September 2026 – 31 August 2027". */
export function daysLabel(format: Formatters, start: string, end: string): string {
  const first = format.date(start);
  const last = format.date(end);
  return first === last ? first : `${first} – ${last}`;
}

/** A period that ends at an exclusive instant (a billing cycle): its first and last days. */
export function cycleDaysLabel(format: Formatters, start: string, end: string): string {
  return daysLabel(format, start, new Date(new Date(end).getTime() - 1).toISOString());
}

/** "2 of 10 used · 8 left", "Unlimited · 3 used": how much of a bundle is used. */
export function bundleUsageLabel(
  bundle: { capacity: number | null; used: number; remaining: number | null },
  t: Translate,
): string {
  if (bundle.capacity === null) {
    return t("account_items.bundles.usage_unlimited", { count: bundle.used });
  }
  return [
    t("account_items.bundles.used", { count: bundle.used, capacity: bundle.capacity }),
    t("account_items.bundles.left", { count: bundle.remaining ?? 0 }),
  ].join(" · ");
}

/** The amounts of an item's payment card, formatted; deposit and outstanding only when above 0. */
export interface PaymentAmounts {
  total: string;
  deposit: string | null;
  paid: string;
  outstanding: string | null;
}

/** `outstanding` defaults to what the total leaves unpaid. */
export function paymentAmounts(
  format: Formatters,
  amounts: { total: number; paid: number; deposit?: number; outstanding?: number },
): PaymentAmounts {
  const outstanding = amounts.outstanding ?? Math.max(0, amounts.total - amounts.paid);
  return {
    total: format.money(amounts.total),
    deposit: amounts.deposit && amounts.deposit > 0 ? format.money(amounts.deposit) : null,
    paid: format.money(amounts.paid),
    outstanding: outstanding > 0 ? format.money(outstanding) : null,
  };
}

/**
 * The payment card of an item whose amounts are its total and what was paid (a booking, a bundle,
 * a membership, an attendance charge): its amounts and its badge, formatted.
 */
export function itemPayment(
  format: Formatters,
  item: { total_amount: number; paid_amount: number; payment: PaymentBadgeView | null },
  options: { outstanding?: number } = {},
): { amounts: PaymentAmounts; badge: PaymentBadgeLabel | null } {
  return {
    amounts: paymentAmounts(format, {
      total: item.total_amount,
      paid: item.paid_amount,
      outstanding: options.outstanding,
    }),
    badge: paymentBadgeLabel(item.payment, format),
  };
}

/**
 * What the list cards and the pages of a bundle and of a membership share: the product, who it
 * is for (a participant, or the whole family), its state and tone (§4), its total and payment
 * badge, when it was bought and with which order.
 */
export function ownedProductData(
  format: Formatters,
  t: Translate,
  item: {
    cuid: string;
    participant: { fullname: string } | null;
    state: MembershipState | CustomerBundleState;
    total_amount: number;
    payment: PaymentBadgeView | null;
    created_at: string;
    cart: { cuid: string; reference: string } | null;
  },
  product: { title: string; images: ImageView[] },
) {
  return {
    cuid: item.cuid,
    title: product.title,
    picture: pictureOf(product.images),
    participant: item.participant?.fullname ?? null,
    holder: item.participant?.fullname ?? t("account_items.family"),
    state: item.state,
    tone: productStateTone(item.state),
    total: format.money(item.total_amount),
    badge: paymentBadgeLabel(item.payment, format),
    boughtOn: format.date(item.created_at),
    order: item.cart,
  };
}

export type OwnedProductData = ReturnType<typeof ownedProductData>;
