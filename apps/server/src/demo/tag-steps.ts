import { badgeListBody, tagBody } from "@booking/contracts";
import { DEMO_CUSTOMER_EMAIL, participants } from "@booking/db";
import { eq } from "@booking/db/orm";
import { badgeListsConsole } from "../modules/badge-lists/service.ts";
import { tagsConsole } from "../modules/tags/service.ts";
import { customerIdByEmail, participantIdOf } from "./lookups.ts";
import type { DemoStep } from "./request-steps.ts";
import type { DemoWorld } from "./world.ts";

/**
 * Staff's labels (decision 0088), made from the console a week before the story's now: the demo
 * parent tagged « Famille fidèle », and an « Allergies » badge list whose « Arachides » badge Léa
 * carries (the attendance sheets show it).
 */
export function tagSteps(world: DemoWorld, now: Date): DemoStep[] {
  const at = new Date(now.getTime() - 7 * 86_400_000);
  return [
    {
      at,
      run: async () => {
        const { tx, organiser, actors } = world;
        const staff = actors.staff(at);
        const parent = await customerIdByEmail(tx, organiser.id, DEMO_CUSTOMER_EMAIL);
        const loyal = await tagsConsole.create(
          staff,
          "customers",
          tagBody.parse({ name: "Famille fidèle", color: "#1E8449" }),
        );
        await tagsConsole.assign(staff, "customers", parent.cuid, [loyal.cuid]);
        const allergies = await badgeListsConsole.create(
          staff,
          badgeListBody.parse({
            name: "Allergies",
            badges: [
              { label: "Arachides", color: "#C0392B" },
              { label: "Gluten", color: "#D68910" },
              { label: "Lactose", color: "#2874A6" },
            ],
          }),
        );
        const leaId = await participantIdOf(tx, organiser.id, parent.id, "Léa");
        const [lea] = await tx
          .select({ cuid: participants.cuid })
          .from(participants)
          .where(eq(participants.id, leaId));
        await badgeListsConsole.assign(staff, lea!.cuid, [allergies.badges[0]!.cuid]);
      },
    },
  ];
}
