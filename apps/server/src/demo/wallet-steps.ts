import { walletAdjustmentBody } from "@booking/contracts";
import { customersConsole } from "../modules/customers/console-service.ts";
import { customerIdByEmail } from "./lookups.ts";
import type { DemoStep } from "./request-steps.ts";
import type { WalletCreditStory } from "./story-fr.ts";
import type { DemoWorld } from "./world.ts";

/** Staff credit the wallet from the customer's page of the console (its wallet dialog). */
export function walletCreditStep(world: DemoWorld, story: WalletCreditStory): DemoStep {
  return {
    at: story.at,
    run: async () => {
      const { tx, organiser, actors } = world;
      const { cuid } = await customerIdByEmail(tx, organiser.id, story.customer);
      await customersConsole.adjustWallet(
        actors.staff(story.at),
        cuid,
        walletAdjustmentBody.parse({
          direction: "CREDIT",
          amount: story.amount,
          reason: story.reason,
        }),
      );
    },
  };
}
