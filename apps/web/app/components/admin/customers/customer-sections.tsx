import type {
  CustomerCartView,
  CustomerDetail,
  CustomerMoneyMovement,
  CustomerParticipantView,
  CustomerRegistrationView,
  CustomFieldValueView,
} from "@booking/contracts";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { participantPath } from "../../../lib/admin/customer-paths";
import { formatDay } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import { PlusIcon, ReceiptIcon, TicketIcon, UsersIcon, WalletIcon } from "../../icons";
import { ButtonLink } from "../../ui/button";
import { DataTable, type DataTableColumn } from "../data-table";
import { EmptyState } from "../empty-state";
import { StatusBadge } from "../status-badge";

// The sections of a customer's page (routes/admin/customers/detail.tsx); the participant page
// shows its registrations with RegistrationsTable too.

/** A card with a title around a part of a record page. */
export function Panel({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-950">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A titled part of a record page around a table (which brings its own card). */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-950">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label–value pairs, two columns from 640 px. */
export function Facts({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{item.label}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The values of the custom fields; "—" for an empty one, retired fields marked so. */
export function CustomValues({ values }: { values: readonly CustomFieldValueView[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (values.length === 0) return null;
  return (
    <Facts
      items={values.map((value) => ({
        label: value.active
          ? value.title
          : `${value.title} (${t("admin.customers.profile.retired_field")})`,
        value:
          value.data === null ? (
            <span className="text-slate-400">—</span>
          ) : value.type === "DATE" ? (
            formatDay(value.data, language, { day: "numeric", month: "long", year: "numeric" })
          ) : (
            <span className="whitespace-pre-line">{value.data}</span>
          ),
      }))}
    />
  );
}

/** The figures at the top of a customer's page. */
export function CustomerFigures({ detail }: { detail: CustomerDetail }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { customer, counts } = detail;
  const figures = [
    {
      label: t("admin.customers.figures.outstanding"),
      value: format.money(customer.outstanding_amount),
      alert: customer.outstanding_amount > 0,
    },
    { label: t("admin.customers.figures.wallet"), value: format.money(customer.wallet_amount) },
    { label: t("admin.customers.figures.registrations"), value: String(counts.registrations) },
    { label: t("admin.customers.figures.participants"), value: String(counts.participants) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="customer-figures">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={clsx(
            "rounded-xl border bg-white p-4 shadow-xs",
            figure.alert ? "border-red-300" : "border-slate-200",
          )}
        >
          <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
          <dd
            className={clsx(
              "mt-1 text-xl font-bold tracking-tight tabular-nums",
              figure.alert ? "text-red-800" : "text-slate-950",
            )}
          >
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ParticipantsTable({
  participants,
  customerCuid,
}: {
  participants: readonly CustomerParticipantView[];
  customerCuid: string;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const language = useLanguage();
  const columns: DataTableColumn<CustomerParticipantView>[] = [
    {
      id: "name",
      header: t("admin.participants.columns.name"),
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {can("participants.participants.read") ? (
            <Link
              to={participantPath(row.cuid)}
              className="font-medium text-slate-950 underline-offset-2 hover:underline"
            >
              {row.fullname}
            </Link>
          ) : (
            <span className="font-medium text-slate-950">{row.fullname}</span>
          )}
          {row.archived ? (
            <StatusBadge tone="grey">{t("admin.participants.archived")}</StatusBadge>
          ) : null}
        </span>
      ),
    },
    {
      id: "birthdate",
      header: t("admin.participants.columns.birthdate"),
      cell: (row) =>
        row.birthdate
          ? formatDay(row.birthdate, language, { day: "numeric", month: "long", year: "numeric" })
          : "—",
    },
    {
      id: "registrations",
      header: t("admin.participants.columns.registrations"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{row.registrations_count}</span>,
    },
  ];
  return (
    <DataTable
      caption={t("admin.customers.tabs.participants")}
      testId="customer-participants"
      columns={columns}
      rows={participants}
      rowKey={(row) => row.cuid}
      toolbar={
        can("participants.participants.create") ? (
          <ButtonLink
            to={`/admin/participants/new?customer=${encodeURIComponent(customerCuid)}`}
            size="sm"
            variant="secondary"
            data-testid="add-participant"
          >
            <PlusIcon className="size-4" />
            {t("admin.participants.new.open")}
          </ButtonLink>
        ) : undefined
      }
      empty={<EmptyState icon={UsersIcon} title={t("admin.customers.participants_empty")} />}
    />
  );
}

function RegistrationState({ row }: { row: CustomerRegistrationView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  if (row.cancelled)
    return <StatusBadge tone="red">{t("admin.customers.state.cancelled")}</StatusBadge>;
  if (row.outstanding_amount > 0) {
    return (
      <StatusBadge tone="yellow">
        {t("admin.customers.state.owes", { amount: format.money(row.outstanding_amount) })}
      </StatusBadge>
    );
  }
  return <StatusBadge tone="green">{t("admin.customers.state.paid")}</StatusBadge>;
}

export function RegistrationsTable({
  registrations,
  total,
  showParticipant = true,
  toolbar,
}: {
  registrations: readonly CustomerRegistrationView[];
  total: number;
  showParticipant?: boolean;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const linked = can("registrations.registrations.read");
  const columns: DataTableColumn<CustomerRegistrationView>[] = [
    {
      id: "activity",
      header: t("admin.customers.registrations.activity"),
      cell: (row) => (
        <div className="flex flex-col">
          {linked ? (
            <Link
              to={`/admin/registrations/${row.cuid}`}
              className="font-medium text-slate-950 underline-offset-2 hover:underline"
            >
              {row.activity}
            </Link>
          ) : (
            <span className="font-medium text-slate-950">{row.activity}</span>
          )}
          <span className="text-slate-600">{format.dateRange(row.starts_at, row.ends_at)}</span>
        </div>
      ),
    },
    ...(showParticipant
      ? [
          {
            id: "participant",
            header: t("admin.customers.registrations.participant"),
            cell: (row: CustomerRegistrationView) =>
              can("participants.participants.read") ? (
                <Link
                  to={participantPath(row.participant.cuid)}
                  className="underline-offset-2 hover:underline"
                >
                  {row.participant.fullname}
                </Link>
              ) : (
                row.participant.fullname
              ),
          },
        ]
      : []),
    {
      id: "reference",
      header: t("admin.customers.registrations.reference"),
      cell: (row) => <span className="font-mono text-xs text-slate-700">{row.reference}</span>,
    },
    {
      id: "total",
      header: t("admin.customers.registrations.total"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{format.money(row.total_amount)}</span>,
    },
    {
      id: "state",
      header: t("admin.customers.registrations.state"),
      cell: (row) => <RegistrationState row={row} />,
    },
  ];
  return (
    <DataTable
      caption={t("admin.customers.tabs.registrations")}
      testId="customer-registrations"
      columns={columns}
      rows={registrations}
      rowKey={(row) => row.cuid}
      toolbar={
        toolbar || total > registrations.length ? (
          <>
            {toolbar}
            {total > registrations.length ? (
              <p className="text-sm text-slate-600 sm:ml-auto">
                {t("admin.customers.latest", { shown: registrations.length, count: total })}
              </p>
            ) : null}
          </>
        ) : undefined
      }
      empty={<EmptyState icon={TicketIcon} title={t("admin.customers.registrations.empty")} />}
    />
  );
}

const CART_TONES = { OPEN: "blue", AWAITING_PAYMENT: "yellow", PROCESSED: "grey" } as const;

export function CartsTable({ carts }: { carts: readonly CustomerCartView[] }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<CustomerCartView>[] = [
    {
      id: "reference",
      header: t("admin.customers.carts.reference"),
      cell: (row) => (
        <div className="flex flex-col">
          <span className="font-mono text-xs text-slate-900">{row.reference ?? "—"}</span>
          <time dateTime={row.processed_at ?? row.created_at} className="text-slate-600">
            {format.dateTime(row.processed_at ?? row.created_at)}
          </time>
        </div>
      ),
    },
    {
      id: "state",
      header: t("admin.customers.carts.state"),
      cell: (row) => (
        <StatusBadge tone={CART_TONES[row.state]} value={row.state}>
          {t(`admin.customers.carts.states.${row.state}`)}
        </StatusBadge>
      ),
    },
    {
      id: "items",
      header: t("admin.customers.carts.items"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{row.items_count}</span>,
    },
    {
      id: "total",
      header: t("admin.customers.carts.total"),
      align: "end",
      cell: (row) =>
        row.total_amount === null ? (
          "—"
        ) : (
          <span className="tabular-nums">{format.money(row.total_amount)}</span>
        ),
    },
    {
      id: "paid",
      header: t("admin.customers.carts.paid"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{format.money(row.paid_amount)}</span>,
    },
    {
      id: "outstanding",
      header: t("admin.customers.carts.outstanding"),
      align: "end",
      cell: (row) => (
        <span
          className={clsx(
            "tabular-nums",
            row.outstanding_amount > 0 && "font-semibold text-red-800",
          )}
        >
          {format.money(row.outstanding_amount)}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t("admin.customers.carts.title")}
      testId="customer-carts"
      columns={columns}
      rows={carts}
      rowKey={(row) => row.cuid}
      empty={<EmptyState icon={ReceiptIcon} title={t("admin.customers.carts.empty")} />}
    />
  );
}

export function MovementsTable({
  movements,
  caption,
  empty,
  testId,
}: {
  movements: readonly CustomerMoneyMovement[];
  caption: string;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<CustomerMoneyMovement>[] = [
    {
      id: "at",
      header: t("admin.customers.movements.at"),
      cell: (row) => (
        <time dateTime={row.at} className="whitespace-nowrap">
          {format.dateTime(row.at)}
        </time>
      ),
    },
    {
      id: "kind",
      header: t("admin.customers.movements.kind"),
      cell: (row) => (
        <div className="flex flex-col">
          <span>{t(`admin.customers.movements.kinds.${row.kind}`)}</span>
          <span className="text-xs text-slate-600">
            {t(`admin.customers.movements.statuses.${row.status}`, { defaultValue: row.status })}
          </span>
        </div>
      ),
    },
    {
      id: "reference",
      header: t("admin.customers.movements.reference"),
      cell: (row) => (
        <div className="flex flex-col">
          {row.reference ? <span className="font-mono text-xs">{row.reference}</span> : null}
          {row.note ? <span className="text-slate-700">{row.note}</span> : null}
        </div>
      ),
    },
    {
      id: "amount",
      header: t("admin.customers.movements.amount"),
      align: "end",
      cell: (row) => (
        <span
          className={clsx(
            "font-semibold tabular-nums",
            row.amount < 0 ? "text-red-800" : "text-emerald-800",
          )}
        >
          {format.money(row.amount)}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={caption}
      testId={testId}
      columns={columns}
      rows={movements}
      rowKey={(row) => `${row.kind}-${row.cuid}`}
      empty={<EmptyState icon={WalletIcon} title={empty} />}
    />
  );
}
