import { beforeAll, describe, expect, it } from "vitest";
import { toUbl } from "../src/e-invoicing/ubl.ts";
import type { EInvoiceDocument } from "../src/index.ts";
import { belgianInvoice, line, vat } from "./e-invoicing-fixtures.ts";
import { type PeppolResult, peppolValidator } from "./e-invoicing-validator.ts";

const campWeek = (category = vat.standard(21)) =>
  line("1", "Stage d'été – semaine 1", 2, 10000, category);

/** Every kind of document the platform produces (issue 16: "every kind ... zero fatal"). */
const documents: Record<string, EInvoiceDocument> = {
  "VAT at one rate": belgianInvoice({
    lines: [campWeek(), line("2", "T-shirt du club", 1, 1500, vat.standard(21))],
  }),
  "several rates (6, 12, 21 %) with net prices derived from VAT-inclusive ones": belgianInvoice({
    lines: [
      line("1", "Livre d'exercices", 3, 1000 / 1.06, vat.standard(6)),
      line("2", "Repas", 2, 800 / 1.12, vat.standard(12)),
      line("3", "Location de terrain", 1, 12100 / 1.21, vat.standard(21)),
    ],
  }),
  "exempt under article 44, club without a VAT number": belgianInvoice(
    { lines: [campWeek(vat.article44)] },
    {
      note: "Exemption de TVA, article 44 du Code de la TVA.",
      // Its enterprise number is its tax registration (BT-32), as BR-E-02 requires.
      seller: { ...belgianInvoice({ lines: [] }).seller, vatNumber: undefined },
    },
  ),
  "small-business franchise": belgianInvoice(
    { lines: [campWeek(vat.franchise)] },
    { note: "Petite entreprise soumise au régime de la franchise de taxe – TVA non applicable." },
  ),
  "reverse charge to an EU business buyer": belgianInvoice(
    { lines: [line("1", "Frais de plateforme", 1, 25000, vat.reverseCharge)] },
    {
      note: "Autoliquidation.",
      buyer: {
        name: "Sportvereniging Oranje B.V.",
        vatNumber: "NL123456789B01",
        address: {
          street: "Damrak 1",
          city: "Amsterdam",
          postalCode: "1012 LG",
          countryCode: "NL",
        },
        endpoint: { scheme: "9944", id: "NL123456789B01" },
      },
    },
  ),
  "outside the scope of VAT, buyer outside the EU": belgianInvoice(
    { lines: [line("1", "Frais de plateforme", 1, 25000, vat.outsideScope)] },
    {
      buyer: {
        name: "Club de sport Léman SA",
        address: {
          street: "Rue du Rhône 1",
          city: "Genève",
          postalCode: "1204",
          countryCode: "CH",
        },
        endpoint: { scheme: "9927", id: "CHE123456789" },
      },
    },
  ),
  "deposit paid (prepaid amount)": belgianInvoice({ lines: [campWeek()], prepaid: 5000 }),
  "voucher as a document allowance": belgianInvoice({
    lines: [campWeek()],
    allowances: [{ reason: "Bon de réduction ÉTÉ26", amount: 2000, vat: vat.standard(21) }],
  }),
  "credit note referring to an invoice": belgianInvoice(
    { lines: [line("1", "Annulation : stage d'été – semaine 1", 1, 10000, vat.standard(21))] },
    {
      kind: "CREDIT_NOTE",
      number: "NC2026-000003",
      creditedInvoice: { number: "F2026-000042", issueDate: "2026-11-27" },
      dueDate: undefined,
      paymentMeans: undefined,
      paymentTerms: "Remboursé sur le compte du client.",
    },
  ),
  "exempt credit note": belgianInvoice(
    { lines: [line("1", "Annulation : stage", 1, 10000, vat.article44)] },
    {
      kind: "CREDIT_NOTE",
      number: "NC2026-000004",
      creditedInvoice: { number: "F2026-000041", issueDate: "2026-11-20" },
      dueDate: undefined,
      paymentMeans: undefined,
      paymentTerms: "Remboursé sur le compte du client.",
    },
  ),
};

const names = Object.keys(documents);
const xml = Object.fromEntries(
  names.map((name) => [name, toUbl(documents[name] as EInvoiceDocument)]),
);
let results: Record<string, PeppolResult>;

beforeAll(async () => {
  const validator = await peppolValidator();
  const all = await validator.validateAll(names.map((name) => xml[name] as string));
  results = Object.fromEntries(names.map((name, index) => [name, all[index] as PeppolResult]));
}, 60_000);

describe("toUbl passes the official Peppol BIS 3.0 and EN 16931 rules", () => {
  it.each(names)("%s: zero fatal findings, no warning", (name) => {
    const result = results[name] as PeppolResult;
    expect(result.fatal.map((f) => `${f.id} at ${f.location}: ${f.text}`)).toEqual([]);
    expect(result.warnings.map((f) => `${f.id}: ${f.text}`)).toEqual([]);
    expect(result.documentType).toBe(
      documents[name]?.kind === "CREDIT_NOTE" ? "CreditNote" : "Invoice",
    );
  });

  it("the validator does run: inconsistent totals are fatal", async () => {
    const validator = await peppolValidator();
    const document = belgianInvoice({ lines: [campWeek()] });
    const broken = { ...document, totals: { ...document.totals, taxInclusive: 1, payable: 1 } };
    const [result] = await validator.validateAll([toUbl(broken)]);
    expect(result?.fatal.map((f) => f.id)).toContain("BR-CO-15");
  }, 30_000);
});

describe("toUbl", () => {
  it("writes a credit note with the invoice it credits", () => {
    const text = xml["credit note referring to an invoice"] as string;
    expect(text).toContain(
      '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"',
    );
    expect(text).toMatch(
      /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>F2026-000042<\/cbc:ID>/,
    );
    expect(text).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
  });

  it("writes the deposit as the prepaid amount and what remains as payable", () => {
    const text = xml["deposit paid (prepaid amount)"] as string;
    expect(text).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">242.00</cbc:TaxInclusiveAmount>',
    );
    expect(text).toContain('<cbc:PrepaidAmount currencyID="EUR">50.00</cbc:PrepaidAmount>');
    expect(text).toContain('<cbc:PayableAmount currencyID="EUR">192.00</cbc:PayableAmount>');
  });

  it("writes one VAT breakdown per rate with the VAT of the summed taxable amount", () => {
    const text = xml[
      "several rates (6, 12, 21 %) with net prices derived from VAT-inclusive ones"
    ] as string;
    // 3 × 10.00 incl. 6 % → 28.30 net, 1.70 VAT; 2 × 8.00 incl. 12 % → 14.29 net, 1.71 VAT.
    expect(text).toMatch(
      /<cbc:TaxableAmount currencyID="EUR">28.30<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">1.70</,
    );
    expect(text).toMatch(
      /<cbc:TaxableAmount currencyID="EUR">14.29<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">1.71</,
    );
    expect(text).toContain('<cbc:PriceAmount currencyID="EUR">9.434</cbc:PriceAmount>');
  });

  it("gives a seller without a VAT number its enterprise number as tax registration", () => {
    const text = xml["exempt under article 44, club without a VAT number"] as string;
    expect(text).toMatch(
      /<cac:PartyTaxScheme>\s*<cbc:CompanyID>0123456749<\/cbc:CompanyID>\s*<cac:TaxScheme>\s*<cbc:ID>TAX</,
    );
    expect(text).not.toContain("<cbc:CompanyID>BE0123456749</cbc:CompanyID>");
  });

  it("leaves out VAT identifiers outside the scope of VAT (BR-O-02/03)", () => {
    expect(xml["outside the scope of VAT, buyer outside the EU"]).not.toContain("PartyTaxScheme");
    expect(xml["VAT at one rate"]).toContain("<cbc:CompanyID>BE0987654394</cbc:CompanyID>");
  });

  it("escapes text as XML", () => {
    const document = belgianInvoice({
      lines: [line("1", "Tennis & <padel>", 1, 1000, vat.standard(21))],
    });
    expect(toUbl(document)).toContain("<cbc:Name>Tennis &amp; &lt;padel&gt;</cbc:Name>");
  });

  it("refuses a currency with more than 2 decimals, which EN 16931 cannot carry", () => {
    const document = belgianInvoice({ lines: [campWeek()] }, { currency: "KWD" });
    expect(() => toUbl(document)).toThrow(RangeError);
  });
});
