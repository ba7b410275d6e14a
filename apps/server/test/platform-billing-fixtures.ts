import { type Database, organisers, withTenant } from "@booking/db";
import { eq } from "@booking/db/orm";
import type { PlatformBillingItem } from "@booking/domain";
import { closeCycle } from "../src/modules/billing/cycle.ts";
import { meterUse } from "../src/modules/billing/metering.ts";

// Platform billing fixtures shared by the payment and operator tests (decision 0082).

/** Meters `count` uses of `item` at `at` for the organiser, as the events consumer does. */
export async function meter(
  db: Database,
  organiserId: number,
  item: PlatformBillingItem,
  at: string,
  count: number,
) {
  await withTenant(db, organiserId, async (tx) => {
    for (let index = 0; index < count; index += 1) {
      await meterUse(tx, organiserId, {
        item,
        sourceKey: `${item}-${at}-${index}-${Math.random()}`,
        quantity: 1,
        baseAmount: 0,
        occurredAt: new Date(at),
      });
    }
  });
}

/**
 * The organiser of `slug` (Belgian, VAT-registered) with `month`'s cycle closed on an invoice of
 * 20 registrations (10 € + 21 % VAT = 12.10 €), issued an hour after the month ended: long
 * overdue when the month is months ago.
 */
export async function organiserWithInvoice(db: Database, slug: string, month: string) {
  const [organiser] = await db
    .update(organisers)
    .set({ vatNumber: "BE0417497106", country: "BE", legalName: `${slug} ASBL` })
    .where(eq(organisers.slug, slug))
    .returning();
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  await meter(db, organiser!.id, "registrations", `${month}-15T10:00:00Z`, 20);
  const after = new Date(Date.UTC(year, monthNumber, 1, 1));
  const cycle = await closeCycle(db, organiser!, month, after);
  return { organiser: organiser!, cycle };
}

let organiserCount = 0;

/** A new organiser signed up on 5 September 2026, Belgian and VAT-registered. */
export async function newBilledOrganiser(db: Database) {
  organiserCount += 1;
  const slug = `billed-op-${organiserCount}-${Date.now()}`;
  const [row] = await db
    .insert(organisers)
    .values({
      slug,
      name: `Club ${slug}`,
      legalName: `Club ${slug} ASBL`,
      vatNumber: "BE0417497106",
      street: "Rue de la Loi",
      number: "16",
      postcode: "1000",
      city: "Bruxelles",
      country: "BE",
      contactEmail: `${slug}@example.org`,
      createdAt: new Date("2026-09-05T10:00:00Z"),
    })
    .returning();
  return row!;
}

/** The platform's seller settings production requires (decision 0082). */
export const PLATFORM_SELLER_ENV = {
  PLATFORM_LEGAL_NAME: "Réservations SRL",
  PLATFORM_VAT_NUMBER: "BE0417497106",
  PLATFORM_STREET: "Rue Haute 1",
  PLATFORM_POSTCODE: "1000",
  PLATFORM_CITY: "Bruxelles",
  PLATFORM_COUNTRY: "BE",
  PLATFORM_IBAN: "BE71096123456769",
  PLATFORM_BIC: "GKCCBEBB",
  PLATFORM_BILLING_EMAIL: "billing@example.org",
};
