import type { InvoiceAddress, InvoiceIssuer } from "./invoices/snapshot.ts";
import { structuredCommunication } from "./payment-reference.ts";

// The platform's billing of its organisers (issue 16 §3; platform-and-account.md §3.2 billing,
// §9 billing defaults; docs/decisions/0078-platform-billing.md): what a cycle's metered usage
// costs, the VAT regime of an organiser, the carry-over under the minimum invoice amount.

/** What the platform meters and bills (the `billing.items` of §3.2, plus online payments). */
export const PLATFORM_BILLING_ITEMS = [
  "registrations",
  "bookings",
  "bundles",
  "memberships",
  "vouchers",
  "sms",
  "invoices",
  "online_payments",
] as const;
export type PlatformBillingItem = (typeof PLATFORM_BILLING_ITEMS)[number];

/** An item's price: a flat amount per cycle, an amount per unit, a percentage of what it concerns. */
export type BillingItemPrice = {
  item: PlatformBillingItem;
  /** minor units per cycle */
  flat_amount: number;
  /** minor units per unit */
  unit_amount: number;
  /** percent of the amounts concerned (1 for 1 %) */
  percentage: number;
  metadata: Record<string, unknown>;
};

/** What a cycle metered of one item: how many units and the sum of the amounts they concern. */
export type ItemUsage = { item: PlatformBillingItem; quantity: number; base_amount: number };

/** The §9 defaults of an item: registrations 50 a unit, SMS 15, invoices 1 percent, others 0. */
export const DEFAULT_ITEM_PRICES: Readonly<
  Record<PlatformBillingItem, Omit<BillingItemPrice, "item">>
> = {
  registrations: { flat_amount: 0, unit_amount: 50, percentage: 0, metadata: {} },
  bookings: { flat_amount: 0, unit_amount: 0, percentage: 0, metadata: {} },
  bundles: { flat_amount: 0, unit_amount: 0, percentage: 0, metadata: {} },
  memberships: { flat_amount: 0, unit_amount: 0, percentage: 0, metadata: {} },
  vouchers: { flat_amount: 0, unit_amount: 0, percentage: 0, metadata: {} },
  sms: { flat_amount: 0, unit_amount: 15, percentage: 0, metadata: {} },
  invoices: { flat_amount: 0, unit_amount: 0, percentage: 1, metadata: {} },
  online_payments: { flat_amount: 0, unit_amount: 0, percentage: 0, metadata: {} },
};

/** The §9 invoice payment delay of platform invoices, in days. */
export const PLATFORM_INVOICE_PAYMENT_DELAY_DAYS = 30;
/** The §9 VAT rate. */
export const DEFAULT_PLATFORM_VAT_PERCENTAGE = 21;

/**
 * Every item's price: the organiser's own where its `billing.items` names the item, the §9
 * default otherwise (an organiser created before an item existed still gets it priced).
 */
export function itemPrices(
  items: readonly {
    item: string;
    flat_amount: number;
    unit_amount: number;
    percentage: number;
    metadata: Record<string, unknown>;
  }[],
): BillingItemPrice[] {
  return PLATFORM_BILLING_ITEMS.map((item) => {
    const own = items.find((candidate) => candidate.item === item);
    return own ? { ...own, item } : { item, ...DEFAULT_ITEM_PRICES[item] };
  });
}

/** An item's VAT-exclusive amount for a cycle: flat + unit × quantity + percentage of the base, rounded. */
export function itemAmount(price: BillingItemPrice, usage: Omit<ItemUsage, "item">): number {
  return (
    price.flat_amount +
    price.unit_amount * usage.quantity +
    Math.round((price.percentage * usage.base_amount) / 100)
  );
}

/** A line of a platform invoice: one per item that costs something this cycle. */
export type PlatformInvoiceLine = {
  kind: PlatformBillingItem | "carried_over" | "referral_credit";
  quantity: number;
  /** the amount the percentage applied to (minor units), 0 for other items */
  base_amount: number;
  /** VAT-exclusive, minor units */
  amount: number;
};

/**
 * The cycle's lines: each item with an amount, then what earlier cycles carried over, then the
 * referral credit (negative) with the referred organisers' fees it is a share of as its base.
 */
export function cycleLines(
  prices: readonly BillingItemPrice[],
  usage: readonly ItemUsage[],
  carriedIn: number,
  referral: { rate: number; fees: number } = { rate: 0, fees: 0 },
): PlatformInvoiceLine[] {
  const lines: PlatformInvoiceLine[] = [];
  for (const price of prices) {
    const { quantity, base_amount } = usage.find((row) => row.item === price.item) ?? {
      quantity: 0,
      base_amount: 0,
    };
    const amount = itemAmount(price, { quantity, base_amount });
    if (amount !== 0) lines.push({ kind: price.item, quantity, base_amount, amount });
  }
  if (carriedIn !== 0) {
    lines.push({ kind: "carried_over", quantity: 1, base_amount: 0, amount: carriedIn });
  }
  const credit = referralCredit(referral.rate, referral.fees);
  if (credit !== 0) {
    lines.push({
      kind: "referral_credit",
      quantity: 1,
      base_amount: referral.fees,
      amount: credit,
    });
  }
  return lines;
}

/**
 * What a referrer earns on its referred organisers' fees (VAT-exclusive, minor units): `rate`
 * percent (§9: 30), as a negative amount credited on its own invoice.
 */
export function referralCredit(rate: number, fees: number): number {
  return fees > 0 ? -Math.round((rate * fees) / 100) : 0;
}

/**
 * Whether a cycle is invoiced or carried to the next one: a VAT-exclusive total below the
 * minimum invoice amount is carried over (§3.2, §9: 500).
 */
export function cycleOutcome(total: number, minimumInvoiceAmount: number): "INVOICED" | "CARRIED" {
  return total >= minimumInvoiceAmount && total > 0 ? "INVOICED" : "CARRIED";
}

/** The countries of the European Union (ISO 3166-1 alpha-2). */
const EU_COUNTRIES = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

/**
 * How a platform invoice is taxed, by the organiser's country and VAT status (the platform is a
 * Belgian business): Belgian VAT (21 %) for a Belgian organiser and for one in another EU country
 * without a VAT number; reverse charge (UBL category AE) for a business in another EU country
 * with a VAT number; outside the scope of VAT (O) for an organiser outside the EU. An organiser
 * whose country is not known yet is billed as a Belgian one.
 */
export type PlatformVatRegime =
  | { category: "S"; rate: number }
  | { category: "AE"; rate: 0 }
  | { category: "O"; rate: 0 };

export function platformVatRegime(
  organiser: { country: string | null; vat_number: string | null },
  vatPercentage: number,
): PlatformVatRegime {
  const country = (organiser.country ?? "BE").toUpperCase();
  if (country === "BE") return { category: "S", rate: vatPercentage };
  if (!EU_COUNTRIES.has(country)) return { category: "O", rate: 0 };
  return organiser.vat_number
    ? { category: "AE", rate: 0 }
    : { category: "S", rate: vatPercentage };
}

/** The legal mention a regime requires on the invoice, in the organiser's language. */
export function platformVatMention(
  regime: PlatformVatRegime,
  language: "fr" | "en",
): string | null {
  if (regime.category === "AE") {
    return language === "fr"
      ? "Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE)"
      : "Reverse charge: VAT due by the recipient (Article 196 of Directive 2006/112/EC)";
  }
  if (regime.category === "O") {
    return language === "fr"
      ? "Hors du champ d'application de la TVA belge (article 21, § 2 du Code de la TVA)"
      : "Outside the scope of Belgian VAT (Article 21, § 2 of the VAT Code)";
  }
  return null;
}

/** The VAT rate of the organiser's `billing.taxes` (the first VAT tax), else the §9 21 %. */
export function vatPercentageOf(taxes: readonly { type: string; percentage: number }[]): number {
  return taxes.find((tax) => tax.type === "VAT")?.percentage ?? DEFAULT_PLATFORM_VAT_PERCENTAGE;
}

/** A platform invoice's totals: VAT on the sum of the lines, rounded once. */
export function platformInvoiceTotals(
  lines: readonly PlatformInvoiceLine[],
  regime: PlatformVatRegime,
): { taxable_amount: number; vat_amount: number; total_amount: number } {
  const taxable = lines.reduce((sum, line) => sum + line.amount, 0);
  const vat = Math.round((taxable * regime.rate) / 100);
  return { taxable_amount: taxable, vat_amount: vat, total_amount: taxable + vat };
}

/** The platform's number of a platform invoice: `P-{year}-{sequence, 5 digits}`. */
export function formatPlatformInvoiceNumber(year: number, sequence: number): string {
  return `P-${year}-${String(sequence).padStart(5, "0")}`;
}

/** The organiser a platform invoice is addressed to, as it was when issued. */
export type PlatformInvoiceBuyer = {
  name: string;
  legal_name: string | null;
  vat_number: string | null;
  address: InvoiceAddress | null;
  email: string | null;
  /** its Peppol participant id (`0208:0123456749`), when it has one */
  peppol_id: string | null;
};

/** The frozen legal content of a platform invoice: written once when issued, never updated. */
export type PlatformInvoiceSnapshot = {
  number: string;
  issued_at: string;
  due_at: string;
  language: "fr" | "en";
  currency: string;
  /** [start_at, end_at), and its first and last days in the organiser's time zone */
  period: { start_at: string; end_at: string; first_day: string; last_day: string };
  seller: InvoiceIssuer;
  buyer: PlatformInvoiceBuyer;
  lines: (PlatformInvoiceLine & { label: string; description: string })[];
  vat: PlatformVatRegime;
  legal_mention: string | null;
  /** the structured communication a transfer paying it carries */
  payment_reference: string;
  taxable_amount: number;
  vat_amount: number;
  total_amount: number;
};

/** A platform invoice's structured communication: drawn from its year and sequence, unique. */
export function platformPaymentReference(year: number, sequence: number): string {
  return structuredCommunication(year * 100_000 + sequence);
}

const LINE_LABELS: Record<PlatformInvoiceLine["kind"], { fr: string; en: string }> = {
  registrations: { fr: "Inscriptions", en: "Registrations" },
  bookings: { fr: "Réservations", en: "Bookings" },
  bundles: { fr: "Abonnements", en: "Bundles" },
  memberships: { fr: "Affiliations", en: "Memberships" },
  vouchers: { fr: "Bons", en: "Vouchers" },
  sms: { fr: "SMS", en: "SMS" },
  invoices: { fr: "Factures émises", en: "Invoices issued" },
  online_payments: { fr: "Paiements en ligne", en: "Online payments" },
  carried_over: { fr: "Report des périodes précédentes", en: "Carried over from earlier periods" },
  referral_credit: { fr: "Crédit de parrainage", en: "Referral credit" },
};

/** A line's label in the organiser's language. */
export function platformLineLabel(
  kind: PlatformInvoiceLine["kind"],
  language: "fr" | "en",
): string {
  return LINE_LABELS[kind][language];
}

/**
 * What a line's amount is made of, in words and figures (`12 × 0.50`, `1 % of 1,234.00`),
 * `money` formatting minor units in the invoice's currency.
 */
export function platformLineDescription(
  line: PlatformInvoiceLine,
  price: BillingItemPrice | undefined,
  language: "fr" | "en",
  money: (minor: number) => string,
): string {
  if (line.kind === "referral_credit") {
    const share =
      language === "fr" ? "des frais des organisateurs parrainés" : "of referred organisers' fees";
    return `${Math.round((-line.amount * 100) / line.base_amount)} % ${share} (${money(line.base_amount)})`;
  }
  if (!price) return "";
  const parts: string[] = [];
  if (price.flat_amount)
    parts.push(
      language === "fr"
        ? `forfait ${money(price.flat_amount)}`
        : `flat ${money(price.flat_amount)}`,
    );
  if (price.unit_amount) parts.push(`${line.quantity} × ${money(price.unit_amount)}`);
  if (price.percentage) {
    parts.push(
      `${price.percentage} % ${language === "fr" ? "de" : "of"} ${money(line.base_amount)}`,
    );
  }
  return parts.join(" + ");
}
