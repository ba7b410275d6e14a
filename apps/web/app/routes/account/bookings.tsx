import {
  BookingStatusBadge,
  cancellationNote,
} from "../../components/account-items/booking-status";
import {
  accountItemSeo,
  loadAccountList,
  pictureOf,
  placeLabel,
} from "../../components/account-items/data";
import { AccountItemCard, AccountItemListPage, WithNote } from "../../components/account-items/ui";
import { CalendarIcon, MapPinIcon, UsersIcon } from "../../components/icons";
import { paymentBadgeLabel } from "../../components/registrations/registration-data";
import { PaymentBadge } from "../../components/registrations/registration-ui";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/bookings";

/**
 * The bookings tab (/account/bookings, platform-and-account.md §2.3, §6): the courts and rooms
 * booked for the customer's participants, those to come first; each shows only the customer's
 * own participations and amounts, and its status (a cancelled one among the past, with the date
 * and what was refunded to the wallet: decision 0072).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, data, paging } = await loadAccountList(context, params, request, (reader, query) =>
    reader.bookings(query),
  );
  const { format } = page;
  return {
    seo: accountItemSeo(context, params, request, "bookings"),
    bookings: data.map((booking) => ({
      cuid: booking.cuid,
      title: booking.resource.name,
      picture: pictureOf(booking.resource.images),
      period: format.dateRange(
        booking.dates[0]?.start_at ?? booking.start_at,
        booking.dates[0]?.end_at ?? booking.end_at,
      ),
      datesCount: booking.dates.length,
      place: placeLabel(booking.resource.location),
      participants: booking.participations
        .map((participation) => participation.participant.fullname)
        .join(", "),
      badge: paymentBadgeLabel(booking.payment, format),
      status: booking.status,
      canceledOn: booking.canceled_at ? format.date(booking.canceled_at) : null,
      refunded: booking.refunded_amount > 0 ? format.money(booking.refunded_amount) : null,
      total: format.money(booking.total_amount),
    })),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { bookings, paging } = loaderData;
  const { t } = useTranslation();
  return (
    <AccountItemListPage kind="bookings" paging={paging} testId="bookings-list">
      {bookings.map((booking) => (
        <AccountItemCard
          key={booking.cuid}
          kind="bookings"
          cuid={booking.cuid}
          picture={booking.picture}
          title={booking.title}
          testId="booking-card"
          lines={[
            {
              icon: CalendarIcon,
              label: t("account_items.bookings.first_date"),
              text: (
                <WithNote
                  text={booking.period}
                  note={
                    booking.datesCount > 1
                      ? t("account_items.bookings.dates_count", { count: booking.datesCount })
                      : null
                  }
                />
              ),
            },
            { icon: UsersIcon, label: t("account_items.participants"), text: booking.participants },
            booking.place
              ? { icon: MapPinIcon, label: t("account_items.place"), text: booking.place }
              : null,
          ]}
          badges={
            <>
              <BookingStatusBadge status={booking.status} />
              {booking.status === "CONFIRMED" ? <PaymentBadge badge={booking.badge} /> : null}
            </>
          }
          amount={booking.total}
          amountNote={
            booking.canceledOn ? cancellationNote(t, booking.canceledOn, booking.refunded) : null
          }
        />
      ))}
    </AccountItemListPage>
  );
}
