import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { registrationRequestTierView } from "../registration-request-tiers.ts";
import { cuidValue } from "./catalogue-fields.ts";

/**
 * The tiers of an activity's request configuration in the console
 * (/api/admin/activities/:cuid/request-tiers), edited on the activity's page when its
 * registration_flow is REQUEST.
 */

const count = z.int("INVALID_TYPE").min(1, "TOO_SMALL").max(50, "TOO_BIG");

export const adminRequestTierView = registrationRequestTierView.extend({ position: z.int() });
export type AdminRequestTierView = z.infer<typeof adminRequestTierView>;
export const adminRequestTierList = z.object({ data: z.array(adminRequestTierView) });

/** POST …/request-tiers, PUT …/request-tiers/:tier: the maximum is never below the minimum. */
export const requestTierBody = z
  .object({
    name: requiredText(LIMITS.shortText),
    registrations: count,
    minimum_availabilities: count,
    maximum_availabilities: count,
  })
  .superRefine((tier, context) => {
    if (tier.maximum_availabilities < tier.minimum_availabilities) {
      context.addIssue({
        code: "custom",
        path: ["maximum_availabilities"],
        message: "TOO_SMALL",
      });
    }
  });
export type RequestTierBody = z.input<typeof requestTierBody>;

export const activityRequestTierParams = z.object({ cuid: cuidValue, tier: cuidValue });
