import { membershipPeriod } from "@booking/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  activities,
  availabilities,
  bundles,
  cartItems,
  carts,
  customerBundles,
  customerMemberships,
  customers,
  memberships,
  participants,
} from "../schema/index.ts";
import { demoFrAccountHistory } from "./demo-fr-history.ts";
import { nextDemoPaymentReference } from "./references.ts";
import { availabilityDateIds, writeDemoRegistration } from "./registrations.ts";
import type { SeedCounts } from "./writer.ts";

// The demo customer's past orders, for the account tabs (platform-and-account.md §2.3;
// docs/decisions/0018-account-items.md): registrations, a bundle and memberships (one cancelled).
// The registration requests and bookings are made through the server's services by its demo
// flows (apps/server/src/demo, decision 0073); the attendance charge comes from recorded
// attendance (attendance-billing.ts).
// Activities, bundles and memberships are named by their titles, customers by their e-mail and
// participants by their first name.

export type DemoOrder = {
  processedAt: Date;
  registrations?: Array<{
    participant: string;
    /** the activity's title */
    activity: string;
    /** index of the activity's availability, in the order of its description */
    availability: number;
    paid: number;
  }>;
  bundles?: Array<{ bundle: string; participant?: string; paid: number }>;
  memberships?: Array<{ title: string; participant?: string; paid: number; cancelled?: boolean }>;
};

export type DemoAccountHistory = {
  customer: string;
  orders: DemoOrder[];
};

function lookup<V>(map: Map<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`unknown demo reference: ${key}`);
  return value;
}

/** The demo parent's history at the French demo organiser (`demo-fr-history.ts`). */
export async function writeDemoAccountHistory(
  tx: Transaction,
  organiserId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  await writeAccountHistory(tx, organiserId, demoFrAccountHistory(now), (table, rows) => {
    counts[table] = (counts[table] ?? 0) + rows;
  });
}

/** Writes the history of one demo customer of `organiserId`. */
export async function writeAccountHistory(
  tx: Transaction,
  organiserId: number,
  history: DemoAccountHistory,
  count: (table: string, rows: number) => void,
): Promise<void> {
  // Row-level security admits this organiser's rows when the seed runs as the tables' owner.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const byTitle = <T extends { title: string; id: number }>(rows: T[]) =>
    new Map(rows.map((row) => [row.title, row.id]));
  const refs = {
    activityIds: byTitle(
      await tx
        .select({ id: activities.id, title: activities.title })
        .from(activities)
        .where(eq(activities.organiserId, organiserId)),
    ),
    bundleIds: byTitle(
      await tx
        .select({ id: bundles.id, title: bundles.title })
        .from(bundles)
        .where(eq(bundles.organiserId, organiserId)),
    ),
  };
  const customerIds = new Map<string, number>();
  const participantIds = new Map<string, number>();
  const people = await tx
    .select({
      email: customers.email,
      customerId: customers.id,
      participantId: participants.id,
      firstname: participants.firstname,
    })
    .from(customers)
    .innerJoin(
      participants,
      and(
        eq(participants.organiserId, customers.organiserId),
        eq(participants.customerId, customers.id),
      ),
    )
    .where(eq(customers.organiserId, organiserId));
  for (const person of people) {
    customerIds.set(person.email, person.customerId);
    participantIds.set(`${person.email}/${person.firstname}`, person.participantId);
  }
  const customerId = lookup(customerIds, history.customer);
  const participantOf = (firstname: string, email = history.customer) =>
    lookup(participantIds, `${email}/${firstname}`);

  /** The organiser's next payment reference, as checkout takes it. */
  const nextReference = () => nextDemoPaymentReference(tx, organiserId);

  /** The availabilities of an activity in the order they were written (their ids). */
  const availabilitiesOf = async (activity: string) =>
    tx
      .select({
        id: availabilities.id,
        price: availabilities.price,
        deposit: availabilities.deposit,
      })
      .from(availabilities)
      .where(
        and(
          eq(availabilities.organiserId, organiserId),
          eq(availabilities.activityId, lookup(refs.activityIds, activity)),
        ),
      )
      .orderBy(asc(availabilities.id));

  // --- Orders: processed carts and what they became -------------------------------------------
  for (const order of history.orders) {
    const reference = await nextReference();
    const items: Array<{
      values: typeof cartItems.$inferInsert;
      paid: number;
      make: (cartId: number, cartItemId: number) => Promise<void>;
    }> = [];
    for (const wanted of order.registrations ?? []) {
      const availability = (await availabilitiesOf(wanted.activity))[wanted.availability];
      if (!availability) throw new Error(`no availability ${wanted.availability}`);
      const participantId = participantOf(wanted.participant);
      items.push({
        values: {
          organiserId,
          cartId: 0,
          type: "REGISTRATION",
          participantId,
          availabilityId: availability.id,
          price: availability.price,
          deposit: availability.deposit,
          expiresAt: order.processedAt,
          createdAt: order.processedAt,
        },
        paid: wanted.paid,
        make: async (cartId, cartItemId) => {
          const dateIds = await availabilityDateIds(tx, organiserId, availability.id);
          await writeDemoRegistration(
            tx,
            {
              organiserId,
              reference,
              cartId,
              cartItemId,
              customerId,
              participantId,
              availabilityId: availability.id,
              totalAmount: availability.price,
              depositAmount: availability.deposit,
              paidAmount: wanted.paid,
              createdAt: order.processedAt,
            },
            dateIds,
          );
          count("registrations", 1);
          count("registration_dates", dateIds.length);
        },
      });
    }
    for (const wanted of order.bundles ?? []) {
      const bundleId = lookup(refs.bundleIds, wanted.bundle);
      const [product] = await tx
        .select()
        .from(bundles)
        .where(and(eq(bundles.organiserId, organiserId), eq(bundles.id, bundleId)));
      const participantId = wanted.participant ? participantOf(wanted.participant) : null;
      items.push({
        values: {
          organiserId,
          cartId: 0,
          type: "BUNDLE",
          participantId,
          bundleId,
          price: product!.price,
          expiresAt: order.processedAt,
          createdAt: order.processedAt,
        },
        paid: wanted.paid,
        make: async (cartId, cartItemId) => {
          await tx.insert(customerBundles).values({
            organiserId,
            customerId,
            participantId,
            bundleId,
            cartId,
            cartItemId,
            totalAmount: product!.price,
            paidAmount: wanted.paid,
            capacity: product!.capacity,
            expiresAt: product!.expiresAt,
            createdAt: order.processedAt,
          });
          count("customer_bundles", 1);
        },
      });
    }
    for (const wanted of order.memberships ?? []) {
      const [product] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.organiserId, organiserId), eq(memberships.title, wanted.title)));
      if (!product) throw new Error(`unknown demo membership: ${wanted.title}`);
      const participantId = wanted.participant ? participantOf(wanted.participant) : null;
      const period = membershipPeriod(
        product.periodType === "FIXED"
          ? {
              period_type: "FIXED",
              fixed_start_at: product.fixedPeriodStartAt!,
              fixed_end_at: product.fixedPeriodEndAt!,
            }
          : {
              period_type: "ROLLING",
              rolling_type: product.rollingPeriodType!,
              rolling_duration: product.rollingPeriodDuration!,
            },
        order.processedAt,
      );
      items.push({
        values: {
          organiserId,
          cartId: 0,
          type: "MEMBERSHIP",
          participantId,
          membershipId: product.id,
          price: product.price,
          expiresAt: order.processedAt,
          createdAt: order.processedAt,
        },
        paid: wanted.paid,
        make: async (cartId, cartItemId) => {
          await tx.insert(customerMemberships).values({
            organiserId,
            customerId,
            participantId,
            membershipId: product.id,
            cartId,
            cartItemId,
            totalAmount: product.price,
            paidAmount: wanted.paid,
            startAt: period.start_at,
            endAt: period.end_at,
            cancelled: wanted.cancelled ?? false,
            createdAt: order.processedAt,
          });
          count("customer_memberships", 1);
        },
      });
    }
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const [cart] = await tx
      .insert(carts)
      .values({
        organiserId,
        customerId,
        reference,
        processedAt: order.processedAt,
        termsAcceptedAt: order.processedAt,
        paymentStrategy: "DELAYED",
        totalAmount: sum(items.map((item) => item.values.price)),
        depositAmount: sum(items.map((item) => item.values.deposit ?? 0)),
        paidAmount: sum(items.map((item) => item.paid)),
        createdAt: order.processedAt,
        updatedAt: order.processedAt,
      })
      .returning({ id: carts.id });
    for (const item of items) {
      const [row] = await tx
        .insert(cartItems)
        .values({ ...item.values, cartId: cart!.id })
        .returning({ id: cartItems.id });
      await item.make(cart!.id, row!.id);
    }
    count("carts", 1);
    count("cart_items", items.length);
  }
}
