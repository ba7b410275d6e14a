import {
  bundles,
  carts,
  collaborators,
  customerSessions,
  customers,
  customerVouchers,
  customFields,
  memberships,
  messages,
  participants,
  payments,
  registrationRequests,
  registrations,
  waitingListEntries,
  walletTransactions,
} from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import {
  availabilityWithDates,
  giftVoucher,
  organiserIdOf,
  registrationBody,
} from "./cart-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  emailsTo,
  type TestApp,
} from "./harness.ts";

// The account area's calls (platform-and-account.md §2.3, §3.5, §7): the counters of
// GET /api/session from real rows, PUT /api/session with its validation codes, and
// DELETE /api/session keeping the organiser's records (decision 0004).

let t: TestApp;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
});
afterAll(() => t.close());

const newCustomer = numberedCustomers({
  firstname: "Client",
  lastname: "Compte",
  email: "compte",
  participant: "Enfant",
});

/** A demo customer with one participant, an open session and `wallet` credit. */
const customer = (wallet = 0) => newCustomer(t, demoId, DEMO_HOST, wallet);

type Customer = Awaited<ReturnType<typeof customer>>;

async function counters(who: Customer) {
  const response = await who.client.get("/api/session");
  expect(response.statusCode).toBe(200);
  return response.json().counters;
}

const ZERO = {
  participants: 0,
  carts: 0,
  registrations: 0,
  bookings: 0,
  registrations_requests: 0,
  bundles: 0,
  vouchers: 0,
  available_vouchers: 0,
  memberships: 0,
  attendance_charges: 0,
};

/** The first published bundle and membership of the demo organiser. */
async function publishedProducts() {
  const [bundle] = await t.db
    .select({ id: bundles.id, price: bundles.price })
    .from(bundles)
    .where(and(eq(bundles.organiserId, demoId), eq(bundles.published, true)))
    .orderBy(asc(bundles.id))
    .limit(1);
  const [membership] = await t.db
    .select({ id: memberships.id, price: memberships.price })
    .from(memberships)
    .where(and(eq(memberships.organiserId, demoId), eq(memberships.published, true)))
    .orderBy(asc(memberships.id))
    .limit(1);
  return { bundle: bundle!, membership: membership! };
}

const checkout = (who: Customer, cartId: number) => checkoutByTransfer(who.client, cartId);

/** A place of `who` held in their open cart, on a new activity of one date. */
async function holdPlace(who: Customer, title: string) {
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId: demoId,
    title,
    capacity: 5,
    price: 5_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 5 }],
  });
  const open = await who.client.post(
    "/api/carts/items",
    registrationBody(availability.id, who.participantId, [dates[0]!.id]),
  );
  expect(open.statusCode).toBe(201);
}

/**
 * A processed cart of `who`: one registration, one bundle, one membership and two vouchers; the
 * wallet pays what it can.
 */
async function purchases(who: Customer) {
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage de cirque",
    capacity: 5,
    price: 10_000,
    deposit: 0,
    dateHours: 3,
    dates: [{ capacity: 5 }],
  });
  const voucher = await giftVoucher(t, demoId);
  const { bundle, membership } = await publishedProducts();
  const added = await who.client.post("/api/carts/items", {
    ...registrationBody(availability.id, who.participantId, [dates[0]!.id]),
    bundles: [{ bundle_id: bundle.id, participant_id: null }],
    memberships: [{ membership_id: membership.id, participant_id: who.participantId }],
    vouchers: [{ voucher_id: voucher.id }, { voucher_id: voucher.id }],
  });
  expect(added.statusCode, added.body).toBe(201);
  const cart = added.json().cart as { id: number; cuid: string };
  await checkout(who, cart.id);
  return { cart, availability, dates, voucher };
}

describe("GET /api/session", () => {
  it("answers nulls for a visitor", async () => {
    const response = await new Client(t.app, DEMO_HOST).get("/api/session");
    expect(response.json()).toEqual({ customer: null, counters: null, wallet: null });
  });

  it("counts the customer's own rows of each kind, in one answer", async () => {
    const who = await customer(1_000_000);
    const other = await customer(1_000_000);
    expect(await counters(who)).toEqual({ ...ZERO, participants: 1 });

    await purchases(who);
    await purchases(other);
    expect(await counters(who)).toEqual({
      ...ZERO,
      participants: 1,
      carts: 1,
      registrations: 1,
      bundles: 1,
      memberships: 1,
      vouchers: 2,
      available_vouchers: 2,
    });

    // The open cart is not an order yet; a cancelled registration stays in the list.
    await holdPlace(who, "Stage de danse");
    await t.db
      .update(registrations)
      .set({ cancelled: true })
      .where(eq(registrations.customerId, who.customerId));
    const afterOpen = await counters(who);
    expect(afterOpen).toMatchObject({ carts: 1, registrations: 1 });
  });

  it("counts as available only the vouchers fully paid and not expired", async () => {
    const who = await customer(0);
    const voucher = await giftVoucher(t, demoId);
    const added = await who.client.post("/api/carts/items", {
      vouchers: [
        { voucher_id: voucher.id },
        { voucher_id: voucher.id },
        { voucher_id: voucher.id },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    await checkout(who, added.json().cart.id);
    // Bought by bank transfer: none is paid yet.
    expect(await counters(who)).toMatchObject({ vouchers: 3, available_vouchers: 0, carts: 1 });

    const issued = await t.db
      .select()
      .from(customerVouchers)
      .where(eq(customerVouchers.customerId, who.customerId))
      .orderBy(asc(customerVouchers.id));
    await t.db
      .update(customerVouchers)
      .set({ paidAmount: issued[0]!.totalAmount })
      .where(eq(customerVouchers.customerId, who.customerId));
    expect(await counters(who)).toMatchObject({ vouchers: 3, available_vouchers: 3 });
    await t.db
      .update(customerVouchers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerVouchers.id, issued[0]!.id));
    await t.db
      .update(customerVouchers)
      .set({ paidAmount: 100 })
      .where(eq(customerVouchers.id, issued[1]!.id));
    expect(await counters(who)).toMatchObject({ vouchers: 3, available_vouchers: 1 });
  });

  it("leaves deleted participants out", async () => {
    const who = await customer();
    await t.db.insert(participants).values([
      { organiserId: demoId, customerId: who.customerId, firstname: "Zoé", lastname: "A" },
      {
        organiserId: demoId,
        customerId: who.customerId,
        firstname: "Max",
        lastname: "A",
        deletedAt: new Date(),
      },
    ]);
    expect(await counters(who)).toMatchObject({ participants: 2 });
  });

  it("gives nothing on another organiser's host", async () => {
    const who = await customer();
    const elsewhere = new Client(t.app, DEMO_EN_HOST);
    for (const [name, value] of who.client.cookies) elsewhere.cookies.set(name, value);
    const response = await elsewhere.get("/api/session");
    expect(response.json()).toEqual({ customer: null, counters: null, wallet: null });
  });
});

describe("PUT /api/session", () => {
  const profile = {
    firstname: "Camille",
    lastname: "Martin",
    email: "camille.martin@example.org",
    phone: "+32 470 11 22 33",
    custom_data: [],
  };

  it("answers the field codes of the shared schema", async () => {
    const who = await customer();
    const response = await who.client.put("/api/session", {
      firstname: "",
      lastname: 12,
      email: "not an address",
      phone: "0470 11 22 33",
      custom_data: [{ field_id: "x", data: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        firstname: "REQUIRED",
        lastname: "INVALID_TYPE",
        email: "INVALID_EMAIL",
        phone: "INVALID_FORMAT",
        "custom_data.0.field_id": "INVALID_TYPE",
        "custom_data.0.data": "INVALID_TYPE",
      },
    });
    const missing = await who.client.put("/api/session", {});
    expect(missing.json().fields).toMatchObject({
      firstname: "REQUIRED",
      lastname: "REQUIRED",
      email: "REQUIRED",
      phone: "REQUIRED",
    });
  });

  it("keeps one's own e-mail, and frees the e-mail of a deleted account", async () => {
    const who = await customer();
    const own = (await who.client.get("/api/session")).json().customer.email;
    const same = await who.client.put("/api/session", {
      ...profile,
      email: ` ${own.toUpperCase()}`,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().customer.email).toBe(own);

    const leaving = await customer();
    const leavingEmail = (await leaving.client.get("/api/session")).json().customer.email;
    const taken = await who.client.put("/api/session", { ...profile, email: leavingEmail });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: "EMAIL_ALREADY_USED",
      fields: { email: "EMAIL_ALREADY_USED" },
    });
    expect((await leaving.client.delete("/api/session")).statusCode).toBe(200);
    const freed = await who.client.put("/api/session", { ...profile, email: leavingEmail });
    expect(freed.statusCode).toBe(200);
    // The session answers the new values.
    expect((await who.client.get("/api/session")).json().customer).toMatchObject({
      email: leavingEmail,
      fullname: "Camille Martin",
      phone: "+32 470 11 22 33",
    });
  });

  it("checks the customer custom fields by type and stores them normalised", async () => {
    const fieldRows = await t.db
      .insert(customFields)
      .values([
        { organiserId: demoId, entity: "CUSTOMERS", type: "DATE", title: "Né le", required: true },
        {
          organiserId: demoId,
          entity: "CUSTOMERS",
          type: "CHOICES_MULTIPLE",
          title: "Langues",
          choices: [
            { id: 1, label: "Français" },
            { id: 2, label: "Nederlands" },
            { id: 3, label: "English" },
          ],
        },
        {
          organiserId: demoId,
          entity: "CUSTOMERS",
          type: "TEXT",
          title: "Code",
          pattern: "[A-Z]{3}",
        },
        {
          organiserId: demoId,
          entity: "PARTICIPANTS",
          type: "TEXT",
          title: "Participant only",
        },
      ])
      .returning();
    const [date, languages, code, participantOnly] = fieldRows;
    try {
      const who = await customer();
      const invalid = await who.client.put("/api/session", {
        ...profile,
        email: "custom-fields@example.org",
        custom_data: [
          { field_id: languages!.id, data: "Deutsch" },
          { field_id: code!.id, data: "abcd" },
          { field_id: participantOnly!.id, data: "x" },
        ],
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toMatchObject({
        [`custom_data.${date!.id}`]: "REQUIRED",
        [`custom_data.${languages!.id}`]: "INVALID_CHOICE",
        [`custom_data.${code!.id}`]: "INVALID_FORMAT",
        [`custom_data.${participantOnly!.id}`]: "UNKNOWN_FIELD",
      });
      const badDate = await who.client.put("/api/session", {
        ...profile,
        email: "custom-fields@example.org",
        custom_data: [{ field_id: date!.id, data: "2020-02-30" }],
      });
      expect(badDate.json().fields).toEqual({ [`custom_data.${date!.id}`]: "INVALID_DATE" });

      const valid = await who.client.put("/api/session", {
        ...profile,
        email: "custom-fields@example.org",
        custom_data: [
          { field_id: date!.id, data: "1985-07-30T00:00:00.000Z" },
          { field_id: languages!.id, data: "English, Français" },
          { field_id: code!.id, data: " ABC " },
        ],
      });
      expect(valid.statusCode, valid.body).toBe(200);
      const stored = valid.json().customer.custom_data as Array<{ field_id: number; data: string }>;
      expect(stored.find((entry) => entry.field_id === date!.id)?.data).toBe("1985-07-30");
      expect(stored.find((entry) => entry.field_id === languages!.id)?.data).toBe(
        "Français, English",
      );
      expect(stored.find((entry) => entry.field_id === code!.id)?.data).toBe("ABC");
    } finally {
      for (const row of fieldRows) {
        await t.db.update(customFields).set({ active: false }).where(eq(customFields.id, row.id));
      }
    }
  });
});

describe("DELETE /api/session", () => {
  it("keeps the organiser's records and erases the personal data", async () => {
    const who = await customer(1_000_000);
    const [before] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    const { cart, availability } = await purchases(who);
    const [processed] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    await t.db.insert(payments).values({
      organiserId: demoId,
      cartId: cart.id,
      provider: "test",
      providerPaymentId: `tr_account_${who.customerId}`,
      amount: 1_000,
      currency: "EUR",
      status: "paid",
      paidAt: new Date(),
      checkoutUrl: "https://pay.example.test/tr",
    });
    const registrationsBefore = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.customerId, who.customerId));
    expect(registrationsBefore).toHaveLength(1);
    const vouchersBefore = await t.db
      .select()
      .from(customerVouchers)
      .where(eq(customerVouchers.customerId, who.customerId));
    const walletBefore = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.customerId, who.customerId));
    expect(walletBefore.length).toBeGreaterThan(0);

    // An open cart holding a place, and a waiting-list entry: both go.
    await holdPlace(who, "Stage de poterie");
    await t.db.insert(waitingListEntries).values({
      organiserId: demoId,
      availabilityId: availability.id,
      participantId: who.participantId,
      customerId: who.customerId,
    });
    // Two requests waiting for the organiser, one already approved: the pending ones end.
    const [template] = await t.db.select().from(registrationRequests).limit(1);
    const request = (status: "PENDING" | "APPROVED") => ({
      organiserId: demoId,
      reference: template!.reference,
      customerId: who.customerId,
      participantId: who.participantId,
      activityId: template!.activityId,
      totalAmount: 0,
      status,
      statusChangedAt: status === "PENDING" ? null : new Date(),
    });
    await t.db
      .insert(registrationRequests)
      .values([request("PENDING"), request("PENDING"), request("APPROVED")]);
    // The checkout confirmation e-mail went to the customer's address.
    const sent = await emailsTo(t, before!.email);
    expect(sent.length).toBeGreaterThan(0);

    const response = await who.client.delete("/api/session");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    // Personal data: erased.
    const [after] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    expect(after).toMatchObject({
      firstname: "Deleted",
      lastname: "customer",
      email: `deleted-${before!.cuid}@anonymised.invalid`,
      phone: "",
      passwordHash: null,
      customData: [],
    });
    expect(after!.anonymisedAt).toBeInstanceOf(Date);
    const [participant] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.id, who.participantId));
    expect(participant).toMatchObject({ firstname: "Deleted", lastname: "participant" });
    expect(participant!.deletedAt).toBeInstanceOf(Date);
    expect(
      await t.db.select().from(messages).where(eq(messages.toAddress, before!.email)),
    ).toHaveLength(0);
    const erased = await t.db.select().from(messages).where(eq(messages.toAddress, after!.email));
    expect(erased).toHaveLength(sent.length);
    for (const email of erased)
      expect({ html: email.html, text: email.text }).toEqual({ html: "", text: "" });

    const requests = await t.db
      .select({ status: registrationRequests.status })
      .from(registrationRequests)
      .where(eq(registrationRequests.customerId, who.customerId));
    expect(requests.map((row) => row.status).sort()).toEqual([
      "APPROVED",
      "CANCELLED",
      "CANCELLED",
    ]);

    // The organiser's records: kept as they were.
    expect(
      await t.db.select().from(registrations).where(eq(registrations.customerId, who.customerId)),
    ).toEqual(registrationsBefore);
    expect(
      await t.db
        .select()
        .from(customerVouchers)
        .where(eq(customerVouchers.customerId, who.customerId)),
    ).toEqual(vouchersBefore);
    expect(
      await t.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.customerId, who.customerId)),
    ).toEqual(walletBefore);
    expect(await t.db.select().from(carts).where(eq(carts.customerId, who.customerId))).toEqual([
      processed,
    ]);
    expect(await t.db.select().from(payments).where(eq(payments.cartId, cart.id))).toHaveLength(1);

    // What only served the person: gone.
    expect(
      await t.db
        .select()
        .from(waitingListEntries)
        .where(eq(waitingListEntries.customerId, who.customerId)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(customerSessions)
        .where(eq(customerSessions.customerId, who.customerId)),
    ).toEqual([]);

    // The session has ended: the old cookie is a visitor's.
    expect((await who.client.get("/api/session")).json().customer).toBeNull();
    expect((await who.client.delete("/api/session")).statusCode).toBe(401);
  });

  it("is refused to a collaborator acting as the customer", async () => {
    const who = await customer();
    const [owner] = await t.db
      .select({ id: collaborators.id })
      .from(collaborators)
      .where(eq(collaborators.email, "owner@demo.test"));
    await t.db
      .update(customerSessions)
      .set({ impersonatorCollaboratorId: owner!.id })
      .where(eq(customerSessions.customerId, who.customerId));
    const response = await who.client.delete("/api/session");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "FORBIDDEN" });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, who.customerId));
    expect(row!.anonymisedAt).toBeNull();
    expect((await who.client.get("/api/session")).json().customer).not.toBeNull();
  });

  it("needs a session", async () => {
    const response = await new Client(t.app, DEMO_HOST).delete("/api/session");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "UNAUTHENTICATED" });
  });
});
