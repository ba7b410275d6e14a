import {
  activities,
  availabilities,
  customerMemberships,
  customers,
  memberships,
  participants,
  registrations,
  type SegmentConditions,
  type SegmentEntity,
  type TenantTx,
} from "@booking/db";
import { and, eq, gt, inArray, isNull, lte, type SQL, sql } from "@booking/db/orm";
import {
  birthdateBounds,
  type CustomFieldCondition,
  hasParticipantConditions,
  type PeopleConditions,
  splitConditions,
} from "@booking/domain/segments";
import { segmentCondition } from "../catalogue/queries.ts";
import { taggedCondition } from "../tags/queries.ts";

/**
 * Segment conditions compiled to SQL (decision 0056): parameterised, scoped to the organiser in
 * every subquery (row-level security is the second wall). Conditions are stored by cuid; the
 * custom fields' entities and ids come from `fields`, loaded by the caller.
 */
export type SegmentScope = {
  tx: TenantTx;
  organiserId: number;
  /** the organiser's time zone: activity periods are calendar days there */
  timezone: string;
  /** today in that time zone (YYYY-MM-DD), for ages */
  today: string;
  now: Date;
  fields: Map<string, { id: number; entity: "CUSTOMERS" | "PARTICIPANTS" }>;
};

/** A custom field value among `values` (case-insensitive; a multiple choice by any of its labels). */
function customFieldMatch(
  data: SQL,
  condition: CustomFieldCondition,
  scope: SegmentScope,
): SQL | null {
  const field = scope.fields.get(condition.field);
  if (!field) return null;
  const wanted = condition.values.map((value) => value.toLowerCase());
  return sql`exists (
    select 1 from jsonb_array_elements(${data}) entry
    where (entry->>'field_id')::int = ${field.id}
      and exists (
        select 1 from unnest(array_append(string_to_array(entry->>'data', ', '), entry->>'data')) part
        where lower(part) = any(${sql.param(wanted)}::text[])))`;
}

function participantMatch(conditions: PeopleConditions, scope: SegmentScope): SQL {
  const parts: SQL[] = [isNull(participants.deletedAt)];
  const { activities: attended, age, custom_fields } = conditions;
  if (attended?.cuids.length) {
    const local = sql`(${availabilities.startAt} at time zone ${scope.timezone})::date`;
    const registered = and(
      eq(registrations.organiserId, scope.organiserId),
      eq(registrations.participantId, participants.id),
      eq(registrations.cancelled, false),
      inArray(activities.cuid, attended.cuids),
      attended.from ? sql`${local} >= ${attended.from}::date` : undefined,
      attended.to ? sql`${local} <= ${attended.to}::date` : undefined,
    );
    parts.push(
      sql`exists (select 1 from ${registrations}
        join ${availabilities} on ${availabilities.organiserId} = ${registrations.organiserId}
          and ${availabilities.id} = ${registrations.availabilityId}
        join ${activities} on ${activities.organiserId} = ${availabilities.organiserId}
          and ${activities.id} = ${availabilities.activityId}
        where ${registered})`,
    );
  }
  if (age && (age.min != null || age.max != null)) {
    const bounds = birthdateBounds(age, scope.today);
    if (bounds.bornOnOrBefore)
      parts.push(sql`${participants.birthdate} <= ${bounds.bornOnOrBefore}::date`);
    if (bounds.bornAfter) parts.push(sql`${participants.birthdate} > ${bounds.bornAfter}::date`);
  }
  for (const condition of custom_fields ?? []) {
    const match = customFieldMatch(sql`${participants.customData}`, condition, scope);
    if (match) parts.push(match);
  }
  if (conditions.participant_tags?.length) {
    parts.push(
      taggedCondition(
        scope.organiserId,
        "PARTICIPANTS",
        sql`${participants.id}`,
        conditions.participant_tags,
      ),
    );
  }
  return and(...parts)!;
}

function customerMatch(conditions: PeopleConditions, scope: SegmentScope): SQL[] {
  const parts: SQL[] = [
    eq(customers.organiserId, scope.organiserId),
    isNull(customers.anonymisedAt),
  ];
  if (conditions.newsletter != null) {
    parts.push(eq(customers.newsletterSubscribed, conditions.newsletter));
  }
  if (conditions.memberships?.length) {
    const held = and(
      eq(customerMemberships.organiserId, scope.organiserId),
      eq(customerMemberships.customerId, customers.id),
      eq(customerMemberships.cancelled, false),
      lte(customerMemberships.startAt, scope.now),
      gt(customerMemberships.endAt, scope.now),
      inArray(memberships.cuid, conditions.memberships),
    );
    parts.push(
      sql`exists (select 1 from ${customerMemberships}
        join ${memberships} on ${memberships.organiserId} = ${customerMemberships.organiserId}
          and ${memberships.id} = ${customerMemberships.membershipId}
        where ${held})`,
    );
  }
  for (const condition of conditions.custom_fields ?? []) {
    const match = customFieldMatch(sql`${customers.customData}`, condition, scope);
    if (match) parts.push(match);
  }
  if (conditions.customer_tags?.length) {
    parts.push(
      taggedCondition(
        scope.organiserId,
        "CUSTOMERS",
        sql`${customers.id}`,
        conditions.customer_tags,
      ),
    );
  }
  return parts;
}

function participantsOfCustomer(conditions: PeopleConditions, scope: SegmentScope): SQL {
  return sql`exists (select 1 from ${participants}
    where ${participants.organiserId} = ${scope.organiserId}
      and ${participants.customerId} = ${customers.id}
      and ${participantMatch(conditions, scope)})`;
}

function split(conditions: PeopleConditions, scope: SegmentScope) {
  return splitConditions(conditions, (cuid) => scope.fields.get(cuid)?.entity ?? null);
}

/**
 * The condition on `customers` of the customers a segment reaches: those it selects (CUSTOMERS),
 * those with a selected participant (PARTICIPANTS), or those with a live registration to a
 * selected availability (AVAILABILITIES).
 */
export function segmentCustomersWhere(
  scope: SegmentScope,
  entity: SegmentEntity,
  conditions: SegmentConditions,
): SQL {
  if (entity === "AVAILABILITIES") {
    return sql`${customers.organiserId} = ${scope.organiserId} and exists (
      select 1 from ${registrations}
      join ${availabilities} on ${availabilities.organiserId} = ${registrations.organiserId}
        and ${availabilities.id} = ${registrations.availabilityId}
      where ${registrations.organiserId} = ${scope.organiserId}
        and ${registrations.customerId} = ${customers.id}
        and not ${registrations.cancelled}
        and ${segmentCondition(scope.tx, scope.organiserId, conditions)})`;
  }
  const { customer, participant } = split(conditions as PeopleConditions, scope);
  const parts = customerMatch(customer, scope);
  if (entity === "PARTICIPANTS" || hasParticipantConditions(participant)) {
    parts.push(participantsOfCustomer(participant, scope));
  }
  return and(...parts)!;
}

/** The condition on `participants` (joined to their `customers`) of a PARTICIPANTS segment. */
export function segmentParticipantsWhere(scope: SegmentScope, conditions: SegmentConditions): SQL {
  const { customer, participant } = split(conditions as PeopleConditions, scope);
  return and(
    eq(participants.organiserId, scope.organiserId),
    participantMatch(participant, scope),
    ...customerMatch(customer, scope),
  )!;
}
