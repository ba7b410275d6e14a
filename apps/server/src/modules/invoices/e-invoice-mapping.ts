import {
  belgianEnterpriseNumber,
  type EInvoiceAddress,
  type EInvoiceDocument,
  type InvoiceAddress,
  type InvoiceSnapshot,
  lineTaxableAmounts,
  type PeppolEndpoint,
  parseEuVatNumber,
  parsePeppolParticipantId,
  peppolParticipantId,
  VAT_EXEMPTION_CODES,
  type VatCategory,
} from "@booking/domain";

// A frozen invoice snapshot as an EN 16931 / Peppol BIS 3.0 document (issue 16 §1): the same
// figures as the PDF, the VAT-exclusive amounts drawn from the snapshot's VAT per rate
// (docs/decisions/0074-customer-invoices.md), so totals and breakdown hold exactly.

function addressOf(address: InvoiceAddress | null): EInvoiceAddress {
  if (!address) return { countryCode: "BE" };
  return {
    street: address.street || undefined,
    city: address.city || undefined,
    postalCode: address.postcode || undefined,
    countryCode: address.country || "BE",
  };
}

/** The VAT category of a rate under the snapshot's regime. */
function categoryOf(snapshot: InvoiceSnapshot, rate: number): VatCategory {
  if (snapshot.vat_regime === "SUBJECT") return { code: rate > 0 ? "S" : "Z", ratePercent: rate };
  return {
    code: "E",
    ratePercent: 0,
    exemptionReason: snapshot.legal_mention ?? undefined,
    exemptionReasonCode: VAT_EXEMPTION_CODES[snapshot.vat_regime],
  };
}

/** A party's Peppol address: its participant id, else one drawn from its VAT number, else its e-mail. */
function endpointOf(
  peppolId: string | null,
  vatNumber: string | null,
  email: string | null,
): PeppolEndpoint {
  return (
    (peppolId && parsePeppolParticipantId(peppolId)) ||
    (vatNumber && peppolParticipantId(vatNumber)) || { scheme: "EM", id: email ?? "" }
  );
}

const day = (iso: string) => iso.slice(0, 10);

export function eInvoiceOf(snapshot: InvoiceSnapshot): EInvoiceDocument {
  const { issuer, customer } = snapshot;
  const sellerVat = issuer.vat_number ? parseEuVatNumber(issuer.vat_number) : null;
  // A club exempt under art. 44 has no VAT number but an enterprise number: its Peppol id (0208)
  // and the tax registration an exempt invoice requires (BR-E-02, decision 0080).
  const sellerEnterprise =
    issuer.enterprise_number ??
    (issuer.vat_number ? belgianEnterpriseNumber(issuer.vat_number) : null);
  const buyerVat = customer.vat_number ? parseEuVatNumber(customer.vat_number) : null;
  const nets = lineTaxableAmounts(snapshot.lines);
  const prepaid = snapshot.type === "INVOICE" ? snapshot.prepaid_amount : 0;
  const payable = snapshot.total_amount - prepaid;
  const note = [snapshot.legal_mention, snapshot.reason, snapshot.message]
    .filter(Boolean)
    .join(" — ");
  return {
    kind: snapshot.type,
    number: snapshot.number,
    issueDate: day(snapshot.issued_at),
    dueDate: snapshot.due_at ? day(snapshot.due_at) : undefined,
    currency: snapshot.currency,
    buyerReference: snapshot.source.reference ?? snapshot.number,
    note: note || undefined,
    creditedInvoice: snapshot.credited_invoice
      ? {
          number: snapshot.credited_invoice.number,
          issueDate: day(snapshot.credited_invoice.issued_at),
        }
      : undefined,
    seller: {
      name: issuer.legal_name || issuer.name,
      tradingName: issuer.legal_name && issuer.legal_name !== issuer.name ? issuer.name : undefined,
      vatNumber: sellerVat?.value,
      enterpriseNumber: sellerEnterprise ?? undefined,
      address: addressOf(issuer.address),
      endpoint: endpointOf(null, sellerEnterprise ?? issuer.vat_number, issuer.email),
      contact: {
        name: issuer.name,
        email: issuer.email ?? undefined,
        phone: issuer.phone ?? undefined,
      },
      iban: issuer.iban ?? undefined,
      bic: issuer.bic ?? undefined,
    },
    buyer: {
      name: customer.company_name || customer.fullname,
      vatNumber: buyerVat?.value,
      enterpriseNumber:
        (customer.vat_number && belgianEnterpriseNumber(customer.vat_number)) || undefined,
      address: addressOf(customer.address),
      endpoint: endpointOf(customer.peppol_id, customer.vat_number, customer.email),
      contact: { name: customer.fullname, email: customer.email },
    },
    lines: snapshot.lines.map((line, index) => {
      const net = nets[index]!;
      return {
        id: String(index + 1),
        label: line.label || line.kind,
        description: line.description || undefined,
        quantity: net < 0 ? -1 : 1,
        unitPrice: Math.abs(net),
        netAmount: net,
        vat: categoryOf(snapshot, line.vat_rate),
      };
    }),
    allowances: [],
    vatBreakdown: snapshot.vat.map((row) => ({
      taxableAmount: row.taxable_amount,
      taxAmount: row.vat_amount,
      vat: categoryOf(snapshot, row.rate),
    })),
    totals: {
      lineExtension: snapshot.taxable_amount,
      allowances: 0,
      taxExclusive: snapshot.taxable_amount,
      tax: snapshot.vat_amount,
      taxInclusive: snapshot.total_amount,
      prepaid,
      payable,
    },
    paymentMeans:
      snapshot.type === "INVOICE" && snapshot.payment.bank_transfer && issuer.iban && payable > 0
        ? {
            code: "58",
            reference: snapshot.payment.reference ?? undefined,
            iban: issuer.iban,
            bic: issuer.bic ?? undefined,
            accountName: issuer.legal_name || issuer.name,
          }
        : undefined,
  };
}
