import type { Language } from "@booking/db";
import { type Column, columnsIn, customFieldColumns } from "./columns.ts";
import type { CustomerExportRow, CustomFieldColumn } from "./queries.ts";

/**
 * The customers export: who they are, whether they can log in, their wallet, how many
 * participants and registrations they have and what those cost and still owe (registrations
 * not cancelled), then one column per customer custom field.
 */
export function customerColumns(
  language: Language,
  fields: readonly CustomFieldColumn[],
): Column<CustomerExportRow>[] {
  const column = columnsIn<CustomerExportRow>(language);
  return [
    column("integer", { fr: "N° de client", en: "Customer no." }, (c) => c.id),
    column("datetime", { fr: "Créé le", en: "Created on" }, (c) => c.created_at),
    column("text", { fr: "Prénom", en: "First name" }, (c) => c.firstname),
    column("text", { fr: "Nom", en: "Last name" }, (c) => c.lastname),
    column("text", { fr: "E-mail", en: "Email" }, (c) => c.email),
    column("text", { fr: "Téléphone", en: "Phone" }, (c) => c.phone),
    column("boolean", { fr: "Compte en ligne", en: "Online account" }, (c) => c.has_account),
    column("money", { fr: "Portefeuille", en: "Wallet" }, (c) => c.wallet_amount),
    column("integer", { fr: "Participants", en: "Participants" }, (c) => c.participants),
    column("integer", { fr: "Inscriptions", en: "Registrations" }, (c) => c.registrations),
    column(
      "money",
      { fr: "Total des inscriptions", en: "Registrations total" },
      (c) => c.total_amount,
    ),
    column("money", { fr: "Payé", en: "Paid" }, (c) => c.paid_amount),
    column("money", { fr: "Reste à payer", en: "Outstanding" }, (c) => c.outstanding_amount),
    ...customFieldColumns<CustomerExportRow>(fields, "CUSTOMERS", language, (c) => c.custom_data, {
      labelled: false,
    }),
  ];
}
