import {
  availabilityDates,
  bankTransfers,
  events,
  registrationNotes,
  registrations,
} from "@booking/db";
import { and, eq, inArray, sql } from "@booking/db/orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";
import { csv, upload } from "./import-fixtures.ts";

// Issue 17 §2, decision 0102: the registrations' import converts its rows in batches — the
// statements of a commit do not grow with the rows of an availability (a few hundred rows cost
// what a few dozen do), and a storefront add racing a commit for the same last place leaves
// exactly one of them with it; adds racing an import on several dates never overbook nor
// deadlock (the dates are locked in id order by both).

let t: TestApp;
let owner: Client;
let organiserId: number;
let counter = 0;
const captured: string[] = [];
let capturing = false;

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
  const prototype = pg.Client.prototype as unknown as {
    query: (this: pg.Client, ...args: unknown[]) => unknown;
  };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capturing) {
      const [first] = args;
      captured.push(typeof first === "string" ? first : (first as { text: string }).text);
    }
    return original.apply(this, args);
  };
});
afterAll(async () => {
  await t.close();
});

async function session(capacity: number) {
  counter += 1;
  return availabilityWithDates(t, {
    organiserId,
    title: `Stage en lot ${counter}`,
    capacity,
    price: 12_000,
    deposit: 0,
    dateHours: 3,
    dates: [{ capacity }, { capacity }],
  });
}

/** A row of a new family; every other row paid in part by transfer, every third with a note. */
function row(prefix: string, index: number, availability: string) {
  const id = `${prefix}-${index}`;
  return [
    id,
    `${id.toLowerCase()}@batch.test`,
    "Anne",
    `Lot${id}`,
    "0470 12 34 56",
    `Enfant${index}`,
    "12/03/2016",
    availability,
    index % 2 === 0 ? "100" : "",
    index % 2 === 0 ? "40" : "",
    index % 2 === 0 ? "Virement" : "",
    index % 3 === 0 ? "Allergique aux arachides" : "",
  ];
}

/** Uploads and checks a file of `perAvailability` rows on each of `availabilities`. */
async function fileOf(prefix: string, availabilities: string[], perAvailability: number) {
  const rows = availabilities.flatMap((availability, a) =>
    Array.from({ length: perAvailability }, (_, i) =>
      row(prefix, a * perAvailability + i, availability),
    ),
  );
  const response = await upload(t.app, owner, "lot.csv", csv([HEADERS, ...rows]), "REGISTRATIONS");
  expect(response.statusCode, response.body).toBe(201);
  const { cuid } = response.json() as { cuid: string };
  const check = await owner.get(`/api/admin/imports/${cuid}/check?locale=en`);
  expect(check.json().errors).toEqual([]);
  return cuid;
}

/** The statements a commit sends to PostgreSQL, and its answer. */
async function committed(cuid: string) {
  captured.length = 0;
  capturing = true;
  try {
    const response = await owner.post(`/api/admin/imports/${cuid}/commit`);
    expect(response.statusCode, response.body).toBe(200);
    return { response, statements: [...captured] };
  } finally {
    capturing = false;
  }
}

describe("registration imports in batches", () => {
  it("commits a few hundred rows over several availabilities in as many statements as a few dozen", async () => {
    const small = await Promise.all([session(50), session(50), session(50), session(50)]);
    const large = await Promise.all([session(100), session(100), session(100), session(100)]);
    const smallFile = await fileOf(
      "S",
      small.map((s) => s.availability.cuid),
      8,
    );
    const largeFile = await fileOf(
      "L",
      large.map((s) => s.availability.cuid),
      75,
    );
    const few = await committed(smallFile);
    const many = await committed(largeFile);
    expect(many.response.json().summary.registrations.created).toBe(300);
    // Not one statement more for nine times the rows per availability: each kind of row is
    // written by one multi-row statement (and so are the payments, notes and events).
    expect(many.statements.length, many.statements.join("\n---\n")).toBe(few.statements.length);
    expect(many.statements.length).toBeLessThanOrEqual(70);

    // Everything register-by-hand writes, for every row.
    const ids = large.map((s) => s.availability.id);
    const made = await t.db
      .select()
      .from(registrations)
      .where(
        and(eq(registrations.organiserId, organiserId), inArray(registrations.availabilityId, ids)),
      );
    expect(made).toHaveLength(300);
    expect(new Set(made.map((r) => r.reference)).size).toBe(300);
    const paid = made.filter((r) => r.paidAmount > 0);
    expect(paid).toHaveLength(150);
    expect(paid.every((r) => r.totalAmount === 10_000 && r.paidAmount === 4_000)).toBe(true);
    expect(made.filter((r) => r.paidAmount === 0).every((r) => r.totalAmount === 12_000)).toBe(
      true,
    );
    const dates = await t.db
      .select({ registered: availabilityDates.registered })
      .from(availabilityDates)
      .where(inArray(availabilityDates.availabilityId, ids));
    expect(dates.map((d) => d.registered)).toEqual(Array(8).fill(75));
    const transfers = await t.db
      .select({ amount: bankTransfers.amount, note: bankTransfers.note })
      .from(bankTransfers)
      .where(
        inArray(
          bankTransfers.cartId,
          paid.map((r) => r.cartId),
        ),
      );
    expect(transfers).toHaveLength(150);
    expect(transfers.every((x) => x.amount === 4_000 && x.note === "Virement")).toBe(true);
    const notes = await t.db
      .select({ id: registrationNotes.id })
      .from(registrationNotes)
      .where(
        inArray(
          registrationNotes.registrationId,
          made.map((r) => r.id),
        ),
      );
    expect(notes).toHaveLength(100);
    const created = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(
        and(
          eq(events.type, "registration.created"),
          inArray(
            sql`${events.payload}->>'registration_cuid'`,
            made.map((r) => r.cuid),
          ),
        ),
      );
    expect(created[0]!.n).toBe(300);
  });

  it("never overbooks nor deadlocks while storefront adds race an import on several dates", async () => {
    const { availability, dates } = await availabilityWithDates(t, {
      organiserId,
      title: "Stage disputé",
      capacity: 6,
      price: 12_000,
      deposit: 0,
      dateHours: 3,
      dates: [{ capacity: 6 }, { capacity: 6 }, { capacity: 6 }],
    });
    const file = await fileOf("W", [availability.cuid], 3);
    const parents = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        sessionCustomer(t, {
          organiserId,
          host: DEMO_HOST,
          customer: {
            firstname: "Parent",
            lastname: `Dispute${index}`,
            email: `batch-dispute-${index}@example.org`,
          },
          participant: { firstname: "Enfant", lastname: `Dispute${index}` },
        }),
      ),
    );
    // Adds name the dates in both orders: the capacity check locks them in id order anyway.
    const [commit, ...adds] = await Promise.all([
      owner.post(`/api/admin/imports/${file}/commit`),
      ...parents.map((parent, index) =>
        parent.client.post(
          "/api/carts/items",
          registrationBody(
            availability.id,
            parent.participantId,
            (index % 2 === 0 ? dates : [...dates].reverse()).map((date) => date.id),
          ),
        ),
      ),
    ]);
    expect([200, 409]).toContain(commit.statusCode);
    for (const add of adds) expect([201, 409], add.body).toContain(add.statusCode);
    const held = adds.filter((add) => add.statusCode === 201).length;
    const imported = commit.statusCode === 200 ? 3 : 0;
    // Every place went to one of them, and none twice.
    expect(held + imported).toBeLessThanOrEqual(6);
    expect(held + imported).toBeGreaterThanOrEqual(3);
    const stored = await t.db
      .select({ registered: availabilityDates.registered })
      .from(availabilityDates)
      .where(
        inArray(
          availabilityDates.id,
          dates.map((date) => date.id),
        ),
      );
    expect(stored.map((d) => d.registered)).toEqual([imported, imported, imported]);
  });

  it("gives the last place to exactly one of a storefront add and an import commit racing for it", async () => {
    for (let round = 0; round < 4; round += 1) {
      const { availability, dates } = await availabilityWithDates(t, {
        organiserId,
        title: `Dernière place ${round}`,
        capacity: 3,
        price: 12_000,
        deposit: 0,
        dateHours: 3,
        dates: [{ capacity: 3, registered: 2 }],
      });
      const file = await fileOf(`Z${round}`, [availability.cuid], 1);
      const parent = await sessionCustomer(t, {
        organiserId,
        host: DEMO_HOST,
        customer: {
          firstname: "Parent",
          lastname: `Course${round}`,
          email: `batch-race-${round}@example.org`,
        },
        participant: { firstname: "Enfant", lastname: `Course${round}` },
      });
      const [commit, add] = await Promise.all([
        owner.post(`/api/admin/imports/${file}/commit`),
        parent.client.post(
          "/api/carts/items",
          registrationBody(availability.id, parent.participantId, [dates[0]!.id]),
        ),
      ]);
      const winners = [commit.statusCode === 200, add.statusCode === 201].filter(Boolean);
      expect(winners, `${commit.body}\n${add.body}`).toHaveLength(1);
      const loser = commit.statusCode === 200 ? add : commit;
      expect(loser.statusCode).toBe(409);
      expect(["AVAILABILITY_FULL", "IMPORT_HAS_ERRORS"]).toContain(loser.json().error);
      const [date] = await t.db
        .select({ registered: availabilityDates.registered })
        .from(availabilityDates)
        .where(eq(availabilityDates.id, dates[0]!.id));
      expect(date!.registered).toBe(commit.statusCode === 200 ? 3 : 2);
    }
  });
});
