import { customerDiscountBody, discountBody } from "@booking/contracts";
import { customerDiscountsConsole } from "../modules/discounts/customer-service.ts";
import { discountsConsole } from "../modules/discounts/service.ts";
import { customerIdByEmail } from "./lookups.ts";
import type { DemoStep } from "./request-steps.ts";
import type { DemoWorld } from "./world.ts";

// A customer discount (decision 0100) as staff made it from the console: « Tarif social »,
// 20 % on every registration, given to the Peeters family with the reason staff noted.

const FAMILY = "sophie.peeters@example.test";

/** Staff define « Tarif social » and give it to the Peeters family, at `at`. */
export function customerDiscountStep(world: DemoWorld, at: Date): DemoStep {
  return {
    at,
    run: async () => {
      const { tx, organiser, actors } = world;
      const staff = actors.staff(at);
      const social = await discountsConsole.create(
        staff,
        discountBody.parse({ name: "Tarif social", percentage: 20 }),
      );
      const family = await customerIdByEmail(tx, organiser.id, FAMILY);
      await customerDiscountsConsole.give(
        staff,
        family.cuid,
        customerDiscountBody.parse({ discount: social.cuid, reason: "Attestation du CPAS reçue" }),
      );
    },
  };
}
