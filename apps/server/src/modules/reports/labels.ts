import type { ReportName } from "@booking/contracts";
import type { Translated } from "../exports/columns.ts";

// The exports' headers and coded values in the organiser's language; the console translates the
// same keys itself (admin.reports in console.json).

export const REPORT_TITLES: Record<ReportName, Translated> = {
  participation: { fr: "Participation", en: "Participation" },
  sales: { fr: "Ventes", en: "Sales" },
  treasury: { fr: "Trésorerie", en: "Treasury" },
  timesheet: { fr: "Heures prestées", en: "Timesheet" },
};

export const COLUMN_HEADERS: Record<string, Translated> = {
  activity: { fr: "Activité", en: "Activity" },
  sessions: { fr: "Séances", en: "Sessions" },
  capacity: { fr: "Places offertes", en: "Places offered" },
  registered: { fr: "Places prises", en: "Places taken" },
  fill_rate: { fr: "Taux de remplissage", en: "Fill rate" },
  present_rate: { fr: "Présents", en: "Present" },
  absent_rate: { fr: "Absents", en: "Absent" },
  excused_rate: { fr: "Excusés", en: "Excused" },
  location: { fr: "Lieu", en: "Location" },
  first_day: { fr: "Premier jour", en: "First day" },
  start_at: { fr: "Début", en: "Start" },
  end_at: { fr: "Fin", en: "End" },
  age_group: { fr: "Tranche d'âge", en: "Age group" },
  places: { fr: "Places", en: "Places" },
  product_type: { fr: "Type de produit", en: "Product type" },
  title: { fr: "Intitulé", en: "Title" },
  count: { fr: "Nombre", en: "Count" },
  list_amount: { fr: "Prix catalogue", en: "List price" },
  discounts: { fr: "Réductions", en: "Discounts" },
  amount: { fr: "Montant", en: "Amount" },
  bucket: { fr: "Période", en: "Period" },
  kind: { fr: "Nature", en: "Kind" },
  day: { fr: "Jour", en: "Day" },
  method: { fr: "Moyen", en: "Method" },
  age: { fr: "Ancienneté (jours)", en: "Age (days)" },
  customer: { fr: "Client", en: "Customer" },
  email: { fr: "E-mail", en: "Email" },
  expired_count: { fr: "Expirés", en: "Expired" },
  expired_amount: { fr: "Montant expiré", en: "Expired amount" },
  collaborator: { fr: "Collaborateur", en: "Collaborator" },
  role: { fr: "Rôle", en: "Role" },
  minutes: { fr: "Heures", en: "Hours" },
};

/** Labels of the coded values of some text columns. */
export const CODE_LABELS: Record<string, Record<string, Translated>> = {
  product_type: {
    REGISTRATION: { fr: "Inscription", en: "Registration" },
    BUNDLE: { fr: "Carnet", en: "Bundle" },
    VOUCHER: { fr: "Bon cadeau", en: "Gift voucher" },
    MEMBERSHIP: { fr: "Abonnement", en: "Membership" },
  },
  kind: {
    bundles: { fr: "Réductions par carnet", en: "Bundle discounts" },
    coupons: { fr: "Codes promo", en: "Coupons" },
    volume: { fr: "Réductions de volume et autres", en: "Volume and other discounts" },
    vouchers_redeemed: { fr: "Bons cadeaux utilisés", en: "Gift vouchers redeemed" },
    refunds_online: { fr: "Remboursements en ligne", en: "Online refunds" },
    refunds_wallet: { fr: "Remboursements au portefeuille", en: "Refunds to wallets" },
  },
  method: {
    ONLINE: { fr: "Paiement en ligne", en: "Online payment" },
    TRANSFER: { fr: "Virement", en: "Bank transfer" },
  },
  age_group: { unknown: { fr: "Inconnu", en: "Unknown" } },
};
