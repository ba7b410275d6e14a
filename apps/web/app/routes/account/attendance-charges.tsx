import {
  accountItemSeo,
  cycleDaysLabel,
  durationLabel,
  loadAccountList,
  pictureOf,
} from "../../components/account-items/data";
import { AccountItemCard, AccountItemListPage, WithNote } from "../../components/account-items/ui";
import { CalendarIcon, ClockIcon } from "../../components/icons";
import { paymentBadgeLabel } from "../../components/registrations/registration-data";
import { PaymentBadge } from "../../components/registrations/registration-ui";
import { useTranslation } from "../../i18n/react";
import { monthLabel } from "../../lib/format";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/attendance-charges";

/**
 * The attendance charges tab (/account/attendance-charges, platform-and-account.md §2.3): what
 * the attended time of the customer's participants cost per billing cycle, the latest first.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, data, paging } = await loadAccountList(context, params, request, (reader, query) =>
    reader.attendanceCharges(query),
  );
  const { format, t, storefront } = page;
  const timeZone = storefront.organiser.timezone;
  return {
    seo: accountItemSeo(context, params, request, "attendanceCharges"),
    charges: data.map((charge) => {
      const { billing_cycle: cycle } = charge;
      return {
        cuid: charge.cuid,
        title: cycle.configuration.title,
        picture: pictureOf(cycle.configuration.images),
        month: monthLabel(format, timeZone, cycle.start_at),
        days: cycleDaysLabel(format, cycle.start_at, cycle.end_at),
        attended: t("account_items.attendance.attended", {
          count: charge.items_count,
          duration: durationLabel(charge.total_duration, t),
        }),
        badge: paymentBadgeLabel(charge.payment, format),
        total: format.money(charge.total_amount),
      };
    }),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function AttendanceCharges({ loaderData }: Route.ComponentProps) {
  const { charges, paging } = loaderData;
  const { t } = useTranslation();
  return (
    <AccountItemListPage kind="attendanceCharges" paging={paging} testId="attendance-charges-list">
      {charges.map((charge) => (
        <AccountItemCard
          key={charge.cuid}
          kind="attendanceCharges"
          cuid={charge.cuid}
          picture={charge.picture}
          title={charge.title}
          testId="attendance-charge-card"
          lines={[
            {
              icon: CalendarIcon,
              label: t("account_items.attendance.cycle"),
              text: <WithNote text={charge.month} note={charge.days} />,
            },
            { icon: ClockIcon, label: t("account_items.attendance.time"), text: charge.attended },
          ]}
          badges={<PaymentBadge badge={charge.badge} />}
          amount={charge.total}
        />
      ))}
    </AccountItemListPage>
  );
}
