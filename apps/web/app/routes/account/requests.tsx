import { registrationRequestTone } from "@booking/domain";
import { ToneBadge } from "../../components/account/tone-badge";
import {
  accountItemSeo,
  loadAccountList,
  pictureOf,
  placeLabel,
} from "../../components/account-items/data";
import { AccountItemCard, AccountItemListPage, WithNote } from "../../components/account-items/ui";
import { CalendarIcon, MapPinIcon, UserIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/requests";

/**
 * The registration requests tab (/account/registrations-requests, platform-and-account.md §2.3,
 * §4): the customer's requests, the newest first, 20 a page, each with its status in the spec's
 * colour (PENDING blue, APPROVED green, REJECTED and CANCELLED red) and what is due once approved.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, data, paging } = await loadAccountList(context, params, request, (reader, query) =>
    reader.registrationRequests(query),
  );
  const { format } = page;
  return {
    seo: accountItemSeo(context, params, request, "requests"),
    requests: data.map((item) => {
      const [first] = item.availabilities;
      return {
        cuid: item.cuid,
        title: item.activity.title,
        picture: pictureOf(item.activity.images),
        participant: item.participant.fullname,
        period: first ? format.dateRange(first.start_at, first.end_at) : null,
        otherChoices: Math.max(0, item.availabilities.length - 1),
        place: placeLabel(first?.location),
        status: item.status,
        tone: registrationRequestTone(item.status),
        total: format.money(item.total_amount),
        due: item.amount_due > 0 ? format.money(item.amount_due) : null,
      };
    }),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function RegistrationRequests({ loaderData }: Route.ComponentProps) {
  const { requests, paging } = loaderData;
  const { t } = useTranslation();
  return (
    <AccountItemListPage kind="requests" paging={paging} testId="requests-list">
      {requests.map((item) => (
        <AccountItemCard
          key={item.cuid}
          kind="requests"
          cuid={item.cuid}
          picture={item.picture}
          title={item.title}
          testId="request-card"
          lines={[
            { icon: UserIcon, label: t("account_items.participant"), text: item.participant },
            item.period
              ? {
                  icon: CalendarIcon,
                  label: t("account_items.requests.wish"),
                  text: (
                    <WithNote
                      text={item.period}
                      note={
                        item.otherChoices > 0
                          ? t("account_items.requests.other_choices", { count: item.otherChoices })
                          : null
                      }
                    />
                  ),
                }
              : null,
            item.place
              ? { icon: MapPinIcon, label: t("account_items.place"), text: item.place }
              : null,
          ]}
          badges={
            <ToneBadge tone={item.tone} value={item.status} testId="request-status">
              {t(`account_items.requests.status.${item.status}`)}
            </ToneBadge>
          }
          amount={item.total}
          amountNote={
            item.due
              ? t("account_items.requests.due", { amount: item.due })
              : item.status === "PENDING"
                ? t("requests.item.price_on_approval")
                : null
          }
        />
      ))}
    </AccountItemListPage>
  );
}
