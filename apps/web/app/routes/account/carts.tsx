import { accountItemSeo, loadAccountList } from "../../components/account-items/data";
import { AccountItemCard, AccountItemListPage } from "../../components/account-items/ui";
import { CartIcon, InfoIcon } from "../../components/icons";
import { paymentBadgeLabel } from "../../components/registrations/registration-data";
import { PaymentBadge } from "../../components/registrations/registration-ui";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/carts";

/**
 * The orders tab (/account/carts, platform-and-account.md §2.3): the customer's processed carts,
 * the latest first, each with its reference, what it held and its payment.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, data, paging } = await loadAccountList(context, params, request, (reader, query) =>
    reader.carts(query),
  );
  const { format, t } = page;
  return {
    seo: accountItemSeo(context, params, request, "carts"),
    carts: data.map((cart) => {
      const shown = cart.items.map((item) =>
        item.participant ? `${item.title} (${item.participant})` : item.title,
      );
      const more = cart.items_count - cart.items.length;
      return {
        cuid: cart.cuid,
        title: t("account_items.carts.order_of", { date: format.date(cart.processed_at) }),
        reference: cart.reference,
        items:
          more > 0
            ? t("account_items.carts.items_more", { items: shown.join(", "), count: more })
            : shown.join(", "),
        badge: paymentBadgeLabel(cart.payment, format),
        total: format.money(cart.total_amount),
      };
    }),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { carts, paging } = loaderData;
  const { t } = useTranslation();
  return (
    <AccountItemListPage kind="carts" paging={paging} testId="carts-list">
      {carts.map((cart) => (
        <AccountItemCard
          key={cart.cuid}
          kind="carts"
          cuid={cart.cuid}
          picture={null}
          title={cart.title}
          testId="cart-card"
          lines={[
            {
              icon: InfoIcon,
              label: t("registrations.payment.reference"),
              text: <span className="font-mono">{cart.reference}</span>,
            },
            { icon: CartIcon, label: t("account_items.carts.items"), text: cart.items },
          ]}
          badges={<PaymentBadge badge={cart.badge} />}
          amount={cart.total}
        />
      ))}
    </AccountItemListPage>
  );
}
