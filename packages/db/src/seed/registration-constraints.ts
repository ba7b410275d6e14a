import { registrationConstraintBody } from "@booking/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { activities, activityRegistrationConstraints, organisers } from "../schema/index.ts";
import { BELGIAN_SCHOOL_HOLIDAYS_2026_2027, currentSchoolYear } from "./holidays.ts";
import { todayIn } from "./time.ts";
import type { SeedCounts } from "./writer.ts";

// The demo organiser's registration constraint (docs/decisions/0062-registration-constraints.md):
// at most two Multisports camps per child in the July of the demo's summer holidays, the body
// checked by the console's contract and stored as the console's service stores it
// (apps/server/src/modules/activities/constraint-service.ts). The storefront shows its message
// when a family adds a third July week.

const ACTIVITY = "Stage Multisports";

export async function writeDemoRegistrationConstraints(
  tx: Transaction,
  organiserId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  // Row-level security: the organiser's rows only, as in a tenant transaction.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const [organiser] = await tx
    .select({ timezone: organisers.timezone })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  const [activity] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.title, ACTIVITY)));
  if (!organiser || !activity) throw new Error(`demo activity ${ACTIVITY} not found`);
  const summer = currentSchoolYear(
    BELGIAN_SCHOOL_HOLIDAYS_2026_2027,
    todayIn(organiser.timezone, now),
  ).find((holiday) => holiday.key === "ete")!;
  const year = summer.startDate.slice(0, 4);
  const body = registrationConstraintBody.parse({
    label: "2 stages en juillet",
    type: "registrations.count.maximum",
    payload: {
      value: 2,
      period_start: `${year}-07-01`,
      period_end: `${year}-07-31`,
      message:
        "Deux stages Multisports au plus par enfant en juillet : ainsi chaque enfant trouve sa place.",
    },
  });
  await tx.insert(activityRegistrationConstraints).values({
    organiserId,
    activityId: activity.id,
    order: 0,
    label: body.label,
    type: body.type,
    payload: body.payload,
    optional: body.optional,
  });
  counts.registration_constraints = (counts.registration_constraints ?? 0) + 1;
}
