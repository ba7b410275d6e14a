import type { StatusTone } from "@booking/domain";
import { clsx } from "clsx";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { AccountCard } from "../account/card";
import { TAB_ICONS } from "../account/icons";
import { ItemPicture } from "../account/item-picture";
import { AccountListCard, AccountListPage, type ListPaging } from "../account/list";
import { AccountPageHeader } from "../account/page-header";
import { ToneBadge } from "../account/tone-badge";
import { SummaryRow } from "../cart/summary";
import { ChevronRightIcon, type IconProps, UsersIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import type { PaymentBadgeLabel } from "../registrations/registration-data";
import { PaymentBadge } from "../registrations/registration-ui";
import {
  ACCOUNT_ITEM_I18N,
  ACCOUNT_ITEM_PATHS,
  accountItemPath,
  type ItemKindWithPages,
  type OwnedProductData,
  type PaymentAmounts,
} from "./data";

// The pieces of the account tabs over orders, registration requests, bookings, bundles,
// memberships and attendance charges: their list cards and the parts of their detail pages.

/** The pictogram of each kind: its tab's. */
const KIND_ICONS: Record<ItemKindWithPages, ComponentType<IconProps>> = {
  carts: TAB_ICONS.carts,
  requests: TAB_ICONS.registrations_requests,
  bookings: TAB_ICONS.bookings,
  bundles: TAB_ICONS.bundles,
  memberships: TAB_ICONS.memberships,
  attendanceCharges: TAB_ICONS.attendance_charges,
};

/**
 * One item of an account list, a link to its page: its picture (or its kind's pictogram),
 * title, a few lines with their icons, its badges and its amount.
 */
export function AccountItemCard({
  kind,
  cuid,
  picture,
  title,
  lines,
  badges,
  amount,
  amountNote,
  testId,
}: {
  kind: ItemKindWithPages;
  cuid: string;
  picture: { url: string; alt: string } | null;
  title: string;
  lines: Array<{ icon: ComponentType<IconProps>; label: string; text: ReactNode } | null>;
  badges: ReactNode;
  amount: string | null;
  amountNote?: string | null;
  testId: string;
}) {
  return (
    <AccountListCard
      to={accountItemPath(kind, cuid)}
      testId={testId}
      badges={badges}
      amount={amount}
      amountNote={amountNote}
    >
      <ItemPicture picture={picture} icon={KIND_ICONS[kind]} />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-semibold break-words text-slate-950">{title}</h2>
        {lines.map((line) => {
          if (!line) return null;
          const LineIcon = line.icon;
          return (
            <p key={line.label} className="flex items-start gap-1.5 text-sm text-slate-700">
              <LineIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="sr-only">{line.label}: </span>
              <span className="min-w-0 break-words">{line.text}</span>
            </p>
          );
        })}
      </div>
    </AccountListCard>
  );
}

/**
 * The list page of one kind of account item, in that kind's words (its title, subtitle, list
 * label and empty state under ACCOUNT_ITEM_I18N), its pictogram when empty.
 */
export function AccountItemListPage({
  kind,
  paging,
  testId,
  children,
}: {
  kind: ItemKindWithPages;
  paging: ListPaging;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const section = ACCOUNT_ITEM_I18N[kind];
  return (
    <AccountListPage
      title={t(`${section}.title`)}
      subtitle={t(`${section}.subtitle`)}
      label={t(`${section}.list_label`)}
      empty={{
        icon: KIND_ICONS[kind],
        title: t(`${section}.empty.title`),
        body: t(`${section}.empty.body`),
      }}
      paging={paging}
      testId={testId}
    >
      {children}
    </AccountListPage>
  );
}

/**
 * An item's page: its heading with the way back to its kind's list and an optional notice; then
 * on phones its summary, the side cards (the payment), then the other cards (`main`); from
 * 1280 px the side cards are a column beside the summary and the rest. `children` closes the page.
 */
export function AccountItemPage({
  kind,
  title,
  subtitle,
  notice,
  summary,
  side,
  main,
  children,
}: {
  kind: ItemKindWithPages;
  title: string;
  subtitle?: string;
  notice?: ReactNode;
  summary: ReactNode;
  side: ReactNode;
  main?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const back = { to: ACCOUNT_ITEM_PATHS[kind], label: t(`${ACCOUNT_ITEM_I18N[kind]}.back`) };
  return (
    <div className="flex flex-col gap-6 lg:gap-8">
      <AccountPageHeader title={title} subtitle={subtitle} back={back} />
      {notice}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:grid-rows-[auto_1fr] xl:items-start">
        <div className="flex min-w-0 flex-col gap-6 xl:col-start-1">{summary}</div>
        <div className="flex min-w-0 flex-col gap-6 xl:col-start-2 xl:row-span-2 xl:row-start-1">
          {side}
        </div>
        {main ? <div className="flex min-w-0 flex-col gap-6 xl:col-start-1">{main}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** Labelled facts of an item, two columns from 640 px. */
export function FactList({
  facts,
}: {
  facts: Array<{ label: string; value: ReactNode; testId?: string } | null>;
}) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label} className="min-w-0">
            <dt className="text-sm text-slate-600">{fact.label}</dt>
            <dd className="break-words text-slate-900" data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** A notice on top of an item's page (a cancelled membership, a request's status). */
export function Notice({
  tone,
  title,
  children,
  testId,
}: {
  tone: StatusTone;
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  const classes: Record<StatusTone, string> = {
    blue: "bg-sky-50 text-sky-950 ring-sky-200",
    green: "bg-emerald-50 text-emerald-950 ring-emerald-200",
    red: "bg-red-50 text-red-950 ring-red-200",
    yellow: "bg-amber-50 text-amber-950 ring-amber-200",
    grey: "bg-slate-50 text-slate-900 ring-slate-200",
  };
  return (
    <div
      role="status"
      className={clsx("flex flex-col gap-1 rounded-2xl p-4 ring-1", classes[tone])}
      data-testid={testId}
    >
      <p className="font-semibold">{title}</p>
      {children ? <div className="text-sm">{children}</div> : null}
    </div>
  );
}

/**
 * The payment of an item: its badge (§4), its amounts (total, any `extra` rows, deposit, paid,
 * still to pay), the payment reference of the items paid by transfer, the way to its order, and
 * the payment actions (`children`).
 */
export function PaymentCard({
  badge,
  empty,
  amounts,
  extra = [],
  reference,
  order,
  children,
}: {
  badge: PaymentBadgeLabel | null;
  /** what to say instead of a badge: nothing to pay unless told (cancelled, not approved yet) */
  empty?: string;
  amounts: PaymentAmounts;
  /** rows between the total and the deposit (service fees, wallet) */
  extra?: Array<{ label: string; value: string }>;
  reference?: string | null;
  /** the order the item was bought with */
  order?: { cuid: string } | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const rows = [
    { label: t("registrations.payment.total"), value: amounts.total, strong: true },
    ...extra,
    amounts.deposit ? { label: t("registrations.payment.deposit"), value: amounts.deposit } : null,
    { label: t("registrations.payment.paid"), value: amounts.paid },
    amounts.outstanding
      ? {
          label: t("registrations.payment.outstanding"),
          value: amounts.outstanding,
          strong: true,
          testId: "payment-outstanding",
        }
      : null,
  ];
  return (
    <AccountCard title={t("registrations.payment.title")}>
      <div className="flex flex-col gap-4" data-testid="item-payment">
        {badge ? (
          <PaymentBadge badge={badge} />
        ) : (
          <p className="text-sm text-slate-700">{empty ?? t("registrations.payment.free")}</p>
        )}
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map((row) =>
            row ? (
              <SummaryRow
                key={row.label}
                label={row.label}
                value={row.value}
                strong={"strong" in row ? row.strong : undefined}
                testId={"testId" in row ? row.testId : undefined}
              />
            ) : null,
          )}
        </dl>
        {reference ? (
          <p className="text-sm text-slate-600">
            {t("registrations.payment.reference")}{" "}
            <span className="font-mono font-semibold text-slate-900">{reference}</span>
          </p>
        ) : null}
        {order ? (
          <LocalizedLink
            to={accountItemPath("carts", order.cuid)}
            className="inline-flex items-center gap-1 self-start text-sm font-semibold text-accent-ink hover:underline"
          >
            {t("account_items.see_order")}
            <ChevronRightIcon className="size-4" aria-hidden="true" />
          </LocalizedLink>
        ) : null}
        {children}
      </div>
    </AccountCard>
  );
}

/** The chosen options and the answers of a registration request (`choicesData`). */
export function ChoicesCard({
  options,
  answers,
}: {
  options: Array<{
    title: string;
    label: string | null;
    amount: string | null;
    content: string | null;
  }>;
  answers: Array<{ title: string; answer: string | null }>;
}) {
  const { t } = useTranslation();
  if (options.length === 0 && answers.length === 0) return null;
  return (
    <AccountCard title={t("registrations.detail.choices")}>
      <div className="flex flex-col gap-6">
        {options.length > 0 ? (
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {t("registrations.detail.options")}
            </h3>
            <ul className="flex flex-col divide-y divide-slate-100">
              {options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are in a fixed order
                <li key={index} className="flex justify-between gap-4 py-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {option.title}
                      {option.label ? (
                        <span className="font-normal text-slate-600"> · {option.label}</span>
                      ) : null}
                    </p>
                    {option.content ? (
                      <p className="text-sm break-words text-slate-600">{option.content}</p>
                    ) : null}
                  </div>
                  {option.amount ? (
                    <span className="text-sm whitespace-nowrap text-slate-700 tabular-nums">
                      {option.amount}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {answers.length > 0 ? (
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {t("registrations.detail.answers")}
            </h3>
            <dl className="flex flex-col gap-3">
              {answers.map((answer, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers are in a fixed order
                <div key={index}>
                  <dt className="text-sm text-slate-600">{answer.title}</dt>
                  <dd className="break-words text-slate-900">
                    {answer.answer ?? (
                      <span className="text-slate-500">{t("registrations.detail.no_answer")}</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
      </div>
    </AccountCard>
  );
}

/**
 * The summary card on top of an item's page: its picture (or its kind's pictogram), its title
 * with `badge` under it, then the rest of the summary (`children`).
 */
export function ItemSummaryCard({
  kind,
  picture,
  title,
  badge,
  children,
}: {
  kind: ItemKindWithPages;
  picture: { url: string; alt: string } | null;
  title: string;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <AccountCard>
      <div className="flex flex-col gap-5">
        <div className="flex items-center gap-4">
          <ItemPicture picture={picture} icon={KIND_ICONS[kind]} />
          <div className="flex min-w-0 flex-col items-start gap-2">
            <h2 className="text-lg font-semibold break-words text-slate-950">{title}</h2>
            {badge}
          </div>
        </div>
        {children}
      </div>
    </AccountCard>
  );
}

/** A line of a card with a quieter note after it: "…, 17:00–17:45 · 1 other choice". */
export function WithNote({ text, note }: { text: string; note: string | null }) {
  return (
    <>
      {text}
      {note ? (
        <span className="text-slate-500">
          {" · "}
          {note}
        </span>
      ) : null}
    </>
  );
}

/**
 * Links to other items of the customer (an order's lines, the registrations a bundle paid for):
 * each its title, its details under it and what goes on its right (an amount, a badge).
 */
export function ItemLinks({
  links,
  testId,
  linkTestId,
}: {
  links: Array<{ to: string; title: string; details: string[]; aside?: ReactNode }>;
  testId?: string;
  linkTestId?: string;
}) {
  return (
    <ul className="flex flex-col divide-y divide-slate-100" data-testid={testId}>
      {links.map((link) => (
        <li key={link.to}>
          <LocalizedLink
            to={link.to}
            className="group flex items-center gap-3 py-3"
            data-testid={linkTestId}
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words text-slate-950 group-hover:text-accent-ink">
                {link.title}
              </span>
              {link.details.map((detail) => (
                <span key={detail} className="block text-sm text-slate-600">
                  {detail}
                </span>
              ))}
            </span>
            {link.aside}
            <ChevronRightIcon
              className="size-5 shrink-0 text-slate-400 group-hover:text-slate-700"
              aria-hidden="true"
            />
          </LocalizedLink>
        </li>
      ))}
    </ul>
  );
}

/** The kinds of products the customer owns, with the test ids of their card and state. */
const OWNED_PRODUCTS = {
  bundles: { cardTestId: "bundle-card", stateTestId: "bundle-state" },
  memberships: { cardTestId: "membership-card", stateTestId: "membership-state" },
};

/**
 * A bundle or a membership in its list: for whom, then `lines` (its use, its validity), its
 * state (§4 colours), its payment badge and its amount.
 */
export function OwnedProductCard({
  kind,
  product,
  lines,
}: {
  kind: keyof typeof OWNED_PRODUCTS;
  product: OwnedProductData;
  lines: ComponentProps<typeof AccountItemCard>["lines"];
}) {
  const { t } = useTranslation();
  return (
    <AccountItemCard
      kind={kind}
      cuid={product.cuid}
      picture={product.picture}
      title={product.title}
      testId={OWNED_PRODUCTS[kind].cardTestId}
      lines={[{ icon: UsersIcon, label: t("account_items.for"), text: product.holder }, ...lines]}
      badges={
        <>
          <OwnedProductState kind={kind} product={product} />
          <PaymentBadge badge={product.badge} />
        </>
      }
      amount={product.total}
    />
  );
}

function OwnedProductState({
  kind,
  product,
}: {
  kind: keyof typeof OWNED_PRODUCTS;
  product: OwnedProductData;
}) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={product.tone} value={product.state} testId={OWNED_PRODUCTS[kind].stateTestId}>
      {t(`${ACCOUNT_ITEM_I18N[kind]}.state.${product.state}`)}
    </ToneBadge>
  );
}

/**
 * The page of a bundle or a membership: for whom, its state, `usage` (a bundle's) above the
 * facts (for whom, `validity`, bought on), its order and its payment; `notice` above it all,
 * `main` under the summary.
 */
export function OwnedProductPage({
  kind,
  product,
  amounts,
  paymentEmpty,
  validity,
  usage,
  notice,
  main,
}: {
  kind: keyof typeof OWNED_PRODUCTS;
  product: OwnedProductData;
  amounts: PaymentAmounts;
  paymentEmpty?: string;
  validity: string;
  usage?: ReactNode;
  notice?: ReactNode;
  main?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AccountItemPage
      kind={kind}
      title={product.title}
      subtitle={
        product.participant
          ? t(`${ACCOUNT_ITEM_I18N[kind]}.detail_subtitle`, { name: product.participant })
          : t("account_items.for_family")
      }
      notice={notice}
      side={
        <PaymentCard
          badge={product.badge}
          empty={paymentEmpty}
          amounts={amounts}
          reference={product.order?.reference}
          order={product.order}
        />
      }
      summary={
        <ItemSummaryCard
          kind={kind}
          picture={product.picture}
          title={product.title}
          badge={<OwnedProductState kind={kind} product={product} />}
        >
          {usage}
          <FactList
            facts={[
              { label: t("account_items.for"), value: product.holder },
              { label: t("account_items.validity"), value: validity },
              { label: t("account_items.bought_on"), value: product.boughtOn },
            ]}
          />
        </ItemSummaryCard>
      }
      main={main}
    />
  );
}
