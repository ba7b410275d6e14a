import type {
  SegmentCountBody,
  SegmentView,
  SegmentWithCount,
  segmentBody,
} from "@booking/contracts";
import type { SegmentConditions, SegmentEntity } from "@booking/db";
import {
  normaliseConditions,
  type PeopleConditions,
  segmentConditionErrors,
} from "@booking/domain/segments";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { findTagsByCuid } from "../tags/queries.ts";
import {
  countRecipients,
  countSelected,
  deleteSegment,
  findSegment,
  insertSegment,
  listSegments,
  type ReferencedKind,
  type Segment,
  segmentHasNewsletters,
  segmentScope,
  unknownCuids,
  updateSegment,
} from "./queries.ts";

type SegmentInput = z.output<typeof segmentBody>;
type Conditions = { entity: SegmentEntity; conditions: SegmentInput["conditions"] };

export function segmentView(segment: Segment): SegmentView {
  return {
    cuid: segment.cuid,
    entity: segment.entity,
    name: segment.name,
    conditions: segment.conditions,
    default: segment.isDefault,
    created_at: segment.createdAt.toISOString(),
  };
}

/**
 * The conditions as stored, or VALIDATION_ERROR naming the first wrong field: ranges the wrong
 * way round, or a cuid (activity, membership, custom field, location, category) the organiser
 * does not have — another organiser's included.
 */
async function checkedConditions(
  context: ConsoleContext,
  input: Conditions,
): Promise<SegmentConditions> {
  const { db, organiser } = context;
  const references: [string, ReferencedKind, string[]][] = [];
  let conditions: SegmentConditions;
  if (input.entity === "AVAILABILITIES") {
    const given = input.conditions as {
      activities?: string[];
      locations?: string[];
      categories?: string[];
    };
    for (const kind of ["activities", "locations", "categories"] as const) {
      references.push([`conditions.${kind}`, kind, given[kind] ?? []]);
    }
    conditions = Object.fromEntries(
      Object.entries(given).filter(([, cuids]) => cuids && cuids.length > 0),
    );
  } else {
    const people = input.conditions as PeopleConditions;
    const errors = segmentConditionErrors(people);
    if (errors.length > 0) {
      throw validationError(
        Object.fromEntries(
          errors.map((error) =>
            error.path === "age"
              ? ["conditions.age.max", "TOO_SMALL"]
              : ["conditions.activities.to", "TO_BEFORE_FROM"],
          ),
        ),
      );
    }
    conditions = normaliseConditions(people) as SegmentConditions;
    references.push(["conditions.activities.cuids", "activities", people.activities?.cuids ?? []]);
    references.push(["conditions.memberships", "memberships", people.memberships ?? []]);
    const scope = await segmentScope(db, organiser, new Date());
    const unknownField = (people.custom_fields ?? []).findIndex(
      (condition) => !scope.fields.has(condition.field),
    );
    if (unknownField >= 0) {
      throw validationError({
        [`conditions.custom_fields.${unknownField}.field`]: "INVALID_CHOICE",
      });
    }
    for (const [path, entity, cuids] of [
      ["conditions.customer_tags", "CUSTOMERS", people.customer_tags ?? []],
      ["conditions.participant_tags", "PARTICIPANTS", people.participant_tags ?? []],
    ] as const) {
      const known = await findTagsByCuid(db, organiser.id, entity, [...cuids]);
      if (known.length < new Set(cuids).size) throw validationError({ [path]: "INVALID_CHOICE" });
    }
  }
  for (const [path, kind, cuids] of references) {
    if ((await unknownCuids(db, organiser.id, kind, cuids)).length > 0) {
      throw validationError({ [path]: "INVALID_CHOICE" });
    }
  }
  return conditions;
}

async function requireSegment(context: ConsoleContext, cuid: string): Promise<Segment> {
  const segment = await findSegment(context.db, context.organiser.id, { cuid });
  if (!segment) throw new AppError("SEGMENT_NOT_FOUND");
  return segment;
}

async function counted(
  context: ConsoleContext,
  entity: SegmentEntity,
  conditions: SegmentConditions,
): Promise<{ count: number; recipients: number }> {
  const scope = await segmentScope(context.db, context.organiser, new Date());
  return {
    count: await countSelected(scope, entity, conditions),
    recipients: await countRecipients(scope, entity, conditions),
  };
}

async function withCount(context: ConsoleContext, segment: Segment): Promise<SegmentWithCount> {
  return {
    ...segmentView(segment),
    ...(await counted(context, segment.entity, segment.conditions)),
  };
}

/** The console's segments (permission `segments.segments.*`, decision 0056). */
export const segmentsConsole = {
  async list(context: ConsoleContext, entity?: SegmentEntity): Promise<SegmentWithCount[]> {
    const rows = await listSegments(context.db, context.organiser.id, entity);
    const result: SegmentWithCount[] = [];
    for (const segment of rows) result.push(await withCount(context, segment));
    return result;
  },

  async get(context: ConsoleContext, cuid: string): Promise<SegmentWithCount> {
    return withCount(context, await requireSegment(context, cuid));
  },

  async count(context: ConsoleContext, input: SegmentCountBody) {
    const parsed = input as Conditions;
    return counted(context, parsed.entity, await checkedConditions(context, parsed));
  },

  async create(context: ConsoleContext, input: SegmentInput): Promise<SegmentWithCount> {
    const conditions = await checkedConditions(context, input);
    const segment = await insertSegment(context.db, {
      organiserId: context.organiser.id,
      entity: input.entity,
      name: input.name,
      conditions,
    });
    await context.audit({
      action: "segment.created",
      entity: "segment",
      entityId: segment.cuid,
      after: { entity: segment.entity, name: segment.name, conditions },
    });
    return withCount(context, segment);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: SegmentInput,
  ): Promise<SegmentWithCount> {
    const segment = await requireSegment(context, cuid);
    if (segment.isDefault) throw new AppError("SEGMENT_IS_DEFAULT");
    if (segment.entity !== input.entity) throw validationError({ entity: "MISMATCH" });
    const conditions = await checkedConditions(context, input);
    const updated = await updateSegment(context.db, context.organiser.id, segment.id, {
      name: input.name,
      conditions,
    });
    await context.audit({
      action: "segment.updated",
      entity: "segment",
      entityId: cuid,
      before: { name: segment.name, conditions: segment.conditions },
      after: { name: updated.name, conditions },
    });
    return withCount(context, updated);
  },

  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const segment = await requireSegment(context, cuid);
    if (segment.isDefault) throw new AppError("SEGMENT_IS_DEFAULT");
    if (await segmentHasNewsletters(context.db, context.organiser.id, segment.id)) {
      throw new AppError("SEGMENT_IN_USE");
    }
    await deleteSegment(context.db, context.organiser.id, segment.id);
    await context.audit({
      action: "segment.deleted",
      entity: "segment",
      entityId: cuid,
      before: { entity: segment.entity, name: segment.name, conditions: segment.conditions },
    });
  },
};
