import { membershipPeriod } from "@booking/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  activities,
  activityQuestions,
  availabilities,
  bookingDates,
  bookingParticipations,
  bookings,
  bundles,
  cartItems,
  carts,
  customerBundles,
  customerMemberships,
  customers,
  memberships,
  participants,
  type RegistrationRequestStatus,
  registrationRequestAvailabilities,
  registrationRequests,
  resources,
} from "../schema/index.ts";
import { demoFrAccountHistory } from "./demo-fr-history.ts";
import { nextDemoPaymentReference } from "./references.ts";
import { availabilityDateIds, writeDemoRegistration } from "./registrations.ts";
import type { Slot } from "./types.ts";
import type { SeedCounts } from "./writer.ts";

// The demo customer's history, for the account tabs whose creating flows come later
// (platform-and-account.md §2.3; docs/decisions/0018-account-items.md): past orders with
// registrations, a bundle and memberships (one cancelled), registration requests in every status,
// resource bookings shared with another customer. The attendance charge comes from recorded
// attendance (attendance-billing.ts).
// Activities, bundles, memberships and resources are named by their titles, customers by their
// e-mail and participants by their first name.

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

export type DemoRegistrationRequest = {
  participant: string;
  activity: string;
  /** indexes of the activity's availabilities, in the customer's order of preference */
  availabilities: number[];
  status: RegistrationRequestStatus;
  createdAt: Date;
  /** when it left PENDING */
  statusChangedAt?: Date;
  paid?: number;
  /** answers by question title: a text, a choice id or choice ids */
  answers?: Record<string, string | number | number[]>;
};

export type DemoBooking = {
  resource: string;
  dates: Slot[];
  createdAt: Date;
  participations: Array<{ customer: string; participant: string; total: number; paid: number }>;
};

export type DemoAccountHistory = {
  customer: string;
  orders: DemoOrder[];
  requests: DemoRegistrationRequest[];
  bookings: DemoBooking[];
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
    resourceIds: byTitle(
      await tx
        .select({ id: resources.id, title: resources.name })
        .from(resources)
        .where(eq(resources.organiserId, organiserId)),
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
  const registered: Array<{ id: number; participant: string; activity: string; dates: number[] }> =
    [];
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
          const registrationId = await writeDemoRegistration(
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
          registered.push({
            id: registrationId,
            participant: wanted.participant,
            activity: wanted.activity,
            dates: dateIds,
          });
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

  // --- Registration requests ------------------------------------------------------------------
  for (const request of history.requests) {
    const activityId = lookup(refs.activityIds, request.activity);
    const chosen = await availabilitiesOf(request.activity);
    const questions = await tx
      .select({ id: activityQuestions.id, title: activityQuestions.title })
      .from(activityQuestions)
      .where(
        and(
          eq(activityQuestions.organiserId, organiserId),
          eq(activityQuestions.activityId, activityId),
        ),
      );
    const first = chosen[request.availabilities[0]!];
    if (!first) throw new Error(`no availability ${request.availabilities[0]}`);
    const [row] = await tx
      .insert(registrationRequests)
      .values({
        organiserId,
        reference: await nextReference(),
        customerId,
        participantId: participantOf(request.participant),
        activityId,
        status: request.status,
        totalAmount: first.price,
        depositAmount: first.deposit,
        paidAmount: request.paid ?? 0,
        questions: Object.entries(request.answers ?? {}).map(([title, content]) => {
          const question = questions.find((candidate) => candidate.title === title);
          if (!question) throw new Error(`unknown demo question: ${title}`);
          return { question_id: question.id, content };
        }),
        statusChangedAt: request.statusChangedAt ?? null,
        createdAt: request.createdAt,
        updatedAt: request.statusChangedAt ?? request.createdAt,
      })
      .returning({ id: registrationRequests.id });
    await tx.insert(registrationRequestAvailabilities).values(
      request.availabilities.map((index, position) => ({
        organiserId,
        registrationRequestId: row!.id,
        availabilityId: chosen[index]!.id,
        position,
      })),
    );
  }
  count("registration_requests", history.requests.length);

  // --- Bookings -------------------------------------------------------------------------------
  for (const booking of history.bookings) {
    const [row] = await tx
      .insert(bookings)
      .values({
        organiserId,
        resourceId: lookup(refs.resourceIds, booking.resource),
        createdAt: booking.createdAt,
        updatedAt: booking.createdAt,
      })
      .returning({ id: bookings.id });
    await tx
      .insert(bookingDates)
      .values(booking.dates.map((slot) => ({ organiserId, bookingId: row!.id, ...slot })));
    await tx.insert(bookingParticipations).values(
      booking.participations.map((participation) => ({
        organiserId,
        bookingId: row!.id,
        customerId: lookup(customerIds, participation.customer),
        participantId: participantOf(participation.participant, participation.customer),
        totalAmount: participation.total,
        paidAmount: participation.paid,
        createdAt: booking.createdAt,
      })),
    );
    count("booking_participations", booking.participations.length);
  }
  count("bookings", history.bookings.length);
}
