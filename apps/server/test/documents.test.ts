import { documentModels, issuedDocuments, participants, type registrations } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/http/cookies.ts";
import { numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, organiserIdOf, sessionOf } from "./cart-fixtures.ts";
import {
  customerIdByEmail,
  modelsOf,
  pdfText,
  placeRegistration,
  registrationOf,
} from "./document-fixtures.ts";
import { Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Documents of registrations (platform-and-account.md §3.1, §4, §5, §7): the list with its
// availability states, GET /api/documents/download as a real PDF, the 409s with the amount or
// the date, the custom-element inputs, and access across customers and organisers.

const PARTICIPATION = "Attestation de participation";
const TAX = "Attestation fiscale – frais de garde (281.86)";

let t: TestApp;
let demoId: number;
let demoEnId: number;
let parent: Client;
let parentId: number;
let lea: typeof registrations.$inferSelect;
let hugo: typeof registrations.$inferSelect;
let models: Map<string, typeof documentModels.$inferSelect>;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
  parentId = await customerIdByEmail(t, demoId, "parent@demo.test");
  parent = await sessionOf(t, demoId, DEMO_HOST, parentId);
  // The seed gives the demo parent Léa's camp (over, paid) and Hugo's (to come, unpaid).
  lea = await registrationOf(t, parentId, "Léa", "Stage Nature & Cabanes");
  hugo = await registrationOf(t, parentId, "Hugo", "Stage Multisports");
  models = await modelsOf(t, demoId);
});
afterAll(() => t.close());

const download = (client: Client, registrationId: number, documentId: number, query = "") =>
  client.get(
    `/api/documents/download?registration_id=${registrationId}&document_id=${documentId}${query}`,
  );

const newCustomer = numberedCustomers({
  firstname: "Client",
  lastname: "Documents",
  email: "documents",
  participant: "Zoé",
});
const customer = (organiserId = demoId, host = DEMO_HOST) => newCustomer(t, organiserId, host);

/** A registration of a new customer on a new activity (no category: only all-activity models). */
async function ownRegistration(options: {
  startsInDays: number;
  paid: number;
  cancelled?: boolean;
  organiserId?: number;
  host?: string;
}) {
  const organiserId = options.organiserId ?? demoId;
  const who = await customer(organiserId, options.host);
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId,
    title: "Stage de poterie",
    capacity: 10,
    price: 12_000,
    deposit: 4_000,
    startsInDays: options.startsInDays,
    dateHours: 6,
    dates: [{ capacity: 10 }, { capacity: 10 }, { capacity: 10 }],
  });
  const registration = await placeRegistration(t, {
    organiserId,
    customerId: who.customerId,
    participantId: who.participantId,
    availabilityId: availability.id,
    dateIds: dates.map((date) => date.id),
    total: 12_000,
    deposit: 4_000,
    paid: options.paid,
    cancelled: options.cancelled,
  });
  return { ...who, availability, registration };
}

async function issuedCount() {
  const rows = await t.db.select({ id: issuedDocuments.id }).from(issuedDocuments);
  return rows.length;
}

describe("GET /api/documents", () => {
  it("lists the documents of a registration with whether each can be downloaded", async () => {
    const response = await parent.get(`/api/documents?registration_id=${lea.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.map((document: { title: string }) => document.title)).toEqual([PARTICIPATION, TAX]);
    for (const document of data) {
      expect(document.availability).toEqual({ state: "AVAILABLE" });
      expect(document.settings).toEqual({
        payment_requirement: "TOTAL",
        date_requirement: "AVAILABILITY_END",
      });
      expect(document.download_url).toBe(
        `/api/documents/download?registration_id=${lea.id}&document_id=${document.id}`,
      );
    }
    // Only the tax certificate asks for a value: the child's national number.
    expect(data[0].pages).toEqual([{ elements: [] }]);
    const [page] = data[1].pages;
    expect(page.elements).toHaveLength(1);
    expect(page.elements[0]).toMatchObject({
      type: "STRING",
      custom_field: {
        type: "TEXT",
        title: "Numéro de registre national de l'enfant",
        required: false,
      },
    });
    expect(page.elements[0].custom_field_id).toBe(page.elements[0].custom_field.id);
  });

  it("says what is still owed and from when, for a camp to come that is not paid", async () => {
    expect(hugo.paidAmount).toBe(0);
    const response = await parent.get(`/api/documents?registration_id=${hugo.id}`);
    const { data } = response.json();
    expect(data).toHaveLength(2);
    for (const document of data) {
      expect(document.availability.state).toBe("UNAVAILABLE");
      expect(document.availability.amount_owed).toBe(hugo.totalAmount);
      expect(Date.parse(document.availability.available_from)).toBeGreaterThan(Date.now());
    }
  });

  it("lists nothing for a cancelled registration", async () => {
    const { client, registration } = await ownRegistration({
      startsInDays: -10,
      paid: 12_000,
      cancelled: true,
    });
    const response = await client.get(`/api/documents?registration_id=${registration.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it("answers 404 for another customer's registration and 401 for a visitor", async () => {
    const stranger = await customer();
    const other = await stranger.client.get(`/api/documents?registration_id=${lea.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: "REGISTRATION_NOT_FOUND" });
    const visitor = await new Client(t.app, DEMO_HOST).get(
      `/api/documents?registration_id=${lea.id}`,
    );
    expect(visitor.statusCode).toBe(401);
  });

  it("refuses a registration_id that is not an id", async () => {
    const response = await parent.get("/api/documents?registration_id=abc");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { registration_id: "INVALID_TYPE" },
    });
  });
});

describe("GET /api/documents/download", () => {
  it("renders the participation certificate as a PDF with the participant and the activity", async () => {
    const model = models.get(PARTICIPATION)!;
    const response = await download(parent, lea.id, model.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain("inline;");
    expect(response.headers["content-disposition"]).toContain(
      "filename*=UTF-8''Attestation%20de%20participation%20-%20L%C3%A9a%20Dubois.pdf",
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("Attestation de participation");
    expect(text).toContain("Léa Dubois");
    expect(text).toContain("Stage Nature & Cabanes");
    expect(text).toContain("Domaine du Bois-Joli");
    // 5 days of 09:00 to 16:00: 35 hours.
    expect(text).toContain("soit 5 jours et 35 heures");
    // The attendance QR code is drawn as a picture.
    expect(bytes.toString("latin1")).toMatch(/\/Subtype \/Image/);

    // Issued once: the same document number on a second download.
    const [issued] = await t.db
      .select()
      .from(issuedDocuments)
      .where(
        and(
          eq(issuedDocuments.registrationId, lea.id),
          eq(issuedDocuments.documentModelId, model.id),
        ),
      );
    expect(text).toContain(issued!.cuid);
    const again = await download(parent, lea.id, model.id);
    expect(await pdfText(again.rawPayload)).toContain(issued!.cuid);
    const [counted] = await t.db
      .select({ downloads: issuedDocuments.downloads })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.id, issued!.id));
    expect(counted!.downloads).toBe(2);
  });

  it("renders the 281.86 tax certificate with parent, child, period, days and amounts", async () => {
    const model = models.get(TAX)!;
    const listed = (await parent.get(`/api/documents?registration_id=${lea.id}`)).json();
    const elementId = listed.data[1].pages[0].elements[0].id;
    const response = await download(
      parent,
      lea.id,
      model.id,
      `&custom_element_${elementId}=${encodeURIComponent("19.07.21-123.45")}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("ATTESTATION DE FRAIS DE GARDE D'ENFANT");
    expect(text).toContain("Modèle 281.86");
    expect(text).toContain("Dubois Camille");
    expect(text).toContain("Rue des Bouleaux 14, 1170 Watermael-Boitsfort");
    expect(text).toContain("Dubois Léa");
    expect(text).toContain("19.07.21-123.45");
    // 5 days at 33 € a day: 165 €, in the organiser's currency and language.
    expect(text).toMatch(/\b5 33 € 165 €/);
    expect(text).toContain("Total 5 165 €");
  });

  it("checks the custom-element inputs against the field's rules", async () => {
    const model = models.get(TAX)!;
    const listed = (await parent.get(`/api/documents?registration_id=${lea.id}`)).json();
    const elementId = listed.data[1].pages[0].elements[0].id;
    const before = await issuedCount();
    const bad = await download(parent, lea.id, model.id, `&custom_element_${elementId}=123`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { [`custom_element_${elementId}`]: "INVALID_FORMAT" },
    });
    const stray = await download(parent, lea.id, model.id, "&custom_element_99999=x&colour=red");
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fields).toEqual({
      custom_element_99999: "UNKNOWN_FIELD",
      colour: "UNKNOWN_FIELD",
    });
    const repeated = await download(
      parent,
      lea.id,
      model.id,
      `&custom_element_${elementId}=a&custom_element_${elementId}=b`,
    );
    expect(repeated.json().fields).toEqual({ [`custom_element_${elementId}`]: "INVALID_TYPE" });
    expect(await issuedCount()).toBe(before);
  });

  it("refuses bad ids with the field's code", async () => {
    const missing = await parent.get(`/api/documents/download?registration_id=${lea.id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { document_id: "REQUIRED" },
    });
    const bad = await parent.get("/api/documents/download?registration_id=-1&document_id=x");
    expect(bad.json().fields).toEqual({
      registration_id: "INVALID_TYPE",
      document_id: "INVALID_TYPE",
    });
  });

  it("answers 409 with the amount still owed while the payment requirement is not met", async () => {
    const response = await download(parent, hugo.id, models.get(PARTICIPATION)!.id);
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body).toMatchObject({
      error: "DOCUMENT_PAYMENT_REQUIRED",
      amount_owed: hugo.totalAmount,
    });
    // The date stands in the way too: it is given as well.
    expect(Date.parse(body.available_from)).toBeGreaterThan(Date.now());
  });

  it("answers 409 with the date when paid but too early, and a PDF once the date is reached", async () => {
    const { client, registration } = await ownRegistration({ startsInDays: 5, paid: 12_000 });
    const model = models.get(PARTICIPATION)!;
    const early = await download(client, registration.id, model.id);
    expect(early.statusCode).toBe(409);
    const body = early.json();
    expect(body.error).toBe("DOCUMENT_NOT_YET_AVAILABLE");
    expect(body.amount_owed).toBeNull();
    // The end of the availability: its last date (three days from the start).
    const expectedEnd = Date.parse(body.available_from);
    expect(expectedEnd - Date.now()).toBeGreaterThan(7 * 86_400_000);

    // A deposit-only model without a date requirement is available at once.
    await t.db
      .update(documentModels)
      .set({ paymentRequirement: "DEPOSIT", dateRequirement: null })
      .where(eq(documentModels.id, model.id));
    try {
      const now = await download(client, registration.id, model.id);
      expect(now.statusCode).toBe(200);
      expect(await pdfText(now.rawPayload)).toContain("Zoé Documents");
    } finally {
      await t.db
        .update(documentModels)
        .set({ paymentRequirement: "TOTAL", dateRequirement: "AVAILABILITY_END" })
        .where(eq(documentModels.id, model.id));
    }
  });

  it("answers 409 DOCUMENT_PAYMENT_REQUIRED for a past camp that is only partly paid", async () => {
    const { client, registration } = await ownRegistration({ startsInDays: -10, paid: 4_000 });
    const response = await download(client, registration.id, models.get(PARTICIPATION)!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "DOCUMENT_PAYMENT_REQUIRED",
      amount_owed: 8_000,
      available_from: null,
    });
  });

  it("gives no document of a cancelled registration", async () => {
    const { client, registration } = await ownRegistration({
      startsInDays: -10,
      paid: 12_000,
      cancelled: true,
    });
    const response = await download(client, registration.id, models.get(PARTICIPATION)!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "REGISTRATION_CANCELLED" });
  });

  it("offers a model only for its activities: the tax certificate is for camps", async () => {
    const { client, registration } = await ownRegistration({ startsInDays: -10, paid: 12_000 });
    const list = (await client.get(`/api/documents?registration_id=${registration.id}`)).json();
    expect(list.data.map((document: { title: string }) => document.title)).toEqual([PARTICIPATION]);
    const response = await download(client, registration.id, models.get(TAX)!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "DOCUMENT_NOT_FOUND" });
    const ok = await download(client, registration.id, models.get(PARTICIPATION)!.id);
    expect(ok.statusCode).toBe(200);
  });

  it("keeps an archived participant's name on the documents", async () => {
    const { client, registration, participantId } = await ownRegistration({
      startsInDays: -10,
      paid: 12_000,
    });
    await t.db
      .update(participants)
      .set({ deletedAt: new Date() })
      .where(eq(participants.id, participantId));
    const response = await download(client, registration.id, models.get(PARTICIPATION)!.id);
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain("Zoé Documents");
  });

  describe("access", () => {
    it("answers 404 for another customer's registration, and issues nothing", async () => {
      const stranger = await customer();
      const before = await issuedCount();
      const response = await download(stranger.client, lea.id, models.get(PARTICIPATION)!.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "REGISTRATION_NOT_FOUND" });
      expect(await issuedCount()).toBe(before);
    });

    it("answers 404 across organisers: another organiser's registration or model", async () => {
      const english = await ownRegistration({
        organiserId: demoEnId,
        host: DEMO_EN_HOST,
        startsInDays: -10,
        paid: 12_000,
      });
      // A demo registration asked on the demo-en host.
      const theirs = await download(english.client, lea.id, models.get(PARTICIPATION)!.id);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: "REGISTRATION_NOT_FOUND" });
      // The demo organiser's model for a demo-en registration.
      const model = await download(
        english.client,
        english.registration.id,
        models.get(PARTICIPATION)!.id,
      );
      expect(model.statusCode).toBe(404);
      expect(model.json()).toEqual({ error: "DOCUMENT_NOT_FOUND" });
      // demo-en has no models: its registration lists none.
      const list = await english.client.get(
        `/api/documents?registration_id=${english.registration.id}`,
      );
      expect(list.json()).toEqual({ data: [] });
      // The demo parent's session is worth nothing on demo-en.
      const elsewhere = new Client(t.app, DEMO_EN_HOST);
      elsewhere.cookies.set(SESSION_COOKIE, parent.cookies.get(SESSION_COOKIE)!);
      const foreign = await download(elsewhere, lea.id, models.get(PARTICIPATION)!.id);
      expect(foreign.statusCode).toBe(401);
    });

    it("answers 401 to a visitor", async () => {
      const response = await download(
        new Client(t.app, DEMO_HOST),
        lea.id,
        models.get(PARTICIPATION)!.id,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "UNAUTHENTICATED" });
    });
  });
});
