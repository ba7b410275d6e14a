import { requestTierBody } from "@booking/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { activities, registrationRequestTiers } from "../schema/index.ts";
import type { SeedCounts } from "./writer.ts";

// The demo organiser's swimming classes take requests (docs/decisions/0060): two tiers, each
// body checked by the console's contract and stored as its service stores them
// (apps/server/src/modules/request-tiers/console-service.ts). The demo parent's requests go
// through the first: the server's demo flows send them from the storefront's cart
// (apps/server/src/demo).

const ACTIVITY = "Cours de natation";

const TIERS = [
  {
    name: "1 séance par semaine",
    registrations: 1,
    minimum_availabilities: 1,
    maximum_availabilities: 2,
  },
  {
    name: "2 séances par semaine",
    registrations: 2,
    minimum_availabilities: 2,
    maximum_availabilities: 2,
  },
];

export async function writeDemoRegistrationRequestTiers(
  tx: Transaction,
  organiserId: number,
  counts: SeedCounts,
): Promise<void> {
  // Row-level security: the organiser's rows only, as in a tenant transaction.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const [activity] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.title, ACTIVITY)));
  if (!activity) throw new Error(`demo activity ${ACTIVITY} not found`);
  const tiers = await tx
    .insert(registrationRequestTiers)
    .values(
      TIERS.map((tier, position) => {
        const body = requestTierBody.parse(tier);
        return {
          organiserId,
          activityId: activity.id,
          position,
          name: body.name,
          registrations: body.registrations,
          minimumAvailabilities: body.minimum_availabilities,
          maximumAvailabilities: body.maximum_availabilities,
        };
      }),
    )
    .returning({ id: registrationRequestTiers.id });
  counts.registration_request_tiers = tiers.length;
}
