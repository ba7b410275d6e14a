/**
 * An e-invoice (EN 16931 semantic model, as Peppol BIS Billing 3.0 carries it), independent of
 * how the platform stores invoices: the invoices module maps its frozen snapshot to this type and
 * {@link toUbl} writes it as UBL 2.1. Field comments name the EN 16931 business terms (BT-/BG-).
 *
 * Every amount is an integer in minor units of `currency` (cents for EUR), like the rest of the
 * platform; EN 16931 allows at most 2 decimals, so a 3-decimal currency cannot be written.
 * Amounts are VAT-exclusive unless the name says otherwise. A credit note carries positive
 * amounts (what is credited), like the invoice it corrects. {@link eInvoiceSummary} computes the
 * VAT breakdown and totals from the lines so that EN 16931's sums hold.
 */

/** Invoice (UBL Invoice, type code 380) or credit note (UBL CreditNote, type code 381). */
export type EInvoiceKind = "INVOICE" | "CREDIT_NOTE";

/**
 * VAT category codes of EN 16931 (UNCL5305 subset):
 * S standard/reduced rate, Z zero rated, E exempt (e.g. Belgian VAT code art. 44, small-business
 * franchise), AE reverse charge (EU business buyer), K intra-community supply, G export outside
 * the EU, O outside the scope of VAT, L/M Canary Islands / Ceuta and Melilla.
 */
export type VatCategoryCode = "S" | "Z" | "E" | "AE" | "K" | "G" | "O" | "L" | "M";

/** A VAT category with its rate and, for every category but S/Z/L/M, the exemption reason. */
export interface VatCategory {
  /** BT-151 / BT-118. */
  code: VatCategoryCode;
  /** BT-152 / BT-119, in percent (21 for 21 %); 0 for Z, E, AE, K, G, O (not written for O). */
  ratePercent: number;
  /**
   * BT-120: exemption reason text, e.g. "Exemption de TVA, article 44 du Code de la TVA" or
   * "Régime particulier de franchise des petites entreprises". Required (with or without a code)
   * for E, AE, K, G, O.
   */
  exemptionReason?: string;
  /** BT-121: CEF VATEX code, e.g. "VATEX-EU-132-1M" (sport, art. 44), "VATEX-EU-AE", "VATEX-EU-O". */
  exemptionReasonCode?: string;
}

/** Postal address (BG-5 / BG-8). */
export interface EInvoiceAddress {
  /** BT-35 / BT-50. */
  street?: string;
  /** BT-36 / BT-51: second line (box, building). */
  additionalStreet?: string;
  /** BT-37 / BT-52. */
  city?: string;
  /** BT-38 / BT-53. */
  postalCode?: string;
  /** BT-40 / BT-55: ISO 3166-1 alpha-2 (BE, FR, NL…). */
  countryCode: string;
}

/**
 * Peppol participant (electronic address, BT-34 / BT-49): ICD scheme + identifier, e.g.
 * { scheme: "0208", id: "0123456749" } for a Belgian enterprise number, see peppolParticipantId.
 */
export interface PeppolEndpoint {
  scheme: string;
  id: string;
}

/** Contact point (BG-6 / BG-9). */
export interface EInvoiceContact {
  name?: string;
  email?: string;
  phone?: string;
}

/** Seller (BG-4): the organiser issuing the invoice. */
export interface EInvoiceSeller {
  /** BT-27: legal name. */
  name: string;
  /** BT-28: trading name when it differs from the legal name. */
  tradingName?: string;
  /** BT-31: VAT number with its country prefix (BE0123456749); absent when not VAT-registered. */
  vatNumber?: string;
  /** BT-30: Belgian enterprise number, 10 digits (written with scheme 0208). */
  enterpriseNumber?: string;
  /**
   * BT-32: tax registration of a seller without a VAT number (an exempt invoice needs BT-31 or
   * BT-32, EN 16931 BR-E-02); by default the enterprise number of such a seller, e.g. a club
   * exempt under art. 44.
   */
  taxRegistrationId?: string;
  address: EInvoiceAddress;
  /** BT-34: required by Peppol. */
  endpoint: PeppolEndpoint;
  contact?: EInvoiceContact;
  /** BT-84 / BT-86: account the buyer pays to. */
  iban?: string;
  bic?: string;
}

/** Buyer (BG-7): the customer (a business for Peppol delivery). */
export interface EInvoiceBuyer {
  /** BT-44: legal name (company name, or the person's name). */
  name: string;
  /** BT-48: VAT number with country prefix; required for reverse charge (AE). */
  vatNumber?: string;
  /** BT-47: Belgian enterprise number, 10 digits (written with scheme 0208). */
  enterpriseNumber?: string;
  address: EInvoiceAddress;
  /** BT-49: required by Peppol; without one the document cannot be sent through Peppol. */
  endpoint: PeppolEndpoint;
  contact?: EInvoiceContact;
}

/** An invoice line (BG-25). */
export interface EInvoiceLine {
  /** BT-126: line identifier, unique within the document ("1", "2"…). */
  id: string;
  /** BT-153: item name (the line's label). */
  label: string;
  /** BT-154: item description. */
  description?: string;
  /**
   * BT-129: quantity, may be fractional. A discount or correction line has a negative quantity
   * (the price is never negative in EN 16931, BR-27).
   */
  quantity: number;
  /**
   * BT-146: VAT-exclusive price of one unit in minor units; may be fractional when derived from
   * a VAT-inclusive price (written with up to 4 decimals). quantity × unitPrice ≈ netAmount.
   */
  unitPrice: number;
  /** BT-131: VAT-exclusive line amount (quantity × unit price, rounded to the minor unit). */
  netAmount: number;
  /** BG-30: the line's VAT category and rate. */
  vat: VatCategory;
  /** BT-130: UN/ECE rec. 20 unit code; "C62" (one / unit) by default. */
  unitCode?: string;
}

/** A document-level allowance (BG-20), e.g. a voucher applied to the whole order. */
export interface EInvoiceAllowance {
  /** BT-97. */
  reason: string;
  /** BT-92: positive VAT-exclusive amount taken off. */
  amount: number;
  /** BT-95 / BT-96. */
  vat: VatCategory;
}

/** One row of the VAT breakdown (BG-23): one per category and rate. */
export interface EInvoiceVatBreakdown {
  /** BT-116: sum of line net amounts minus allowances in this category and rate. */
  taxableAmount: number;
  /** BT-117: taxableAmount × rate, rounded to the minor unit. */
  taxAmount: number;
  vat: VatCategory;
}

/** Document totals (BG-22). Sums hold exactly (EN 16931 BR-CO-10 … BR-CO-16). */
export interface EInvoiceTotals {
  /** BT-106: sum of line net amounts. */
  lineExtension: number;
  /** BT-107: sum of document allowances (0 when none). */
  allowances: number;
  /** BT-109: lineExtension − allowances. */
  taxExclusive: number;
  /** BT-110: sum of the breakdown's tax amounts. */
  tax: number;
  /** BT-112: taxExclusive + tax. */
  taxInclusive: number;
  /** BT-113: paid before this document (deposit); 0 when nothing. */
  prepaid: number;
  /** BT-115: taxInclusive − prepaid (+ rounding, none here). */
  payable: number;
}

/** Payment instructions (BG-16). */
export interface EInvoicePaymentMeans {
  /** BT-81: 30 credit transfer, 58 SEPA credit transfer. */
  code: "30" | "58";
  /** BT-83: remittance information, e.g. the Belgian structured reference +++123/4567/89012+++. */
  reference?: string;
  /** BT-84 / BT-86. */
  iban: string;
  bic?: string;
  /** BT-85: account name. */
  accountName?: string;
}

export interface EInvoiceDocument {
  kind: EInvoiceKind;
  /** BT-1: invoice / credit note number (prefix and sequence of the series). */
  number: string;
  /** BT-2: ISO date YYYY-MM-DD. */
  issueDate: string;
  /**
   * BT-9: ISO date; an invoice with an amount due needs it or `paymentTerms` (BR-CO-25). A UBL
   * credit note carries it in its payment means only, so without `paymentMeans` it is not written.
   */
  dueDate?: string;
  /** BT-5: ISO 4217 code (EUR). */
  currency: string;
  /** BT-10: buyer reference (Peppol requires BT-10 or an order reference): the cart reference. */
  buyerReference: string;
  /** BT-22: free-text note, e.g. the legal mention of the VAT regime or the footer message. */
  note?: string;
  /** BT-20: payment terms text. */
  paymentTerms?: string;
  /** BG-3: for a credit note, the invoice it credits (number and issue date). */
  creditedInvoice?: { number: string; issueDate: string };
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  lines: EInvoiceLine[];
  allowances: EInvoiceAllowance[];
  vatBreakdown: EInvoiceVatBreakdown[];
  totals: EInvoiceTotals;
  /** Absent when nothing remains to be paid by transfer. */
  paymentMeans?: EInvoicePaymentMeans;
}
