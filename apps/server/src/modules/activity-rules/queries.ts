import {
  activities,
  activityCancellationPolicies,
  activityConfirmationDocuments,
  activityConfirmationFiles,
  activityConfirmations,
  documentModels,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray, sql } from "@booking/db/orm";

// The statements of an activity's rules (docs/decisions/0101): its cancellation policy and its
// confirmation (message, document models, uploaded files, calendar file).

export type CancellationPolicyRow = typeof activityCancellationPolicies.$inferSelect;
export type ConfirmationRow = typeof activityConfirmations.$inferSelect;

export async function findPolicies(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<CancellationPolicyRow[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select()
    .from(activityCancellationPolicies)
    .where(
      and(
        eq(activityCancellationPolicies.organiserId, organiserId),
        inArray(activityCancellationPolicies.activityId, activityIds),
      ),
    );
}

export async function savePolicy(
  tx: TenantTx,
  values: Pick<
    typeof activityCancellationPolicies.$inferInsert,
    "organiserId" | "activityId" | "onlineUntilHours" | "refund" | "refundPercentage"
  >,
): Promise<void> {
  const { organiserId: _organiser, activityId: _activity, ...settings } = values;
  await tx
    .insert(activityCancellationPolicies)
    .values(values)
    .onConflictDoUpdate({
      target: [activityCancellationPolicies.organiserId, activityCancellationPolicies.activityId],
      set: { ...settings, updatedAt: sql`now()` },
    });
}

export async function findConfirmations(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<ConfirmationRow[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select()
    .from(activityConfirmations)
    .where(
      and(
        eq(activityConfirmations.organiserId, organiserId),
        inArray(activityConfirmations.activityId, activityIds),
      ),
    )
    .orderBy(asc(activityConfirmations.id));
}

/** Writes the confirmation's message and calendar choice; returns its row (made if needed). */
export async function saveConfirmation(
  tx: TenantTx,
  values: { organiserId: number; activityId: number; message: string; calendarFile: boolean },
): Promise<ConfirmationRow> {
  const [row] = await tx
    .insert(activityConfirmations)
    .values(values)
    .onConflictDoUpdate({
      target: [activityConfirmations.organiserId, activityConfirmations.activityId],
      set: { message: values.message, calendarFile: values.calendarFile, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** The document models the confirmations attach, by confirmation id (models still active). */
export async function listConfirmationDocuments(
  tx: TenantTx,
  organiserId: number,
  confirmationIds: number[],
) {
  if (confirmationIds.length === 0) return [];
  return tx
    .select({
      confirmationId: activityConfirmationDocuments.confirmationId,
      documentModelId: documentModels.id,
      cuid: documentModels.cuid,
      title: documentModels.title,
    })
    .from(activityConfirmationDocuments)
    .innerJoin(
      documentModels,
      and(
        eq(documentModels.organiserId, activityConfirmationDocuments.organiserId),
        eq(documentModels.id, activityConfirmationDocuments.documentModelId),
      ),
    )
    .where(
      and(
        eq(activityConfirmationDocuments.organiserId, organiserId),
        inArray(activityConfirmationDocuments.confirmationId, confirmationIds),
        eq(documentModels.active, true),
      ),
    )
    .orderBy(asc(documentModels.order), asc(documentModels.id));
}

export async function replaceConfirmationDocuments(
  tx: TenantTx,
  organiserId: number,
  confirmationId: number,
  documentModelIds: number[],
): Promise<void> {
  await tx
    .delete(activityConfirmationDocuments)
    .where(
      and(
        eq(activityConfirmationDocuments.organiserId, organiserId),
        eq(activityConfirmationDocuments.confirmationId, confirmationId),
      ),
    );
  if (documentModelIds.length === 0) return;
  await tx
    .insert(activityConfirmationDocuments)
    .values(
      documentModelIds.map((documentModelId) => ({ organiserId, confirmationId, documentModelId })),
    );
}

const fileMeta = {
  id: activityConfirmationFiles.id,
  cuid: activityConfirmationFiles.cuid,
  confirmationId: activityConfirmationFiles.confirmationId,
  fileName: activityConfirmationFiles.fileName,
  sizeBytes: activityConfirmationFiles.sizeBytes,
  createdAt: activityConfirmationFiles.createdAt,
};

/** The uploaded files of confirmations, oldest first, without their bytes. */
export async function listConfirmationFiles(
  tx: TenantTx,
  organiserId: number,
  confirmationIds: number[],
) {
  if (confirmationIds.length === 0) return [];
  return tx
    .select(fileMeta)
    .from(activityConfirmationFiles)
    .where(
      and(
        eq(activityConfirmationFiles.organiserId, organiserId),
        inArray(activityConfirmationFiles.confirmationId, confirmationIds),
      ),
    )
    .orderBy(asc(activityConfirmationFiles.id));
}

/** The files of confirmations with their bytes, for an e-mail. */
export async function readConfirmationFiles(
  tx: TenantTx,
  organiserId: number,
  confirmationIds: number[],
) {
  if (confirmationIds.length === 0) return [];
  return tx
    .select({ ...fileMeta, content: activityConfirmationFiles.content })
    .from(activityConfirmationFiles)
    .where(
      and(
        eq(activityConfirmationFiles.organiserId, organiserId),
        inArray(activityConfirmationFiles.confirmationId, confirmationIds),
      ),
    )
    .orderBy(asc(activityConfirmationFiles.id));
}

/** Locks the confirmation row: uploads to it are counted one after the other. */
export async function lockConfirmation(tx: TenantTx, organiserId: number, confirmationId: number) {
  await tx
    .select({ id: activityConfirmations.id })
    .from(activityConfirmations)
    .where(
      and(
        eq(activityConfirmations.organiserId, organiserId),
        eq(activityConfirmations.id, confirmationId),
      ),
    )
    .for("update");
}

export async function insertConfirmationFile(
  tx: TenantTx,
  values: {
    organiserId: number;
    confirmationId: number;
    fileName: string;
    sizeBytes: number;
    content: Buffer;
  },
): Promise<void> {
  await tx.insert(activityConfirmationFiles).values(values);
}

/** Deletes one file of a confirmation; null when it has no such file. */
export async function deleteConfirmationFile(
  tx: TenantTx,
  organiserId: number,
  confirmationId: number,
  cuid: string,
): Promise<{ fileName: string } | null> {
  const [row] = await tx
    .delete(activityConfirmationFiles)
    .where(
      and(
        eq(activityConfirmationFiles.organiserId, organiserId),
        eq(activityConfirmationFiles.confirmationId, confirmationId),
        eq(activityConfirmationFiles.cuid, cuid),
      ),
    )
    .returning({ fileName: activityConfirmationFiles.fileName });
  return row ?? null;
}

/** The titles of activities, by id. */
export async function activityTitles(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), inArray(activities.id, ids)));
  return new Map(rows.map((row) => [row.id, row.title]));
}
