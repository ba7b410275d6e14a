import type { DiscountList, DiscountView, discountBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  type DiscountRow,
  deleteUnappliedDiscount,
  findDiscount,
  findLimits,
  insertDiscount,
  listDiscountDetails,
  listDiscounts,
  listLimitChoices,
  setLimits,
  updateDiscount,
} from "./queries.ts";

// The organiser's customer discounts (Catalogue › Réductions clients, discounts.discounts.*;
// decision 0100): a name, an amount per place or a percentage, optional limits to activities,
// categories and days, active or not. A discount a checkout used is never deleted (the
// registrations keep its name and amount anyway): it is deactivated. Every change is audited.

type Input = z.output<typeof discountBody>;
type Details =
  Awaited<ReturnType<typeof listDiscountDetails>> extends Map<number, infer D> ? D : never;

const reference = ({ cuid, title }: { cuid: string; title: string }) => ({ cuid, title });

function view(row: DiscountRow, details: Details): DiscountView {
  return {
    cuid: row.cuid,
    name: row.name,
    amount: row.amount,
    percentage: row.percentage,
    activities: details.activities.map(reference),
    categories: details.categories.map(reference),
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    active: row.active,
    customers: details.customers,
    applied: row.appliedAt !== null,
  };
}

const values = (input: Input) => ({
  name: input.name,
  amount: input.amount,
  percentage: input.percentage,
  validFrom: input.valid_from,
  validUntil: input.valid_until,
  active: input.active,
});

async function viewOf(context: ConsoleContext, row: DiscountRow): Promise<DiscountView> {
  const details = await listDiscountDetails(context.db, context.organiser.id, [row.id]);
  return view(row, details.get(row.id)!);
}

/** The limits' ids; an unknown (or another organiser's) cuid is a field error. */
async function limitIds(context: ConsoleContext, input: Input) {
  const cuids = {
    activities: [...new Set(input.activities)],
    categories: [...new Set(input.categories)],
  };
  const found = await findLimits(context.db, context.organiser.id, cuids);
  const fields: Record<string, string> = {};
  for (const key of ["activities", "categories"] as const) {
    const known = new Set(found[key].map((row) => row.cuid));
    const unknown = cuids[key].findIndex((cuid) => !known.has(cuid));
    if (unknown >= 0) fields[`${key}.${unknown}`] = "INVALID_CHOICE";
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return {
    activities: found.activities.map((row) => row.id),
    categories: found.categories.map((row) => row.id),
  };
}

/** Two discounts of an organiser never share a name: the unique key says so under concurrency. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let current = error; current instanceof Error; current = current.cause) {
      const { code, constraint } = current as { code?: unknown; constraint?: unknown };
      if (code === "23505" && constraint === "discounts_organiser_id_name_unique") {
        throw validationError({ name: "NAME_TAKEN" });
      }
    }
    throw error;
  }
}

async function requireDiscount(context: ConsoleContext, cuid: string, lock = false) {
  const row = await findDiscount(context.db, context.organiser.id, cuid, { lock });
  if (!row) throw new AppError("DISCOUNT_NOT_FOUND");
  return row;
}

export const discountsConsole = {
  /** GET /api/admin/discounts: by name, with the activities and categories to choose from. */
  async list(context: ConsoleContext): Promise<DiscountList> {
    const { db, organiser } = context;
    const rows = await listDiscounts(db, organiser.id);
    const details = await listDiscountDetails(
      db,
      organiser.id,
      rows.map((row) => row.id),
    );
    const choices = await listLimitChoices(db, organiser.id);
    return { data: rows.map((row) => view(row, details.get(row.id)!)), choices };
  },

  async create(context: ConsoleContext, input: Input): Promise<DiscountView> {
    const limits = await limitIds(context, input);
    const row = await guarded(() =>
      insertDiscount(context.db, context.organiser.id, values(input)),
    );
    await setLimits(context.db, context.organiser.id, row.id, limits);
    const created = await viewOf(context, row);
    await context.audit({
      action: "discount.created",
      entity: "discount",
      entityId: row.cuid,
      after: created,
    });
    return created;
  },

  /** PUT: the discount's row is locked, so that two edits apply one after the other. */
  async update(context: ConsoleContext, cuid: string, input: Input): Promise<DiscountView> {
    const before = await requireDiscount(context, cuid, true);
    const limits = await limitIds(context, input);
    const beforeView = await viewOf(context, before);
    const row = await guarded(() =>
      updateDiscount(context.db, context.organiser.id, before.id, values(input)),
    );
    await setLimits(context.db, context.organiser.id, row.id, limits);
    const updated = await viewOf(context, row);
    await context.audit({
      action: "discount.updated",
      entity: "discount",
      entityId: row.cuid,
      before: beforeView,
      after: updated,
    });
    return updated;
  },

  /** DELETE: only a discount no checkout used (409 DISCOUNT_APPLIED: deactivate it instead). */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const before = await requireDiscount(context, cuid, true);
    const beforeView = await viewOf(context, before);
    if (!(await deleteUnappliedDiscount(context.db, context.organiser.id, before.id))) {
      throw new AppError("DISCOUNT_APPLIED");
    }
    await context.audit({
      action: "discount.deleted",
      entity: "discount",
      entityId: before.cuid,
      before: beforeView,
    });
  },
};
