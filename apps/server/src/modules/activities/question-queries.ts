import { activityQuestions, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "./ordering.ts";

export type Question = typeof activityQuestions.$inferSelect;
export type QuestionValues = Pick<
  Question,
  "type" | "title" | "description" | "required" | "choices"
>;

const ofActivity = (organiserId: number, activityId: number) =>
  and(eq(activityQuestions.organiserId, organiserId), eq(activityQuestions.activityId, activityId));

export async function listQuestions(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
): Promise<Question[]> {
  return tx
    .select()
    .from(activityQuestions)
    .where(ofActivity(organiserId, activityId))
    .orderBy(asc(activityQuestions.order), asc(activityQuestions.id));
}

export async function findQuestion(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  cuid: string,
): Promise<Question | null> {
  const [row] = await tx
    .select()
    .from(activityQuestions)
    .where(and(ofActivity(organiserId, activityId), eq(activityQuestions.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function nextQuestionOrder(tx: TenantTx, organiserId: number, activityId: number) {
  const [row] = await tx
    .select({ last: max(activityQuestions.order) })
    .from(activityQuestions)
    .where(ofActivity(organiserId, activityId));
  return (row?.last ?? -1) + 1;
}

export async function insertQuestion(
  tx: TenantTx,
  values: typeof activityQuestions.$inferInsert,
): Promise<Question> {
  const [row] = await tx.insert(activityQuestions).values(values).returning();
  return row!;
}

export async function updateQuestion(
  tx: TenantTx,
  id: number,
  values: QuestionValues,
): Promise<Question> {
  const [row] = await tx
    .update(activityQuestions)
    .set(values)
    .where(eq(activityQuestions.id, id))
    .returning();
  return row!;
}

export async function deleteQuestion(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(activityQuestions).where(eq(activityQuestions.id, id));
}

export async function reorderQuestions(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(activityQuestions)
    .set({ order: positionIn(activityQuestions.id, ids) })
    .where(and(eq(activityQuestions.organiserId, organiserId), inArray(activityQuestions.id, ids)));
}
