import { Readable } from "node:stream";
import { auditLogs, customers, imports, participants } from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetEncoder, xlsxFile } from "../src/modules/exports/xlsx.ts";
import { collaboratorWith, customFieldIdOf, organiserIdOf } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import { csv, upload } from "./import-fixtures.ts";

// Issue 17 §2 through the console's calls: a customer file uploaded, its mapping guessed and
// adjusted, every row checked (errors listed and downloadable), the dry run's counts, the commit
// in one transaction and the re-import that changes nothing; bad files answered 4xx changing
// nothing; commits of the same file at once creating nothing twice.

let t: TestApp;
let owner: Client;
let organiserId: number;

beforeAll(async () => {
  t = await createTestApp();
  organiserId = await organiserIdOf(t.db, "demo");
  owner = (await collaboratorWith(t, ["imports.imports.create"])).client;
});
afterAll(async () => {
  await t.close();
});

/** A spreadsheet of text cells, written by the exports' own XLSX writer. */
async function xlsx(rows: string[][]): Promise<Buffer> {
  const [headers, ...data] = rows;
  const settings = { language: "fr" as const, currency: "EUR" };
  const columns = headers!.map((header, index) => ({
    header,
    type: "text" as const,
    value: (row: string[]) => row[index] || null,
  }));
  const encoder = sheetEncoder(columns, settings);
  const sheet = Readable.from([encoder.head(), encoder.rows(data), encoder.tail()]);
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxFile(sheet, { ...settings, sheetName: "Clients" })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const HEADERS = [
  "Prénom",
  "Nom",
  "E-mail",
  "Téléphone",
  "Prénom de l'enfant",
  "Date de naissance",
  "Comment nous avez-vous connus ?",
  "Remarques",
];
const family = (email: string, child: string, birthdate: string, remark = "") => [
  "Anne",
  "Import",
  email,
  "0470 12 34 56",
  child,
  birthdate,
  "école",
  remark,
];

async function uploaded(rows: string[][], name = "clients.csv") {
  const response = await upload(t.app, owner, name, csv(rows));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    cuid: string;
    mapping: (string | null)[];
    preview: string[][];
    targets: { key: string }[];
  };
}

const customersNamed = (lastname: string) =>
  t.db
    .select()
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.lastname, lastname)))
    .orderBy(asc(customers.email));

describe("customer imports", () => {
  it("guesses the mapping, lists each bad row's errors, refuses to commit them, then imports the fixed file", async () => {
    const source = await customFieldIdOf(t.db, organiserId, "Comment nous avez-vous connus ?");
    const medical = await customFieldIdOf(t.db, organiserId, "Allergies et remarques médicales");
    const bad = [
      HEADERS,
      family("anne.import@example.be", "Léa", "03/05/2016", "Arachides"),
      family("anne.import@example.be", "Tom", "2018-09-01"),
      family("pas-un-email", "Zoé", "31/02/2015"),
      family("marc.import@example.be", "", ""),
    ];
    const upload1 = await uploaded(bad);
    expect(upload1.mapping).toEqual([
      "customer.firstname",
      "customer.lastname",
      "customer.email",
      "customer.phone",
      "participant.firstname",
      "participant.birthdate",
      `customer.custom.${source}`,
      null,
    ]);
    expect(upload1.preview).toHaveLength(4);

    // "Remarques" is the participants' medical field: the organiser maps it by hand.
    const mapping = [...upload1.mapping.slice(0, 7), `participant.custom.${medical}`];
    const mapped = await owner.put(`/api/admin/imports/${upload1.cuid}/mapping`, { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);

    const check = await owner.get(`/api/admin/imports/${upload1.cuid}/check?locale=fr`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      mapping_problems: null,
      row_count: 4,
      error_count: 2,
      errors: [
        { line: 4, column: "E-mail", code: "INVALID_EMAIL", message: "Adresse e-mail invalide." },
        { line: 4, column: "Date de naissance", code: "INVALID_DATE" },
      ],
      summary: null,
    });
    const download = await owner.get(`/api/admin/imports/${upload1.cuid}/errors.csv?locale=en`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("text/csv");
    expect(download.body.split("\r\n")).toEqual([
      "\uFEFFLine,Column,Code,Message",
      "4,E-mail,INVALID_EMAIL,Invalid e-mail address.",
      "4,Date de naissance,INVALID_DATE,Invalid date (expected: dd/mm/yyyy or yyyy-mm-dd).",
      "",
    ]);

    const before = await databaseDigest(t.db);
    const refused = await owner.post(`/api/admin/imports/${upload1.cuid}/commit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "IMPORT_HAS_ERRORS" });
    expect(await databaseDigest(t.db)).toBe(before);

    // Fixed and uploaded again, the mapping's right column named as the field.
    const fixed = [
      [...HEADERS.slice(0, 7), "Allergies et remarques médicales"],
      ...bad.slice(1, 3),
      family("zoe.import@example.be", "Zoé", "28/02/2015"),
      bad[4]!,
    ];
    const upload2 = await uploaded(fixed);
    expect(upload2.mapping[7]).toBe(`participant.custom.${medical}`);
    const dryRun = await owner.get(`/api/admin/imports/${upload2.cuid}/check`);
    expect(dryRun.json()).toMatchObject({
      error_count: 0,
      summary: {
        customers: { created: 3, updated: 0, unchanged: 0 },
        participants: { created: 3, updated: 0, unchanged: 0 },
      },
    });
    const committed = await owner.post(`/api/admin/imports/${upload2.cuid}/commit`);
    expect(committed.statusCode, committed.body).toBe(200);

    const imported = await customersNamed("Import");
    expect(imported.map((c) => [c.email, c.phone, c.customData])).toEqual([
      ["anne.import@example.be", "+32470123456", [{ field_id: source, data: "École" }]],
      ["marc.import@example.be", "+32470123456", [{ field_id: source, data: "École" }]],
      ["zoe.import@example.be", "+32470123456", [{ field_id: source, data: "École" }]],
    ]);
    const children = await t.db
      .select()
      .from(participants)
      .where(
        inArray(
          participants.customerId,
          imported.map((c) => c.id),
        ),
      )
      .orderBy(asc(participants.firstname));
    expect(children.map((p) => [p.firstname, p.lastname, p.birthdate, p.customData])).toEqual([
      ["Léa", "Import", "2016-05-03", [{ field_id: medical, data: "Arachides" }]],
      ["Tom", "Import", "2018-09-01", []],
      ["Zoé", "Import", "2015-02-28", []],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organiserId, organiserId), eq(auditLogs.entityId, upload2.cuid)));
    expect(audit).toMatchObject({ action: "import.committed" });

    const history = await owner.get("/api/admin/imports");
    expect(history.json().data[0]).toMatchObject({
      cuid: upload2.cuid,
      status: "COMMITTED",
      summary: { customers: { created: 3 } },
    });
    const again = await owner.post(`/api/admin/imports/${upload2.cuid}/commit`);
    expect(again.json()).toEqual({ error: "IMPORT_ALREADY_COMMITTED" });

    // The same file once more, as an XLSX this time: nothing to create, nothing changes.
    const xlsxUpload = await upload(t.app, owner, "clients.xlsx", await xlsx(fixed));
    expect(xlsxUpload.statusCode, xlsxUpload.body).toBe(201);
    const cuid = xlsxUpload.json().cuid;
    expect((await owner.get(`/api/admin/imports/${cuid}/check`)).json().summary).toEqual({
      customers: { created: 0, updated: 0, unchanged: 3 },
      participants: { created: 0, updated: 0, unchanged: 3 },
    });
    const customersBefore = await databaseDigest(t.db, {
      imports: ["status", "summary", "committed_at", "rows"],
      audit_logs: ["id"],
    });
    expect((await owner.post(`/api/admin/imports/${cuid}/commit`)).statusCode).toBe(200);
    const tablesAfter = await databaseDigest(t.db, {
      imports: ["status", "summary", "committed_at", "rows"],
      audit_logs: ["id"],
    });
    const changed = tablesAfter
      .split("\n")
      .filter((line) => !customersBefore.includes(line))
      .map((line) => line.split(":")[0]);
    expect(changed).toEqual(["audit_logs"]);
  });

  it("matches by external id and updates what changed", async () => {
    const headers = ["ID client", "Prénom", "Nom", "Courriel", "GSM"];
    const first = await uploaded([
      headers,
      ["EXT-1", "Paul", "Externe", "paul@example.be", "0470000001"],
    ]);
    await owner.post(`/api/admin/imports/${first.cuid}/commit`);
    const moved = await uploaded([
      headers,
      ["EXT-1", "Paul", "Externe", "paul.new@example.be", "0470000002"],
    ]);
    expect(
      (await owner.get(`/api/admin/imports/${moved.cuid}/check`)).json().summary.customers,
    ).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    await owner.post(`/api/admin/imports/${moved.cuid}/commit`);
    expect((await customersNamed("Externe")).map((c) => [c.externalId, c.email, c.phone])).toEqual([
      ["EXT-1", "paul.new@example.be", "+32470000002"],
    ]);
  });

  it("reads a file French Excel saved in Windows-1252, separated by semicolons", async () => {
    const bytes = Buffer.from("Prénom;Nom;Téléphone\r\nLéa;Crème;0470 00 00 03\r\n", "latin1");
    const response = await upload(t.app, owner, "excel.csv", bytes);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      headers: ["Prénom", "Nom", "Téléphone"],
      mapping: ["customer.firstname", "customer.lastname", "customer.phone"],
      preview: [["Léa", "Crème", "0470 00 00 03"]],
    });
  });

  it("answers bad files and bad calls with a 4xx and changes nothing", async () => {
    const before = await databaseDigest(t.db);
    const malformed = await upload(
      t.app,
      owner,
      "broken.csv",
      Buffer.from('Prénom;Nom\n"Anne;Dupont\n'),
    );
    expect(malformed.json()).toEqual({ error: "IMPORT_FILE_INVALID" });
    const nul = await upload(
      t.app,
      owner,
      "nul.csv",
      Buffer.from("Prénom;Nom\nAn\u0000ne;Dupont\n"),
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { file: "INVALID_CHARACTERS" },
    });
    const huge = await upload(t.app, owner, "huge.csv", Buffer.alloc(11 * 1024 * 1024, "a"));
    expect(huge.statusCode).toBe(413);
    const tooManyRows = await upload(
      t.app,
      owner,
      "rows.csv",
      csv([["Prénom"], ...Array.from({ length: 20_001 }, (_, i) => [`P${i}`])]),
    );
    expect(tooManyRows.statusCode).toBe(413);
    const empty = await upload(t.app, owner, "empty.csv", Buffer.from("\r\n\r\n"));
    expect(empty.json()).toEqual({ error: "IMPORT_FILE_INVALID" });
    const kind = await upload(t.app, owner, "x.csv", csv([HEADERS]), "ROBOTS");
    expect(kind.statusCode).toBe(400);
    const noFile = await owner.post("/api/admin/imports?kind=CUSTOMERS", {});
    expect(noFile.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toBe(before);

    const mine = await uploaded([HEADERS, family("x@example.be", "", "")]);
    const unknownTarget = await owner.put(`/api/admin/imports/${mine.cuid}/mapping`, {
      mapping: [...mine.mapping.slice(0, 7), "customer.password_hash"],
    });
    expect(unknownTarget.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { "mapping.7": "INVALID_CHOICE" },
    });
    const shortMapping = await owner.put(`/api/admin/imports/${mine.cuid}/mapping`, {
      mapping: [null],
    });
    expect(shortMapping.statusCode).toBe(400);
    const withoutEmail = await owner.put(`/api/admin/imports/${mine.cuid}/mapping`, {
      mapping: mine.mapping.map((target) => (target === "customer.email" ? null : target)),
    });
    expect(withoutEmail.statusCode).toBe(200);
    const check = (await owner.get(`/api/admin/imports/${mine.cuid}/check`)).json();
    expect(check.mapping_problems).toEqual({
      unknown: [],
      duplicate: [],
      missing: ["customer.email"],
    });
    expect((await owner.post(`/api/admin/imports/${mine.cuid}/commit`)).statusCode).toBe(409);

    // Another organiser's staff reach nothing of this import.
    const other = (await collaboratorWith(t, ["imports.imports.create"], "demo-en")).client;
    const beforeOther = await databaseDigest(t.db);
    for (const [method, url] of [
      ["GET", `/api/admin/imports/${mine.cuid}`],
      ["GET", `/api/admin/imports/${mine.cuid}/check`],
      ["GET", `/api/admin/imports/${mine.cuid}/errors.csv`],
      ["POST", `/api/admin/imports/${mine.cuid}/commit`],
    ] as const) {
      const response = await other.request(method, url, {
        body: method === "POST" ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(404);
    }
    const put = await other.put(`/api/admin/imports/${mine.cuid}/mapping`, {
      mapping: mine.mapping,
    });
    expect(put.statusCode).toBe(404);
    expect((await other.get("/api/admin/imports")).json().count).toBe(0);
    expect(await databaseDigest(t.db)).toBe(beforeOther);
  });

  it("creates nothing twice when the same file is committed by concurrent calls", async () => {
    const rows = [
      HEADERS,
      ...Array.from({ length: 20 }, (_, i) =>
        family(`race-${i}@example.be`, `Enfant${i}`, "01/01/2015"),
      ),
    ].map((row) => row.map((cell) => cell.replace("Import", "Course")));
    const uploads = await Promise.all([uploaded(rows), uploaded(rows), uploaded(rows)]);
    const responses = await Promise.all(
      [...uploads, ...uploads].map((u) => owner.post(`/api/admin/imports/${u.cuid}/commit`)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    const created = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().summary.customers.created)
      .sort();
    expect(created).toEqual([0, 0, 20]);
    const raced = await customersNamed("Course");
    expect(raced).toHaveLength(20);
    const children = await t.db
      .select({ id: participants.id })
      .from(participants)
      .where(
        inArray(
          participants.customerId,
          raced.map((c) => c.id),
        ),
      );
    expect(children).toHaveLength(20);
    const committed = await t.db
      .select({ status: imports.status })
      .from(imports)
      .where(
        inArray(
          imports.cuid,
          uploads.map((u) => u.cuid),
        ),
      );
    expect(committed.every((row) => row.status === "COMMITTED")).toBe(true);
  });
});
