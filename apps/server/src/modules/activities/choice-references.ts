import { cartItems, registrationRequests, registrations, type TenantTx } from "@booking/db";
import { sql } from "@booking/db/orm";

/**
 * Cart items, registrations and registration requests keep the option prices chosen and the
 * questions answered as JSON lists (`options: [{ price_id }]`, `questions: [{ question_id }]`):
 * what they refer to may not be deleted, or their history would lose its labels.
 */
async function referenced(
  tx: TenantTx,
  organiserId: number,
  list: "options" | "questions",
  ids: number[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const key = list === "options" ? "price_id" : "question_id";
  const vars = JSON.stringify({ ids });
  const inCart = `$.${list}[*].${key} ? (@ == $ids[*])`;
  const inStored = `$[*].${key} ? (@ == $ids[*])`;
  const result = await tx.execute<{ used: boolean }>(sql`select
    exists(select 1 from ${cartItems} where ${cartItems.organiserId} = ${organiserId}
      and jsonb_path_exists(${cartItems.payload}, ${inCart}::jsonpath, ${vars}::jsonb))
    or exists(select 1 from ${registrations} where ${registrations.organiserId} = ${organiserId}
      and jsonb_path_exists(${registrations[list]}, ${inStored}::jsonpath, ${vars}::jsonb))
    or exists(select 1 from ${registrationRequests}
      where ${registrationRequests.organiserId} = ${organiserId}
      and jsonb_path_exists(${registrationRequests[list]}, ${inStored}::jsonpath, ${vars}::jsonb))
    as used`);
  return result.rows[0]?.used ?? false;
}

/** Whether a cart item, registration or request chose one of these option prices. */
export function optionPricesChosen(tx: TenantTx, organiserId: number, priceIds: number[]) {
  return referenced(tx, organiserId, "options", priceIds);
}

/** Whether a cart item, registration or request answered the question. */
export function questionAnswered(tx: TenantTx, organiserId: number, questionId: number) {
  return referenced(tx, organiserId, "questions", [questionId]);
}
