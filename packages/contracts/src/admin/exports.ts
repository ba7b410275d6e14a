import type { Permission } from "@booking/domain";
import { z } from "zod";
import { isCalendarDay } from "../page-elements/filters.ts";
import { OUTSTANDING_ITEM_TYPES } from "./payments.ts";

/**
 * GET /api/admin/exports/:kind.:format: the console's CSV and XLSX files of registrations,
 * customers, payments and what is still owed (docs/decisions/0021-exports.md, 0072), streamed by
 * apps/server/src/modules/exports. The filters are query parameters; a blank one is "not given".
 * Days are YYYY-MM-DD in the organiser's time zone, both ends included.
 */

export const EXPORT_KINDS = ["registrations", "customers", "payments", "outstanding"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The permission each export asks; what is owed is read from the payments (decision 0072). */
export const EXPORT_PERMISSIONS = {
  registrations: "exports.registrations.read",
  customers: "exports.customers.read",
  payments: "exports.payments.read",
  outstanding: "exports.payments.read",
} as const satisfies Record<ExportKind, Permission>;

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportParams = z.object({
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
});

const blankIsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** An activity or availability by its cuid, as the console's lists filter them. */
const cuidFilter = z.preprocess(
  blankIsMissing,
  z.string("INVALID_TYPE").trim().max(40, "TOO_LONG").optional(),
);

const dayFilter = z.preprocess(
  blankIsMissing,
  z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE").optional(),
);

/** `true` or `false`, as a query string carries them. */
const flagFilter = z.preprocess(
  blankIsMissing,
  z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
);

/** `to` before `from` is TOO_SMALL on `to`. */
function checkPeriod(value: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  if (value.from !== undefined && value.to !== undefined && value.to < value.from) {
    ctx.issues.push({ code: "custom", message: "TOO_SMALL", path: ["to"], input: value.to });
  }
}

/**
 * `from`/`to`: registrations holding a date in that period (an availability without dates counts
 * with its own start and end). `cancelled`: only the cancelled ones, or only the others.
 */
export const registrationExportFilters = z
  .object({
    activity: cuidFilter,
    availability: cuidFilter,
    from: dayFilter,
    to: dayFilter,
    cancelled: flagFilter,
  })
  .superRefine(checkPeriod);

/** Every customer whose account is not anonymised. */
export const customerExportFilters = z.object({});

/** `from`/`to`: money movements of those days (received, paid or created). */
export const paymentExportFilters = z
  .object({ from: dayFilter, to: dayFilter })
  .superRefine(checkPeriod);

/** The outstanding list's own filters: one kind of debt, a search (decision 0072). */
export const outstandingExportFilters = z.object({
  type: z.preprocess(blankIsMissing, z.enum(OUTSTANDING_ITEM_TYPES, "INVALID_CHOICE").optional()),
  q: z.preprocess(blankIsMissing, z.string("INVALID_TYPE").trim().max(200, "TOO_LONG").optional()),
});

export const EXPORT_FILTERS = {
  registrations: registrationExportFilters,
  customers: customerExportFilters,
  payments: paymentExportFilters,
  outstanding: outstandingExportFilters,
} as const;

export type ExportFilters = {
  [K in ExportKind]: z.output<(typeof EXPORT_FILTERS)[K]>;
};
