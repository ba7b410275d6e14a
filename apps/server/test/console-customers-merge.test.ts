import {
  attendanceChargeItems,
  attendanceCharges,
  auditLogs,
  cartItems,
  carts,
  customers,
  notificationRules,
  participants,
  passwordResetTokens,
  paymentReminders,
  registrationCancellations,
  registrationChanges,
  registrationReviews,
  registrations,
  scheduledNotifications,
  waitingListEntries,
} from "@booking/db";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, registrationBody, sessionOf } from "./cart-fixtures.ts";
import {
  collaboratorWith,
  customFieldIdOf,
  demoConsole,
  organiserIdOf,
} from "./console-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

/**
 * The merge of two customers (docs/decisions/0023-customer-merge.md). The source is the demo
 * parent, whose seeded history fills most tables; the fixture below adds a row in every other
 * table that names a customer, so that the merge is shown to move rows of EVERY such table. A
 * table added later with a customer column makes "every table" fail until the merge handles it
 * and the fixture gives the source a row in it.
 */

let t: TestApp;
let owner: Client;
let organiserId: number;
const newCustomer = numberedCustomers({
  firstname: "Camille",
  lastname: "Doublon",
  email: "merge-target",
  participant: "Enzo",
});

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
});
afterAll(async () => {
  await t.close();
});

type CustomerColumn = { table: string; column: string };

/** Every column that names a customer: `customer_id` anywhere, and every foreign key to customers. */
async function customerColumns(): Promise<CustomerColumn[]> {
  const result = await t.db.execute<CustomerColumn>(sql`
    select distinct x.table, x.column from (
      select c.table_name::text as table, c.column_name::text as column
        from information_schema.columns c
       where c.table_schema = 'public' and c.column_name = 'customer_id'
      union
      select cl.relname::text, a.attname::text
        from pg_constraint k
        join pg_class cl on cl.oid = k.conrelid
        join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
        cross join unnest(k.conkey) as key(attnum)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = key.attnum
       where k.contype = 'f' and k.confrelid = 'public.customers'::regclass
         and a.attname <> 'organiser_id'
    ) x order by 1, 2`);
  return result.rows;
}

async function countRows(columns: CustomerColumn[], customerId: number) {
  const counts = new Map<string, number>();
  for (const { table, column } of columns) {
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${customerId}`,
    );
    counts.set(`${table}.${column}`, result.rows[0]!.n);
  }
  return counts;
}

async function customerByEmail(email: string) {
  const [row] = await t.db
    .select()
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.email, email)));
  return row!;
}

async function openCartOf(customerId: number) {
  const [row] = await t.db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), isNull(carts.processedAt)));
  return row ?? null;
}

/** Adds a registration of `participantId` to the customer's open cart; answers the cart id. */
async function addToCart(
  client: Client,
  availabilityId: number,
  participantId: number,
  dateId: number,
) {
  const added = await client.post(
    "/api/carts/items",
    registrationBody(availabilityId, participantId, [dateId]),
  );
  expect(added.statusCode, added.body).toBe(201);
  return added.json().cart.id as number;
}

/**
 * Gives the demo parent (the source) a row in each table its seeded history leaves empty, and
 * the target what makes the merge interesting: its own open cart, a charge of the same billing
 * cycle, custom data with gaps, a wallet.
 */
async function mergeFixture() {
  const source = await customerByEmail("parent@demo.test");
  const target = await newCustomer(t, organiserId, DEMO_HOST, 700);
  const targetRow = await customerByEmail("merge-target-1@example.org");
  const address = await customFieldIdOf(t.db, organiserId, "Adresse postale");
  await t.db
    .update(customers)
    .set({ customData: [{ field_id: address, data: "Avenue de la Cible 2" }] })
    .where(eq(customers.id, target.customerId));

  const camp = await availabilityWithDates(t, {
    organiserId,
    title: "Stage fusion",
    capacity: 10,
    price: 9_000,
    deposit: 0,
    dateHours: 6,
    dates: [{ capacity: 10 }, { capacity: 10 }],
  });
  const sourceKids = await t.db
    .select()
    .from(participants)
    .where(and(eq(participants.customerId, source.id), isNull(participants.deletedAt)));
  const sourceClient = await sessionOf(t, organiserId, DEMO_HOST, source.id);
  await addToCart(sourceClient, camp.availability.id, sourceKids[0]!.id, camp.dates[0]!.id);
  await addToCart(target.client, camp.availability.id, target.participantId, camp.dates[1]!.id);

  // Console: a note, a wallet adjustment and an impersonation link (collaborator_tokens).
  const base = `/api/admin/customers/${source.cuid}`;
  expect(
    (await owner.post(`${base}/notes`, { body: "Doublon du compte Camille." })).statusCode,
  ).toBe(201);
  expect(
    (await owner.post(`${base}/wallet`, { direction: "CREDIT", amount: 300, reason: "Geste" }))
      .statusCode,
  ).toBe(200);
  expect((await owner.post(`${base}/impersonate`, {})).statusCode).toBe(200);
  // A tag of the source (customer_tags; decision 0088), through the console.
  const tag = await owner.post("/api/admin/tags/customers", { name: "Fusion", color: "#336699" });
  expect(tag.statusCode, tag.body).toBe(201);
  expect((await owner.put(`${base}/tags`, { tags: [tag.json().cuid] })).statusCode).toBe(200);
  // A discount given to the source (customer_discounts; decision 0100), through the console.
  const discount = await owner.post("/api/admin/discounts", { name: "Fusion", percentage: 5 });
  expect(discount.statusCode, discount.body).toBe(201);
  const given = await owner.post(`${base}/discounts`, { discount: discount.json().cuid });
  expect(given.statusCode, given.body).toBe(201);
  // A message written by hand to the source (its record and its copy in the delivery log).
  const written = await owner.post("/api/admin/notifications/manual", {
    request_key: `merge-${Date.now()}`,
    target: { type: "CUSTOMER", customer: source.cuid },
    email: true,
    sms: false,
    subject: "Doublon",
    content: "<p>Bonjour</p>",
  });
  expect(written.statusCode, written.body).toBe(201);

  await t.db.insert(passwordResetTokens).values({
    organiserId,
    customerId: source.id,
    tokenHash: `merge-test-${Date.now()}`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await t.db.insert(waitingListEntries).values({
    organiserId,
    availabilityId: camp.availability.id,
    participantId: sourceKids[1]!.id,
    customerId: source.id,
  });
  const [registration] = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.customerId, source.id))
    .limit(1);
  const onRegistration = { organiserId, registrationId: registration!.id, customerId: source.id };
  await t.db
    .insert(registrationCancellations)
    .values({ ...onRegistration, type: "customer", paidAmount: 0 });
  await t.db.insert(registrationChanges).values({
    ...onRegistration,
    options: [],
    questions: [],
    totalBefore: 100,
    totalAfter: 100,
    depositBefore: 0,
    depositAfter: 0,
    // The merge moves the row whatever it priced.
    pricing: sql`'{}'::jsonb`,
  });
  // The demo parent may have reviewed this registration already (the demo's review): either way
  // one review names the source.
  await t.db
    .insert(registrationReviews)
    .values({ ...onRegistration, score: 5 })
    .onConflictDoNothing();

  // The confirmation the default rule has yet to send the source.
  const [defaultRule] = await t.db
    .select({ id: notificationRules.id })
    .from(notificationRules)
    .where(
      and(eq(notificationRules.organiserId, organiserId), eq(notificationRules.isDefault, true)),
    );
  await t.db.insert(scheduledNotifications).values({
    organiserId,
    ruleId: defaultRule!.id,
    eventCuid: "merge-source-event",
    eventType: "cart.processed",
    eventPayload: { cart_cuid: "merge-source-cart" },
    occurredAt: new Date(),
    recipient: `customer:${source.id}`,
    customerId: source.id,
    sendAt: new Date(Date.now() + 3_600_000),
  });

  // Billing details, an invoice asked for one of the source's orders, and a payment reminder.
  const billing = await sourceClient.put("/api/billing-details", {
    company_name: "Dubois SRL",
    street: "Rue du Doublon 1",
    postcode: "1000",
    city: "Bruxelles",
    country: "BE",
    vat_number: "",
  });
  expect(billing.statusCode, billing.body).toBe(200);
  const [processed] = await t.db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, source.id), isNotNull(carts.processedAt)))
    // An order that bills something (a free one has no invoice).
    .orderBy(desc(carts.totalAmount))
    .limit(1);
  const invoice = await sourceClient.post("/api/invoices", { cart_cuid: processed!.cuid });
  expect(invoice.statusCode, invoice.body).toBe(200);
  await t.db.insert(paymentReminders).values({
    organiserId,
    itemType: "CART",
    itemId: processed!.id,
    step: 1,
    customerId: source.id,
    dueOn: "2026-10-01",
    amountDue: 1_000,
  });

  // A voucher of the demo the source redeemed.
  await t.db.execute(sql`
    update customer_vouchers set recipient_id = ${source.id}, redeemed_at = now()
     where id = (select min(id) from customer_vouchers where organiser_id = ${organiserId})`);

  // A charge of the target in the billing cycle the source was charged for.
  const [sourceCharge] = await t.db
    .select()
    .from(attendanceCharges)
    .where(eq(attendanceCharges.customerId, source.id))
    .limit(1);
  const [targetCharge] = await t.db
    .insert(attendanceCharges)
    .values({
      organiserId,
      customerId: target.customerId,
      billingCycleId: sourceCharge!.billingCycleId,
      totalAmount: 1_000,
      paidAmount: 400,
    })
    .returning();
  return { source, target, targetRow, sourceCharge: sourceCharge!, targetCharge: targetCharge! };
}

describe("merging two customers", () => {
  it("refuses the same customer, unknown ones and another organiser's, changing nothing", async () => {
    const parent = await customerByEmail("parent@demo.test");
    const self = await owner.post(`/api/admin/customers/${parent.cuid}/merge`, {
      source: parent.cuid,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({
      error: "CANNOT_MERGE_SELF",
      fields: { source: "CANNOT_MERGE_SELF" },
    });

    const organiserB = await organiserIdOf(t.db, "demo-en");
    const [foreign] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.organiserId, organiserB))
      .limit(1);
    const fromB = await owner.post(`/api/admin/customers/${parent.cuid}/merge`, {
      source: foreign!.cuid,
    });
    expect(fromB.statusCode).toBe(404);
    expect(fromB.json()).toEqual({ error: "CUSTOMER_NOT_FOUND" });
    const intoB = await owner.post(`/api/admin/customers/${foreign!.cuid}/merge`, {
      source: parent.cuid,
    });
    expect(intoB.statusCode).toBe(404);
    const unknown = await owner.post(`/api/admin/customers/${parent.cuid}/merge`, {
      source: "nobody",
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await owner.post(`/api/admin/customers/${parent.cuid}/merge`, {});
    expect(missing.json()).toMatchObject({ fields: { source: "REQUIRED" } });

    const readOnly = await collaboratorWith(t, [
      "customers.customers.read",
      "customers.customers.update",
    ]);
    const forbidden = await readOnly.client.post(`/api/admin/customers/${parent.cuid}/merge`, {
      source: foreign!.cuid,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await customerByEmail("parent@demo.test")).toMatchObject({ id: parent.id });
  });

  it("moves every row of every table that names the source to the target, then deletes the source", async () => {
    const fixture = await mergeFixture();
    const { source, target } = fixture;
    const columns = await customerColumns();
    // The fixture must give the source a row in every such table: a new table fails here first.
    const sourceBefore = await countRows(columns, source.id);
    const empty = [...sourceBefore].filter(([, n]) => n === 0).map(([name]) => name);
    expect(empty, "tables naming a customer that the merge test does not exercise").toEqual([]);
    const targetBefore = await countRows(columns, target.customerId);
    const sourceWallet = source.walletAmount + 300;
    const sourceOpenCart = (await openCartOf(source.id))!;
    const targetOpenCart = (await openCartOf(target.customerId))!;
    const sourceItems = await t.db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(eq(cartItems.cartId, sourceOpenCart.id));

    const response = await owner.post(`/api/admin/customers/${fixture.targetRow.cuid}/merge`, {
      source: source.cuid,
    });
    expect(response.statusCode, response.body).toBe(200);
    const merged = response.json();
    expect(merged.customer).toMatchObject({
      cuid: fixture.targetRow.cuid,
      email: "merge-target-1@example.org",
      wallet_amount: 700 + sourceWallet,
    });
    expect(merged.moved).toMatchObject({ wallet_amount: sourceWallet, notes: 1 });
    expect(merged.moved.registrations).toBe(sourceBefore.get("registrations.customer_id"));

    // Nothing names the source any more, and every row moved: what sign-in material there was
    // is closed, the two open carts became one, the two charges of one cycle became one.
    const sourceAfter = await countRows(columns, source.id);
    expect([...sourceAfter].filter(([, n]) => n > 0)).toEqual([]);
    const targetAfter = await countRows(columns, target.customerId);
    const closed = ["customer_sessions", "password_reset_tokens", "collaborator_tokens"];
    const mergedAway: Record<string, number> = {
      "carts.customer_id": 1,
      "attendance_charges.customer_id": 1,
    };
    for (const [name, before] of sourceBefore) {
      const table = name.split(".")[0]!;
      const expected = closed.includes(table)
        ? targetBefore.get(name)!
        : before + targetBefore.get(name)! - (mergedAway[name] ?? 0);
      expect(targetAfter.get(name), name).toBe(expected);
    }
    const [gone] = await t.db.select().from(customers).where(eq(customers.id, source.id));
    expect(gone).toBeUndefined();

    // One open cart holding both customers' items, the target's cart kept.
    const open = await t.db
      .select()
      .from(carts)
      .where(and(eq(carts.customerId, target.customerId), isNull(carts.processedAt)));
    expect(open.map((cart) => cart.id)).toEqual([targetOpenCart.id]);
    const items = await t.db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(eq(cartItems.cartId, targetOpenCart.id));
    expect(items.map((item) => item.id)).toEqual(
      expect.arrayContaining(sourceItems.map((item) => item.id)),
    );
    expect(items).toHaveLength(sourceItems.length + 1);

    // The cycle both were charged for: one charge with both totals, payments and items.
    const charges = await t.db
      .select()
      .from(attendanceCharges)
      .where(
        and(
          eq(attendanceCharges.customerId, target.customerId),
          eq(attendanceCharges.billingCycleId, fixture.sourceCharge.billingCycleId),
        ),
      );
    expect(charges).toEqual([
      expect.objectContaining({
        id: fixture.targetCharge.id,
        totalAmount: 1_000 + fixture.sourceCharge.totalAmount,
        paidAmount: 400 + fixture.sourceCharge.paidAmount,
      }),
    ]);
    const chargeItems = await t.db
      .select()
      .from(attendanceChargeItems)
      .where(inArray(attendanceChargeItems.attendanceChargeId, [fixture.sourceCharge.id]));
    expect(chargeItems).toEqual([]);

    // The target's custom values win, the source's fill the gaps.
    const [after] = await t.db.select().from(customers).where(eq(customers.id, target.customerId));
    const address = await customFieldIdOf(t.db, organiserId, "Adresse postale");
    const how = await customFieldIdOf(t.db, organiserId, "Comment nous avez-vous connus ?");
    expect(after!.customData).toEqual(
      expect.arrayContaining([
        { field_id: address, data: "Avenue de la Cible 2" },
        { field_id: how, data: "Bouche-à-oreille" },
      ]),
    );
    expect(after!.walletAmount).toBe(700 + sourceWallet);
    const wallet = await t.db.execute<{ total: number }>(
      sql`select coalesce(sum(amount), 0)::int as total from wallet_transactions
           where customer_id = ${target.customerId}`,
    );
    expect(wallet.rows[0]!.total).toBeLessThanOrEqual(after!.walletAmount);

    // The audit log keeps who both were.
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "customer.merged"),
          eq(auditLogs.entityId, fixture.targetRow.cuid),
        ),
      )
      .orderBy(desc(auditLogs.id));
    expect(entry!.before).toMatchObject({
      source: { email: "parent@demo.test", cuid: source.cuid },
      target: { email: "merge-target-1@example.org" },
    });
    const [away] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, "customer.merged_away"), eq(auditLogs.entityId, source.cuid)),
      );
    expect(away!.after).toMatchObject({ merged_into: fixture.targetRow.cuid });

    // The source's sessions are closed; its participants show under the target.
    const detail = (await owner.get(`/api/admin/customers/${fixture.targetRow.cuid}`)).json();
    expect(detail.participants.map((p: { firstname: string }) => p.firstname)).toEqual(
      expect.arrayContaining(["Léa", "Hugo", "Enzo"]),
    );
    expect((await owner.get(`/api/admin/customers/${source.cuid}`)).statusCode).toBe(404);
  });

  it("refuses while one of two open carts awaits an online payment", async () => {
    const first = await newCustomer(t, organiserId, DEMO_HOST);
    const second = await newCustomer(t, organiserId, DEMO_HOST);
    const camp = await availabilityWithDates(t, {
      organiserId,
      title: "Stage paiement en cours",
      capacity: 10,
      price: 5_000,
      deposit: 0,
      dateHours: 4,
      dates: [{ capacity: 10 }],
    });
    await addToCart(first.client, camp.availability.id, first.participantId, camp.dates[0]!.id);
    const pending = await addToCart(
      second.client,
      camp.availability.id,
      second.participantId,
      camp.dates[0]!.id,
    );
    await t.db.update(carts).set({ paymentPendingAt: new Date() }).where(eq(carts.id, pending));
    const [a] = await t.db.select().from(customers).where(eq(customers.id, first.customerId));
    const [b] = await t.db.select().from(customers).where(eq(customers.id, second.customerId));
    const refused = await owner.post(`/api/admin/customers/${a!.cuid}/merge`, { source: b!.cuid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "CART_AWAITING_PAYMENT" });
    expect(await openCartOf(second.customerId)).toMatchObject({ id: pending });

    // Alone, a cart awaiting its payment simply moves with the customer.
    await t.db
      .delete(carts)
      .where(and(eq(carts.customerId, first.customerId), isNull(carts.processedAt)));
    const moved = await owner.post(`/api/admin/customers/${a!.cuid}/merge`, { source: b!.cuid });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await openCartOf(first.customerId)).toMatchObject({ id: pending });
  });
});
