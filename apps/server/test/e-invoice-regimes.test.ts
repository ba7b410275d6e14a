import { customerInvoices, organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peppolValidator } from "../../../packages/domain/test/e-invoicing-validator.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import {
  checkedOutCart,
  invoiceCustomer,
  invoiceSettings,
  invoiceStage,
  issueFromEvents,
  makeBusiness,
} from "./invoice-fixtures.ts";

// Every VAT regime's invoice and credit note to a business customer, as the invoices module maps
// its frozen snapshot, passes the official Peppol BIS 3.0 rules with zero fatal finding — also
// for a club exempt under art. 44 with an enterprise number and no VAT number (decision 0080).

let t: TestApp;
let demoId: number;
let owner: Client;
let customerCount = 0;
let availability: { availabilityId: number; dateId: number };

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  demoId = demo!.id;
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  // Invoices issued as each order is processed (the default waits for the customer's request).
  await invoiceSettings(owner, { issue_on: "CART_PROCESSED" });
  availability = await invoiceStage(t, demoId, "Stage e-facture");
});
afterAll(async () => {
  await t.close();
});

async function business(vatNumber: string | null, enterpriseNumber: string | null) {
  return owner.put("/api/admin/settings/business", {
    legal_name: "Club Demo ASBL",
    vat_number: vatNumber,
    enterprise_number: enterpriseNumber,
    iban: "BE68539007547034",
    bic: "GKCCBEBB",
    street: "Rue de la Loi",
    number: "16",
    postcode: "1000",
    city: "Bruxelles",
    country: "BE",
  });
}

/** A business customer's checked-out cart, its invoice and a credit note for all of it: both UBLs. */
async function businessDocuments(): Promise<string[]> {
  customerCount += 1;
  const who = await invoiceCustomer(t, demoId, "Regime", customerCount);
  await makeBusiness(t, demoId, who.customerId);
  await checkedOutCart(who, availability);
  await issueFromEvents(t, { oneByOne: true });
  const [invoice] = await t.db
    .select()
    .from(customerInvoices)
    .where(eq(customerInvoices.customerId, who.customerId));
  const { client: staff } = await collaboratorWith(t, ["payments.payments.refund"]);
  const credited = await staff.post(`/api/admin/invoices/${invoice!.cuid}/credit`, {
    reason: "Annulation",
  });
  expect(credited.statusCode, credited.body).toBe(200);
  const documents = (await who.client.get("/api/invoices")).json().data as { ubl_url: string }[];
  expect(documents).toHaveLength(2);
  return Promise.all(
    documents.map(async (document) => {
      const ubl = await who.client.get(document.ubl_url);
      expect(ubl.statusCode).toBe(200);
      return ubl.body;
    }),
  );
}

async function expectValid(ubls: string[]) {
  const results = await (await peppolValidator()).validateAll(ubls);
  for (const result of results) expect(result.fatal).toEqual([]);
}

describe("the organiser's enterprise number", () => {
  it("is kept as 10 digits and refused with bad check digits, changing nothing", async () => {
    const saved = await business(null, "0417.497.106");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().enterprise_number).toBe("0417497106");
    const refused = await business(null, "0417.497.107");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ enterprise_number: "INVALID_ENTERPRISE_NUMBER" });
    expect((await owner.get("/api/admin/settings/business")).json().enterprise_number).toBe(
      "0417497106",
    );
  });
});

describe("Peppol UBL of every VAT regime", () => {
  it("art. 44 club without a VAT number: its enterprise number is its endpoint (0208)", async () => {
    expect((await business(null, "0417497106")).statusCode).toBe(200);
    await invoiceSettings(owner, { vat_regime: "EXEMPT_ARTICLE_44" });
    const ubls = await businessDocuments();
    for (const ubl of ubls) {
      expect(ubl).toContain('<cbc:EndpointID schemeID="0208">0417497106</cbc:EndpointID>');
    }
    await expectValid(ubls);
  });

  it("small-business franchise without a VAT number", async () => {
    expect((await business(null, "0417497106")).statusCode).toBe(200);
    await invoiceSettings(owner, { vat_regime: "SMALL_BUSINESS_FRANCHISE" });
    await expectValid(await businessDocuments());
  });

  it("subject to VAT at several rates", async () => {
    expect((await business("BE0417497106", null)).statusCode).toBe(200);
    const { vat_rates } = (await owner.get("/api/admin/invoices/settings")).json();
    await invoiceSettings(owner, {
      vat_regime: "SUBJECT",
      vat_rates: { ...vat_rates, registrations: 6, service_fees: 21 },
    });
    const ubls = await businessDocuments();
    for (const ubl of ubls) expect(ubl).toContain("BE0417497106");
    await expectValid(ubls);
  });
});
