import type {
  CartAdminDetail,
  CustomerBundleAdminList,
  CustomerDetail,
  CustomerDiscountList,
  CustomerMembershipAdminList,
  CustomerVoucherAdminList,
  MembershipGiftChoices,
  TransactionProofAdminList,
} from "@booking/contracts";
import { Link } from "react-router";
import { CustomerCartsTab } from "../../../components/admin/carts/customer-carts-tab";
import {
  CartsTable,
  CustomerFigures,
  CustomValues,
  Facts,
  MovementsTable,
  Panel,
  ParticipantsTable,
  RegistrationsTable,
  Section,
} from "../../../components/admin/customers/customer-sections";
import { CustomerDiscountsTab } from "../../../components/admin/customers/discounts-tab";
import { EraseDialog } from "../../../components/admin/customers/erase-dialog";
import { ImpersonateButton } from "../../../components/admin/customers/impersonate-button";
import { MergeDialog } from "../../../components/admin/customers/merge-dialog";
import { NewsletterConsent } from "../../../components/admin/customers/newsletter-consent";
import { NotesPanel } from "../../../components/admin/customers/notes-panel";
import { type OwnedLists, OwnedTab } from "../../../components/admin/customers/owned-tab";
import { type RecordTab, RecordTabs } from "../../../components/admin/customers/record-tabs";
import { WalletDialog } from "../../../components/admin/customers/wallet-dialog";
import {
  CustomerMessages,
  readCustomerMessages,
} from "../../../components/admin/messages/customer-messages";
import { SendMessageLink } from "../../../components/admin/notifications/manual-link";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { RecordTags } from "../../../components/admin/tags/record-tags";
import { PencilIcon, PlusIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { CUSTOMERS_PATH, type CustomerTab, customerPath } from "../../../lib/admin/customer-paths";
import { adminGet, requireConsole } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import { loadRecordTags } from "../../../lib/admin/tag-loaders";
import type { Route } from "./+types/detail";

const TABS: readonly CustomerTab[] = [
  "overview",
  "participants",
  "registrations",
  "owned",
  "discounts",
  "carts",
  "payments",
  "wallet",
  "messages",
  "notes",
];

/** The tab of what the customer owns shows to who may read bundles, vouchers or memberships. */
const OWNED_READS = [
  "customers.bundles.read",
  "customers.vouchers.read",
  "customers.memberships.read",
] as const;

/** The lists of the owned tab the session may read (null: not allowed). */
async function readOwned(
  args: Route.LoaderArgs,
  session: Parameters<typeof hasPermission>[0],
  cuid: string,
): Promise<OwnedLists> {
  const base = `/api/admin/customers/${encodeURIComponent(cuid)}`;
  const read = <T,>(permission: (typeof OWNED_READS)[number], path: string) =>
    hasPermission(session, permission) ? adminGet<T>(args, `${base}/${path}`) : null;
  const [bundles, vouchers, memberships, choices] = await Promise.all([
    read<CustomerBundleAdminList>("customers.bundles.read", "bundles"),
    read<CustomerVoucherAdminList>("customers.vouchers.read", "vouchers"),
    read<CustomerMembershipAdminList>("customers.memberships.read", "memberships"),
    hasPermission(session, "customers.memberships.create")
      ? adminGet<MembershipGiftChoices>(args, "/api/admin/membership-choices")
      : null,
  ]);
  return {
    bundles: bundles?.data ?? null,
    vouchers: vouchers?.data ?? null,
    memberships: memberships?.data ?? null,
    membershipChoices: choices?.data ?? null,
  };
}

/** How many registrations the overview shows (the newest). */
const LATEST_SHOWN = 5;

/** One customer: the figures, then a tab per part of the record (`?tab=`). */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const detail = await adminGet<CustomerDetail>(
    args,
    `/api/admin/customers/${encodeURIComponent(args.params.cuid)}`,
  );
  const asked = new URL(args.request.url).searchParams.get("tab");
  const tab = TABS.find((candidate) => candidate === asked) ?? "overview";
  const hidden =
    (tab === "notes" && detail.notes === null) ||
    (tab === "messages" && !hasPermission(session, "customers.notifications.read")) ||
    (tab === "owned" && !OWNED_READS.some((permission) => hasPermission(session, permission))) ||
    (tab === "carts" && !hasPermission(session, "customers.carts.read")) ||
    (tab === "discounts" && !hasPermission(session, "customers.discounts.read"));
  const shown = hidden ? "overview" : tab;
  const messages =
    shown === "messages" ? await readCustomerMessages(args, detail.customer.cuid) : null;
  const owned = shown === "owned" ? await readOwned(args, session, detail.customer.cuid) : null;
  const carts =
    shown === "carts"
      ? (
          await adminGet<{ data: CartAdminDetail[] }>(
            args,
            `/api/admin/customers/${encodeURIComponent(detail.customer.cuid)}/carts`,
          )
        ).data
      : null;
  const proofs =
    shown === "carts" && hasPermission(session, "customers.transaction_proofs.read")
      ? (
          await adminGet<TransactionProofAdminList>(
            args,
            `/api/admin/customers/${encodeURIComponent(detail.customer.cuid)}/transaction-proofs`,
          )
        ).data
      : [];
  // An erased customer has no tags (the erasure removed them) and the tag call answers 404.
  const tags = detail.customer.anonymised
    ? null
    : await loadRecordTags(args, "customers", detail.customer.cuid);
  const discounts =
    shown === "discounts"
      ? await adminGet<CustomerDiscountList>(
          args,
          `/api/admin/customers/${encodeURIComponent(detail.customer.cuid)}/discounts`,
        )
      : null;
  return { detail, tab: shown, messages, owned, carts, proofs, tags, discounts };
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const { detail, tab } = loaderData;
  const { customer, counts } = detail;
  const active = !customer.anonymised;

  const tabs: RecordTab[] = TABS.filter(
    (id) =>
      (id !== "notes" || detail.notes !== null) &&
      (id !== "messages" || can("customers.notifications.read")) &&
      (id !== "owned" || OWNED_READS.some((permission) => can(permission))) &&
      (id !== "carts" || can("customers.carts.read")) &&
      (id !== "discounts" || can("customers.discounts.read")),
  ).map((id) => ({
    id,
    label: t(`admin.customers.tabs.${id}`),
    to: customerPath(customer.cuid, id),
    count: {
      overview: undefined,
      participants: counts.participants,
      registrations: counts.registrations,
      owned: counts.bundles + counts.vouchers + counts.memberships,
      discounts: undefined,
      carts: undefined,
      payments: counts.carts,
      wallet: counts.wallet_movements,
      messages: undefined,
      notes: counts.notes,
    }[id],
  }));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={customer.fullname}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {customer.email} · {customer.phone}
            {customer.anonymised ? (
              <StatusBadge tone="grey">{t("admin.customers.anonymised")}</StatusBadge>
            ) : customer.has_account ? null : (
              <StatusBadge tone="grey">{t("admin.customers.no_account")}</StatusBadge>
            )}
          </span>
        }
        back={{ to: CUSTOMERS_PATH, label: t("admin.customers.title") }}
        actions={
          active ? (
            <>
              {can("customers.customers.update") ? (
                <ButtonLink
                  to={`${customerPath(customer.cuid)}/edit`}
                  variant="secondary"
                  data-testid="edit-customer"
                >
                  <PencilIcon className="size-4" />
                  {t("admin.customers.edit.open")}
                </ButtonLink>
              ) : null}
              <SendMessageLink target={{ type: "CUSTOMER", customer: customer.cuid }} />
              {can("customers.wallet.update") ? <WalletDialog customer={customer} /> : null}
              {can("customers.merge.update") ? (
                <MergeDialog customer={customer} counts={counts} />
              ) : null}
              {can("customers.impersonate") ? <ImpersonateButton customer={customer} /> : null}
              {can("customers.customers.delete") ? <EraseDialog customer={customer} /> : null}
            </>
          ) : null
        }
      />
      <CustomerFigures detail={detail} />
      {loaderData.tags && active ? (
        <RecordTags record={customer.cuid} data={loaderData.tags} />
      ) : null}
      <RecordTabs tabs={tabs} current={tab} />

      {tab === "overview" ? (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title={t("admin.customers.profile.contact")}>
              <Facts
                items={[
                  {
                    label: t("admin.customers.profile.email"),
                    value: <a href={`mailto:${customer.email}`}>{customer.email}</a>,
                  },
                  {
                    label: t("admin.customers.profile.phone"),
                    value: (
                      <a href={`tel:${customer.phone.replace(/\s/g, "")}`}>{customer.phone}</a>
                    ),
                  },
                  {
                    label: t("admin.customers.profile.created"),
                    value: format.date(customer.created_at),
                  },
                  {
                    label: t("admin.customers.profile.account"),
                    value: customer.has_account
                      ? t("admin.customers.profile.has_account")
                      : t("admin.customers.profile.no_account"),
                  },
                  {
                    label: t("admin.customers.newsletter.title"),
                    value: <NewsletterConsent customer={customer} />,
                  },
                ]}
              />
            </Panel>
            {customer.custom_data.length > 0 ? (
              <Panel title={t("admin.customers.profile.more")}>
                <CustomValues values={customer.custom_data} />
              </Panel>
            ) : null}
          </div>
          {detail.registrations.length > 0 ? (
            <Section
              title={t("admin.customers.overview.latest_registrations")}
              action={
                <Link
                  to={customerPath(customer.cuid, "registrations")}
                  className="text-sm font-medium underline underline-offset-2"
                >
                  {t("admin.customers.overview.all_registrations")}
                </Link>
              }
            >
              <RegistrationsTable
                registrations={detail.registrations.slice(0, LATEST_SHOWN)}
                total={Math.min(LATEST_SHOWN, detail.registrations.length)}
              />
            </Section>
          ) : null}
        </>
      ) : null}

      {tab === "participants" ? (
        <ParticipantsTable participants={detail.participants} customerCuid={customer.cuid} />
      ) : null}

      {tab === "registrations" ? (
        <RegistrationsTable
          registrations={detail.registrations}
          total={counts.registrations}
          toolbar={
            active && can("registrations.registrations.create") ? (
              <ButtonLink
                to={`/admin/registrations/new?customer=${encodeURIComponent(customer.cuid)}`}
                size="sm"
                variant="secondary"
              >
                <PlusIcon className="size-4" />
                {t("admin.customers.registrations.new")}
              </ButtonLink>
            ) : undefined
          }
        />
      ) : null}

      {tab === "owned" && loaderData.owned ? (
        <OwnedTab
          lists={loaderData.owned}
          customer={active ? customer : null}
          participants={detail.participants}
        />
      ) : null}

      {tab === "discounts" && loaderData.discounts ? (
        <CustomerDiscountsTab customer={active ? customer : null} list={loaderData.discounts} />
      ) : null}

      {tab === "carts" && loaderData.carts ? (
        <CustomerCartsTab carts={loaderData.carts} proofs={loaderData.proofs} />
      ) : null}

      {tab === "payments" ? (
        <div className="flex flex-col gap-6">
          <Section title={t("admin.customers.carts.title")}>
            <CartsTable carts={detail.carts} />
          </Section>
          <Section title={t("admin.customers.movements.title")}>
            <MovementsTable
              movements={detail.payments}
              caption={t("admin.customers.movements.title")}
              empty={t("admin.customers.movements.empty")}
              testId="customer-payments"
            />
          </Section>
        </div>
      ) : null}

      {tab === "wallet" ? (
        <div className="flex flex-col gap-4">
          <Panel title={t("admin.customers.wallet.heading")}>
            <p
              className="text-3xl font-bold tracking-tight tabular-nums"
              data-testid="wallet-amount"
            >
              {format.money(customer.wallet_amount)}
            </p>
          </Panel>
          <MovementsTable
            movements={detail.payments.filter((movement) => movement.kind === "WALLET")}
            caption={t("admin.customers.wallet.movements")}
            empty={t("admin.customers.wallet.empty")}
            testId="wallet-movements"
          />
        </div>
      ) : null}

      {tab === "messages" && loaderData.messages ? (
        <CustomerMessages customer={customer.cuid} list={loaderData.messages} />
      ) : null}

      {tab === "notes" && detail.notes ? (
        <NotesPanel customer={customer.cuid} notes={detail.notes} />
      ) : null}
    </div>
  );
}
