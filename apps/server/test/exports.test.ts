import type { Readable } from "node:stream";
import { registrationExportFilters } from "@booking/contracts";
import {
  activityOptionPrices,
  activityOptions,
  activityQuestions,
  bankTransfers,
  carts,
  createDatabase,
  createDatabaseFromTemplate,
  customers,
  customFields,
  type DatabaseHandle,
  organisers,
  participants,
  payments,
  registrations,
} from "@booking/db";
import { and, asc, eq, sql } from "@booking/db/orm";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { neutraliseFormula } from "../src/modules/exports/csv.ts";
import { type ExportContext, exportRows } from "../src/modules/exports/service.ts";
import { excelSerial, moneyFormat } from "../src/modules/exports/xlsx.ts";

// The console's exports (docs/decisions/0021-exports.md), read back as a spreadsheet user
// would: the CSV parsed by RFC 4180, the XLSX opened by a reader library.

let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
let demo: ExportContext;
let english: ExportContext;

beforeAll(async () => {
  const copy = await createDatabaseFromTemplate(
    inject("databaseAdminUrl"),
    inject("templateDatabase"),
  );
  dropDatabase = copy.drop;
  database = createDatabase(copy.url);
  const context = async (slug: string): Promise<ExportContext> => {
    const [organiser] = await database.db
      .select()
      .from(organisers)
      .where(eq(organisers.slug, slug));
    return { db: database.db, organiser: organiser! };
  };
  demo = await context("demo");
  english = await context("demo-en");
});
afterAll(async () => {
  await database.close();
  await dropDatabase();
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line ends; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  expect(field, "the file ends with a complete record").toBe("");
  return records;
}

/** The CSV's records as objects keyed by the header, after checking the BOM. */
async function csvRecords(stream: Readable): Promise<Array<Record<string, string>>> {
  const text = (await bytesOf(stream)).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  for (const row of rows) expect(row).toHaveLength(header!.length);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

async function exportCsv(
  context: ExportContext,
  kind: "registrations" | "customers" | "payments",
  filters: Record<string, unknown> = {},
) {
  const file = await exportRows(context, kind, "csv", filters);
  return csvRecords(file.stream);
}

/** A registration of `organiserId` whose participant is `firstname`. */
async function registrationOf(organiserId: number, firstname: string) {
  const [row] = await database.db
    .select({ registration: registrations, participant: participants, customer: customers })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(customers, eq(customers.id, registrations.customerId))
    .where(and(eq(registrations.organiserId, organiserId), eq(participants.firstname, firstname)))
    .orderBy(asc(registrations.id))
    .limit(1);
  return row!;
}

async function optionPrice(organiserId: number, option: string, label: string) {
  const [row] = await database.db
    .select({ id: activityOptionPrices.id })
    .from(activityOptionPrices)
    .innerJoin(activityOptions, eq(activityOptions.id, activityOptionPrices.optionId))
    .where(
      and(
        eq(activityOptionPrices.organiserId, organiserId),
        eq(activityOptions.title, option),
        eq(activityOptionPrices.label, label),
      ),
    )
    .limit(1);
  return row!.id;
}

async function question(organiserId: number, title: string) {
  const [row] = await database.db
    .select()
    .from(activityQuestions)
    .where(and(eq(activityQuestions.organiserId, organiserId), eq(activityQuestions.title, title)))
    .limit(1);
  return row!;
}

/** Léa's registration, with options and answers as the storefront stores them. */
async function registrationWithChoices() {
  const organiserId = demo.organiser.id;
  const lea = await registrationOf(organiserId, "Léa");
  const swims = await question(organiserId, "Votre enfant sait-il nager ?");
  const pickUp = await question(organiserId, "Personnes autorisées à venir chercher l'enfant");
  const aLittle = swims.choices.find((choice) => choice.label === "Un peu")!;
  await database.db
    .update(registrations)
    .set({
      options: [
        {
          price_id: await optionPrice(organiserId, "Repas chauds", "Menu végétarien"),
          content: null,
        },
        {
          price_id: await optionPrice(
            organiserId,
            "Régime alimentaire particulier",
            "Sans supplément",
          ),
          content: "Sans gluten, merci",
        },
      ],
      questions: [
        { question_id: swims.id, content: aLittle.id },
        { question_id: pickUp.id, content: "Mamie Josée; 0470 11 22 33" },
      ],
    })
    .where(eq(registrations.id, lea.registration.id));
  return lea;
}

/**
 * `count` more registrations copied from an existing one, written in one statement, each with a
 * random reference: rows that compress as poorly as real ones, so that an XLSX file's zip cannot
 * swallow them all into its buffers.
 */
async function addRegistrations(organiserId: number, count: number) {
  const { registration } = await registrationOf(organiserId, "Léa");
  await database.db.execute(sql`
    with items as (
      insert into cart_items (organiser_id, cuid, cart_id, type, participant_id, availability_id,
                              price, expires_at)
      select ${organiserId}, 'export-item-' || n, ${registration.cartId}, 'REGISTRATION',
             ${registration.participantId}, ${registration.availabilityId}, 1000, now()
        from generate_series(1, ${count}) n
      returning id)
    insert into registrations (organiser_id, cuid, reference, cart_id, cart_item_id, customer_id,
                               participant_id, availability_id, total_amount)
    select ${organiserId}, 'export-registration-' || id, md5(random()::text),
           ${registration.cartId}, id, ${registration.customerId}, ${registration.participantId},
           ${registration.availabilityId}, 1000
      from items`);
}

const countRegistrations = async (organiserId: number) =>
  (await database.db.$count(registrations, eq(registrations.organiserId, organiserId))) as number;

describe("registrations export", () => {
  it("writes a CSV record per registration with its participant, customer, options, answers and custom fields", async () => {
    const lea = await registrationWithChoices();
    const records = await exportCsv(demo, "registrations");
    expect(records).toHaveLength(await countRegistrations(demo.organiser.id));

    const record = records.find((row) => row["N° d'inscription"] === String(lea.registration.id))!;
    expect(record).toMatchObject({
      // a structured reference starts with "+": a formula to a spreadsheet
      Référence: `'${lea.registration.reference}`,
      "Prénom du participant": "Léa",
      "Nom du participant": "Dubois",
      "Date de naissance": lea.participant.birthdate,
      "Prénom du client": "Camille",
      "E-mail": "parent@demo.test",
      Téléphone: "'+32 470 12 34 56",
      Options:
        "Repas chauds\u00a0: Menu végétarien; Régime alimentaire particulier\u00a0: Sans supplément (Sans gluten, merci)",
      Réponses:
        "Votre enfant sait-il nager ?\u00a0: Un peu; Personnes autorisées à venir chercher l'enfant\u00a0: Mamie Josée; 0470 11 22 33",
      Prix: (lea.registration.totalAmount / 100).toFixed(2),
      Payé: (lea.registration.paidAmount / 100).toFixed(2),
      Annulée: "non",
    });
    expect(record["Inscrit le"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(record.Dates).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(, \d{4}-\d{2}-\d{2} \d{2}:\d{2})*$/,
    );

    // One column per custom field, named after it, filled from the participant's and the
    // customer's data.
    const fields = await database.db
      .select()
      .from(customFields)
      .where(eq(customFields.organiserId, demo.organiser.id));
    const participantValues = Object.fromEntries(
      lea.participant.customData.map((entry) => [entry.field_id, entry.data]),
    );
    const customerValues = Object.fromEntries(
      lea.customer.customData.map((entry) => [entry.field_id, entry.data]),
    );
    expect(Object.keys(participantValues).length).toBeGreaterThan(0);
    expect(Object.keys(customerValues).length).toBeGreaterThan(0);
    for (const field of fields) {
      const [header, values] =
        field.entity === "PARTICIPANTS"
          ? [`${field.title} (participant)`, participantValues]
          : [`${field.title} (client)`, customerValues];
      expect(record[header], header).toBe(values[field.id] ?? "");
    }
    expect(Object.values(record)).toContain("Allergie aux arachides.");
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const { participant } = await registrationOf(demo.organiser.id, "Hugo");
    await database.db
      .update(participants)
      .set({ firstname: '=HYPERLINK("https://evil.example","x")', lastname: "@SUM(A1)" })
      .where(eq(participants.id, participant.id));
    const records = await exportCsv(demo, "registrations");
    const hugo = records.filter((row) => row["Nom du participant"] === "'@SUM(A1)");
    expect(hugo.length).toBeGreaterThan(0);
    expect(hugo[0]!["Prénom du participant"]).toBe('\'=HYPERLINK("https://evil.example","x")');
    for (const row of records) {
      for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(["=1", "+1", "-1", "@a", "\t=1", "\r=1", "a=1", "1"].map(neutraliseFormula)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\t=1",
      "'\r=1",
      "a=1",
      "1",
    ]);
  });

  it("writes an XLSX file that a reader opens, with real dates and amounts as numbers", async () => {
    const lea = await registrationWithChoices();
    const file = await exportRows(demo, "registrations", "xlsx", {});
    expect(file.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(file.fileName).toMatch(/^inscriptions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.contentDisposition).toBe(`attachment; filename="${file.fileName}"`);
    const sheet = (await readSheet(await bytesOf(file.stream))) as unknown[][];
    const [header, ...rows] = sheet;
    expect(rows).toHaveLength(await countRegistrations(demo.organiser.id));
    const column = (name: string) => header!.indexOf(name);
    const row = rows.find((cells) => cells[column("N° d'inscription")] === lea.registration.id)!;
    expect(row[column("Prénom du participant")]).toBe("Léa");
    // No apostrophe in XLSX: inline strings are never evaluated.
    expect(row[column("Téléphone")]).toBe("+32 470 12 34 56");
    expect(row[column("Options")]).toContain("Menu végétarien");
    expect(row[column("Réponses")]).toContain("Un peu");
    expect(row[column("Prix")]).toBe(lea.registration.totalAmount / 100);
    expect(row[column("Annulée")]).toBe(false);
    // Dates are Excel dates of the wall-clock time in Brussels (read back as that time in UTC).
    const [local] = await database.db
      .execute<{ created: string }>(
        sql`select to_char(${lea.registration.createdAt}::timestamptz at time zone 'Europe/Brussels',
                         'YYYY-MM-DD"T"HH24:MI:SS') as created`,
      )
      .then((result) => result.rows);
    expect((row[column("Inscrit le")] as Date).toISOString().slice(0, 19)).toBe(local!.created);
    expect((row[column("Date de naissance")] as Date).toISOString().slice(0, 10)).toBe(
      lea.participant.birthdate,
    );
  });

  it("keeps to the filters", async () => {
    const lea = await registrationOf(demo.organiser.id, "Léa");
    const [availability] = await database.db
      .execute<{ activity_id: number; activity_cuid: string }>(
        sql`select av.activity_id, a.cuid as activity_cuid from availabilities av
              join activities a on a.id = av.activity_id
             where av.id = ${lea.registration.availabilityId}`,
      )
      .then((result) => result.rows);
    const byActivity = await exportCsv(demo, "registrations", {
      activity: availability!.activity_cuid,
    });
    const [expected] = await database.db
      .execute<{ count: number }>(
        sql`select count(*)::int as count from registrations r
            join availabilities a on a.id = r.availability_id
           where a.activity_id = ${availability!.activity_id}`,
      )
      .then((result) => result.rows);
    expect(byActivity.length).toBe(expected!.count);
    expect(byActivity.map((row) => row["N° d'inscription"])).toContain(String(lea.registration.id));

    await database.db
      .update(registrations)
      .set({ cancelled: true })
      .where(eq(registrations.id, lea.registration.id));
    const cancelled = await exportCsv(demo, "registrations", { cancelled: true });
    expect(cancelled.map((row) => row["N° d'inscription"])).toContain(String(lea.registration.id));
    expect(cancelled.every((row) => row.Annulée === "oui")).toBe(true);

    // A day long past holds no registration; a period covering the registration's dates does.
    expect(
      await exportCsv(demo, "registrations", { from: "2001-01-01", to: "2001-01-31" }),
    ).toEqual([]);
    const record = cancelled.find(
      (row) => row["N° d'inscription"] === String(lea.registration.id),
    )!;
    const firstDay = record.Dates!.slice(0, 10);
    const inPeriod = await exportCsv(demo, "registrations", { from: firstDay, to: firstDay });
    expect(inPeriod.map((row) => row["N° d'inscription"])).toContain(String(lea.registration.id));
  });

  it("refuses filters that are not what they claim", () => {
    const errors = (query: Record<string, string>) =>
      registrationExportFilters
        .safeParse(query)
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(errors({ from: "2026-02-30" })).toEqual([["from", "INVALID_DATE"]]);
    expect(errors({ from: "2026-03-02", to: "2026-03-01" })).toEqual([["to", "TOO_SMALL"]]);
    expect(errors({ activity: "x".repeat(41) })).toEqual([["activity", "TOO_LONG"]]);
    expect(errors({ cancelled: "maybe" })).toEqual([["cancelled", "INVALID_CHOICE"]]);
    expect(
      registrationExportFilters.parse({ activity: " abc ", cancelled: "false", to: "" }),
    ).toEqual({ activity: "abc", cancelled: false });
  });
});

describe("customers and payments exports", () => {
  it("lists the customers with their wallet, counts and custom fields", async () => {
    const records = await exportCsv(demo, "customers");
    const [expected] = await database.db
      .execute<{ count: number }>(
        sql`select count(*)::int as count from customers
           where organiser_id = ${demo.organiser.id} and anonymised_at is null`,
      )
      .then((result) => result.rows);
    expect(records).toHaveLength(expected!.count);
    const camille = records.find((row) => row["E-mail"] === "parent@demo.test")!;
    expect(camille).toMatchObject({
      Prénom: "Camille",
      Nom: "Dubois",
      "Compte en ligne": "oui",
      Participants: "2",
    });
    expect(Number(camille.Portefeuille)).toBeGreaterThanOrEqual(0);
    expect(Number(camille.Inscriptions)).toBeGreaterThan(0);
    expect(Object.values(camille)).toContain("Bouche-à-oreille");
  });

  it("lists online payments, bank transfers and wallet movements with the order they paid", async () => {
    const { registration } = await registrationOf(demo.organiser.id, "Léa");
    const [cart] = await database.db.select().from(carts).where(eq(carts.id, registration.cartId));
    await database.db.insert(payments).values({
      organiserId: demo.organiser.id,
      cartId: cart!.id,
      provider: "test",
      providerPaymentId: "tr_export_1",
      amount: 4500,
      currency: "EUR",
      status: "paid",
      checkoutUrl: "https://pay.example/tr_export_1",
      paidAt: new Date("2026-03-10T10:00:00Z"),
    });
    await database.db.insert(bankTransfers).values({
      organiserId: demo.organiser.id,
      cartId: cart!.id,
      amount: 1234,
      receivedOn: "2026-03-11",
      note: "Virement Dubois",
    });
    const records = await exportCsv(demo, "payments", { from: "2026-03-10", to: "2026-03-11" });
    expect(records).toEqual([
      expect.objectContaining({
        Date: "2026-03-10",
        Type: "Paiement en ligne",
        Statut: "Payé",
        Montant: "45.00",
        Référence: `'${cart!.reference}`,
        "E-mail": "parent@demo.test",
        "Total de la commande": (cart!.totalAmount! / 100).toFixed(2),
        Détails: "test tr_export_1",
      }),
      expect.objectContaining({
        Date: "2026-03-11",
        Type: "Virement",
        Statut: "Reçu",
        Montant: "12.34",
        "Prénom du client": "Camille",
        Détails: "Virement Dubois",
      }),
    ]);
    const everything = await exportCsv(demo, "payments");
    expect(everything.length).toBeGreaterThanOrEqual(2);
  });

  it("writes amounts in the currency's units with its symbol where the language puts it", () => {
    expect(moneyFormat("EUR", "fr")).toBe('#,##0.00\\ "€"');
    expect(moneyFormat("GBP", "en")).toBe('"£"#,##0.00');
    expect(moneyFormat("JPY", "en")).toBe('"JP¥"#,##0');
    expect(excelSerial("1970-01-01 12:00:00")).toBe(25_569.5);
    expect(excelSerial("2026-03-29")).toBe(46_110);
    expect(excelSerial("not a date")).toBeNull();
  });
});

describe("tenant isolation", () => {
  it("never shows another organiser's rows", async () => {
    const registrationsEn = await exportCsv(english, "registrations");
    const ids = await database.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.organiserId, english.organiser.id));
    expect(registrationsEn.map((row) => Number(row["Registration no."])).sort()).toEqual(
      ids.map((row) => row.id).sort(),
    );
    const emails = (await exportCsv(english, "customers")).map((row) => row.Email);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails).not.toContain("parent@demo.test");
    const payers = (await exportCsv(english, "payments")).map((row) => row.Email);
    expect(payers).not.toContain("parent@demo.test");
  });
});

describe("connections", () => {
  const openTransactions = async () =>
    (
      await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from pg_stat_activity
             where datname = current_database() and state like 'idle in transaction%'`,
      )
    ).rows[0]!.count;

  async function expectAllReleased() {
    const pool = database.pool;
    await expect.poll(() => pool.idleCount === pool.totalCount).toBe(true);
    expect(await openTransactions()).toBe(0);
  }

  it("gives the connection back when the reader goes away, mid-file or before the first byte", async () => {
    await addRegistrations(demo.organiser.id, 20_000);
    for (const format of ["csv", "xlsx"] as const) {
      const file = await exportRows(demo, "registrations", format, {});
      for await (const _chunk of file.stream) break; // destroys the stream after one chunk
      await expectAllReleased();

      const unread = await exportRows(demo, "registrations", format, {});
      unread.stream.destroy();
      await expectAllReleased();
    }
    // The connections still work: a whole export after the aborted ones.
    const records = await exportCsv(demo, "registrations");
    expect(records).toHaveLength(await countRegistrations(demo.organiser.id));
    await expectAllReleased();
  });
});
