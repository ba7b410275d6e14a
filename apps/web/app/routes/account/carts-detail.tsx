import { paymentBadge } from "@booking/domain";
import { AccountCard } from "../../components/account/card";
import {
  type AccountItemKind,
  accountItemPath,
  accountItemSeo,
  daysLabel,
  loadAccountItem,
  paymentAmounts,
} from "../../components/account-items/data";
import { OrderInvoices } from "../../components/account-items/order-invoices";
import { AccountItemPage, ItemLinks, PaymentCard } from "../../components/account-items/ui";
import { useFormatters } from "../../components/account-items/use-formatters";
import { itemDatesSummary } from "../../components/cart/cart-item-row";
import { BankTransfer } from "../../components/checkout/bank-transfer";
import { PaymentActions } from "../../components/payments/payment-actions";
import { paymentActionsData } from "../../components/payments/payment-data";
import { paymentBadgeLabel } from "../../components/registrations/registration-data";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/carts-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, item: cart } = await loadAccountItem(context, params, request, (reader, cuid) =>
    reader.cart(cuid),
  );
  const { format, t } = page;
  const { totals } = cart;
  const invoices = await page.storefront.reader.accountItems.cartInvoices(cart.cuid);
  const participant = (who: { fullname: string } | null) =>
    who ? t("cart.item.participant", { name: who.fullname }) : t("account_items.family");
  const line = (
    kind: AccountItemKind,
    cuid: string,
    title: string,
    details: Array<string | null>,
    amount: number,
  ) => ({
    to: accountItemPath(kind, cuid),
    title,
    details: details.filter((detail): detail is string => Boolean(detail)),
    amount: format.money(amount),
  });
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
    ].filter((row) => row !== null),
    badge: paymentBadgeLabel(
      paymentBadge({ total: totals.total + totals.service_fees, paid: totals.paid }),
      format,
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
          empty={t("registrations.payment.free")}
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
                <span className="text-sm font-semibold whitespace-nowrap text-slate-950 tabular-nums">
                  {line.amount}
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
      {data.invoices ? (
        <OrderInvoices
          cartCuid={data.cartCuid}
          data={data.invoices}
          formatMoney={format.money}
          formatDate={format.date}
        />
      ) : null}
    </AccountItemPage>
  );
}
