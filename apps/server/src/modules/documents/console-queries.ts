import {
  activities,
  customFields,
  documentCustomFields,
  documentElements,
  documentModelActivities,
  documentModels,
  documentPages,
  issuedDocuments,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, eq, gte, inArray, notInArray, sql } from "@booking/db/orm";
import type { DocumentModelRow } from "./queries.ts";

// The statements of the console's document models editor (console-service.ts).

export type ModelValues = Pick<
  typeof documentModels.$inferInsert,
  | "title"
  | "description"
  | "icon"
  | "active"
  | "paymentRequirement"
  | "dateRequirement"
  | "allActivities"
>;
export type CustomFieldValues = Pick<
  typeof documentCustomFields.$inferInsert,
  "type" | "title" | "description" | "required" | "pattern" | "order" | "choices"
>;
export type ElementValues = Omit<
  typeof documentElements.$inferInsert,
  "id" | "cuid" | "organiserId" | "documentPageId" | "createdAt" | "updatedAt"
>;
export type PageValues = Pick<
  typeof documentPages.$inferInsert,
  "size" | "orientation" | "backgroundUrl"
>;

/** The models in their order, with how many pages, elements and downloads each has. */
export async function listModelSummaries(tx: TenantTx, organiserId: number) {
  const models = await tx
    .select()
    .from(documentModels)
    .where(eq(documentModels.organiserId, organiserId))
    .orderBy(asc(documentModels.order), asc(documentModels.id));
  const pages = await tx
    .select({ modelId: documentPages.documentModelId, n: count() })
    .from(documentPages)
    .where(eq(documentPages.organiserId, organiserId))
    .groupBy(documentPages.documentModelId);
  const elements = await tx
    .select({ modelId: documentPages.documentModelId, n: count() })
    .from(documentElements)
    .innerJoin(
      documentPages,
      and(
        eq(documentPages.organiserId, documentElements.organiserId),
        eq(documentPages.id, documentElements.documentPageId),
      ),
    )
    .where(eq(documentElements.organiserId, organiserId))
    .groupBy(documentPages.documentModelId);
  const downloads = await tx
    .select({
      modelId: issuedDocuments.documentModelId,
      n: sql<number>`sum(${issuedDocuments.downloads})::int`,
    })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.organiserId, organiserId))
    .groupBy(issuedDocuments.documentModelId);
  const counter = (rows: Array<{ modelId: number; n: number }>) => {
    const byModel = new Map(rows.map((row) => [row.modelId, row.n]));
    return (modelId: number) => byModel.get(modelId) ?? 0;
  };
  const [pagesOf, elementsOf, downloadsOf] = [
    counter(pages),
    counter(elements),
    counter(downloads),
  ];
  return models.map((model) => ({
    model,
    pages: pagesOf(model.id),
    elements: elementsOf(model.id),
    downloads: downloadsOf(model.id),
  }));
}

/** The model `cuid`, locked for the edit when `forUpdate` (two saves of one model queue up). */
export async function findModel(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { forUpdate?: boolean } = {},
): Promise<DocumentModelRow | null> {
  const query = tx
    .select()
    .from(documentModels)
    .where(and(eq(documentModels.organiserId, organiserId), eq(documentModels.cuid, cuid)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function nextModelOrder(tx: TenantTx, organiserId: number): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${documentModels.order}) + 1, 0)::int` })
    .from(documentModels)
    .where(eq(documentModels.organiserId, organiserId));
  return row?.next ?? 0;
}

export async function insertModel(
  tx: TenantTx,
  organiserId: number,
  values: ModelValues & { order: number },
): Promise<DocumentModelRow> {
  const [row] = await tx
    .insert(documentModels)
    .values({ ...values, organiserId })
    .returning();
  return row!;
}

export async function updateModel(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: ModelValues,
): Promise<DocumentModelRow> {
  const [row] = await tx
    .update(documentModels)
    .set(values)
    .where(and(eq(documentModels.organiserId, organiserId), eq(documentModels.id, id)))
    .returning();
  return row!;
}

export async function deleteModel(tx: TenantTx, organiserId: number, id: number): Promise<void> {
  await tx
    .delete(documentModels)
    .where(and(eq(documentModels.organiserId, organiserId), eq(documentModels.id, id)));
}

/** The cuids of the activities a model is offered for (when not for all). */
export async function listModelActivityCuids(
  tx: TenantTx,
  organiserId: number,
  modelId: number,
): Promise<string[]> {
  const rows = await tx
    .select({ cuid: activities.cuid })
    .from(documentModelActivities)
    .innerJoin(
      activities,
      and(
        eq(activities.organiserId, documentModelActivities.organiserId),
        eq(activities.id, documentModelActivities.activityId),
      ),
    )
    .where(
      and(
        eq(documentModelActivities.organiserId, organiserId),
        eq(documentModelActivities.documentModelId, modelId),
      ),
    )
    .orderBy(asc(activities.title));
  return rows.map((row) => row.cuid);
}

/** The organiser's activities among `cuids`. */
export async function findActivities(tx: TenantTx, organiserId: number, cuids: string[]) {
  if (cuids.length === 0) return [];
  return tx
    .select({ id: activities.id, cuid: activities.cuid })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), inArray(activities.cuid, cuids)));
}

export async function replaceModelActivities(
  tx: TenantTx,
  organiserId: number,
  modelId: number,
  activityIds: number[],
): Promise<void> {
  await tx
    .delete(documentModelActivities)
    .where(
      and(
        eq(documentModelActivities.organiserId, organiserId),
        eq(documentModelActivities.documentModelId, modelId),
      ),
    );
  if (activityIds.length === 0) return;
  await tx
    .insert(documentModelActivities)
    .values(
      activityIds.map((activityId) => ({ organiserId, documentModelId: modelId, activityId })),
    );
}

export async function listModelCustomFields(tx: TenantTx, organiserId: number, modelId: number) {
  return tx
    .select()
    .from(documentCustomFields)
    .where(
      and(
        eq(documentCustomFields.organiserId, organiserId),
        eq(documentCustomFields.documentModelId, modelId),
      ),
    )
    .orderBy(asc(documentCustomFields.order), asc(documentCustomFields.id));
}

export async function insertCustomField(
  tx: TenantTx,
  organiserId: number,
  modelId: number,
  values: CustomFieldValues,
): Promise<number> {
  const [row] = await tx
    .insert(documentCustomFields)
    .values({ ...values, organiserId, documentModelId: modelId })
    .returning({ id: documentCustomFields.id });
  return row!.id;
}

export async function updateCustomField(
  tx: TenantTx,
  organiserId: number,
  id: number,
  values: CustomFieldValues,
): Promise<void> {
  await tx
    .update(documentCustomFields)
    .set(values)
    .where(and(eq(documentCustomFields.organiserId, organiserId), eq(documentCustomFields.id, id)));
}

/** Deletes the model's custom fields but `keep` (their elements must be gone already). */
export async function deleteOtherCustomFields(
  tx: TenantTx,
  organiserId: number,
  modelId: number,
  keep: number[],
): Promise<void> {
  await tx
    .delete(documentCustomFields)
    .where(
      and(
        eq(documentCustomFields.organiserId, organiserId),
        eq(documentCustomFields.documentModelId, modelId),
        keep.length > 0 ? notInArray(documentCustomFields.id, keep) : undefined,
      ),
    );
}

/** Deletes the model's pages, and so their elements. */
export async function deletePages(tx: TenantTx, organiserId: number, modelId: number) {
  await tx
    .delete(documentPages)
    .where(
      and(eq(documentPages.organiserId, organiserId), eq(documentPages.documentModelId, modelId)),
    );
}

/** The model's pages by position, and the ids of their elements. */
export async function listModelLayout(tx: TenantTx, organiserId: number, modelId: number) {
  const pages = await tx
    .select({ id: documentPages.id, position: documentPages.position })
    .from(documentPages)
    .where(
      and(eq(documentPages.organiserId, organiserId), eq(documentPages.documentModelId, modelId)),
    )
    .orderBy(asc(documentPages.position));
  const elements =
    pages.length === 0
      ? []
      : await tx
          .select({ id: documentElements.id })
          .from(documentElements)
          .where(
            and(
              eq(documentElements.organiserId, organiserId),
              inArray(
                documentElements.documentPageId,
                pages.map((page) => page.id),
              ),
            ),
          );
  return { pages, elementIds: elements.map((element) => element.id) };
}

/** Writes the page at `position`: the row `pageId` updated, or a new one. Answers its id. */
export async function savePage(
  tx: TenantTx,
  organiserId: number,
  modelId: number,
  position: number,
  page: PageValues,
  pageId: number | undefined,
): Promise<number> {
  if (pageId !== undefined) {
    await tx
      .update(documentPages)
      .set(page)
      .where(and(eq(documentPages.organiserId, organiserId), eq(documentPages.id, pageId)));
    return pageId;
  }
  const [row] = await tx
    .insert(documentPages)
    .values({ ...page, organiserId, documentModelId: modelId, position })
    .returning({ id: documentPages.id });
  return row!.id;
}

/**
 * Writes an element on page `pageId`: the element `elementId` updated in place (it keeps its id,
 * which customers' download forms name), or a new one. Answers its id.
 */
export async function saveElement(
  tx: TenantTx,
  organiserId: number,
  pageId: number,
  element: ElementValues,
  elementId: number | undefined,
): Promise<number> {
  if (elementId !== undefined) {
    await tx
      .update(documentElements)
      .set({ ...element, documentPageId: pageId })
      .where(
        and(eq(documentElements.organiserId, organiserId), eq(documentElements.id, elementId)),
      );
    return elementId;
  }
  const [row] = await tx
    .insert(documentElements)
    .values({ ...element, organiserId, documentPageId: pageId })
    .returning({ id: documentElements.id });
  return row!.id;
}

/** Deletes the elements `ids`, then the model's pages from `position` on. */
export async function deleteLeftovers(
  tx: TenantTx,
  organiserId: number,
  modelId: number,
  elementIds: number[],
  position: number,
): Promise<void> {
  if (elementIds.length > 0) {
    await tx
      .delete(documentElements)
      .where(
        and(
          eq(documentElements.organiserId, organiserId),
          inArray(documentElements.id, elementIds),
        ),
      );
  }
  await tx
    .delete(documentPages)
    .where(
      and(
        eq(documentPages.organiserId, organiserId),
        eq(documentPages.documentModelId, modelId),
        gte(documentPages.position, position),
      ),
    );
}

/** The ids of the organiser's customer and participant custom fields, by entity. */
export async function listProfileCustomFields(tx: TenantTx, organiserId: number) {
  return tx
    .select({ id: customFields.id, entity: customFields.entity })
    .from(customFields)
    .where(eq(customFields.organiserId, organiserId));
}

/** Any registration of the organiser (cancelled ones too) by its cuid. */
export async function findRegistrationByCuid(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** The document already issued for the registration, if a customer downloaded it. */
export async function findIssuedDocument(
  tx: TenantTx,
  organiserId: number,
  modelId: number,
  registrationId: number,
) {
  const [row] = await tx
    .select({ cuid: issuedDocuments.cuid, createdAt: issuedDocuments.createdAt })
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.organiserId, organiserId),
        eq(issuedDocuments.documentModelId, modelId),
        eq(issuedDocuments.registrationId, registrationId),
      ),
    )
    .limit(1);
  return row ?? null;
}
