import {
  availabilityDates,
  bankTransfers,
  customers,
  events,
  participants,
  platformUsage,
  registrationNotes,
  registrations,
} from "@booking/db";
import { and, eq, inArray, like, sql } from "@booking/db/orm";
import { localDay } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meteringHandler } from "../src/modules/billing/metering.ts";
import { availabilityWithDates } from "./cart-fixtures.ts";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import { csv, upload } from "./import-fixtures.ts";
import { invoiceCustomer, publishEvents } from "./invoice-fixtures.ts";

// Issue 17 §2, registrations (decision 0091): the mapping guessed from French and English
// headers, the dry run counting places in file order and naming the rows that would not fit,
// the commit through register-by-hand's service (override price, manual payment, note, events
// without the confirmation unless asked), the re-import that changes nothing, concurrent commits
// registering once, a place filled between the dry run and the commit failing the whole commit
// with its line, hostile cells, and another organiser's availability refused as unknown.

let t: TestApp;
let owner: Client;
let organiserId: number;
let counter = 0;

const HEADERS = [
  "ID inscription",
  "E-mail",
  "Prénom",
  "Nom",
  "Téléphone",
  "Prénom de l'enfant",
  "Date de naissance",
  "ID disponibilité",
  "Montant",
  "Payé",
  "Moyen de paiement",
  "Note",
];

beforeAll(async () => {
  t = await createTestApp();
  organiserId = await organiserIdOf(t.db, "demo");
  owner = (await collaboratorWith(t, ["imports.imports.create"])).client;
});
afterAll(async () => {
  await t.close();
});

/** An availability of the demo organiser of one date a month ahead with `free` places. */
async function session(capacity: number, registered = 0) {
  counter += 1;
  const made = await availabilityWithDates(t, {
    organiserId,
    title: `Stage importé ${counter}`,
    capacity,
    price: 12_000,
    deposit: 0,
    dateHours: 3,
    dates: [{ capacity, registered }],
  });
  return made;
}

/** A row of a family new to the platform. */
function family(id: string, child: string, availability: string, extra: string[] = []) {
  return [
    id,
    `${id.toLowerCase()}@import.test`,
    "Anne",
    `Famille${id}`,
    "0470 12 34 56",
    child,
    "12/03/2016",
    availability,
    ...(extra.length > 0 ? extra : ["", "", "", ""]),
  ];
}

async function uploaded(client: Client, rows: string[][]) {
  const response = await upload(t.app, client, "inscriptions.csv", csv(rows), "REGISTRATIONS");
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { cuid: string; mapping: (string | null)[] };
}

async function checked(client: Client, cuid: string) {
  const response = await client.get(`/api/admin/imports/${cuid}/check?locale=en`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    error_count: number;
    errors: { line: number; column: string | null; code: string }[];
    summary: Record<string, { created: number; updated: number; unchanged: number }> | null;
  };
}

const registrationsOf = (availabilityId: number) =>
  t.db
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.availabilityId, availabilityId),
      ),
    );

describe("registration imports", () => {
  it("guesses the mapping from French and English headers", async () => {
    const { availability } = await session(5);
    const fr = await uploaded(owner, [HEADERS, family("G-1", "Léa", availability.cuid)]);
    expect(fr.mapping).toEqual([
      "registration.external_id",
      "customer.email",
      "customer.firstname",
      "customer.lastname",
      "customer.phone",
      "participant.firstname",
      "participant.birthdate",
      "availability.cuid",
      "registration.amount",
      "registration.paid_amount",
      "registration.payment_method",
      "registration.note",
    ]);
    const en = await uploaded(owner, [
      [
        "Registration id",
        "Email",
        "Child first name",
        "Activity",
        "Date",
        "Start time",
        "Amount paid",
      ],
      ["E-1", "a@b.test", "Tom", "Poney", "01/09/2027", "9:00", "10"],
    ]);
    expect(en.mapping).toEqual([
      "registration.external_id",
      "customer.email",
      "participant.firstname",
      "activity.title",
      "availability.date",
      "availability.start_time",
      "registration.paid_amount",
    ]);
  });

  it("counts places in file order in the dry run and names the rows that would not fit", async () => {
    // Two places, one taken already: the file's first row fits, the next two do not.
    const { availability } = await session(2, 1);
    const file = await uploaded(owner, [
      HEADERS,
      family("P-1", "Léa", availability.cuid),
      family("P-2", "Tom", availability.cuid),
      family("P-3", "Zoé", availability.cuid),
    ]);
    const result = await checked(owner, file.cuid);
    expect(result.summary).toBeNull();
    expect(result.errors).toEqual([
      {
        line: 3,
        column: "ID disponibilité",
        code: "AVAILABILITY_FULL",
        message: expect.any(String),
      },
      {
        line: 4,
        column: "ID disponibilité",
        code: "AVAILABILITY_FULL",
        message: expect.any(String),
      },
    ]);
    const commit = await owner.post(`/api/admin/imports/${file.cuid}/commit`);
    expect(commit.statusCode).toBe(409);
    expect(commit.json().error).toBe("IMPORT_HAS_ERRORS");
    expect(await registrationsOf(availability.id)).toHaveLength(0);
  });

  it("lists bad cells, unknown customers and another organiser's availability as row errors", async () => {
    const { availability } = await session(10);
    const otherId = await organiserIdOf(t.db, "demo-en");
    const other = await availabilityWithDates(t, {
      organiserId: otherId,
      title: "Other organiser's camp",
      capacity: 10,
      price: 1000,
      deposit: 0,
      dateHours: 2,
      dates: [{ capacity: 10 }],
    });
    const file = await uploaded(owner, [
      HEADERS,
      family("H-1", "Léa", other.availability.cuid),
      ["H-2", "nobody@import.test", "", "", "", "Tom", "", availability.cuid, "", "", "", ""],
      family("H-3", "Zoé", availability.cuid, ["1.250", "", "", ""]),
      family("H-4", "Max", availability.cuid, ["10", "20", "", ""]),
      family("H-5", "Eva", availability.cuid, ["", "", "", "x".repeat(2001)]),
      family("H-6", "Bob", "' OR 1=1 --"),
    ]);
    const result = await checked(owner, file.cuid);
    expect(result.errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [2, "ID disponibilité", "UNKNOWN_AVAILABILITY"],
      [3, "E-mail", "UNKNOWN_CUSTOMER"],
      [4, "Montant", "INVALID_NUMBER"],
      [5, "Payé", "PAID_ABOVE_AMOUNT"],
      [6, "Note", "TOO_LONG"],
      [7, "ID disponibilité", "UNKNOWN_AVAILABILITY"],
    ]);
    // The other organiser's availability is untouched and named by nothing but the file's cell.
    expect(await registrationsOf(other.availability.id)).toHaveLength(0);
    // A NUL byte is refused with the whole file.
    const nul = await upload(
      t.app,
      owner,
      "nul.csv",
      csv([HEADERS, family("H-7", "\u0000Bob", availability.cuid)]),
      "REGISTRATIONS",
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual({ file: "INVALID_CHARACTERS" });
  });

  it("commits through register-by-hand, then a re-import of the same file changes nothing", async () => {
    const { availability, dates } = await session(10);
    const rows = [
      HEADERS,
      family("C-1", "Léa", availability.cuid, ["95,50", "40", "Espèces", "Allergique aux noix"]),
      family("C-1B", "Tom", availability.cuid, ["", "", "", ""]),
    ];
    const first = await uploaded(owner, rows);
    const dry = await checked(owner, first.cuid);
    expect(dry.errors).toEqual([]);
    expect(dry.summary).toEqual({
      customers: { created: 2, updated: 0, unchanged: 0 },
      participants: { created: 2, updated: 0, unchanged: 0 },
      registrations: { created: 2, updated: 0, unchanged: 0 },
    });
    const commit = await owner.post(`/api/admin/imports/${first.cuid}/commit`);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().summary.registrations.created).toBe(2);

    const made = await registrationsOf(availability.id);
    const lea = made.find((r) => r.externalId === "C-1")!;
    const tom = made.find((r) => r.externalId === "C-1B")!;
    // The file's amount replaces the price; the storefront's price otherwise.
    expect([lea.totalAmount, lea.paidAmount]).toEqual([9_550, 4_000]);
    expect([tom.totalAmount, tom.paidAmount]).toEqual([12_000, 0]);
    const [date] = await t.db
      .select({ registered: availabilityDates.registered })
      .from(availabilityDates)
      .where(eq(availabilityDates.id, dates[0]!.id));
    expect(date!.registered).toBe(2);
    // The amount paid recorded as the console's manual payment, the method as its note.
    const transfers = await t.db
      .select()
      .from(bankTransfers)
      .where(and(eq(bankTransfers.organiserId, organiserId), eq(bankTransfers.cartId, lea.cartId)));
    expect(transfers.map((r) => [r.amount, r.note])).toEqual([[4_000, "Espèces"]]);
    const notes = await t.db
      .select({ body: registrationNotes.body })
      .from(registrationNotes)
      .where(eq(registrationNotes.registrationId, lea.id));
    expect(notes).toEqual([{ body: "Allergique aux noix" }]);
    // registration.created for each (metered once, as staff's), no confirmation unless asked.
    const emitted = await t.db
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(eq(events.organiserId, organiserId));
    const about = (cuid: string) => emitted.filter((e) => Object.values(e.payload).includes(cuid));
    expect(about(lea.cuid).map((e) => e.type)).toEqual(["registration.created"]);
    const metered = async () => {
      for (const event of await publishEvents(t)) await meteringHandler(t.db, event);
      return t.db
        .select({ key: platformUsage.sourceKey })
        .from(platformUsage)
        .where(
          and(
            eq(platformUsage.item, "registrations"),
            inArray(platformUsage.sourceKey, [lea.cuid, tom.cuid]),
          ),
        );
    };
    expect(await metered()).toHaveLength(2);

    const again = await uploaded(owner, rows);
    const second = await checked(owner, again.cuid);
    expect(second.summary).toEqual({
      customers: { created: 0, updated: 0, unchanged: 2 },
      participants: { created: 0, updated: 0, unchanged: 2 },
      registrations: { created: 0, updated: 0, unchanged: 2 },
    });
    const recommit = await owner.post(`/api/admin/imports/${again.cuid}/commit`);
    expect(recommit.statusCode).toBe(200);
    expect(await registrationsOf(availability.id)).toHaveLength(2);
    // Nothing billed twice.
    expect(await metered()).toHaveLength(2);
    const audit = await t.db.execute<{ after: { kind: string; send_confirmations: boolean } }>(
      sql`select after from audit_logs where organiser_id = ${organiserId}
          and action = 'import.committed' and entity_id = ${first.cuid}`,
    );
    expect(audit.rows[0]!.after).toMatchObject({
      kind: "REGISTRATIONS",
      send_confirmations: false,
    });
  });

  it("emits the confirmation's event only when staff ask for it", async () => {
    const { availability } = await session(10);
    const quiet = await uploaded(owner, [HEADERS, family("Q-1", "Léa", availability.cuid)]);
    const told = await uploaded(owner, [HEADERS, family("Q-2", "Tom", availability.cuid)]);
    expect((await owner.post(`/api/admin/imports/${quiet.cuid}/commit`)).statusCode).toBe(200);
    const commit = await owner.post(
      `/api/admin/imports/${told.cuid}/commit?send_confirmations=true`,
    );
    expect(commit.statusCode, commit.body).toBe(200);
    const made = await t.db
      .select({
        externalId: registrations.externalId,
        cart: sql<string>`(select cuid from carts c where c.organiser_id = ${registrations.organiserId} and c.id = ${registrations.cartId})`,
      })
      .from(registrations)
      .where(
        and(
          eq(registrations.organiserId, organiserId),
          inArray(registrations.externalId, ["Q-1", "Q-2"]),
        ),
      );
    const processed = await t.db
      .select({ cart: sql<string>`${events.payload}->>'cart_cuid'` })
      .from(events)
      .where(and(eq(events.organiserId, organiserId), eq(events.type, "cart.processed")));
    const confirmed = new Set(processed.map((e) => e.cart));
    expect(made.map((r) => [r.externalId, confirmed.has(r.cart)]).sort()).toEqual([
      ["Q-1", false],
      ["Q-2", true],
    ]);
  });

  it("names the row when the places filled after the dry run, and writes nothing", async () => {
    const { availability, dates } = await session(3);
    const file = await uploaded(owner, [
      HEADERS,
      family("F-1", "Léa", availability.cuid),
      family("F-2", "Tom", availability.cuid),
      family("F-3", "Zoé", availability.cuid),
    ]);
    expect((await checked(owner, file.cuid)).errors).toEqual([]);
    // Someone registers on the storefront meanwhile: the commit checks the file again under
    // its lock and names the row that no longer fits.
    await t.db
      .update(availabilityDates)
      .set({ registered: 1 })
      .where(eq(availabilityDates.id, dates[0]!.id));
    const stale = await owner.post(`/api/admin/imports/${file.cuid}/commit`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: "IMPORT_HAS_ERRORS", error_count: 1 });
    expect((await checked(owner, file.cuid)).errors.map((e) => [e.line, e.code])).toEqual([
      [4, "AVAILABILITY_FULL"],
    ]);
    expect(await registrationsOf(availability.id)).toHaveLength(0);
    const customersMade = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organiserId, organiserId), like(customers.email, "f-%@import.test")));
    expect(customersMade).toHaveLength(0);
  });

  it("commits all or nothing while staff register on the same availability", async () => {
    const staff = (
      await collaboratorWith(t, ["imports.imports.create", "registrations.registrations.create"])
    ).client;
    const { availability, dates } = await session(4);
    const file = await uploaded(staff, [
      HEADERS,
      ...["A", "B", "C"].map((id) => family(`M-${id}`, `Enfant${id}`, availability.cuid)),
    ]);
    const families = [];
    for (let index = 0; index < 3; index += 1) {
      const who = await invoiceCustomer(t, organiserId, "Guichet", index + 1);
      const [customer] = await t.db
        .select({ cuid: customers.cuid })
        .from(customers)
        .where(eq(customers.id, who.customerId));
      const [child] = await t.db
        .select({ cuid: participants.cuid })
        .from(participants)
        .where(eq(participants.id, who.participantId));
      families.push({ customer: customer!.cuid, participant: child!.cuid });
    }
    const [commit, ...byHand] = await Promise.all([
      staff.post(`/api/admin/imports/${file.cuid}/commit`),
      ...families.map((people) =>
        staff.post("/api/admin/registrations", {
          ...people,
          availability: availability.cuid,
          availability_dates: [{ date_id: dates[0]!.id }],
        }),
      ),
    ]);
    const made = await registrationsOf(availability.id);
    const imported = made.filter((r) => r.externalId?.startsWith("M-"));
    // Never beyond the 4 places; the file's 3 rows all or none.
    expect(made.length).toBeLessThanOrEqual(4);
    expect([0, 3]).toContain(imported.length);
    if (commit!.statusCode === 200) expect(imported).toHaveLength(3);
    else {
      expect(commit!.statusCode).toBe(409);
      const body = commit!.json();
      expect(["AVAILABILITY_FULL", "IMPORT_HAS_ERRORS"]).toContain(body.error);
      // Refused while registering: the row that no longer fit is named.
      if (body.error === "AVAILABILITY_FULL") expect(body.line).toBeGreaterThanOrEqual(2);
    }
    expect(byHand.filter((r) => r.statusCode === 201).length + imported.length).toBe(made.length);
  });

  it("registers once when the same file is committed several times at once", async () => {
    const { availability } = await session(20);
    const rows = [
      HEADERS,
      ...Array.from({ length: 6 }, (_, i) => family(`R-${i}`, `Enfant${i}`, availability.cuid)),
    ];
    const uploads = await Promise.all([
      uploaded(owner, rows),
      uploaded(owner, rows),
      uploaded(owner, rows),
    ]);
    const responses = await Promise.all(
      [...uploads, ...uploads].map((u) => owner.post(`/api/admin/imports/${u.cuid}/commit`)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const created = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().summary.registrations.created)
      .sort();
    expect(created).toEqual([0, 0, 6]);
    expect(await registrationsOf(availability.id)).toHaveLength(6);
  });

  it("keeps the registrations' day in the organiser's zone when named by activity and start", async () => {
    const { activity, availability, dates } = await session(4);
    // A date starts on a whole minute, as the file can name it.
    const [date] = await t.db
      .update(availabilityDates)
      .set({ startAt: sql`date_trunc('minute', ${availabilityDates.startAt})` })
      .where(eq(availabilityDates.id, dates[0]!.id))
      .returning({ startAt: availabilityDates.startAt });
    const start = date!.startAt;
    const day = localDay(start, "Europe/Brussels").split("-").reverse().join("/");
    const time = new Intl.DateTimeFormat("fr-BE", {
      timeZone: "Europe/Brussels",
      hour: "2-digit",
      minute: "2-digit",
    }).format(start);
    const file = await uploaded(owner, [
      ["E-mail", "Prénom", "Nom", "Téléphone", "Prénom de l'enfant", "Activité", "Date", "Heure"],
      ["zone@import.test", "Ana", "Zone", "0470 12 34 56", "Lou", activity.title, day, time],
      ["zone@import.test", "Ana", "Zone", "0470 12 34 56", "Max", activity.title, day, "23:59"],
    ]);
    const result = await checked(owner, file.cuid);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([[3, "UNKNOWN_AVAILABILITY"]]);
    expect(availability.id).toBeGreaterThan(0);
  });
});
