import { z } from "zod";

/**
 * DELETE /api/admin/customers/:cuid: staff erase a customer at their request (decision 0104), as
 * the account deletion does. `confirmation` is the customer's full name as staff typed it
 * (compared without spaces or case: CONFIRMATION_MISMATCH otherwise, an empty one included).
 * The body may be left out: the customer is looked up first, so another organiser's id is 404
 * whatever is sent.
 */
export const customerErasureBody = z.object({
  confirmation: z.string("INVALID_TYPE").trim().max(200, "TOO_LONG").default(""),
});
export type CustomerErasureBody = z.input<typeof customerErasureBody>;
