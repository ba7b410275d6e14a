import type { TenantTx } from "@booking/db";
import {
  activityQuestions,
  availabilities,
  availabilityDates,
  queryPrepared,
  registrations,
} from "@booking/db";
import { and, eq, inArray, or } from "@booking/db/orm";
import type { ExistingRegistration } from "@booking/domain";
import { refersTo } from "../carts/queries.ts";

/** The titles of the questions the organiser's activities ask: each is a column a file may fill. */
export async function findQuestionTitles(tx: TenantTx, organiserId: number): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ title: activityQuestions.title })
    .from(activityQuestions)
    .where(eq(activityQuestions.organiserId, organiserId))
    .orderBy(activityQuestions.title);
  return rows.map((row) => row.title);
}

/**
 * The organiser's availabilities a file names: by cuid, or by an activity and the start of one
 * of its dates. Another organiser's cuids match nothing (organiser_id and row-level security).
 */
export async function findNamedAvailabilities(
  tx: TenantTx,
  organiserId: number,
  names: { cuids: string[]; starts: { activityId: number; startAt: Date }[] },
): Promise<{ id: number; cuid: string; activityId: number; startAt: Date | null }[]> {
  const byCuid =
    names.cuids.length === 0
      ? []
      : await tx
          .select({
            id: availabilities.id,
            cuid: availabilities.cuid,
            activityId: availabilities.activityId,
          })
          .from(availabilities)
          .where(
            and(
              eq(availabilities.organiserId, organiserId),
              inArray(availabilities.cuid, names.cuids),
            ),
          );
  const activityIds = [...new Set(names.starts.map((start) => start.activityId))];
  const instants = [...new Set(names.starts.map((start) => start.startAt.toISOString()))];
  const byStart =
    activityIds.length === 0
      ? []
      : await tx
          .select({
            id: availabilities.id,
            cuid: availabilities.cuid,
            activityId: availabilities.activityId,
            startAt: availabilityDates.startAt,
          })
          .from(availabilityDates)
          .innerJoin(
            availabilities,
            refersTo(availabilities, availabilityDates, availabilityDates.availabilityId),
          )
          .where(
            and(
              eq(availabilityDates.organiserId, organiserId),
              inArray(availabilities.activityId, activityIds),
              inArray(
                availabilityDates.startAt,
                instants.map((at) => new Date(at)),
              ),
            ),
          );
  return [...byCuid.map((row) => ({ ...row, startAt: null })), ...byStart];
}

/**
 * The stored registrations a file may name: by its external ids, or of its participants on its
 * availabilities.
 */
export async function findImportedRegistrations(
  tx: TenantTx,
  organiserId: number,
  keys: { externalIds: string[]; participantIds: number[]; availabilityIds: number[] },
): Promise<ExistingRegistration[]> {
  const named = [
    ...(keys.externalIds.length > 0 ? [inArray(registrations.externalId, keys.externalIds)] : []),
    ...(keys.participantIds.length > 0 && keys.availabilityIds.length > 0
      ? [
          and(
            inArray(registrations.participantId, keys.participantIds),
            inArray(registrations.availabilityId, keys.availabilityIds),
          ),
        ]
      : []),
  ];
  if (named.length === 0) return [];
  return tx
    .select({
      id: registrations.id,
      externalId: registrations.externalId,
      participantId: registrations.participantId,
      availabilityId: registrations.availabilityId,
      cancelled: registrations.cancelled,
    })
    .from(registrations)
    .where(and(eq(registrations.organiserId, organiserId), or(...named)));
}

/** The file's external ids on the registrations it made, in ONE statement. */
export async function setRegistrationExternalIds(
  tx: TenantTx,
  organiserId: number,
  externalIds: Map<number, string>,
): Promise<void> {
  if (externalIds.size === 0) return;
  await queryPrepared(tx, "imports_set_registration_external_ids", SET_EXTERNAL_IDS, [
    organiserId,
    [...externalIds.keys()],
    [...externalIds.values()],
  ]);
}

const SET_EXTERNAL_IDS = `update registrations r set external_id = v.external_id
    from unnest($2::int[], $3::text[]) as v(id, external_id)
   where r.organiser_id = $1 and r.id = v.id`;
