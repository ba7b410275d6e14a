import type { TenantTx } from "@booking/db";
import {
  type BillingItemPrice,
  formatMoney,
  formatPeppolParticipantId,
  formatPlatformInvoiceNumber,
  invoiceDueAt,
  localDay,
  PLATFORM_INVOICE_PAYMENT_DELAY_DAYS,
  type PlatformInvoiceBuyer,
  type PlatformInvoiceLine,
  type PlatformInvoiceSnapshot,
  type PlatformVatRegime,
  peppolParticipantId,
  platformInvoiceTotals,
  platformLineDescription,
  platformLineLabel,
  platformPaymentReference,
  platformVatMention,
} from "@booking/domain";
import type { Organiser } from "../organisers/queries.ts";
import { platformSeller } from "./platform-seller.ts";
import {
  insertPlatformInvoice,
  nextPlatformInvoiceNumber,
  type PlatformInvoiceRow,
} from "./queries.ts";

// Issuing a platform invoice (docs/decisions/0078-platform-billing.md): the next number of the
// platform's series from its counter row, locked until the caller's transaction (the cycle's)
// commits, and the frozen snapshot. Numbers are gap-free: a rolled-back cycle gives its number back.

/** The platform's series resets each calendar year of Brussels, where the platform is established. */
const PLATFORM_TIME_ZONE = "Europe/Brussels";

/** The organiser as the invoice addresses it, with its Peppol id drawn from its VAT number. */
export function buyerOf(organiser: Organiser): PlatformInvoiceBuyer {
  const endpoint = organiser.vatNumber ? peppolParticipantId(organiser.vatNumber) : null;
  return {
    name: organiser.name,
    legal_name: organiser.legalName,
    vat_number: organiser.vatNumber,
    address:
      organiser.street || organiser.city
        ? {
            street: [organiser.street, organiser.number].filter(Boolean).join(" "),
            postcode: organiser.postcode ?? "",
            city: organiser.city ?? "",
            country: organiser.country ?? "BE",
          }
        : null,
    email: organiser.contactEmail,
    peppol_id: endpoint ? formatPeppolParticipantId(endpoint) : null,
  };
}

export interface NewPlatformInvoice {
  organiser: Organiser;
  period: { start: Date; end: Date };
  lines: PlatformInvoiceLine[];
  prices: BillingItemPrice[];
  vat: PlatformVatRegime;
  now: Date;
}

export async function issuePlatformInvoice(
  tx: TenantTx,
  invoice: NewPlatformInvoice,
): Promise<PlatformInvoiceRow> {
  const { organiser, now, vat } = invoice;
  const language = organiser.language === "en" ? "en" : "fr";
  const locale = language === "en" ? "en-GB" : "fr-BE";
  const money = (minor: number) => formatMoney(minor, organiser.currency, locale);
  const year = Number(localDay(now, PLATFORM_TIME_ZONE).slice(0, 4));
  const sequence = await nextPlatformInvoiceNumber(tx, year);
  const number = formatPlatformInvoiceNumber(year, sequence);
  const dueAt = invoiceDueAt(now, PLATFORM_INVOICE_PAYMENT_DELAY_DAYS);
  const totals = platformInvoiceTotals(invoice.lines, vat);
  const snapshot: PlatformInvoiceSnapshot = {
    number,
    issued_at: now.toISOString(),
    due_at: dueAt.toISOString(),
    language,
    currency: organiser.currency,
    period: {
      start_at: invoice.period.start.toISOString(),
      end_at: invoice.period.end.toISOString(),
      first_day: localDay(invoice.period.start, organiser.timezone),
      last_day: localDay(new Date(invoice.period.end.getTime() - 1), organiser.timezone),
    },
    seller: platformSeller(),
    buyer: buyerOf(organiser),
    lines: invoice.lines.map((line) => ({
      ...line,
      label: platformLineLabel(line.kind, language),
      description: platformLineDescription(
        line,
        invoice.prices.find((price) => price.item === line.kind),
        language,
        money,
      ),
    })),
    vat,
    legal_mention: platformVatMention(vat, language),
    payment_reference: platformPaymentReference(year, sequence),
    ...totals,
  };
  return insertPlatformInvoice(tx, {
    organiserId: organiser.id,
    year,
    sequence,
    number,
    totalAmount: totals.total_amount,
    issuedAt: now,
    dueAt,
    snapshot,
  });
}
