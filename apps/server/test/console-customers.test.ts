import { customers, customFields, participants, walletTransactions } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, registrationBody } from "./cart-fixtures.ts";
import {
  collaboratorWith,
  customFieldIdOf,
  DEMO_OWNER_EMAIL,
  demoConsole,
  lastAuditOf,
  organiserIdOf,
} from "./console-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let owner: Client;
let organiserId: number;
let availability: Awaited<ReturnType<typeof availabilityWithDates>>;
const newCustomer = numberedCustomers({
  firstname: "Zoé",
  lastname: "Consolea",
  email: "console-customers",
  participant: "Kid",
});

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
  availability = await availabilityWithDates(t, {
    organiserId,
    title: "Stage console clients",
    capacity: 20,
    price: 12_000,
    deposit: 0,
    dateHours: 6,
    dates: [{ capacity: 20 }, { capacity: 20 }],
  });
});
afterAll(async () => {
  await t.close();
});

/** A customer with one order (a registration on both dates) paid by transfer, not yet received. */
async function customerWithOrder() {
  const who = await newCustomer(t, organiserId, DEMO_HOST);
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(
      availability.availability.id,
      who.participantId,
      availability.dates.map((date) => date.id),
    ),
  );
  expect(added.statusCode, added.body).toBe(201);
  await checkoutByTransfer(who.client, added.json().cart.id);
  const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
  return { ...who, cuid: row!.cuid, email: row!.email };
}

const lastAudit = (entityId: string) => lastAuditOf(t.db, entityId);

const validBody = (overrides: Record<string, unknown> = {}) => ({
  firstname: "Marc",
  lastname: "Desk",
  email: "marc.desk@example.org",
  phone: "+32 470 55 66 77",
  custom_data: [],
  ...overrides,
});

describe("customer list", () => {
  it("searches names, e-mail and phone digits, pages and sorts", async () => {
    const list = await owner.get("/api/admin/customers?q=dubois");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { email: string }) => row.email)).toEqual([
      "parent@demo.test",
    ]);
    for (const typed of ["478 98", "0478/98.76", "+32 478 98"]) {
      const byPhone = await owner.get(`/api/admin/customers?q=${encodeURIComponent(typed)}`);
      expect(byPhone.json().data.map((row: { email: string }) => row.email)).toEqual([
        "sophie.peeters@example.test",
      ]);
    }
    const byEmail = await owner.get("/api/admin/customers?q=JULIEN.lam");
    expect(byEmail.json().data).toHaveLength(1);
    expect(byEmail.json().data[0]).toMatchObject({
      fullname: "Julien Lambert",
      has_account: false,
      participants_count: 2,
    });

    const page = await owner.get("/api/admin/customers?page_size=1&page_number=2&sort=-name");
    expect(page.json()).toMatchObject({ limit: 1, offset: 1 });
    const all = (await owner.get("/api/admin/customers?sort=-name&page_size=100")).json();
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(page.json().count).toBe(all.count);
    expect(page.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([all.data[1].cuid]);
    const names = all.data.map((row: { lastname: string }) => row.lastname.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it("filters on what is owed, registrations, wallet and the creation period", async () => {
    const debtor = await customerWithOrder();
    const owing = (await owner.get("/api/admin/customers?outstanding=true&page_size=100")).json();
    const row = owing.data.find((item: { cuid: string }) => item.cuid === debtor.cuid);
    expect(row).toMatchObject({ outstanding_amount: 12_000, registrations_count: 1 });
    expect(
      owing.data.every((item: { outstanding_amount: number }) => item.outstanding_amount > 0),
    ).toBe(true);
    const settled = (
      await owner.get("/api/admin/customers?outstanding=false&page_size=100")
    ).json();
    expect(settled.data.some((item: { cuid: string }) => item.cuid === debtor.cuid)).toBe(false);

    const registered = (
      await owner.get("/api/admin/customers?registrations=true&q=consolea")
    ).json();
    expect(registered.data.map((item: { cuid: string }) => item.cuid)).toEqual([debtor.cuid]);
    const walletHolders = (
      await owner.get("/api/admin/customers?wallet=true&page_size=100")
    ).json();
    expect(walletHolders.data.length).toBeGreaterThan(0);
    expect(
      walletHolders.data.every((item: { wallet_amount: number }) => item.wallet_amount > 0),
    ).toBe(true);

    const byOutstanding = (await owner.get("/api/admin/customers?sort=-outstanding")).json();
    expect(byOutstanding.data[0].outstanding_amount).toBeGreaterThanOrEqual(12_000);

    const today = new Date().toISOString().slice(0, 10);
    const created = (
      await owner.get(`/api/admin/customers?created_from=${today}&created_to=${today}&q=consolea`)
    ).json();
    expect(created.data.map((item: { cuid: string }) => item.cuid)).toContain(debtor.cuid);
    const before = (await owner.get("/api/admin/customers?created_to=2000-01-01")).json();
    expect(before.count).toBe(0);
  });

  it("refuses bad parameters with the field in error", async () => {
    const sort = await owner.get("/api/admin/customers?sort=email");
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { sort: "INVALID_CHOICE" },
    });
    const period = await owner.get(
      "/api/admin/customers?created_from=2025-02-01&created_to=2025-01-01",
    );
    expect(period.json()).toMatchObject({ fields: { created_to: "TOO_SMALL" } });
    const flag = await owner.get("/api/admin/customers?outstanding=yes");
    expect(flag.json()).toMatchObject({ fields: { outstanding: "INVALID_CHOICE" } });
    const size = await owner.get("/api/admin/customers?page_size=101");
    expect(size.json()).toMatchObject({ fields: { page_size: "TOO_BIG" } });
  });
});

describe("customer detail", () => {
  it("shows profile with titled custom data, participants, registrations, orders and payments", async () => {
    const parent = (await owner.get("/api/admin/customers?q=parent@demo.test")).json().data[0];
    const response = await owner.get(`/api/admin/customers/${parent.cuid}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.customer).toMatchObject({ email: "parent@demo.test", wallet_amount: 1500 });
    expect(detail.customer.custom_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Adresse postale", data: expect.stringContaining("Rue") }),
        expect.objectContaining({
          title: "Comment nous avez-vous connus ?",
          data: "Bouche-à-oreille",
        }),
      ]),
    );
    expect(detail.participants.map((row: { firstname: string }) => row.firstname)).toEqual(
      expect.arrayContaining(["Léa", "Hugo"]),
    );
    expect(detail.registrations.length).toBeGreaterThan(0);
    expect(detail.counts.registrations).toBeGreaterThanOrEqual(detail.registrations.length);
    expect(detail.carts.length).toBeGreaterThan(0);
    expect(
      detail.custom_fields.every((field: { entity: string }) => field.entity === "CUSTOMERS"),
    ).toBe(true);
    expect(detail.notes).toEqual([]);
  });

  it("counts an order's outstanding amount as the list does", async () => {
    const debtor = await customerWithOrder();
    const detail = (await owner.get(`/api/admin/customers/${debtor.cuid}`)).json();
    expect(detail.carts).toHaveLength(1);
    expect(detail.carts[0]).toMatchObject({
      state: "PROCESSED",
      total_amount: 12_000,
      paid_amount: 0,
      outstanding_amount: 12_000,
      items_count: 1,
    });
    expect(detail.customer.outstanding_amount).toBe(detail.carts[0].outstanding_amount);
    expect(detail.registrations[0]).toMatchObject({
      activity: "Stage console clients",
      outstanding_amount: 12_000,
      cancelled: false,
    });
  });

  it("leaves the notes out without customers.notes.read, and answers 404 for unknown customers", async () => {
    const reader = await collaboratorWith(t, ["customers.customers.read"]);
    const parent = (await owner.get("/api/admin/customers?q=parent@demo.test")).json().data[0];
    const detail = (await reader.client.get(`/api/admin/customers/${parent.cuid}`)).json();
    expect(detail.notes).toBeNull();
    const missing = await owner.get("/api/admin/customers/nope");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "CUSTOMER_NOT_FOUND" });
  });
});

describe("custom fields of the create forms", () => {
  it("answers the active customer and participant fields to any collaborator of the organiser", async () => {
    const anyone = await collaboratorWith(t, []);
    const response = await anyone.client.get("/api/admin/customers/custom-fields");
    expect(response.statusCode, response.body).toBe(200);
    const { customers: forCustomers, participants: forParticipants } = response.json();
    expect(forCustomers.map((field: { title: string }) => field.title)).toContain(
      "Adresse postale",
    );
    expect(forParticipants.map((field: { title: string }) => field.title)).toContain(
      "Autorisation de photos",
    );
    // Inactive fields are not asked.
    expect(forParticipants.map((field: { title: string }) => field.title)).not.toContain(
      "Taille de t-shirt",
    );
    const [entry] = [...forCustomers, ...forParticipants].filter(
      (field: { active: boolean }) => !field.active,
    );
    expect(entry).toBeUndefined();
  });
});

describe("create and edit", () => {
  it("creates a customer without password, with checked custom data, and audits it", async () => {
    const source = await customFieldIdOf(t.db, organiserId, "Comment nous avez-vous connus ?");
    const created = await owner.post(
      "/api/admin/customers",
      validBody({
        email: " Marc.Desk@Example.org ",
        custom_data: [{ field_id: source, data: "École" }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      email: "marc.desk@example.org",
      has_account: false,
      wallet_amount: 0,
    });
    expect(created.json().custom_data).toEqual(
      expect.arrayContaining([expect.objectContaining({ field_id: source, data: "École" })]),
    );
    const audit = await lastAudit(created.json().cuid);
    expect(audit).toMatchObject({ action: "customer.created", entity: "customer" });
    expect(audit!.after).toMatchObject({ email: "marc.desk@example.org" });

    const again = await owner.post("/api/admin/customers", validBody());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: "EMAIL_ALREADY_USED",
      fields: { email: "EMAIL_ALREADY_USED" },
    });
  });

  it("refuses a bad phone, a bad e-mail and custom data the storefront would refuse", async () => {
    const phone = await owner.post("/api/admin/customers", validBody({ phone: "0470 12" }));
    expect(phone.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { phone: "INVALID_FORMAT" },
    });
    const email = await owner.post("/api/admin/customers", validBody({ email: "nope" }));
    expect(email.json()).toMatchObject({ fields: { email: "INVALID_EMAIL" } });
    const source = await customFieldIdOf(t.db, organiserId, "Comment nous avez-vous connus ?");
    const national = await customFieldIdOf(t.db, organiserId, "Numéro de registre national");
    const custom = await owner.post(
      "/api/admin/customers",
      validBody({
        email: "custom.refused@example.org",
        custom_data: [
          { field_id: source, data: "Télévision" },
          { field_id: national, data: "123" },
          { field_id: 999_999, data: "x" },
        ],
      }),
    );
    expect(custom.statusCode).toBe(400);
    expect(custom.json().fields).toEqual({
      [`custom_data.${source}`]: "INVALID_CHOICE",
      [`custom_data.${national}`]: "INVALID_FORMAT",
      "custom_data.999999": "UNKNOWN_FIELD",
    });
  });

  it("edits the profile, keeps values of deactivated fields, and refuses another's e-mail", async () => {
    const who = await newCustomer(t, organiserId, DEMO_HOST);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    const [retired] = await t.db
      .insert(customFields)
      .values({
        organiserId,
        entity: "CUSTOMERS",
        type: "TEXT",
        title: "Ancien champ",
        active: false,
      })
      .returning();
    await t.db
      .update(customers)
      .set({ customData: [{ field_id: retired!.id, data: "gardé" }] })
      .where(eq(customers.id, who.customerId));

    const address = await customFieldIdOf(t.db, organiserId, "Adresse postale");
    const updated = await owner.put(
      `/api/admin/customers/${row!.cuid}`,
      validBody({
        firstname: "Zoé-Anne",
        email: row!.email,
        custom_data: [{ field_id: address, data: " Rue Neuve 1 " }],
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().fullname).toBe("Zoé-Anne Desk");
    const [stored] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    expect(stored!.customData).toEqual(
      expect.arrayContaining([
        { field_id: address, data: "Rue Neuve 1" },
        { field_id: retired!.id, data: "gardé" },
      ]),
    );
    expect(updated.json().custom_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Ancien champ", active: false, data: "gardé" }),
      ]),
    );
    const audit = await lastAudit(row!.cuid);
    expect(audit).toMatchObject({ action: "customer.updated" });
    expect(audit!.before).toMatchObject({ firstname: "Zoé" });
    expect(audit!.after).toMatchObject({ firstname: "Zoé-Anne" });

    const taken = await owner.put(
      `/api/admin/customers/${row!.cuid}`,
      validBody({ email: "parent@demo.test" }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: "EMAIL_ALREADY_USED" });

    await t.db
      .update(customers)
      .set({ anonymisedAt: new Date() })
      .where(eq(customers.id, who.customerId));
    const gone = await owner.put(
      `/api/admin/customers/${row!.cuid}`,
      validBody({ email: "x@example.org" }),
    );
    expect(gone.statusCode).toBe(404);
  });
});

describe("wallet by hand", () => {
  it("credits and debits with a reason, never below zero, and shows the movement", async () => {
    const who = await newCustomer(t, organiserId, DEMO_HOST, 1_000);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    const url = `/api/admin/customers/${row!.cuid}/wallet`;

    const credit = await owner.post(url, {
      direction: "CREDIT",
      amount: 2_500,
      reason: "Geste commercial",
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({
      wallet: { amount: 3_500 },
      movement: { kind: "WALLET", amount: 2_500, status: "ADJUSTMENT", note: "Geste commercial" },
    });
    const debit = await owner.post(url, { direction: "DEBIT", amount: 500, reason: "Correction" });
    expect(debit.json().wallet.amount).toBe(3_000);

    const tooMuch = await owner.post(url, { direction: "DEBIT", amount: 3_001, reason: "Trop" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      error: "INSUFFICIENT_WALLET_AMOUNT",
      fields: { amount: "INSUFFICIENT_WALLET_AMOUNT" },
    });

    const bad = await owner.post(url, { direction: "GIFT", amount: 0, reason: " " });
    expect(bad.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { direction: "INVALID_CHOICE", amount: "TOO_SMALL", reason: "REQUIRED" },
    });

    const movements = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.customerId, who.customerId))
      .orderBy(walletTransactions.id);
    expect(movements.map((m) => [m.amount, m.reason, m.note])).toEqual([
      [2_500, "ADJUSTMENT", "Geste commercial"],
      [-500, "ADJUSTMENT", "Correction"],
    ]);
    const [after] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    expect(after!.walletAmount).toBe(3_000);
    const audit = await lastAudit(row!.cuid);
    expect(audit).toMatchObject({
      action: "customer.wallet_adjusted",
      before: { wallet_amount: 3_500 },
      after: { wallet_amount: 3_000, amount: -500, reason: "Correction" },
    });

    const detail = (await owner.get(`/api/admin/customers/${row!.cuid}`)).json();
    expect(detail.counts.wallet_movements).toBe(2);
    expect(detail.payments[0]).toMatchObject({ kind: "WALLET", amount: -500, note: "Correction" });
  });
});

describe("notes", () => {
  it("adds, edits and deletes notes with their author, each audited", async () => {
    const who = await newCustomer(t, organiserId, DEMO_HOST);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    const base = `/api/admin/customers/${row!.cuid}/notes`;
    const created = await owner.post(base, { body: "Préfère être appelée le soir." });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      body: "Préfère être appelée le soir.",
      author: { email: DEMO_OWNER_EMAIL },
    });
    const note = created.json().cuid;
    expect(await lastAudit(note)).toMatchObject({ action: "customer_note.created" });

    const edited = await owner.put(`${base}/${note}`, { body: "Appeler après 18 h." });
    expect(edited.json().body).toBe("Appeler après 18 h.");
    expect(await lastAudit(note)).toMatchObject({
      action: "customer_note.updated",
      before: { body: "Préfère être appelée le soir." },
    });
    const detail = (await owner.get(`/api/admin/customers/${row!.cuid}`)).json();
    expect(detail.notes.map((n: { body: string }) => n.body)).toEqual(["Appeler après 18 h."]);

    const empty = await owner.post(base, { body: "   " });
    expect(empty.json()).toMatchObject({ fields: { body: "REQUIRED" } });

    // Another customer's URL does not reach the note.
    const parent = (await owner.get("/api/admin/customers?q=parent@demo.test")).json().data[0];
    const elsewhere = await owner.delete(`/api/admin/customers/${parent.cuid}/notes/${note}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ error: "NOTE_NOT_FOUND" });

    const deleted = await owner.delete(`${base}/${note}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await lastAudit(note)).toMatchObject({ action: "customer_note.deleted" });
    expect((await owner.delete(`${base}/${note}`)).statusCode).toBe(404);
  });
});

describe("participants", () => {
  it("lists with search, customer, age and birthdate filters", async () => {
    const list = (await owner.get("/api/admin/participants?q=dubois")).json();
    expect(list.data.map((row: { firstname: string }) => row.firstname).sort()).toEqual([
      "Hugo",
      "Léa",
    ]);
    expect(list.data[0].customer.email).toBe("parent@demo.test");
    const parent = list.data[0].customer.cuid;
    const ofParent = (await owner.get(`/api/admin/participants?customer=${parent}`)).json();
    expect(ofParent.count).toBe(2);
    // Léa is 7, Hugo 10 (demo seed).
    const young = (await owner.get(`/api/admin/participants?customer=${parent}&age_max=8`)).json();
    expect(
      young.data.map((row: { firstname: string; age: number }) => [row.firstname, row.age]),
    ).toEqual([["Léa", 7]]);
    const older = (await owner.get(`/api/admin/participants?customer=${parent}&age_min=8`)).json();
    expect(older.data.map((row: { firstname: string }) => row.firstname)).toEqual(["Hugo"]);
    const born = young.data[0].birthdate;
    const exact = (
      await owner.get(
        `/api/admin/participants?customer=${parent}&born_from=${born}&born_to=${born}`,
      )
    ).json();
    expect(exact.data.map((row: { firstname: string }) => row.firstname)).toEqual(["Léa"]);
    const sorted = (
      await owner.get(`/api/admin/participants?customer=${parent}&sort=birthdate`)
    ).json();
    expect(sorted.data.map((row: { firstname: string }) => row.firstname)).toEqual(["Hugo", "Léa"]);
    const ages = await owner.get("/api/admin/participants?age_min=9&age_max=3");
    expect(ages.json()).toMatchObject({ fields: { age_max: "TOO_SMALL" } });
  });

  it("creates for a customer, edits, shows the detail and deletes as the account would", async () => {
    const who = await newCustomer(t, organiserId, DEMO_HOST);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    const photos = await customFieldIdOf(t.db, organiserId, "Autorisation de photos");
    const created = await owner.post("/api/admin/participants", {
      customer: row!.cuid,
      firstname: "Nina",
      lastname: "Consolea",
      birthdate: "2017-05-04",
      custom_data: [{ field_id: photos, data: "Oui" }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const nina = created.json().participant;
    expect(nina).toMatchObject({ fullname: "Nina Consolea", customer: { cuid: row!.cuid } });
    expect(await lastAudit(nina.cuid)).toMatchObject({ action: "participant.created" });

    const future = await owner.put(`/api/admin/participants/${nina.cuid}`, {
      firstname: "Nina",
      lastname: "Consolea",
      birthdate: "2999-01-01",
      custom_data: [],
    });
    expect(future.json()).toMatchObject({ fields: { birthdate: "INVALID_DATE" } });
    const edited = await owner.put(`/api/admin/participants/${nina.cuid}`, {
      firstname: "Nina",
      lastname: "Consolea-Dupré",
      birthdate: "2017-05-04",
      custom_data: [{ field_id: photos, data: "Non" }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().participant.custom_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Autorisation de photos", data: "Non" }),
      ]),
    );
    const detail = (await owner.get(`/api/admin/participants/${nina.cuid}`)).json();
    expect(detail.participant.lastname).toBe("Consolea-Dupré");
    expect(detail.registrations).toEqual([]);

    const missingCustomer = await owner.post("/api/admin/participants", {
      customer: "unknown",
      firstname: "A",
      lastname: "B",
      birthdate: "2015-01-01",
      custom_data: [],
    });
    expect(missingCustomer.json()).toEqual({ error: "CUSTOMER_NOT_FOUND" });

    const erased = await owner.delete(`/api/admin/participants/${nina.cuid}`);
    expect(erased.json()).toEqual({ ok: true, archived: false });
    expect(await lastAudit(nina.cuid)).toMatchObject({ action: "participant.deleted" });
    expect((await owner.get(`/api/admin/participants/${nina.cuid}`)).statusCode).toBe(404);
  });

  it("archives a participant with registrations and refuses one in an open cart", async () => {
    const debtor = await customerWithOrder();
    const [kid] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.id, debtor.participantId));
    const archived = await owner.delete(`/api/admin/participants/${kid!.cuid}`);
    expect(archived.json()).toEqual({ ok: true, archived: true });
    const listed = (
      await owner.get(`/api/admin/participants?customer=${debtor.cuid}&archived=true`)
    ).json();
    expect(
      listed.data.map((row: { cuid: string; archived: boolean }) => [row.cuid, row.archived]),
    ).toEqual([[kid!.cuid, true]]);

    const shopper = await newCustomer(t, organiserId, DEMO_HOST);
    const added = await shopper.client.post(
      "/api/carts/items",
      registrationBody(availability.availability.id, shopper.participantId, [
        availability.dates[0]!.id,
      ]),
    );
    expect(added.statusCode, added.body).toBe(201);
    const [inCart] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.id, shopper.participantId));
    const refused = await owner.delete(`/api/admin/participants/${inCart!.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "PARTICIPANT_IN_CART" });
  });
});

describe("another organiser's records", () => {
  it("answers 404 to valid calls on another organiser's customer and participant, writing nothing", async () => {
    const staff = await collaboratorWith(t, "owner", "demo");
    const organiserB = await organiserIdOf(t.db, "demo-en");
    const [customerB] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.organiserId, organiserB))
      .limit(1);
    const [participantB] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.organiserId, organiserB))
      .limit(1);
    const base = `/api/admin/customers/${customerB!.cuid}`;
    const calls = [
      staff.client.get(base),
      staff.client.put(base, validBody({ email: "b@example.org" })),
      staff.client.post(`${base}/wallet`, { direction: "CREDIT", amount: 1, reason: "x" }),
      staff.client.post(`${base}/notes`, { body: "x" }),
      staff.client.post("/api/admin/participants", {
        customer: customerB!.cuid,
        firstname: "A",
        lastname: "B",
        birthdate: "2015-01-01",
        custom_data: [],
      }),
      staff.client.get(`/api/admin/participants/${participantB!.cuid}`),
      staff.client.put(`/api/admin/participants/${participantB!.cuid}`, {
        firstname: "A",
        lastname: "B",
        birthdate: "2015-01-01",
        custom_data: [],
      }),
      staff.client.delete(`/api/admin/participants/${participantB!.cuid}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const [unchanged] = await t.db.select().from(customers).where(eq(customers.id, customerB!.id));
    expect(unchanged).toEqual(customerB);
    const listed = (
      await staff.client.get(`/api/admin/participants?customer=${customerB!.cuid}`)
    ).json();
    expect(listed.count).toBe(0);
  });
});
