import { AccountCard } from "../../components/account/card";
import {
  BookingCancellation,
  bookingCancellationData,
} from "../../components/account-items/booking-cancellation";
import { BookingStatusBadge } from "../../components/account-items/booking-status";
import {
  accountItemSeo,
  itemPayment,
  loadAccountItem,
  pictureOf,
} from "../../components/account-items/data";
import { OrderInvoices } from "../../components/account-items/order-invoices";
import {
  AccountItemPage,
  FactList,
  ItemSummaryCard,
  PaymentCard,
} from "../../components/account-items/ui";
import { useFormatters } from "../../components/account-items/use-formatters";
import { BankTransfer } from "../../components/checkout/bank-transfer";
import { PaymentActions } from "../../components/payments/payment-actions";
import { paymentActionsData } from "../../components/payments/payment-data";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/bookings-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, item } = await loadAccountItem(context, params, request, (reader, cuid) =>
    reader.booking(cuid),
  );
  const { format } = page;
  // Only a booking still to come says whether it can be cancelled (decision 0071).
  const cancellation =
    Date.parse(item.start_at) > Date.now()
      ? await page.storefront.reader.accountItems.bookingCancellation(item.cuid)
      : null;
  const invoices = await page.storefront.reader.accountItems.bookingInvoices(item.cuid);
  const location = item.resource.location;
  return {
    seo: accountItemSeo(context, params, request, "bookings", item.cuid),
    cuid: item.cuid,
    invoices,
    title: item.resource.name,
    picture: pictureOf(item.resource.images),
    location: location
      ? [
          location.title,
          [location.street, location.number].filter(Boolean).join(" "),
          [location.postcode, location.city].filter(Boolean).join(" "),
        ]
          .filter((line) => line && line.trim() !== "")
          .join(", ")
      : null,
    period: format.dateRange(item.start_at, item.end_at),
    bookedOn: format.date(item.created_at),
    status: item.status,
    // Cancelling from the account until the deadline, or why not (decision 0071).
    cancellation: bookingCancellationData(item.cuid, cancellation, format),
    canceledOn: item.canceled_at ? format.date(item.canceled_at) : null,
    refunded: item.refunded_amount > 0 ? format.money(item.refunded_amount) : null,
    dates: item.dates.map((date) => ({
      cuid: date.cuid,
      label: format.dateRange(date.start_at, date.end_at),
    })),
    participations: item.participations.map((participation) => ({
      cuid: participation.cuid,
      name: participation.participant.fullname,
      total: format.money(participation.total_amount),
      paid: format.money(participation.paid_amount),
    })),
    ...itemPayment(format, item),
    // Each of the customer's shares still owed is paid on its own (a split booking's partners
    // pay theirs from their own account: decision 0063); with none owed, the first share's
    // actions still say where a payment just made stands (the return from the provider).
    // A cancelled booking owes nothing more (decision 0065): no payment actions.
    shares: (item.status === "CANCELLED" ? [] : sharesToShow(item.participations)).map(
      (participation) =>
        paymentActionsData(page, {
          destination: { type: "BOOKING_PARTICIPATION", id: participation.id },
          reference: participation.reference ?? participation.cuid,
          due: participation.amount_due,
        }),
    ),
    // The transfer to make for each share still owed, with its own reference (decision 0072).
    transfers: item.participations.flatMap((participation) =>
      participation.bank_transfer
        ? [{ cuid: participation.cuid, transfer: participation.bank_transfer }]
        : [],
    ),
  };
}

/** The shares still owed, or the first one when all are paid. */
function sharesToShow<T extends { total_amount: number; paid_amount: number }>(shares: T[]): T[] {
  const owed = shares.filter((share) => share.total_amount > share.paid_amount);
  return owed.length > 0 ? owed : shares.slice(0, 1);
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * A booking (/account/bookings/{cuid}, platform-and-account.md §2.3, §6): the resource, where,
 * its dates and the customer's participations with what each costs; another family taking part
 * in the same booking is neither shown nor counted. A cancelled booking says so, when, and what
 * was refunded to the wallet (decision 0072).
 */
export default function Booking({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <AccountItemPage
      kind="bookings"
      title={data.title}
      subtitle={data.period}
      side={
        <PaymentCard badge={data.badge} amounts={data.amounts}>
          {data.shares.map((share) => (
            <PaymentActions key={share.destination.id} data={share} />
          ))}
        </PaymentCard>
      }
      summary={
        <ItemSummaryCard
          kind="bookings"
          picture={data.picture}
          title={data.title}
          badge={<BookingStatusBadge status={data.status} />}
        >
          <FactList
            facts={[
              data.location ? { label: t("account_items.place"), value: data.location } : null,
              { label: t("account_items.bookings.booked_on"), value: data.bookedOn },
              data.canceledOn
                ? { label: t("account_items.bookings.canceled_label"), value: data.canceledOn }
                : null,
              data.canceledOn
                ? {
                    label: t("account_items.bookings.refund_label"),
                    value: data.refunded
                      ? t("account_items.bookings.refunded", { amount: data.refunded })
                      : t("account_items.bookings.no_refund"),
                  }
                : null,
            ]}
          />
          {data.cancellation ? <BookingCancellation data={data.cancellation} /> : null}
        </ItemSummaryCard>
      }
      main={
        <>
          <AccountCard title={t("account_items.bookings.dates", { count: data.dates.length })}>
            <ul
              className="grid grid-cols-[repeat(auto-fill,minmax(15.5rem,1fr))] gap-2"
              data-testid="booking-dates"
            >
              {data.dates.map((date) => (
                <li
                  key={date.cuid}
                  className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200"
                >
                  {date.label}
                </li>
              ))}
            </ul>
          </AccountCard>
          <AccountCard
            title={t("account_items.bookings.participations")}
            description={t("account_items.bookings.participations_hint")}
          >
            <ul
              className="flex flex-col divide-y divide-slate-100"
              data-testid="booking-participations"
            >
              {data.participations.map((participation) => (
                <li
                  key={participation.cuid}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                >
                  <span className="font-medium text-slate-900">{participation.name}</span>
                  <span className="text-sm text-slate-700 tabular-nums">
                    {t("account_items.bookings.participation_amounts", {
                      total: participation.total,
                      paid: participation.paid,
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </AccountCard>
        </>
      }
    >
      {data.transfers.map((share) => (
        <BankTransfer key={share.cuid} transfer={share.transfer} format={format} />
      ))}
      {data.invoices ? (
        <OrderInvoices
          page={{ booking_cuid: data.cuid }}
          data={data.invoices}
          formatMoney={format.money}
          formatDate={format.date}
        />
      ) : null}
    </AccountItemPage>
  );
}
