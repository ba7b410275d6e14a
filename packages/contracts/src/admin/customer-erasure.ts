import { z } from "zod";
import { requiredText } from "../common.ts";

/**
 * DELETE /api/admin/customers/:cuid: staff erase a customer at their request (decision 0104), as
 * the account deletion does. `confirmation` is the customer's full name as staff typed it
 * (compared without spaces or case: CONFIRMATION_MISMATCH otherwise).
 */
export const customerErasureBody = z.object({ confirmation: requiredText(200) });
export type CustomerErasureBody = z.input<typeof customerErasureBody>;
