import { z } from "zod";
import { CONSTRAINT_TYPES } from "./admin/registration-constraints.ts";

/**
 * A registration constraint of an activity that the cart does not meet (decision 0062): shown
 * beside its items in the cart and at checkout. `blocking` false: an optional constraint, advice
 * only; true: the checkout is refused (409 REGISTRATION_CONSTRAINT_NOT_MET) until the cart meets it.
 */
export const cartConstraintNote = z.object({
  activity_id: z.int(),
  participant_id: z.int(),
  type: z.enum(CONSTRAINT_TYPES),
  value: z.int(),
  /** what the participant reaches now (registrations or locations) */
  measure: z.int(),
  /** the organiser's message */
  message: z.string(),
  blocking: z.boolean(),
  /** the cart items it concerns */
  item_ids: z.array(z.int()),
});
export type CartConstraintNote = z.infer<typeof cartConstraintNote>;
