import { bookingConfigurationBody, resourceGroupBody } from "@booking/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  bookingConfigurations,
  resourceGroupImages,
  resourceGroups,
  resourceImages,
  resources,
} from "../schema/index.ts";
import type { SeedCounts } from "./writer.ts";

// The demo organiser's tennis courts form a group shown together on the website, with its
// pictures, and follow one set of booking rules (docs/decisions/0071): anyone with an account,
// cancellation from the account until 24 hours before, at most 3 bookings a week. Each body is
// checked by the console's contract and stored as its services store it
// (apps/server/src/modules/bookings/console-resource-group-service.ts,
// console-booking-configuration-service.ts).

const COURTS = ["Terrain de tennis 1", "Terrain de tennis 2"];

const GROUP = resourceGroupBody.parse({
  name: "Terrains de tennis",
  description:
    "Deux terrains au complexe sportif : un couvert en résine, un extérieur en terre battue. Réservables à l'heure, seul ou à plusieurs.",
});

const RULES = bookingConfigurationBody.parse({
  name: "Terrains : membres et visiteurs",
  audience: "EVERYONE",
  cancellation_hours: 24,
  max_per_week: 3,
});

export async function writeDemoResourceGroups(
  tx: Transaction,
  organiserId: number,
  counts: SeedCounts,
): Promise<void> {
  // Row-level security: the organiser's rows only, as in a tenant transaction.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const courts = await tx
    .select({ id: resources.id, locationId: resources.locationId })
    .from(resources)
    .where(and(eq(resources.organiserId, organiserId), inArray(resources.name, COURTS)))
    .orderBy(asc(resources.name));
  if (courts.length !== COURTS.length) throw new Error("demo tennis courts not found");
  const [configuration] = await tx
    .insert(bookingConfigurations)
    .values({
      organiserId,
      name: RULES.name,
      audience: RULES.audience,
      daysAhead: RULES.days_ahead,
      cancellationHours: RULES.cancellation_hours,
      maxPerWeek: RULES.max_per_week,
    })
    .returning({ id: bookingConfigurations.id });
  const [group] = await tx
    .insert(resourceGroups)
    .values({
      organiserId,
      name: GROUP.name,
      description: GROUP.description,
      locationId: courts[0]!.locationId,
    })
    .returning({ id: resourceGroups.id });
  await tx
    .update(resources)
    .set({ groupId: group!.id, bookingConfigurationId: configuration!.id })
    .where(
      inArray(
        resources.id,
        courts.map((court) => court.id),
      ),
    );
  // The group shows the courts' pictures (demo images are hosted elsewhere: shared, not uploads).
  const pictures = await tx
    .selectDistinct({ imageId: resourceImages.imageId })
    .from(resourceImages)
    .where(
      inArray(
        resourceImages.resourceId,
        courts.map((court) => court.id),
      ),
    );
  if (pictures.length > 0) {
    await tx.insert(resourceGroupImages).values(
      pictures.map((picture, position) => ({
        organiserId,
        groupId: group!.id,
        imageId: picture.imageId,
        position,
      })),
    );
  }
  counts.booking_configurations = 1;
  counts.resource_groups = 1;
  counts.resource_group_images = pictures.length;
}
