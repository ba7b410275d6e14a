import type { VolumeDiscountView, volumeDiscountBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  deleteVolumeDiscount,
  findVolumeDiscount,
  insertVolumeDiscount,
  listVolumeDiscounts,
  updateVolumeDiscount,
  type VolumeDiscountRow,
} from "./queries.ts";

// Volume discounts edited in the console (issue 17 §4, decision 0092). Cart pricing applies
// them (decision 0009): among the active tiers, the one with the largest threshold reached. Two
// active tiers on one threshold would make that ambiguous: refused (checked first, then by the
// partial unique index under concurrency). Every change is audited; the storefront's cached
// answers go with any console change (http/public-answers.ts).

type Input = z.output<typeof volumeDiscountBody>;

const view = (row: VolumeDiscountRow): VolumeDiscountView => ({
  cuid: row.cuid,
  min_registrations: row.minRegistrations,
  amount: row.amount,
  percentage: row.percentage,
  active: row.active,
});

const values = (input: Input) => ({
  minRegistrations: input.min_registrations,
  amount: input.amount,
  percentage: input.percentage,
  active: input.active,
});

const THRESHOLD_TAKEN = () =>
  validationError({ min_registrations: "VOLUME_DISCOUNT_THRESHOLD_TAKEN" });

/** Another active tier of the organiser has the threshold. */
async function refuseTakenThreshold(context: ConsoleContext, input: Input, exceptId?: number) {
  if (!input.active) return;
  const rows = await listVolumeDiscounts(context.db, context.organiser.id);
  const taken = rows.some(
    (row) => row.active && row.minRegistrations === input.min_registrations && row.id !== exceptId,
  );
  if (taken) throw THRESHOLD_TAKEN();
}

/** A concurrent save took the threshold between the check and the write: the index says so. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let current = error; current instanceof Error; current = current.cause) {
      const { code, constraint } = current as { code?: unknown; constraint?: unknown };
      if (code === "23505" && String(constraint).startsWith("volume_discounts_")) {
        throw THRESHOLD_TAKEN();
      }
    }
    throw error;
  }
}

async function requireTier(context: ConsoleContext, cuid: string) {
  const row = await findVolumeDiscount(context.db, context.organiser.id, cuid);
  if (!row) throw new AppError("VOLUME_DISCOUNT_NOT_FOUND");
  return row;
}

export const volumeDiscountsConsole = {
  /** GET /api/admin/volume-discounts: every tier by threshold. */
  async list(context: ConsoleContext): Promise<VolumeDiscountView[]> {
    return (await listVolumeDiscounts(context.db, context.organiser.id)).map(view);
  },

  async create(context: ConsoleContext, input: Input): Promise<VolumeDiscountView> {
    await refuseTakenThreshold(context, input);
    const row = await guarded(() =>
      insertVolumeDiscount(context.db, context.organiser.id, values(input)),
    );
    await context.audit({
      action: "volume_discount.created",
      entity: "volume_discount",
      entityId: row.cuid,
      after: view(row),
    });
    return view(row);
  },

  async update(context: ConsoleContext, cuid: string, input: Input): Promise<VolumeDiscountView> {
    const before = await requireTier(context, cuid);
    await refuseTakenThreshold(context, input, before.id);
    const row = await guarded(() =>
      updateVolumeDiscount(context.db, context.organiser.id, before.id, values(input)),
    );
    await context.audit({
      action: "volume_discount.updated",
      entity: "volume_discount",
      entityId: row.cuid,
      before: view(before),
      after: view(row),
    });
    return view(row);
  },

  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const before = await requireTier(context, cuid);
    await deleteVolumeDiscount(context.db, context.organiser.id, before.id);
    await context.audit({
      action: "volume_discount.deleted",
      entity: "volume_discount",
      entityId: before.cuid,
      before: view(before),
    });
  },
};
