import {
  activities,
  availabilities,
  availabilityDates,
  bundles,
  customerBundles,
  customers,
  customFields,
  documentCustomFields,
  documentElements,
  documentModelActivities,
  documentModels,
  documentPages,
  issuedDocuments,
  locations,
  participants,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray, isNotNull, or, sql } from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";

// Every statement of the documents module: the models offered for a registration, their pages
// and elements, what a document is made from, and the record of issued documents.

export type DocumentModelRow = typeof documentModels.$inferSelect;
export type DocumentCustomFieldRow = typeof documentCustomFields.$inferSelect;

/** Active models offered for an activity's registrations (all activities, or linked to it). */
function offeredFor(organiserId: number, activityId: number) {
  return and(
    eq(documentModels.organiserId, organiserId),
    eq(documentModels.active, true),
    or(
      eq(documentModels.allActivities, true),
      sql`exists (select 1 from ${documentModelActivities} where ${documentModelActivities.organiserId} = ${documentModels.organiserId} and ${documentModelActivities.documentModelId} = ${documentModels.id} and ${documentModelActivities.activityId} = ${activityId})`,
    ),
  );
}

export async function listOfferedModels(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
): Promise<DocumentModelRow[]> {
  return tx
    .select()
    .from(documentModels)
    .where(offeredFor(organiserId, activityId))
    .orderBy(asc(documentModels.order), asc(documentModels.id));
}

/** The model `modelId` when it is offered for the activity; null otherwise (or unknown). */
export async function findOfferedModel(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  modelId: number,
): Promise<DocumentModelRow | null> {
  const [row] = await tx
    .select()
    .from(documentModels)
    .where(and(offeredFor(organiserId, activityId), eq(documentModels.id, modelId)))
    .limit(1);
  return row ?? null;
}

export type DocumentElementRow = {
  modelId: number;
  pageId: number;
  pagePosition: number;
  size: "A4" | "LETTER";
  orientation: "portrait" | "landscape";
  backgroundUrl: string | null;
  element: typeof documentElements.$inferSelect | null;
  field: DocumentCustomFieldRow | null;
};

/**
 * The pages of some models with their elements (in drawing order) and the custom field of each
 * element; a page without elements comes once with `element` null. With `customOnly`, only the
 * elements that have a custom field (what the download form asks for), every page still listed.
 */
export async function listModelElements(
  tx: TenantTx,
  organiserId: number,
  modelIds: number[],
  options: { customOnly?: boolean } = {},
): Promise<DocumentElementRow[]> {
  if (modelIds.length === 0) return [];
  const rows = await tx
    .select({
      modelId: documentPages.documentModelId,
      pageId: documentPages.id,
      pagePosition: documentPages.position,
      size: documentPages.size,
      orientation: documentPages.orientation,
      backgroundUrl: documentPages.backgroundUrl,
      element: documentElements,
      field: documentCustomFields,
    })
    .from(documentPages)
    .leftJoin(
      documentElements,
      and(
        eq(documentElements.organiserId, documentPages.organiserId),
        eq(documentElements.documentPageId, documentPages.id),
        options.customOnly ? isNotNull(documentElements.customFieldId) : undefined,
      ),
    )
    .leftJoin(
      documentCustomFields,
      refersTo(documentCustomFields, documentElements, documentElements.customFieldId),
    )
    .where(
      and(
        eq(documentPages.organiserId, organiserId),
        inArray(documentPages.documentModelId, modelIds),
      ),
    )
    .orderBy(
      asc(documentPages.documentModelId),
      asc(documentPages.position),
      asc(documentElements.position),
      asc(documentElements.id),
    );
  return rows;
}

/** The registration's customer and participant (archived participants included). */
export async function findPeople(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  participantId: number,
) {
  const [row] = await tx
    .select({ customer: customers, participant: participants })
    .from(participants)
    .innerJoin(customers, refersTo(customers, participants, participants.customerId))
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.id, participantId),
        eq(participants.customerId, customerId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The type of each of the organiser's custom fields (active or not), by id. */
export async function listCustomFieldTypes(tx: TenantTx, organiserId: number) {
  return tx
    .select({ id: customFields.id, type: customFields.type })
    .from(customFields)
    .where(eq(customFields.organiserId, organiserId));
}

/** The availability with its activity, location and dates (in time order). */
export async function findAvailabilityDetail(
  tx: TenantTx,
  organiserId: number,
  availabilityId: number,
) {
  const [row] = await tx
    .select({
      availability: availabilities,
      activity: { cuid: activities.cuid, title: activities.title },
      location: {
        title: locations.title,
        street: locations.street,
        number: locations.number,
        city: locations.city,
        postcode: locations.postcode,
      },
    })
    .from(availabilities)
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .leftJoin(locations, refersTo(locations, availabilities, availabilities.locationId))
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.id, availabilityId)))
    .limit(1);
  if (!row) return null;
  const dates = await tx
    .select({ startAt: availabilityDates.startAt, endAt: availabilityDates.endAt })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availabilityId),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
  return { ...row, dates };
}

/** The customer bundle that paid for a registration, with the bundle's title. */
export async function findRegistrationBundle(
  tx: TenantTx,
  organiserId: number,
  customerBundleId: number,
) {
  const [row] = await tx
    .select({
      cuid: customerBundles.cuid,
      title: bundles.title,
      totalAmount: customerBundles.totalAmount,
      capacity: customerBundles.capacity,
      expiresAt: customerBundles.expiresAt,
      createdAt: customerBundles.createdAt,
    })
    .from(customerBundles)
    .innerJoin(bundles, refersTo(bundles, customerBundles, customerBundles.bundleId))
    .where(
      and(eq(customerBundles.organiserId, organiserId), eq(customerBundles.id, customerBundleId)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records a download of a model for a registration and answers the issued document: made on the
 * first download (its cuid and date then stay), counted on the next ones.
 */
export async function issueDocument(
  tx: TenantTx,
  organiserId: number,
  documentModelId: number,
  registrationId: number,
): Promise<{ cuid: string; createdAt: Date }> {
  const [row] = await tx
    .insert(issuedDocuments)
    .values({ organiserId, documentModelId, registrationId })
    .onConflictDoUpdate({
      target: [
        issuedDocuments.organiserId,
        issuedDocuments.documentModelId,
        issuedDocuments.registrationId,
      ],
      set: {
        downloads: sql`${issuedDocuments.downloads} + 1`,
        lastDownloadedAt: sql`now()`,
      },
    })
    .returning({ cuid: issuedDocuments.cuid, createdAt: issuedDocuments.createdAt });
  if (!row) throw new Error("issued document upsert returned nothing");
  return row;
}
