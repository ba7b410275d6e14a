import type { TenantTx } from "@booking/db";
import { sql } from "@booking/db/orm";
import {
  belgianEnterpriseNumber,
  type InvoiceCustomer,
  type InvoiceIssuer,
  type InvoiceLine,
  type InvoiceSettings,
  vatRateOf,
} from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
import type { InvoiceSource } from "./sources.ts";

// The parts of a frozen snapshot read from the live rows at the time of issue.

/** The organiser as its documents show it; `website` is its storefront's address. */
export function issuerOf(organiser: Organiser, website: string | null): InvoiceIssuer {
  const street = [organiser.street, organiser.number].filter(Boolean).join(" ");
  return {
    name: organiser.name,
    legal_name: organiser.legalName,
    vat_number: organiser.vatNumber,
    enterprise_number:
      organiser.enterpriseNumber ??
      (organiser.vatNumber ? belgianEnterpriseNumber(organiser.vatNumber) : null),
    address:
      street || organiser.city
        ? {
            street,
            postcode: organiser.postcode ?? "",
            city: organiser.city ?? "",
            country: organiser.country ?? "BE",
          }
        : null,
    email: organiser.contactEmail,
    phone: organiser.contactPhone,
    website,
    iban: organiser.iban,
    bic: organiser.bic,
    logo_url: organiser.logoUrl,
    color: organiser.website.accent_color ?? null,
  };
}

type CustomerRow = {
  cuid: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  company_name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  vat_number: string | null;
  peppol_id: string | null;
};

/** The customer with their billing details as they stand now; null when unknown. */
export async function findInvoiceCustomer(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<InvoiceCustomer | null> {
  const { rows } = await tx.execute<CustomerRow>(sql`
    select c.cuid, c.firstname, c.lastname, c.email, c.phone, d.company_name, d.street,
      d.postcode, d.city, d.country, d.vat_number, d.peppol_id
    from customers c
    left join customer_billing_details d on d.organiser_id = c.organiser_id and d.customer_id = c.id
    where c.organiser_id = ${organiserId} and c.id = ${customerId}`);
  const row = rows[0];
  if (!row) return null;
  const blankIsNull = (value: string | null) => (value ? value : null);
  return {
    cuid: row.cuid,
    fullname: `${row.firstname} ${row.lastname}`.trim(),
    email: row.email,
    phone: row.phone,
    company_name: blankIsNull(row.company_name),
    vat_number: blankIsNull(row.vat_number),
    peppol_id: blankIsNull(row.peppol_id),
    address:
      row.street || row.city
        ? {
            street: row.street ?? "",
            postcode: row.postcode ?? "",
            city: row.city ?? "",
            country: row.country || "BE",
          }
        : null,
  };
}

/** Labels of the lines the documents add themselves, in the organiser's language. */
const LABELS = {
  fr: { discount: "Réductions", service_fees: "Frais de service" },
  en: { discount: "Discounts", service_fees: "Service fee" },
};

/**
 * The invoice lines of a source under the settings' VAT rates: its own lines, the discounts the
 * cart applied on top of them (a coupon) as one negative line, and the service fee as its own
 * line (issue 16 §3, last bullet). Their sum is the source's total.
 */
export function invoiceLinesOf(
  source: InvoiceSource,
  settings: InvoiceSettings,
  language: "fr" | "en",
): InvoiceLine[] {
  const lines: InvoiceLine[] = source.lines.map((line) => ({
    kind: line.kind,
    label: line.label,
    description: line.description,
    total_amount: line.amount,
    vat_rate: vatRateOf(settings, line.kind),
  }));
  const itemsTotal = lines.reduce((sum, line) => sum + line.total_amount, 0);
  const discount = source.total - source.serviceFees - itemsTotal;
  if (discount !== 0) {
    lines.push({
      kind: "discount",
      label: LABELS[language].discount,
      description: "",
      total_amount: discount,
      // A coupon reduces the items it applies to: at the rate of the cart's first item.
      vat_rate: vatRateOf(settings, source.lines[0]?.kind ?? "registrations"),
    });
  }
  if (source.serviceFees > 0) {
    lines.push({
      kind: "service_fees",
      label: LABELS[language].service_fees,
      description: "",
      total_amount: source.serviceFees,
      vat_rate: vatRateOf(settings, "service_fees"),
    });
  }
  return lines;
}
