import {
  carts,
  type OrganiserSettings,
  organisers,
  type TenantTx,
  walletTransactions,
} from "@booking/db";
import { and, eq, isNotNull, sql } from "@booking/db/orm";
import type { Organiser } from "./queries.ts";

/** The columns of its own row the console's settings change (never slug, domain or billing). */
export type OrganiserChanges = Partial<
  Pick<
    typeof organisers.$inferInsert,
    | "name"
    | "logoUrl"
    | "language"
    | "currency"
    | "timezone"
    | "contactEmail"
    | "contactPhone"
    | "legalName"
    | "vatNumber"
    | "enterpriseNumber"
    | "iban"
    | "bic"
    | "street"
    | "number"
    | "postcode"
    | "city"
    | "country"
    | "paymentCredentialsEncrypted"
  >
>;

/**
 * The organiser's row, locked until the transaction ends: two settings saved at once are
 * applied one after the other, each audited against the state it replaced.
 */
export async function lockOrganiser(tx: TenantTx, organiserId: number): Promise<Organiser> {
  const [row] = await tx
    .select()
    .from(organisers)
    .where(eq(organisers.id, organiserId))
    .for("update");
  if (!row) throw new Error(`organiser ${organiserId} vanished`);
  return row;
}

/**
 * Writes `changes` and merges `settings` into the settings object key by key (the keys not
 * given keep their stored value, whichever section last saved them).
 */
export async function updateOrganiser(
  tx: TenantTx,
  organiserId: number,
  changes: OrganiserChanges,
  settings: Partial<OrganiserSettings> = {},
): Promise<Organiser> {
  const [row] = await tx
    .update(organisers)
    .set({
      ...changes,
      settings: sql`${organisers.settings} || ${JSON.stringify(settings)}::jsonb`,
    })
    .where(eq(organisers.id, organiserId))
    .returning();
  if (!row) throw new Error(`organiser ${organiserId} vanished`);
  return row;
}

/** Whether money was recorded in the organiser's currency: a processed cart or a wallet movement. */
export async function currencyInUse(tx: TenantTx, organiserId: number): Promise<boolean> {
  const [processed] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.organiserId, organiserId), isNotNull(carts.processedAt)))
    .limit(1);
  if (processed) return true;
  const [movement] = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(eq(walletTransactions.organiserId, organiserId))
    .limit(1);
  return movement !== undefined;
}
