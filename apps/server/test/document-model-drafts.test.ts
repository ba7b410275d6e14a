import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type AdminDocumentModelView,
  type DocumentModelBody,
  documentModelBodyOf,
} from "@booking/contracts";
import {
  auditLogs,
  documentImages,
  documentModels,
  organisers,
  type registrations,
} from "@booking/db";
import { and, count, eq } from "@booking/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionOf } from "./cart-fixtures.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  organiserIdOf,
} from "./console-fixtures.ts";
import { customerIdByEmail, pdfText, registrationOf } from "./document-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

// Document models' drafts, pictures and element ids (issue 17 §4, decision 0103): the editor's
// unsaved state previewed as a PDF (checked as a save, saving nothing), pictures uploaded as PNG
// or JPEG files (type read from the bytes, hostile files refused with nothing stored, other
// organisers' pictures refused), and elements that keep their ids across saves, so that a
// customer's download form opened before a save still works after it.

const PARTICIPATION = "Attestation de participation";
const TAX = "Attestation fiscale – frais de garde (281.86)";
const IMAGES_ROOT = path.join(tmpdir(), "booking-document-images");

let t: TestApp;
let demoId: number;
let demoCuid: string;
let owner: Client;
let lea: typeof registrations.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t.db, "demo");
  const [demo] = await t.db
    .select({ cuid: organisers.cuid })
    .from(organisers)
    .where(eq(organisers.id, demoId));
  demoCuid = demo!.cuid;
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  const parentId = await customerIdByEmail(t, demoId, "parent@demo.test");
  lea = await registrationOf(t, parentId, "Léa", "Stage Nature & Cabanes");
});
afterAll(() => t.close());

async function modelNamed(title: string): Promise<{ cuid: string; id: number; url: string }> {
  const [row] = await t.db
    .select({ cuid: documentModels.cuid, id: documentModels.id })
    .from(documentModels)
    .where(and(eq(documentModels.organiserId, demoId), eq(documentModels.title, title)));
  return { ...row!, url: `/api/admin/document-models/${row!.cuid}` };
}

async function bodyOf(url: string): Promise<DocumentModelBody> {
  return documentModelBodyOf((await owner.get(url)).json() as AdminDocumentModelView);
}

const text = (x: number, y: number, data: string) => ({
  type: "STRING" as const,
  x,
  y,
  width: null,
  payload: { data },
  settings: {},
});

const png = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: "#e67e22" } })
    .png()
    .toBuffer();

async function storedFiles(): Promise<number> {
  return (await readdir(path.join(IMAGES_ROOT, demoCuid)).catch(() => [])).length;
}

async function imageRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(documentImages);
  return row!.n;
}

const draftPreview = (client: Client, body: unknown, query: string) =>
  client.post(`/api/admin/document-models/preview?${query}`, body);

/** How many pictures (image XObjects) a PDF embeds. */
const pictures = (pdf: Buffer) => pdf.toString("latin1").split("/Subtype /Image").length - 1;

describe("the preview of a draft", () => {
  it("draws the unsaved draft for a registration and saves nothing", async () => {
    const model = await modelNamed(PARTICIPATION);
    const body = await bodyOf(model.url);
    body.pages![0]!.elements.push(text(40, 720, "Brouillon pour {{participant.firstname}}"));
    const audits = async () =>
      (
        await t.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.organiserId, demoId))
      )[0]!.n;
    const before = { model: await bodyOf(model.url), audits: await audits() };

    const preview = await draftPreview(owner, body, `registration=${lea.cuid}&model=${model.cuid}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers["content-type"]).toBe("application/pdf");
    expect(await pdfText(preview.rawPayload)).toContain("Brouillon pour Léa");
    // Nothing saved, nothing audited; the saved model's preview does not show the draft.
    expect(await bodyOf(model.url)).toEqual(before.model);
    expect(await audits()).toBe(before.audits);
    const saved = await owner.get(`${model.url}/preview?registration=${lea.cuid}`);
    expect(await pdfText(saved.rawPayload)).not.toContain("Brouillon");
  });

  it("draws a new model's draft, its custom fields in brackets", async () => {
    const preview = await draftPreview(
      owner,
      {
        title: "Brouillon",
        custom_fields: [{ type: "TEXT", title: "Moniteur" }],
        pages: [
          {
            elements: [
              text(40, 40, "Pour {{participant.fullname}}"),
              { ...text(40, 80, ""), custom_field: 0 },
            ],
          },
        ],
      },
      `registration=${lea.cuid}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const words = await pdfText(preview.rawPayload);
    expect(words).toContain("Pour Léa");
    expect(words).toContain("[Moniteur]");
  });

  it("refuses a draft as a save would, and other organisers' models and registrations", async () => {
    const model = await modelNamed(PARTICIPATION);
    const body = await bodyOf(model.url);
    body.pages![0]!.elements.push(text(40, 900, "{{participant.nope}}"));
    const refused = await draftPreview(owner, body, `registration=${lea.cuid}&model=${model.cuid}`);
    expect(refused.statusCode).toBe(400);
    const index = body.pages![0]!.elements.length - 1;
    const fields = Object.keys(refused.json().fields);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.every((field) => field.startsWith(`pages.0.elements.${index}.`))).toBe(true);
    const save = await owner.put(model.url, body);
    expect(save.statusCode).toBe(400);
    expect(save.json().fields).toEqual(refused.json().fields);

    const valid = await bodyOf(model.url);
    const otherOwner = await collaboratorWith(t, "owner", "demo-en");
    // Their staff: our model and our registration are unknown to them.
    const theirs = await draftPreview(
      otherOwner.client,
      valid,
      `registration=${lea.cuid}&model=${model.cuid}`,
    );
    expect(theirs.statusCode).toBe(404);
    const noModel = valid.pages!.map((page) => ({
      ...page,
      elements: page.elements.map(({ id: _id, ...element }) => element),
    }));
    const ourRegistration = await draftPreview(
      otherOwner.client,
      { ...valid, custom_fields: [], pages: noModel },
      `registration=${lea.cuid}`,
    );
    expect(ourRegistration.statusCode).toBe(404);
    // Element ids of a saved model are refused without it (they are that model's).
    const stray = await draftPreview(owner, valid, `registration=${lea.cuid}`);
    expect(stray.statusCode).toBe(400);
    expect(Object.values(stray.json().fields)).toContain("INVALID_CHOICE");
    // Without documents.downloads.read.
    const editor = await collaboratorWith(t, ["documents.models.read", "documents.models.update"]);
    const forbidden = await draftPreview(
      editor.client,
      valid,
      `registration=${lea.cuid}&model=${model.cuid}`,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("pictures of document models", () => {
  it("uploads a PNG and a JPEG, shows them to staff, and draws them in the PDF", async () => {
    const upload = await owner.postFile(
      "/api/admin/document-images",
      "fond.png",
      await png(595, 841),
      "image/png",
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const background = upload.json();
    expect(background).toMatchObject({ content_type: "image/png", width: 595, height: 841 });
    expect(background.url).toBe(`upload:${background.cuid}`);
    const jpeg = await owner.postFile(
      "/api/admin/document-images",
      "logo.bin",
      await sharp(await png())
        .jpeg()
        .toBuffer(),
    );
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json().content_type).toBe("image/jpeg");

    const shown = await owner.get(`/api/admin/document-images/${background.cuid}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/png");
    expect(shown.headers["x-content-type-options"]).toBe("nosniff");

    const model = await modelNamed(TAX);
    const body = await bodyOf(model.url);
    body.pages![0]!.background_url = background.url;
    body.pages![0]!.elements.push({
      type: "IMAGE",
      x: 480,
      y: 20,
      width: null,
      payload: { data: "", url: jpeg.json().url },
      settings: { width: 60, height: 30 },
    });
    const withoutPictures = await draftPreview(
      owner,
      await bodyOf(model.url),
      `registration=${lea.cuid}&model=${model.cuid}`,
    );
    const before = pictures(withoutPictures.rawPayload);
    const draft = await draftPreview(owner, body, `registration=${lea.cuid}&model=${model.cuid}`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(pictures(draft.rawPayload)).toBe(before + 2);

    const saved = await owner.put(model.url, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().pages[0].background_url).toBe(background.url);
    const pdf = await owner.get(`${model.url}/preview?registration=${lea.cuid}`);
    expect(pictures(pdf.rawPayload)).toBe(before + 2);
  });

  it("refuses hostile files with a 4xx and stores nothing", async () => {
    const files = await storedFiles();
    const rows = await imageRows();
    const cases: Array<[string, Buffer, number, string]> = [
      [
        "page.png",
        Buffer.from("<html><script>alert(1)</script></html>"),
        415,
        "IMAGE_TYPE_UNSUPPORTED",
      ],
      [
        "logo.png",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        415,
        "IMAGE_TYPE_UNSUPPORTED",
      ],
      // A PNG's signature on nothing that decodes.
      [
        "cut.png",
        Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(64)]),
        415,
        "IMAGE_TYPE_UNSUPPORTED",
      ],
      [
        "gif.png",
        await sharp(await png())
          .gif()
          .toBuffer(),
        415,
        "IMAGE_TYPE_UNSUPPORTED",
      ],
      [
        "big.png",
        Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]),
        413,
        "IMAGE_TOO_LARGE",
      ],
      ["empty.png", Buffer.alloc(0), 400, "IMAGE_FILE_REQUIRED"],
    ];
    for (const [name, bytes, status, error] of cases) {
      const refused = await owner.postFile("/api/admin/document-images", name, bytes, "image/png");
      expect(refused.statusCode, name).toBe(status);
      expect(refused.json().error, name).toBe(error);
    }
    const notMultipart = await owner.post("/api/admin/document-images", { url: "x" });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
    // Without documents.models.update.
    const reader = await collaboratorWith(t, ["documents.models.read"]);
    const forbidden = await reader.client.postFile(
      "/api/admin/document-images",
      "ok.png",
      await png(),
      "image/png",
    );
    expect(forbidden.statusCode).toBe(403);
    expect(await storedFiles()).toBe(files);
    expect(await imageRows()).toBe(rows);
  });

  it("keeps other organisers' pictures out of our models and our console", async () => {
    const otherOwner = await collaboratorWith(t, "owner", "demo-en");
    const theirs = await otherOwner.client.postFile(
      "/api/admin/document-images",
      "theirs.png",
      await png(),
      "image/png",
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const picture = theirs.json();
    expect((await owner.get(`/api/admin/document-images/${picture.cuid}`)).statusCode).toBe(404);

    const model = await modelNamed(PARTICIPATION);
    const before = await bodyOf(model.url);
    const body = await bodyOf(model.url);
    body.pages![0]!.background_url = picture.url;
    const save = await owner.put(model.url, body);
    expect(save.statusCode).toBe(400);
    expect(save.json().fields).toMatchObject({ "pages.0.background_url": "INVALID_CHOICE" });
    const preview = await draftPreview(owner, body, `registration=${lea.cuid}&model=${model.cuid}`);
    expect(preview.statusCode).toBe(400);
    expect(await bodyOf(model.url)).toEqual(before);
    // A made-up reference is refused the same way; an address of an older model still saves.
    body.pages![0]!.background_url = "upload:zzzzzzzzzzzzzzzzzzzzzzzz";
    expect((await owner.put(model.url, body)).statusCode).toBe(400);
    body.pages![0]!.background_url = "data:image/png;base64,iVBORw0KGgo=";
    expect((await owner.put(model.url, body)).statusCode).toBe(200);
  });
});

describe("element ids across saves", () => {
  it("a download form opened before staff save is sent after it and the PDF comes", async () => {
    // A model with a value the family types on download.
    const created = await owner.post("/api/admin/document-models", {
      title: "Attestation de présence",
      custom_fields: [{ type: "TEXT", title: "Nom du médecin", required: true }],
      pages: [
        {
          elements: [
            text(40, 40, "Présence de {{participant.firstname}}"),
            { ...text(40, 80, ""), custom_field: 0 },
          ],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const model: AdminDocumentModelView = created.json();
    const url = `/api/admin/document-models/${model.cuid}`;
    const [row] = await t.db
      .select({ id: documentModels.id })
      .from(documentModels)
      .where(and(eq(documentModels.organiserId, demoId), eq(documentModels.cuid, model.cuid)));

    // The family opens the download form: it names the element asking for the doctor.
    const parent = await sessionOf(t, demoId, DEMO_HOST, lea.customerId);
    const form = await parent.get(`/api/documents?registration_id=${lea.id}`);
    expect(form.statusCode, form.body).toBe(200);
    const document = form.json().data.find((item: { id: number }) => item.id === row!.id);
    const asked = document.pages[0].elements[0];
    expect(asked.custom_field.title).toBe("Nom du médecin");

    // Staff move that element, add one before it and save, twice.
    const body = documentModelBodyOf((await owner.get(url)).json());
    const elements = body.pages![0]!.elements;
    elements[1] = { ...elements[1]!, y: 120 };
    elements.unshift(text(40, 20, "Les Petits Explorateurs"));
    expect((await owner.put(url, body)).statusCode).toBe(200);
    const again = documentModelBodyOf((await owner.get(url)).json());
    const ids = (view: DocumentModelBody) => view.pages![0]!.elements.map((element) => element.id);
    expect((await owner.put(url, again)).statusCode).toBe(200);
    const afterSaves: AdminDocumentModelView = (await owner.get(url)).json();
    expect(afterSaves.pages[0]!.elements.map((element) => element.id)).toEqual(ids(again));
    expect(afterSaves.pages[0]!.elements[2]!.id).toBe(asked.id);
    expect(afterSaves.pages[0]!.elements[2]!.y).toBe(120);

    // The form sent with the element id it was opened with: the PDF comes, with the answer.
    const download = await parent.get(
      `/api/documents/download?registration_id=${lea.id}&document_id=${row!.id}&custom_element_${asked.id}=${encodeURIComponent("Dr Janssens")}`,
    );
    expect(download.statusCode, download.body).toBe(200);
    const words = await pdfText(download.rawPayload);
    expect(words).toContain("Dr Janssens");
    expect(words).toContain("Les Petits Explorateurs");

    // An element of another model cannot be taken over by a save.
    const other = await modelNamed(PARTICIPATION);
    const foreign = await bodyOf(other.url);
    foreign.pages![0]!.elements[0] = { ...foreign.pages![0]!.elements[0]!, id: asked.id };
    const refused = await owner.put(other.url, foreign);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ "pages.0.elements.0.id": "INVALID_CHOICE" });
  });
});
