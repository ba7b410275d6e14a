/**
 * Segments of customers and participants (platform-and-account.md §3.2 "segment", decision 0056).
 * A condition either concerns the customer (consent, memberships held, a customer custom field,
 * a customer tag) or one participant (activity attended, age, a participant custom field, a
 * participant tag; tags: decision 0088). All conditions are
 * ANDed; the values inside one condition are ORed; an absent condition does not restrict.
 *
 * A CUSTOMERS segment keeps a customer whose own conditions hold and who has one participant
 * meeting every participant condition at once; a PARTICIPANTS segment keeps a participant who
 * meets them and whose customer meets the customer conditions.
 */

export const SEGMENT_ENTITIES = ["CUSTOMERS", "PARTICIPANTS", "AVAILABILITIES"] as const;
export type SegmentEntity = (typeof SEGMENT_ENTITIES)[number];

/** Ages a segment may ask for, in whole years. */
export const SEGMENT_AGE_MAX = 120;

export type ActivityCondition = {
  /** Activity cuids: a registration, not cancelled, to an availability of one of them. */
  cuids: string[];
  /** Calendar days (YYYY-MM-DD, inclusive) the availability starts within; null = open. */
  from?: string | null;
  to?: string | null;
};
export type CustomFieldCondition = { field: string; values: string[] };

export type PeopleConditions = {
  activities?: ActivityCondition | null;
  age?: { min?: number | null; max?: number | null } | null;
  /** Membership cuids: a membership held (not cancelled, running today) of one of them. */
  memberships?: string[] | null;
  custom_fields?: CustomFieldCondition[] | null;
  /** true: consenting customers only; false: the others; absent: both. */
  newsletter?: boolean | null;
  /** Tag cuids: the customer carries one of them. */
  customer_tags?: string[] | null;
  /** Tag cuids: the participant carries one of them. */
  participant_tags?: string[] | null;
};

export type SegmentConditionError =
  | { path: "age"; code: "AGE_RANGE_INVALID" }
  | { path: "activities"; code: "PERIOD_INVALID" };

/** Errors a well-typed set of conditions may still have (ranges the wrong way round). */
export function segmentConditionErrors(conditions: PeopleConditions): SegmentConditionError[] {
  const errors: SegmentConditionError[] = [];
  const { age, activities } = conditions;
  if (age?.min != null && age.max != null && age.min > age.max) {
    errors.push({ path: "age", code: "AGE_RANGE_INVALID" });
  }
  if (activities?.from && activities.to && activities.from > activities.to) {
    errors.push({ path: "activities", code: "PERIOD_INVALID" });
  }
  return errors;
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ""))].sort();
}

/**
 * The conditions as stored: empty lists and open ranges dropped, lists deduplicated and sorted,
 * so that two ways of writing the same selection are the same object and `{}` is everyone.
 */
export function normaliseConditions(conditions: PeopleConditions): PeopleConditions {
  const result: PeopleConditions = {};
  const activityCuids = unique(conditions.activities?.cuids ?? []);
  if (activityCuids.length > 0) {
    result.activities = {
      cuids: activityCuids,
      from: conditions.activities?.from ?? null,
      to: conditions.activities?.to ?? null,
    };
  }
  const age = conditions.age;
  if (age && (age.min != null || age.max != null)) {
    result.age = { min: age.min ?? null, max: age.max ?? null };
  }
  const memberships = unique(conditions.memberships ?? []);
  if (memberships.length > 0) result.memberships = memberships;
  const fields = new Map<string, Set<string>>();
  for (const { field, values } of conditions.custom_fields ?? []) {
    const kept = unique(values);
    if (kept.length === 0) continue;
    const set = fields.get(field) ?? new Set<string>();
    for (const value of kept) set.add(value);
    fields.set(field, set);
  }
  if (fields.size > 0) {
    result.custom_fields = [...fields]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([field, values]) => ({ field, values: [...values].sort() }));
  }
  if (conditions.newsletter != null) result.newsletter = conditions.newsletter;
  const customerTags = unique(conditions.customer_tags ?? []);
  if (customerTags.length > 0) result.customer_tags = customerTags;
  const participantTags = unique(conditions.participant_tags ?? []);
  if (participantTags.length > 0) result.participant_tags = participantTags;
  return result;
}

/**
 * The conditions split by what they concern; `fieldEntity` tells which entity a custom field
 * (by cuid) belongs to, or null for a field the organiser does not have.
 */
export function splitConditions(
  conditions: PeopleConditions,
  fieldEntity: (cuid: string) => "CUSTOMERS" | "PARTICIPANTS" | null,
): {
  customer: Pick<
    PeopleConditions,
    "memberships" | "newsletter" | "custom_fields" | "customer_tags"
  >;
  participant: Pick<PeopleConditions, "activities" | "age" | "custom_fields" | "participant_tags">;
  unknownFields: string[];
} {
  const byEntity = {
    CUSTOMERS: [] as CustomFieldCondition[],
    PARTICIPANTS: [] as CustomFieldCondition[],
  };
  const unknownFields: string[] = [];
  for (const condition of conditions.custom_fields ?? []) {
    const entity = fieldEntity(condition.field);
    if (entity) byEntity[entity].push(condition);
    else unknownFields.push(condition.field);
  }
  return {
    customer: {
      memberships: conditions.memberships ?? null,
      newsletter: conditions.newsletter ?? null,
      custom_fields: byEntity.CUSTOMERS,
      ...(conditions.customer_tags ? { customer_tags: conditions.customer_tags } : {}),
    },
    participant: {
      activities: conditions.activities ?? null,
      age: conditions.age ?? null,
      custom_fields: byEntity.PARTICIPANTS,
      ...(conditions.participant_tags ? { participant_tags: conditions.participant_tags } : {}),
    },
    unknownFields,
  };
}

/** Whether a participant condition is set, so a customer needs a participant that meets it. */
export function hasParticipantConditions(
  participant: Pick<PeopleConditions, "activities" | "age" | "custom_fields" | "participant_tags">,
): boolean {
  return Boolean(
    participant.activities?.cuids.length ||
      participant.age?.min != null ||
      participant.age?.max != null ||
      participant.custom_fields?.length ||
      participant.participant_tags?.length,
  );
}

/** `day` (YYYY-MM-DD) minus `years`; 29 February becomes 28 February in a common year. */
export function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = year - years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  const clamped = month === 2 && date === 29 && !leap ? 28 : date;
  return `${String(target).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(clamped).padStart(2, "0")}`;
}

/**
 * Birthdates of the people aged between `min` and `max` whole years (inclusive) on `today`,
 * birthday-aware as `ageInYears` (a 29 February birthday is reached on 1 March in common years):
 * born on or before `bornOnOrBefore` and strictly after `bornAfter`; null = no bound.
 */
export function birthdateBounds(
  age: { min?: number | null; max?: number | null },
  today: string,
): { bornOnOrBefore: string | null; bornAfter: string | null } {
  return {
    bornOnOrBefore: age.min != null ? yearsBefore(today, age.min) : null,
    bornAfter: age.max != null ? yearsBefore(today, age.max + 1) : null,
  };
}
