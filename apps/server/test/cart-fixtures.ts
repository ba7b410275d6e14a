import {
  activities,
  activityOptionPrices,
  activityOptions,
  availabilities,
  availabilityDates,
  customers,
  organisers,
  participants,
  type TenantTx,
  vouchers,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import { SESSION_COOKIE } from "../src/http/cookies.ts";
import { openSession } from "../src/modules/accounts/sessions.ts";
import { Client, TEST_SECRET, type TestApp } from "./harness.ts";

// Fixtures shared by the cart, checkout and waiting-list tests.

export async function organiserIdOf(t: TestApp, slug: string): Promise<number> {
  const [row] = await t.db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, slug));
  return row!.id;
}

/**
 * A customer with one participant and an open session on `host`, written straight into the
 * database (registering through the API hashes passwords with argon2: slow).
 */
export async function sessionCustomer(
  t: TestApp,
  values: {
    organiserId: number;
    host: string;
    customer: { firstname: string; lastname: string; email: string; walletAmount?: number };
    participant: { firstname: string; lastname: string };
  },
) {
  const { organiserId } = values;
  const [row] = await t.db
    .insert(customers)
    .values({ organiserId, phone: "+32 470 00 00 00", ...values.customer })
    .returning({ id: customers.id });
  const [participant] = await t.db
    .insert(participants)
    .values({ organiserId, customerId: row!.id, ...values.participant })
    .returning({ id: participants.id });
  const client = await sessionOf(t, organiserId, values.host, row!.id);
  return { client, customerId: row!.id, participantId: participant!.id };
}

/** A logged-in client of an existing customer (a session opened straight in the database). */
export async function sessionOf(
  t: TestApp,
  organiserId: number,
  host: string,
  customerId: number,
): Promise<Client> {
  const session = await openSession(t.db as unknown as TenantTx, TEST_SECRET, {
    organiserId,
    customerId,
    userAgent: undefined,
  });
  const client = new Client(t.app, host);
  client.cookies.set(SESSION_COOKIE, session.token);
  return client;
}

/** The body of POST /api/carts/items adding one registration on some dates. */
export function registrationBody(
  availabilityId: number,
  participantId: number,
  dateIds: number[],
  extra: Record<string, unknown> = {},
) {
  return {
    registrations: [
      {
        availability_id: availabilityId,
        participant_id: participantId,
        availability_dates: dateIds.map((date_id) => ({ date_id })),
        ...extra,
      },
    ],
  };
}

const DAY = 24 * 3600 * 1000;

/**
 * A published activity with one OPEN availability starting in `startsInDays` days (30 by
 * default) and its dates, a day apart, each lasting `dateHours` hours.
 */
export async function availabilityWithDates(
  t: TestApp,
  values: {
    organiserId: number;
    title: string;
    settings?: typeof activities.$inferInsert.settings;
    capacity: number;
    price: number;
    deposit: number;
    startsInDays?: number;
    dateHours: number;
    dates: Array<{
      capacity: number | null;
      registered?: number;
      status?: "OPEN" | "CLOSED";
    }>;
  },
) {
  const { organiserId, dates } = values;
  const start = Date.now() + (values.startsInDays ?? 30) * DAY;
  const [activity] = await t.db
    .insert(activities)
    .values({
      organiserId,
      title: values.title,
      published: true,
      ...(values.settings === undefined ? {} : { settings: values.settings }),
    })
    .returning();
  const [availability] = await t.db
    .insert(availabilities)
    .values({
      organiserId,
      activityId: activity!.id,
      startAt: new Date(start),
      endAt: new Date(start + dates.length * DAY),
      capacity: values.capacity,
      price: values.price,
      deposit: values.deposit,
    })
    .returning();
  const dateRows = await t.db
    .insert(availabilityDates)
    .values(
      dates.map((date, index) => ({
        organiserId,
        availabilityId: availability!.id,
        startAt: new Date(start + index * DAY),
        endAt: new Date(start + index * DAY + values.dateHours * 3600 * 1000),
        capacity: date.capacity,
        registered: date.registered ?? 0,
        status: date.status ?? "OPEN",
      })),
    )
    .returning();
  return { activity: activity!, availability: availability!, dates: dateRows };
}

/** An option of `activityId` with its prices (amount or percentage); returns the price ids. */
export async function activityOption(
  t: TestApp,
  values: {
    organiserId: number;
    activityId: number;
    prices: Array<{ amount?: number; percentage?: number }>;
    answerRequired?: boolean;
  },
): Promise<number[]> {
  const { organiserId } = values;
  const [row] = await t.db
    .insert(activityOptions)
    .values({
      organiserId,
      activityId: values.activityId,
      title: "Option",
      answerRequired: values.answerRequired ?? false,
    })
    .returning();
  const rows = await t.db
    .insert(activityOptionPrices)
    .values(
      values.prices.map((price, index) => ({
        organiserId,
        optionId: row!.id,
        label: `Prix ${index + 1}`,
        amount: price.amount ?? null,
        percentage: price.percentage ?? null,
        order: index,
      })),
    )
    .returning({ id: activityOptionPrices.id });
  return rows.map((price) => price.id);
}

/** A published gift voucher of 50.00 valid a year. */
export async function giftVoucher(t: TestApp, organiserId: number) {
  const [voucher] = await t.db
    .insert(vouchers)
    .values({
      organiserId,
      title: "Bon cadeau",
      price: 5_000,
      amount: 5_000,
      duration: 365 * 24 * 3600,
      published: true,
    })
    .returning();
  return voucher!;
}
