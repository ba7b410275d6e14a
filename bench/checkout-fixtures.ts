import { randomBytes } from "node:crypto";
import {
  activities,
  availabilities,
  availabilityDates,
  type createDatabase,
  customerSessions,
  customers,
  defaultNotificationRule,
  notificationRules,
  participants,
} from "@booking/db";
import { sql } from "@booking/db/orm";
import type pg from "pg";
import { SESSION_TTL_MS } from "../apps/server/src/modules/accounts/sessions.ts";
import { hashToken, newToken } from "../apps/server/src/modules/accounts/tokens.ts";

/**
 * What the checkout benchmark writes straight into the database (bench/README.md "Checkout
 * benchmark"): availabilities to sell, logged-in customers, and past orders.
 */

const DAY_MS = 86_400_000;

export type Customer = {
  customerId: number;
  participantId: number;
  /** the participant's full name, which the customer's pages show */
  participantName: string;
  cookie: string;
  xsrf: string;
};

export type Target = { availabilityId: number; dateId: number };

/**
 * What a rush's checkouts need of their organiser: DELAYED checkout of something to pay needs
 * bank transfers (409 PAYMENT_METHOD_UNAVAILABLE otherwise); the confirmation is the default
 * notification rule's, which sign-up gives an organiser and the generator (writing organisers
 * after the migrations) does not.
 */
export async function prepareCheckoutOrganiser(
  database: ReturnType<typeof createDatabase>,
  organiser: { id: number; timezone: string },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiser.id)}, true)`);
    await tx.execute(
      sql`UPDATE organisers SET settings = settings || '{"bank_transfers_payments_activated": true}'::jsonb WHERE id = ${organiser.id}`,
    );
    const language = organiser.timezone === "Europe/London" ? "en" : "fr";
    await tx
      .insert(notificationRules)
      .values({ organiserId: organiser.id, ...defaultNotificationRule(language) })
      .onConflictDoNothing();
  });
}

/**
 * A published activity with one OPEN availability starting in 30 days and one date of
 * `capacity` places, price 120.00 with a 30.00 deposit.
 */
export async function createTarget(
  database: ReturnType<typeof createDatabase>,
  organiserId: number,
  title: string,
  capacity: number,
): Promise<Target> {
  const start = Date.now() + 30 * DAY_MS;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
    const [activity] = await tx
      .insert(activities)
      .values({ organiserId, title, published: true })
      .returning({ id: activities.id });
    const [availability] = await tx
      .insert(availabilities)
      .values({
        organiserId,
        activityId: activity!.id,
        startAt: new Date(start),
        endAt: new Date(start + DAY_MS),
        capacity,
        price: 12_000,
        deposit: 3_000,
      })
      .returning({ id: availabilities.id });
    const [date] = await tx
      .insert(availabilityDates)
      .values({
        organiserId,
        availabilityId: availability!.id,
        startAt: new Date(start),
        endAt: new Date(start + 3 * 3600 * 1000),
        capacity,
      })
      .returning({ id: availabilityDates.id });
    return { availabilityId: availability!.id, dateId: date!.id };
  });
}

/**
 * `count` customers, each with one participant and an open session, in bulk inserts of 1,000.
 * The session rows are what openSession writes: the token hashed with the server's secret by
 * the same helper, a 30-day expiry.
 */
export async function createCustomers(
  database: ReturnType<typeof createDatabase>,
  secret: string,
  organiserId: number,
  prefix: string,
  count: number,
): Promise<Customer[]> {
  const created: Customer[] = [];
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  for (let offset = 0; offset < count; offset += 1000) {
    const size = Math.min(1000, count - offset);
    const numbers = Array.from({ length: size }, (_, i) => offset + i + 1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
      const customerRows = await tx
        .insert(customers)
        .values(
          numbers.map((n) => ({
            organiserId,
            firstname: "Client",
            lastname: `${prefix} ${n}`,
            email: `${prefix}-${n}-${now.getTime()}@bench.example.org`,
            phone: "+32 470 00 00 00",
          })),
        )
        .returning({ id: customers.id });
      const participantRows = await tx
        .insert(participants)
        .values(
          customerRows.map((row, i) => ({
            organiserId,
            customerId: row.id,
            firstname: "Enfant",
            lastname: `${prefix} ${numbers[i]}`,
          })),
        )
        .returning({ id: participants.id, customerId: participants.customerId });
      const tokens = customerRows.map(() => newToken());
      await tx.insert(customerSessions).values(
        customerRows.map((row, i) => ({
          organiserId,
          customerId: row.id,
          tokenHash: hashToken(secret, tokens[i]!),
          expiresAt,
          lastSeenAt: now,
          userAgent: "bench/checkout.ts",
        })),
      );
      customerRows.forEach((row, i) => {
        const xsrf = randomBytes(24).toString("base64url");
        created.push({
          customerId: row.id,
          participantId: participantRows.find((p) => p.customerId === row.id)!.id,
          participantName: `Enfant ${prefix} ${numbers[i]}`,
          cookie: `session=${tokens[i]}; XSRF-TOKEN=${xsrf}`,
          xsrf,
        });
      });
    });
  }
  return created;
}

/**
 * The organiser's past orders: `count` processed carts of `buyers` (in turn), each with one
 * registration item converted into a registration on `target`'s date, in bulk statements of
 * 5,000. A running platform has them; without them the cart tables are nearly empty, and the
 * plans PostgreSQL keeps for the prepared statements (generic plans, made after five runs) are
 * those of tables of a few rows: sequential scans that a live database, whose tables have grown
 * and been analysed, would not use (modules/carts/queries.ts). `registered` is left alone: the
 * target only serves as the orders' availability.
 */
export async function createOrderHistory(
  database: ReturnType<typeof createDatabase>,
  organiserId: number,
  target: Target,
  buyers: Customer[],
  count: number,
): Promise<void> {
  for (let offset = 0; offset < count; offset += 5000) {
    const size = Math.min(5000, count - offset);
    const chosen = Array.from({ length: size }, (_, i) => buyers[(offset + i) % buyers.length]!);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
      await tx.execute(sql`
        with cart as (
          insert into carts (cuid, organiser_id, customer_id, reference, processed_at,
                             terms_accepted_at, payment_strategy, total_amount, deposit_amount,
                             created_at)
          select md5(random()::text || buyer.n), ${organiserId}, buyer.customer_id,
                 '+++000/0000/00097+++', now() - interval '30 days', now() - interval '30 days',
                 'DELAYED', 12000, 3000, now() - interval '30 days'
            from unnest(${sql.param(chosen.map((who) => who.customerId))}::int[])
                 with ordinality as buyer(customer_id, n)
          returning id, customer_id, cuid
        ), item as (
          -- Each customer of the fixtures has one participant.
          insert into cart_items (cuid, organiser_id, cart_id, type, participant_id,
                                  availability_id, price, deposit, expires_at, created_at)
          select md5('item' || cart.cuid), ${organiserId}, cart.id, 'REGISTRATION', p.id,
                 ${target.availabilityId}, 12000, 3000, now() - interval '30 days',
                 now() - interval '30 days'
            from cart
            join participants p on p.organiser_id = ${organiserId} and p.customer_id = cart.customer_id
          returning id, cart_id, participant_id
        ), registration as (
          insert into registrations (cuid, organiser_id, reference, cart_id, cart_item_id,
                                     customer_id, participant_id, availability_id,
                                     total_amount, deposit_amount)
          select md5('registration' || item.id), ${organiserId}, '+++000/0000/00097+++',
                 item.cart_id, item.id, cart.customer_id, item.participant_id,
                 ${target.availabilityId}, 12000, 3000
            from item join cart on cart.id = item.cart_id
          returning id
        )
        insert into registration_dates (organiser_id, registration_id, availability_date_id)
        select ${organiserId}, registration.id, ${target.dateId} from registration`);
    });
  }
}

/** The places sold on `target`'s date (its registrations) and its `registered` counter. */
export async function placesSold(
  pool: pg.Pool,
  organiserId: number,
  target: Target,
): Promise<{ sold: number; registered: number }> {
  const { rows } = await pool.query<{ sold: number; registered: number }>(
    `SELECT
       (SELECT count(*)::int FROM registration_dates rd
          JOIN registrations r ON r.organiser_id = rd.organiser_id AND r.id = rd.registration_id
         WHERE rd.organiser_id = $1 AND rd.availability_date_id = $2 AND NOT r.cancelled) AS sold,
       (SELECT registered FROM availability_dates WHERE organiser_id = $1 AND id = $2) AS registered`,
    [organiserId, target.dateId],
  );
  return { sold: rows[0]?.sold ?? -1, registered: rows[0]?.registered ?? -1 };
}
