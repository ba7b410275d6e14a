import type { ProcessedCartView } from "@booking/contracts";
import {
  type BookingStatus,
  orderPaymentBadge,
  type RegistrationRequestStatus,
  registrationRequestTone,
} from "@booking/domain";
import { AccountCard } from "../../components/account/card";
import { ToneBadge } from "../../components/account/tone-badge";
import { BookingStatusBadge } from "../../components/account-items/booking-status";
import {
  ACCOUNT_ITEM_PATHS,
  type AccountItemKind,
  accountItemPath,
  accountItemSeo,
  daysLabel,
  loadAccountItem,
  paymentAmounts,
} from "../../components/account-items/data";
import { OrderInvoices } from "../../components/account-items/order-invoices";
import { TransactionProofs } from "../../components/account-items/transaction-proofs";
import { AccountItemPage, ItemLinks, PaymentCard } from "../../components/account-items/ui";
import { useFormatters } from "../../components/account-items/use-formatters";
import { bookingItemLines } from "../../components/cart/booking-item-summary";
import { itemDatesSummary, itemTitle } from "../../components/cart/cart-item-row";
import { requestItemLines } from "../../components/cart/request-item-summary";
import { BankTransfer } from "../../components/checkout/bank-transfer";
import { PaymentActions } from "../../components/payments/payment-actions";
import { paymentActionsData } from "../../components/payments/payment-data";
import { paymentBadgeLabel } from "../../components/registrations/registration-data";
import { useTranslation } from "../../i18n/react";
import type { TFunction } from "../../i18n/translator";
import type { Formatters } from "../../lib/format";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/carts-detail";

function bookingStatusOf(booking: { canceled_at: string | null }): BookingStatus {
  return booking.canceled_at ? "CANCELLED" : "CONFIRMED";
}

/** Where the customer's share of a booking stands: owed or paid on the booking, or cancelled. */
function bookingShareNote(
  booking: ProcessedCartView["bookings"][number],
  format: Formatters,
  t: TFunction,
): string | null {
  if (booking.canceled_at) return null;
  if (booking.share.amount_due > 0) {
    return t("account_items.carts.share_due", { amount: format.money(booking.share.amount_due) });
  }
  return booking.share.total_amount > 0 ? t("account_items.carts.share_paid") : null;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, item: cart } = await loadAccountItem(context, params, request, (reader, cuid) =>
    reader.cart(cuid),
  );
  const { format, t } = page;
  const { totals } = cart;
  const invoices = await page.storefront.reader.accountItems.cartInvoices(cart.cuid);
  const proofs = (await page.storefront.reader.accountItems.cartTransactionProofs(cart.cuid)) ?? [];
  const participant = (who: { fullname: string } | null) =>
    who ? t("cart.item.participant", { name: who.fullname }) : t("account_items.family");
  // A line leads to what the item became; an item made before bookings and requests named their
  // item (decision 0079) leads to its tab.
  const line = (
    kind: AccountItemKind,
    cuid: string | null,
    title: string,
    details: Array<string | null>,
    amount: number | null,
  ) => ({
    to: cuid ? accountItemPath(kind, cuid) : ACCOUNT_ITEM_PATHS[kind],
    title,
    details: details.filter((detail): detail is string => Boolean(detail)),
    amount: amount === null ? null : format.money(amount),
    requestStatus: null as RegistrationRequestStatus | null,
    bookingStatus: null as BookingStatus | null,
  });
  const outcomeOf = <T extends { item_id: number }>(outcomes: T[], itemId: number) =>
    outcomes.find((outcome) => outcome.item_id === itemId) ?? null;
  const requests = cart.items
    .filter((item) => item.type === "REGISTRATION_REQUEST")
    .map((item) => ({ item, outcome: outcomeOf(cart.registration_requests, item.id) }));
  const bookings = cart.items
    .filter((item) => item.type === "BOOKING")
    .map((item) => ({ item, outcome: outcomeOf(cart.bookings, item.id) }));
  const sections = [
    {
      key: "registrations",
      title: t("checkout.success.registrations", { count: cart.registrations.length }),
      lines: cart.registrations.map((registration) =>
        line(
          "registrations",
          registration.cuid,
          registration.availability.activity.title,
          [
            participant(registration.participant),
            itemDatesSummary(
              registration.dates.map((entry) => entry.date),
              registration.availability,
              format,
              t,
            ),
          ],
          registration.total_amount,
        ),
      ),
    },
    {
      key: "requests",
      title: t("checkout.success.requests", { count: requests.length }),
      lines: requests.map(({ item, outcome }) => ({
        ...line(
          "requests",
          outcome?.cuid ?? null,
          itemTitle(item),
          [
            participant(item.participant),
            ...(item.request ? requestItemLines(item.request, format, t).slice(0, -1) : []),
          ],
          null,
        ),
        requestStatus: outcome?.status ?? null,
      })),
    },
    {
      key: "bookings",
      title: t("checkout.success.bookings", { count: bookings.length }),
      lines: bookings.map(({ item, outcome }) => ({
        ...line(
          "bookings",
          outcome?.cuid ?? null,
          itemTitle(item),
          [
            participant(item.participant),
            itemDatesSummary(item.booking_dates, null, format, t),
            ...bookingItemLines(item, format, t),
            outcome ? bookingShareNote(outcome, format, t) : null,
          ],
          item.price,
        ),
        bookingStatus: outcome ? bookingStatusOf(outcome) : null,
      })),
    },
    {
      key: "bundles",
      title: t("checkout.success.bundles", { count: cart.bundles.length }),
      lines: cart.bundles.map((bundle) =>
        line(
          "bundles",
          bundle.cuid,
          bundle.bundle.title,
          [
            participant(bundle.participant),
            bundle.expires_at
              ? t("account_items.valid_until", { date: format.date(bundle.expires_at) })
              : null,
          ],
          bundle.total_amount,
        ),
      ),
    },
    {
      key: "memberships",
      title: t("account_items.carts.memberships", { count: cart.memberships.length }),
      lines: cart.memberships.map((membership) =>
        line(
          "memberships",
          membership.cuid,
          membership.membership.title,
          [
            participant(membership.participant),
            daysLabel(format, membership.start_at, membership.end_at),
          ],
          membership.total_amount,
        ),
      ),
    },
    {
      key: "vouchers",
      title: t("checkout.success.vouchers", { count: cart.vouchers.length }),
      lines: cart.vouchers.map((voucher) =>
        line(
          "vouchers",
          voucher.cuid,
          voucher.voucher.title,
          [
            voucher.expires_at
              ? t("account_items.valid_until", { date: format.date(voucher.expires_at) })
              : null,
          ],
          voucher.total_amount,
        ),
      ),
    },
  ].filter((section) => section.lines.length > 0);
  return {
    seo: accountItemSeo(context, params, request, "carts", cart.cuid),
    title: t("account_items.carts.order_of", { date: format.date(cart.processed_at) }),
    processedAt: format.dateTime(cart.processed_at),
    reference: cart.reference,
    cartCuid: cart.cuid,
    invoices,
    proofs,
    // A proof is sent while something is owed (a transfer not received yet).
    canSendProof: totals.outstanding > 0,
    sections,
    amounts: paymentAmounts(format, {
      total: totals.total,
      paid: totals.paid,
      outstanding: totals.outstanding,
    }),
    extra: [
      totals.service_fees > 0
        ? { label: t("account_items.carts.service_fees"), value: format.money(totals.service_fees) }
        : null,
      totals.wallet_used > 0
        ? { label: t("account_items.carts.wallet_used"), value: format.money(totals.wallet_used) }
        : null,
      totals.booking_shares > 0
        ? {
            label: t("account_items.carts.booking_shares"),
            value: format.money(totals.booking_shares),
          }
        : null,
    ].filter((row) => row !== null),
    badge: paymentBadgeLabel(
      orderPaymentBadge({
        total: totals.total,
        service_fees: totals.service_fees,
        booking_shares: totals.booking_shares,
        outstanding: totals.outstanding,
      }),
      format,
    ),
    // An order of bookings only owes nothing itself: their shares are paid on the bookings.
    emptyBadge: t(
      totals.booking_shares > 0
        ? "account_items.carts.paid_on_bookings"
        : "registrations.payment.free",
    ),
    bankTransfer: cart.bank_transfer,
    paymentActions: paymentActionsData(page, {
      destination: { type: "CART", id: cart.id },
      reference: cart.reference,
      due: totals.outstanding,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * An order (/account/carts/{cuid}, platform-and-account.md §2.2, §2.3): what the processed cart
 * held, each line leading to its own page (registration, bundle, membership, voucher), its
 * totals, its payment and, while something is owed, the bank transfer to make.
 */
export default function Order({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <AccountItemPage
      kind="carts"
      title={data.title}
      subtitle={t("account_items.carts.detail_subtitle", { date: data.processedAt })}
      side={
        <PaymentCard
          badge={data.badge}
          empty={data.emptyBadge}
          amounts={data.amounts}
          extra={data.extra}
          reference={data.reference}
        >
          <PaymentActions data={data.paymentActions} />
        </PaymentCard>
      }
      summary={data.sections.map((section) => (
        <AccountCard key={section.key} title={section.title}>
          <ItemLinks
            links={section.lines.map((line) => ({
              ...line,
              aside: (
                <span className="flex flex-col items-end gap-1">
                  {line.requestStatus ? (
                    <ToneBadge
                      tone={registrationRequestTone(line.requestStatus)}
                      value={line.requestStatus}
                      testId="request-status"
                    >
                      {t(`account_items.requests.status.${line.requestStatus}`)}
                    </ToneBadge>
                  ) : null}
                  {line.bookingStatus ? <BookingStatusBadge status={line.bookingStatus} /> : null}
                  {line.amount ? (
                    <span className="text-sm font-semibold whitespace-nowrap text-slate-950 tabular-nums">
                      {line.amount}
                    </span>
                  ) : null}
                </span>
              ),
            }))}
            testId="order-lines"
            linkTestId="order-line"
          />
        </AccountCard>
      ))}
    >
      {data.bankTransfer ? <BankTransfer transfer={data.bankTransfer} format={format} /> : null}
      <TransactionProofs
        cartCuid={data.cartCuid}
        proofs={data.proofs}
        canSend={data.canSendProof}
        formatDateTime={format.dateTime}
      />
      {data.invoices ? (
        <OrderInvoices
          page={{ cart_cuid: data.cartCuid }}
          data={data.invoices}
          formatMoney={format.money}
          formatDate={format.date}
        />
      ) : null}
    </AccountItemPage>
  );
}
