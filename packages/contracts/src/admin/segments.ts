import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { isCalendarDay } from "../page-elements/filters.ts";
import { ageYears, cuidValue } from "./catalogue-fields.ts";

/**
 * Segments (/api/admin/segments, permission `segments.segments.*`, decision 0056): saved
 * selections of customers, participants or availabilities. The three default segments ("all …")
 * select everything and cannot be changed or deleted.
 */

export const SEGMENT_ENTITIES = ["CUSTOMERS", "PARTICIPANTS", "AVAILABILITIES"] as const;
export const PEOPLE_ENTITIES = ["CUSTOMERS", "PARTICIPANTS"] as const;

const dayValue = z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE");
const cuidList = z.array(cuidValue, "INVALID_TYPE").max(100, "TOO_BIG");

/**
 * Conditions on customers and participants (packages/domain/src/segments.ts); the server checks
 * the ranges (TOO_SMALL on `age.max`, TO_BEFORE_FROM on `activities.to`) and normalises them.
 */
export const peopleConditions = z
  .object(
    {
      activities: z
        .object(
          { cuids: cuidList, from: dayValue.nullish(), to: dayValue.nullish() },
          "INVALID_TYPE",
        )
        .strict()
        .nullish(),
      age: z
        .object({ min: ageYears.nullish(), max: ageYears.nullish() }, "INVALID_TYPE")
        .strict()
        .nullish(),
      memberships: cuidList.nullish(),
      custom_fields: z
        .array(
          z
            .object(
              {
                field: cuidValue,
                values: z
                  .array(z.string("INVALID_TYPE").trim().max(LIMITS.shortText, "TOO_LONG"))
                  .max(50, "TOO_BIG"),
              },
              "INVALID_TYPE",
            )
            .strict(),
          "INVALID_TYPE",
        )
        .max(20, "TOO_BIG")
        .nullish(),
      newsletter: z.boolean("INVALID_TYPE").nullish(),
      customer_tags: cuidList.nullish(),
      participant_tags: cuidList.nullish(),
    },
    "INVALID_TYPE",
  )
  .strict();
export type PeopleConditionsInput = z.input<typeof peopleConditions>;
export type PeopleConditionsValue = z.output<typeof peopleConditions>;

/** Conditions on availabilities, as the catalogue's `segment` filter reads them. */
export const availabilityConditions = z
  .object(
    {
      activities: cuidList.optional(),
      locations: cuidList.optional(),
      categories: cuidList.optional(),
    },
    "INVALID_TYPE",
  )
  .strict();

const segmentName = requiredText(LIMITS.name);

/** POST /api/admin/segments, PUT /api/admin/segments/:cuid (the entity is fixed at creation). */
export const segmentBody = z.discriminatedUnion(
  "entity",
  [
    z.object({
      entity: z.enum(PEOPLE_ENTITIES),
      name: segmentName,
      conditions: peopleConditions.default({}),
    }),
    z.object({
      entity: z.literal("AVAILABILITIES"),
      name: segmentName,
      conditions: availabilityConditions.default({}),
    }),
  ],
  { error: "INVALID_CHOICE" },
);
export type SegmentBody = z.input<typeof segmentBody>;

/** POST /api/admin/segments/count: the live count of conditions being edited. */
export const segmentCountBody = z.discriminatedUnion(
  "entity",
  [
    z.object({ entity: z.enum(PEOPLE_ENTITIES), conditions: peopleConditions.default({}) }),
    z.object({
      entity: z.literal("AVAILABILITIES"),
      conditions: availabilityConditions.default({}),
    }),
  ],
  { error: "INVALID_CHOICE" },
);
export type SegmentCountBody = z.input<typeof segmentCountBody>;

export const segmentCount = z.object({
  /** customers, participants or availabilities selected */
  count: z.int(),
  /** consenting customers a newsletter to the segment reaches */
  recipients: z.int(),
});
export type SegmentCount = z.infer<typeof segmentCount>;

export const segmentView = z.object({
  cuid: z.string(),
  entity: z.enum(SEGMENT_ENTITIES),
  name: z.string(),
  conditions: z.record(z.string(), z.unknown()),
  default: z.boolean(),
  created_at: z.string(),
});
export type SegmentView = z.infer<typeof segmentView>;
export const segmentWithCount = segmentView.extend(segmentCount.shape);
export type SegmentWithCount = z.infer<typeof segmentWithCount>;
export const segmentList = z.object({ data: z.array(segmentWithCount) });

export const segmentsQuery = z.object({ entity: z.enum(SEGMENT_ENTITIES).optional() });
export const segmentParams = z.object({ cuid: cuidValue });
