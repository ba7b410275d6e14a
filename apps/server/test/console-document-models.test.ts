import {
  type AdminDocumentModelView,
  type DocumentModelBody,
  documentModelBodyOf,
} from "@booking/contracts";
import { documentElements, documentModels, type registrations } from "@booking/db";
import { count, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionOf } from "./cart-fixtures.ts";
import {
  collaboratorWith,
  consoleLogin,
  customFieldIdOf,
  DEMO_OWNER_EMAIL,
  lastAuditOf,
  organiserIdOf,
} from "./console-fixtures.ts";
import { customerIdByEmail, pdfText, registrationOf } from "./document-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// The console's document models editor (platform-and-account.md §3.1, §6 documents.models.*,
// documents.downloads.read): a model edited whole, its layout rules, other organisers' models,
// the PDF preview on a real registration, and customers' downloads following the edit.

const PARTICIPATION = "Attestation de participation";

let t: TestApp;
let demoId: number;
let owner: Client;
let lea: typeof registrations.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t.db, "demo");
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  const parentId = await customerIdByEmail(t, demoId, "parent@demo.test");
  lea = await registrationOf(t, parentId, "Léa", "Stage Nature & Cabanes");
});
afterAll(() => t.close());

const text = (x: number, y: number, data: string, extra: Record<string, unknown> = {}) => ({
  type: "STRING" as const,
  x,
  y,
  width: null,
  payload: { data },
  settings: {},
  ...extra,
});

/** A model with every element type, a custom field asked on download and two pages. */
function fullModel(): DocumentModelBody {
  return {
    title: "Attestation de natation",
    description: "Le niveau atteint pendant le stage",
    payment_requirement: "TOTAL",
    date_requirement: "AVAILABILITY_END",
    custom_fields: [
      { type: "TEXT", title: "Niveau atteint", required: true },
      {
        type: "CHOICES_SINGLE",
        title: "Bassin",
        choices: [{ label: "Petit bassin" }, { label: "Grand bassin" }],
      },
    ],
    pages: [
      {
        size: "A4",
        orientation: "portrait",
        elements: [
          text(40, 40, "Attestation pour {{participant.fullname}}", {
            settings: { fontSize: 20, fontWeight: "bold", color: "#1d4ed8" },
            width: 515,
            align: "center",
          }),
          {
            type: "NUMBER",
            x: 40,
            y: 100,
            width: 80,
            align: "right",
            payload: { data: "{{availability.duration.hours}}" },
            settings: { decimals: 1 },
          },
          {
            type: "CURRENCY",
            x: 140,
            y: 100,
            width: null,
            payload: { data: "{{registration.total_amount}}" },
            settings: { fontSize: 12 },
          },
          {
            type: "DATE",
            x: 40,
            y: 130,
            width: null,
            payload: { data: "{{availability.end_at}}" },
            settings: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
          },
          text(40, 160, "", { custom_field: 0 }),
          {
            type: "IMAGE",
            x: 500,
            y: 760,
            width: null,
            payload: { data: "{{participant.attendance_qr_code}}" },
            settings: { width: 60, height: 60 },
          },
        ],
      },
      {
        size: "A4",
        orientation: "landscape",
        elements: [text(40, 40, "", { custom_field: 1 })],
      },
    ],
  };
}

async function elementRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(documentElements);
  return row!.n;
}

describe("document models in the console", () => {
  it("creates a model with every element type, reads it back, lists it, edits and deletes it, audited", async () => {
    const created = await owner.post("/api/admin/document-models", fullModel());
    expect(created.statusCode, created.body).toBe(201);
    const model: AdminDocumentModelView = created.json();
    expect(model).toMatchObject({
      title: "Attestation de natation",
      payment_requirement: "TOTAL",
      date_requirement: "AVAILABILITY_END",
      all_activities: true,
      custom_fields: [
        { title: "Niveau atteint", type: "TEXT", required: true },
        { title: "Bassin", choices: [{ label: "Petit bassin" }, { label: "Grand bassin" }] },
      ],
    });
    expect(model.pages.map((page) => page.elements.map((element) => element.type))).toEqual([
      ["STRING", "NUMBER", "CURRENCY", "DATE", "STRING", "IMAGE"],
      ["STRING"],
    ]);
    expect(model.pages[0]!.elements[4]!.custom_field).toBe(0);
    expect(model.pages[1]).toMatchObject({ orientation: "landscape" });
    expect((await lastAuditOf(t.db, model.cuid))?.action).toBe("document_model.created");
    expect((await owner.get(`/api/admin/document-models/${model.cuid}`)).json()).toEqual(model);
    const listing = await owner.get("/api/admin/document-models");
    expect(listing.statusCode, listing.body).toBe(200);
    const listed = listing.json().data;
    expect(listed).toContainEqual(
      expect.objectContaining({ cuid: model.cuid, pages: 2, elements: 7, downloads: 0 }),
    );

    // Moved title, the first custom field kept (by id), the second one dropped with its element.
    const edited = fullModel();
    edited.custom_fields = [{ ...edited.custom_fields![0]!, id: model.custom_fields[0]!.id }];
    edited.pages = [
      {
        ...edited.pages![0]!,
        elements: [{ ...edited.pages![0]!.elements[0]!, x: 60, y: 300 }],
      },
    ];
    edited.pages[0]!.elements.push(text(40, 200, "", { custom_field: 0 }));
    const updated = await owner.put(`/api/admin/document-models/${model.cuid}`, edited);
    expect(updated.statusCode, updated.body).toBe(200);
    const after: AdminDocumentModelView = updated.json();
    expect(after.pages).toHaveLength(1);
    expect(after.pages[0]!.elements[0]).toMatchObject({ x: 60, y: 300 });
    expect(after.custom_fields.map((field) => field.id)).toEqual([model.custom_fields[0]!.id]);
    expect((await lastAuditOf(t.db, model.cuid))?.action).toBe("document_model.updated");

    expect((await owner.delete(`/api/admin/document-models/${model.cuid}`)).statusCode).toBe(200);
    expect((await lastAuditOf(t.db, model.cuid))?.action).toBe("document_model.deleted");
    expect((await owner.get(`/api/admin/document-models/${model.cuid}`)).statusCode).toBe(404);
  });

  it("refuses elements off the page, unknown data fields and foreign custom fields, changing nothing", async () => {
    const before = await elementRows();
    const offPage = fullModel();
    offPage.pages![0]!.elements[0] = text(300, 40, "Trop large", { width: 400 });
    offPage.pages![0]!.elements[5] = {
      type: "IMAGE",
      x: 560,
      y: 800,
      width: null,
      payload: { data: "", url: "https://example.org/logo.png" },
      settings: { width: 60, height: 60 },
    };
    const response = await owner.post("/api/admin/document-models", offPage);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { "pages.0.elements.0.x": "TOO_BIG", "pages.0.elements.5.x": "TOO_BIG" },
    });

    const landscape = fullModel();
    // 700 pt across fits a landscape A4 page (841 pt) but not a portrait one (595 pt).
    landscape.pages![1]!.elements = [text(40, 500, "Large", { width: 700 })];
    expect((await owner.post("/api/admin/document-models", landscape)).statusCode).toBe(201);
    landscape.pages![1]!.elements = [text(40, 590, "Bas de page", { width: 700 })];
    expect((await owner.post("/api/admin/document-models", landscape)).json().fields).toEqual({
      "pages.1.elements.0.x": "TOO_BIG",
    });

    const unknown = fullModel();
    unknown.pages![0]!.elements[0] = text(40, 40, "{{participant.shoe_size}}");
    unknown.pages![0]!.elements[1] = text(40, 80, "{{customer.custom_fields.999999}}");
    unknown.pages![0]!.elements[2] = text(40, 120, "", { custom_field: 7 });
    const refused = await owner.post("/api/admin/document-models", unknown);
    expect(refused.json()).toMatchObject({
      fields: {
        "pages.0.elements.0.payload.data": "UNKNOWN_FIELD",
        "pages.0.elements.1.payload.data": "UNKNOWN_FIELD",
        "pages.0.elements.2.custom_field": "INVALID_CHOICE",
      },
    });

    // The organiser's own profile fields are known data fields.
    const address = await customFieldIdOf(t.db, demoId, "Adresse postale");
    const known = fullModel();
    known.pages![0]!.elements[0] = text(40, 40, `{{customer.custom_fields.${address}}}`);
    expect((await owner.post("/api/admin/document-models", known)).statusCode).toBe(201);

    // A custom field of another model cannot be taken over by id.
    const [participation] = await t.db
      .select({ cuid: documentModels.cuid })
      .from(documentModels)
      .where(eq(documentModels.title, "Attestation fiscale – frais de garde (281.86)"));
    const tax: AdminDocumentModelView = (
      await owner.get(`/api/admin/document-models/${participation!.cuid}`)
    ).json();
    const stolen = fullModel();
    stolen.custom_fields![0]!.id = tax.custom_fields[0]!.id;
    const stealing = await owner.post("/api/admin/document-models", stolen);
    expect(stealing.json().fields).toEqual({ "custom_fields.0.id": "INVALID_CHOICE" });

    const bad = await owner.post("/api/admin/document-models", {
      ...fullModel(),
      pages: [{ elements: [{ ...text(1.5, 40, "x"), settings: { fontSize: 0 } }] }],
    });
    expect(bad.statusCode).toBe(400);
    // Two models were accepted above (6 + 1 elements each).
    expect(await elementRows()).toBe(before + 14);
  });

  it("needs documents.models.update to edit and gives nothing of another organiser's models", async () => {
    const reader = await collaboratorWith(t, ["documents.models.read"]);
    const [mine] = (await owner.get("/api/admin/document-models")).json().data;
    const model = (await owner.get(`/api/admin/document-models/${mine.cuid}`)).json();
    const body = documentModelBodyOf(model);
    const refused = await reader.client.put(`/api/admin/document-models/${mine.cuid}`, body);
    expect(refused.statusCode).toBe(403);

    const otherOwner = await collaboratorWith(t, "owner", "demo-en");
    const theirs = await otherOwner.client.post("/api/admin/document-models", fullModel());
    expect(theirs.statusCode, theirs.body).toBe(201);
    const cuid = theirs.json().cuid;
    const url = `/api/admin/document-models/${cuid}`;
    expect((await owner.get(url)).statusCode).toBe(404);
    expect((await owner.put(url, fullModel())).statusCode).toBe(404);
    expect((await owner.delete(url)).statusCode).toBe(404);
    expect((await owner.get(`${url}/preview?registration=${lea.cuid}`)).statusCode).toBe(404);
    expect((await owner.get("/api/admin/document-models")).json().data).not.toContainEqual(
      expect.objectContaining({ cuid }),
    );
    // Nor can their staff preview one of ours on our registration.
    const ours = `/api/admin/document-models/${mine.cuid}/preview?registration=${lea.cuid}`;
    expect((await otherOwner.client.get(ours)).statusCode).toBe(404);
  });

  it("previews the saved model as a PDF on a real registration, and customers download the edited model", async () => {
    const [participation] = await t.db
      .select({ cuid: documentModels.cuid, id: documentModels.id })
      .from(documentModels)
      .where(eq(documentModels.title, PARTICIPATION));
    const url = `/api/admin/document-models/${participation!.cuid}`;
    const model: AdminDocumentModelView = (await owner.get(url)).json();
    const body = documentModelBodyOf(model);
    body.pages![0]!.elements.push(
      text(40, 700, "Nageur de {{availability.activity.title}} : {{participant.firstname}}"),
    );
    const saved = await owner.put(url, body);
    expect(saved.statusCode, saved.body).toBe(200);

    const preview = await owner.get(`${url}/preview?registration=${lea.cuid}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers["content-type"]).toBe("application/pdf");
    expect(await pdfText(preview.rawPayload)).toContain("Nageur de Stage Nature & Cabanes : Léa");
    expect(
      (await owner.get(`${url}/preview?registration=zzzzzzzzzzzzzzzzzzzzzzzz`)).statusCode,
    ).toBe(404);

    const parent = await sessionOf(t, demoId, DEMO_HOST, lea.customerId);
    const download = await parent.get(
      `/api/documents/download?registration_id=${lea.id}&document_id=${participation!.id}`,
    );
    expect(download.statusCode, download.body).toBe(200);
    expect(await pdfText(download.rawPayload)).toContain("Nageur de Stage Nature & Cabanes : Léa");
  });
});
