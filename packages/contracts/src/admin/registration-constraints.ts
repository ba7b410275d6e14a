import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { isCalendarDay } from "../page-elements/filters.ts";
import { cuidValue } from "./catalogue-fields.ts";

/**
 * An activity's registration constraints (/api/admin/activities/:cuid/registration-constraints):
 * platform-and-account.md §3.2 (label, type, payload, order, optional) and §5 (kinds, operators,
 * scopes, period). The rules that judge them: packages/domain/src/registration-constraints.ts.
 */

export const CONSTRAINT_TYPES = [
  "registrations.count.minimum",
  "registrations.count.maximum",
  "locations.count.minimum",
  "locations.count.maximum",
] as const;
export type ConstraintType = (typeof CONSTRAINT_TYPES)[number];

export const CONSTRAINT_SCOPES = [
  "same.date",
  "same.time",
  "same.weekday",
  "same.period",
  "future",
] as const;
export type ConstraintScope = (typeof CONSTRAINT_SCOPES)[number];

/** The largest count a constraint may name. */
export const CONSTRAINT_MAX_VALUE = 1000;
/** The organiser's message is shown to customers beside the item: a sentence or two. */
export const CONSTRAINT_MESSAGE_MAX = 500;

const constraintPayloadView = z.object({
  value: z.int(),
  scope: z.enum(CONSTRAINT_SCOPES).nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  message: z.string(),
});

export const adminRegistrationConstraintView = z.object({
  id: z.int(),
  cuid: z.string(),
  label: z.string(),
  type: z.enum(CONSTRAINT_TYPES),
  payload: constraintPayloadView,
  order: z.int(),
  optional: z.boolean(),
});
export type AdminRegistrationConstraintView = z.infer<typeof adminRegistrationConstraintView>;
export const adminRegistrationConstraintList = z.object({
  data: z.array(adminRegistrationConstraintView),
});

const optionalDay = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE").nullable(),
);

/**
 * POST …/registration-constraints, PUT …/registration-constraints/:constraint. A minimum needs a
 * count of at least 1 (TOO_SMALL: a minimum of 0 always holds); the period's end is not before
 * its start (TO_BEFORE_FROM).
 */
export const registrationConstraintBody = z
  .object({
    label: requiredText(LIMITS.name),
    type: z.enum(CONSTRAINT_TYPES, "INVALID_CHOICE"),
    payload: z.object({
      value: z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(CONSTRAINT_MAX_VALUE, "TOO_BIG"),
      scope: z.enum(CONSTRAINT_SCOPES, "INVALID_CHOICE").nullable().default(null),
      period_start: optionalDay.default(null),
      period_end: optionalDay.default(null),
      message: requiredText(CONSTRAINT_MESSAGE_MAX),
    }),
    optional: z.boolean("INVALID_TYPE").default(false),
  })
  .superRefine((body, context) => {
    if (body.type.endsWith(".minimum") && body.payload.value < 1) {
      context.addIssue({ code: "custom", path: ["payload", "value"], message: "TOO_SMALL" });
    }
    const { period_start: start, period_end: end } = body.payload;
    if (start && end && end < start) {
      context.addIssue({
        code: "custom",
        path: ["payload", "period_end"],
        message: "TO_BEFORE_FROM",
      });
    }
  });
export type RegistrationConstraintBody = z.input<typeof registrationConstraintBody>;

export const activityRegistrationConstraintParams = z.object({
  cuid: cuidValue,
  constraint: cuidValue,
});
