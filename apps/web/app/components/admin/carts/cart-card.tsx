import type {
  CartAdminDetail,
  CartHoldView,
  CartRegistrationView,
  TransactionProofAdminView,
} from "@booking/contracts";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { DataTable, type DataTableColumn } from "../data-table";
import { StatusBadge } from "../status-badge";
import { CancelCartDialog } from "./cancel-cart-dialog";
import { CartProofs } from "./cart-proofs";
import { CartStateBadge } from "./cart-state-badge";
import { ExtendHoldDialog, ReleaseHoldButton } from "./hold-actions";

/**
 * One cart of a customer (decision 0092): an open or abandoned cart's items with the places they
 * hold and until when, each extended or released by staff with carts.carts.update; a processed
 * cart's registrations, all cancelled at once.
 */
export function CartCard({
  cart,
  proofs = [],
}: {
  cart: CartAdminDetail;
  /** the proofs of payment sent for this order (decision 0098) */
  proofs?: readonly TransactionProofAdminView[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const mayChange = can("carts.carts.update");
  const cancellable =
    cart.state === "processed" &&
    cart.registrations.some((registration) => !registration.cancelled);
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="customer-cart"
      data-state={cart.state}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CartStateBadge state={cart.state} />
          {cart.payment_pending ? (
            <StatusBadge tone="yellow">{t("admin.carts.payment_pending")}</StatusBadge>
          ) : null}
          <span className="font-medium text-slate-950">
            {cart.reference ?? t("admin.carts.created", { date: format.dateTime(cart.created_at) })}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span className="tabular-nums">{format.money(cart.total)}</span>
          {cart.expires_at ? (
            <span>{t("admin.carts.expires", { date: format.dateTime(cart.expires_at) })}</span>
          ) : null}
          {cart.processed_at ? (
            <span>{t("admin.carts.processed", { date: format.dateTime(cart.processed_at) })}</span>
          ) : null}
          {cancellable && mayChange ? <CancelCartDialog cart={cart} /> : null}
        </div>
      </header>
      {cart.state === "processed" ? (
        <>
          <RegistrationsTable registrations={cart.registrations} />
          <CartProofs proofs={proofs} customer={cart.customer.fullname} />
          {cart.proofs_erased_at ? (
            <p className="text-sm text-slate-600" data-testid="proofs-erased">
              {t("admin.customers.carts.proofs_erased", {
                date: format.date(cart.proofs_erased_at),
              })}
            </p>
          ) : null}
        </>
      ) : (
        <HoldsTable holds={cart.holds} mayChange={mayChange && !cart.payment_pending} />
      )}
    </article>
  );
}

function HoldsTable({ holds, mayChange }: { holds: CartHoldView[]; mayChange: boolean }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<CartHoldView>[] = [
    {
      id: "item",
      header: t("admin.carts.columns.item"),
      cell: (hold) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-medium text-slate-950">{hold.title}</span>
          {hold.participant ? <span className="text-slate-600">{hold.participant}</span> : null}
          {hold.dates.length > 0 ? (
            <span className="text-slate-600">
              {hold.dates.map((date) => format.dateTime(date.start_at)).join(", ")}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "hold",
      header: t("admin.carts.columns.hold"),
      cell: (hold) =>
        hold.live ? (
          <span data-testid="hold-expires">
            {t("admin.carts.until", { date: format.dateTime(hold.expires_at) })}
          </span>
        ) : (
          <StatusBadge tone="grey">{t("admin.carts.expired")}</StatusBadge>
        ),
    },
    {
      id: "price",
      header: t("admin.carts.columns.price"),
      align: "end",
      cell: (hold) => <span className="tabular-nums">{format.money(hold.price)}</span>,
    },
    {
      id: "actions",
      header: t("admin.customers.owned.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (hold) =>
        mayChange ? (
          <span className="flex flex-wrap justify-end gap-2">
            {hold.live ? <ExtendHoldDialog hold={hold} /> : null}
            <ReleaseHoldButton hold={hold} />
          </span>
        ) : null,
    },
  ];
  return (
    <DataTable
      caption={t("admin.carts.holds")}
      testId="cart-holds"
      columns={columns}
      rows={holds}
      rowKey={(hold) => hold.cuid}
      empty={<p className="text-sm text-slate-600">{t("admin.carts.no_items")}</p>}
    />
  );
}

function RegistrationsTable({ registrations }: { registrations: CartRegistrationView[] }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<CartRegistrationView>[] = [
    {
      id: "registration",
      header: t("admin.carts.columns.registration"),
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          {can("registrations.registrations.read") ? (
            <Link
              to={`/admin/registrations/${encodeURIComponent(row.cuid)}`}
              className="font-medium text-slate-950 underline-offset-2 hover:underline"
            >
              {row.activity}
            </Link>
          ) : (
            <span className="font-medium text-slate-950">{row.activity}</span>
          )}
          <span className="text-slate-600">{row.participant}</span>
        </span>
      ),
    },
    {
      id: "state",
      header: t("admin.carts.columns.state"),
      cell: (row) =>
        row.cancelled ? (
          <StatusBadge tone="red">{t("admin.customers.owned.cancelled")}</StatusBadge>
        ) : (
          <StatusBadge tone="green">{t("admin.carts.registered")}</StatusBadge>
        ),
    },
    {
      id: "paid",
      header: t("admin.carts.columns.paid"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{format.money(row.paid_amount)}</span>,
    },
  ];
  return (
    <DataTable
      caption={t("admin.carts.registrations")}
      testId="cart-registrations"
      columns={columns}
      rows={registrations}
      rowKey={(row) => row.cuid}
      empty={<p className="text-sm text-slate-600">{t("admin.carts.no_registrations")}</p>}
    />
  );
}
