import {
  activities,
  availabilities,
  cartItemDates,
  cartItems,
  carts,
  customers,
  documentModels,
  participants,
  registrationDates,
  registrations,
} from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";
import { extractText, getDocumentProxy } from "unpdf";
import type { TestApp } from "./harness.ts";

// Fixtures of the document tests: seeded customers and their registrations, registrations
// written straight into the database (also for availabilities already over, which no cart can
// take), and the text of a PDF.

export async function customerIdByEmail(t: TestApp, organiserId: number, email: string) {
  const [row] = await t.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.email, email)));
  return row!.id;
}

/**
 * The customer's registration of the participant with this first name on the activity with this
 * title (the first one, by id).
 */
export async function registrationOf(
  t: TestApp,
  customerId: number,
  participant: string,
  activity: string,
) {
  const [row] = await t.db
    .select({ registration: registrations })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(availabilities, eq(availabilities.id, registrations.availabilityId))
    .innerJoin(activities, eq(activities.id, availabilities.activityId))
    .where(
      and(
        eq(registrations.customerId, customerId),
        eq(participants.firstname, participant),
        eq(activities.title, activity),
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(1);
  if (!row) throw new Error(`no registration of ${participant} on ${activity}`);
  return row.registration;
}

/** The organiser's document models by title. */
export async function modelsOf(t: TestApp, organiserId: number) {
  const rows = await t.db
    .select()
    .from(documentModels)
    .where(eq(documentModels.organiserId, organiserId));
  return new Map(rows.map((row) => [row.title, row]));
}

/** A processed cart holding one registration of `participantId` on every given date. */
export async function placeRegistration(
  t: TestApp,
  values: {
    organiserId: number;
    customerId: number;
    participantId: number;
    availabilityId: number;
    dateIds: number[];
    total: number;
    deposit: number;
    paid: number;
    cancelled?: boolean;
  },
) {
  const { organiserId } = values;
  const [cart] = await t.db
    .insert(carts)
    .values({
      organiserId,
      customerId: values.customerId,
      reference: "+++000/0000/09797+++",
      processedAt: new Date(),
      paymentStrategy: "DELAYED",
      totalAmount: values.total,
      depositAmount: values.deposit,
      paidAmount: values.paid,
    })
    .returning();
  const [item] = await t.db
    .insert(cartItems)
    .values({
      organiserId,
      cartId: cart!.id,
      type: "REGISTRATION",
      participantId: values.participantId,
      availabilityId: values.availabilityId,
      price: values.total,
      deposit: values.deposit,
      expiresAt: new Date(),
    })
    .returning();
  await t.db.insert(cartItemDates).values(
    values.dateIds.map((availabilityDateId) => ({
      organiserId,
      cartItemId: item!.id,
      availabilityDateId,
    })),
  );
  const [registration] = await t.db
    .insert(registrations)
    .values({
      organiserId,
      reference: cart!.reference!,
      cartId: cart!.id,
      cartItemId: item!.id,
      customerId: values.customerId,
      participantId: values.participantId,
      availabilityId: values.availabilityId,
      totalAmount: values.total,
      depositAmount: values.deposit,
      paidAmount: values.paid,
      cancelled: values.cancelled ?? false,
    })
    .returning();
  await t.db.insert(registrationDates).values(
    values.dateIds.map((availabilityDateId) => ({
      organiserId,
      registrationId: registration!.id,
      availabilityDateId,
    })),
  );
  return registration!;
}

/** The text of every page of a PDF, whitespace (no-break spaces too) folded to single spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/[\s\u00a0]+/g, " ");
}
