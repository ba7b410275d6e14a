import { requestTierBody } from "@booking/contracts";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  activities,
  availabilityDates,
  registrationRequestAvailabilities,
  registrationRequests,
  registrationRequestTiers,
} from "../schema/index.ts";
import type { SeedCounts } from "./writer.ts";

// The demo organiser's swimming classes take requests (docs/decisions/0060): two tiers, each
// body checked by the console's contract and stored as its service stores them
// (apps/server/src/modules/request-tiers/console-service.ts). The demo parent's requests
// (account-history.ts) were asked through the first, and record it with the dates of each
// session still to come when they were made, as the storefront's checkout records them.

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

  const requests = await tx
    .select({ id: registrationRequests.id, createdAt: registrationRequests.createdAt })
    .from(registrationRequests)
    .where(
      and(
        eq(registrationRequests.organiserId, organiserId),
        eq(registrationRequests.activityId, activity.id),
      ),
    );
  for (const request of requests) {
    await tx
      .update(registrationRequests)
      .set({ tierId: tiers[0]!.id })
      .where(eq(registrationRequests.id, request.id));
    const sessions = await tx
      .select({ availabilityId: registrationRequestAvailabilities.availabilityId })
      .from(registrationRequestAvailabilities)
      .where(eq(registrationRequestAvailabilities.registrationRequestId, request.id));
    for (const { availabilityId } of sessions) {
      const dates = await tx
        .select({ id: availabilityDates.id })
        .from(availabilityDates)
        .where(
          and(
            eq(availabilityDates.organiserId, organiserId),
            eq(availabilityDates.availabilityId, availabilityId),
            gte(availabilityDates.startAt, request.createdAt),
          ),
        )
        .orderBy(asc(availabilityDates.startAt));
      await tx
        .update(registrationRequestAvailabilities)
        .set({ availabilityDateIds: dates.map((date) => date.id) })
        .where(
          and(
            eq(registrationRequestAvailabilities.registrationRequestId, request.id),
            eq(registrationRequestAvailabilities.availabilityId, availabilityId),
          ),
        );
    }
  }
}
