import type { TransactionProofAdminView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { TransferDialog } from "../payments/transfer-dialog";

/** "12 ko", "12 kB": a proof's size as the language writes it. */
export const kilobytes = (locale: string, bytes: number) =>
  new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "kilobyte",
    maximumFractionDigits: 0,
  }).format(Math.max(1, bytes / 1024));

const linkClass = "font-medium text-slate-950 underline underline-offset-2 hover:no-underline";

/**
 * The proofs of payment the customer sent for an order (decision 0098), each opening in a new
 * tab, and the transfer they show recorded from here (bank.transfers.create) while the order owes.
 */
export function CartProofs({
  proofs,
  customer,
}: {
  proofs: readonly TransactionProofAdminView[];
  customer: string;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const order = proofs[0]?.order;
  if (!order) return null;
  return (
    <section
      className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3"
      aria-label={t("admin.carts.proofs.title")}
      data-testid="cart-proofs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-950">{t("admin.carts.proofs.title")}</h3>
        {order.amount_due > 0 && can("bank.transfers.create") ? (
          <TransferDialog
            target={{
              type: "CART",
              cuid: proofs[0]!.cart_cuid,
              reference: order.reference,
              amount_due: order.amount_due,
              customer,
            }}
          />
        ) : null}
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {proofs.map((proof) => (
          <li key={proof.cuid} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
            <a
              href={proof.file_url}
              target="_blank"
              rel="noopener"
              className={linkClass}
              data-testid="cart-proof"
            >
              {proof.file_name}
            </a>
            <span className="text-slate-600">
              {t("admin.carts.proofs.sent", {
                date: format.dateTime(proof.created_at),
                size: kilobytes(format.locale, proof.size_bytes),
              })}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        {order.amount_due > 0
          ? t("admin.carts.proofs.due", { amount: format.money(order.amount_due) })
          : t("admin.carts.proofs.settled")}
      </p>
    </section>
  );
}
