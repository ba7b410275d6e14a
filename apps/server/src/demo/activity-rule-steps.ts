import { adminActivityConfirmationBody, adminCancellationPolicyBody } from "@booking/contracts";
import { activities, documentModels } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { confirmationConsole } from "../modules/activity-rules/confirmation-console.ts";
import { writePolicy } from "../modules/activity-rules/policy.ts";
import type { DemoStep } from "./request-steps.ts";
import type { DemoWorld } from "./world.ts";

// The cooking course's rules as staff set them on its « Annulation » and « Confirmation » tabs
// (decision 0101): families cancel online until three days before, half of what they paid back
// to their wallet; the confirmation tells them what to bring, with the attestation and the
// calendar.

const ACTIVITY = "Stage Petits Chefs";
const ATTESTATION = "Attestation de participation";

/** Staff set the cooking course's cancellation policy and confirmation, at `at`. */
export function activityRulesStep(world: DemoWorld, at: Date): DemoStep {
  return {
    at,
    run: async () => {
      const { tx, organiser, actors } = world;
      const staff = actors.staff(at);
      const [activity] = await tx
        .select({ cuid: activities.cuid })
        .from(activities)
        .where(and(eq(activities.organiserId, organiser.id), eq(activities.title, ACTIVITY)));
      const [model] = await tx
        .select({ cuid: documentModels.cuid })
        .from(documentModels)
        .where(
          and(eq(documentModels.organiserId, organiser.id), eq(documentModels.title, ATTESTATION)),
        );
      if (!activity || !model) throw new Error(`demo flows: ${ACTIVITY} or ${ATTESTATION} missing`);
      await writePolicy(
        staff,
        activity.cuid,
        adminCancellationPolicyBody.parse({
          online_until_hours: 72,
          refund: "WALLET",
          refund_percentage: 50,
        }),
      );
      await confirmationConsole.write(
        staff,
        activity.cuid,
        adminActivityConfirmationBody.parse({
          message:
            "<p>Bonjour {{ customer.firstname }},</p><p>Nous avons hâte d'accueillir votre enfant en cuisine ! Prévoyez un tablier, une boîte pour emporter les préparations et une gourde. L'accueil se fait dès 8 h 30.</p>",
          calendar_file: true,
          document_models: [model.cuid],
        }),
      );
    },
  };
}
