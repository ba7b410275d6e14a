import type { Language } from "@booking/db";
import { type Column, columnsIn, labelOf, type Translated } from "./columns.ts";
import type { PaymentExportRow, PaymentSource } from "./queries.ts";

const SOURCES: Record<PaymentSource, Translated> = {
  ONLINE: { fr: "Paiement en ligne", en: "Online payment" },
  TRANSFER: { fr: "Virement", en: "Bank transfer" },
  WALLET: { fr: "Portefeuille", en: "Wallet" },
};

/** An online payment's status, a transfer's state, a wallet movement's reason. */
const STATUSES: Record<PaymentSource, Record<string, Translated>> = {
  ONLINE: {
    open: { fr: "En attente", en: "Pending" },
    paid: { fr: "Payé", en: "Paid" },
    failed: { fr: "Échoué", en: "Failed" },
    expired: { fr: "Expiré", en: "Expired" },
    canceled: { fr: "Abandonné", en: "Cancelled" },
    refunded: { fr: "Remboursé", en: "Refunded" },
  },
  TRANSFER: {
    RECEIVED: { fr: "Reçu", en: "Received" },
    CANCELLED: { fr: "Annulé", en: "Cancelled" },
  },
  WALLET: {
    CHECKOUT: { fr: "Utilisé à la commande", en: "Used at checkout" },
    REFUND: { fr: "Remboursement", en: "Refund" },
    VOUCHER: { fr: "Bon cadeau", en: "Gift voucher" },
    ADJUSTMENT: { fr: "Ajustement", en: "Adjustment" },
    PAYMENT: { fr: "Paiement du solde", en: "Balance payment" },
    OVERPAYMENT: { fr: "Trop-perçu", en: "Overpayment" },
  },
};

/**
 * The payments export: every movement of money, oldest first — online payments (whatever their
 * status), bank transfers and wallet movements — with what it paid (the order's reference and
 * its total and paid amounts) and who paid it.
 */
export function paymentColumns(language: Language): Column<PaymentExportRow>[] {
  const column = columnsIn<PaymentExportRow>(language);
  return [
    column("date", { fr: "Date", en: "Date" }, (m) => m.day),
    column("text", { fr: "Type", en: "Type" }, (m) => labelOf(SOURCES, language, m.source)),
    column("text", { fr: "Statut", en: "Status" }, (m) =>
      labelOf(STATUSES[m.source], language, m.status),
    ),
    column("money", { fr: "Montant", en: "Amount" }, (m) => m.amount),
    column("text", { fr: "Référence", en: "Reference" }, (m) => m.reference),
    column(
      "text",
      { fr: "Prénom du client", en: "Customer first name" },
      (m) => m.customer_firstname,
    ),
    column("text", { fr: "Nom du client", en: "Customer last name" }, (m) => m.customer_lastname),
    column("text", { fr: "E-mail", en: "Email" }, (m) => m.customer_email),
    column("money", { fr: "Total de la commande", en: "Order total" }, (m) => m.order_total),
    column("money", { fr: "Payé sur la commande", en: "Order paid" }, (m) => m.order_paid),
    column("money", { fr: "Reste à payer", en: "Outstanding" }, (m) =>
      m.order_total === null ? null : Math.max(0, m.order_total - (m.order_paid ?? 0)),
    ),
    column("text", { fr: "Détails", en: "Details" }, (m) => m.details),
    column("datetime", { fr: "Enregistré le", en: "Recorded on" }, (m) => m.recorded_at),
    column("datetime", { fr: "Remboursé le", en: "Refunded on" }, (m) => m.refunded_at),
  ];
}
