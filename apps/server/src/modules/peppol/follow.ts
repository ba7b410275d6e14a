import { organisers, withTenant } from "@booking/db";
import { asc } from "@booking/db/orm";
import { AccessPointError } from "./access-point.ts";
import { type ConfiguredDeliveryDeps, followEInvoice } from "./delivery.ts";
import { transmissionsInTransit } from "./queries.ts";

/** Documents asked about per organiser and run, so that a run stays short. */
export const FOLLOWED_PER_ORGANISER = 100;

/**
 * Asks the access point where every document in transit stands (the periodic job of
 * jobs/peppol-status.ts): how many were asked. An access point that cannot be reached ends the
 * run (the next one tries again); a refusal about one document is recorded on it and the run
 * goes on.
 */
export async function followTransmissions(deps: ConfiguredDeliveryDeps): Promise<number> {
  const tenants = await deps.db
    .select({ id: organisers.id })
    .from(organisers)
    .orderBy(asc(organisers.id));
  let asked = 0;
  for (const { id } of tenants) {
    const rows = await withTenant(deps.db, id, (tx) =>
      transmissionsInTransit(tx, id, deps.now(), FOLLOWED_PER_ORGANISER),
    );
    for (const row of rows) {
      try {
        await followEInvoice(deps, row);
      } catch (error) {
        if (!(error instanceof AccessPointError) || error.retryable) throw error;
      }
      asked += 1;
    }
  }
  return asked;
}
