import type {
  AdminBundleView,
  bundleBody,
  ListEnvelope,
  productListQuery,
} from "@booking/contracts";
import { formatInZone } from "@booking/domain";
import { sanitizeHtml } from "@booking/domain/html";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { envelope, pageOf } from "../account-items/views.ts";
import { countPendingPaymentItems } from "../carts/pending-payment-items.ts";
import {
  type BundleRow,
  countVouchersGiving,
  deleteBundle,
  findActivityIds,
  findBundle,
  insertBundle,
  listActivityChoices,
  listBundleActivities,
  listBundles,
  replaceBundleActivities,
  updateBundle,
} from "./console-queries.ts";

type Input = z.output<typeof bundleBody>;
type Reference = { cuid: string; title: string };

function bundleView(
  bundle: BundleRow,
  activities: Reference[],
  sold: number,
  timeZone: string,
): AdminBundleView {
  return {
    cuid: bundle.cuid,
    title: bundle.title,
    description: bundle.description,
    price: bundle.price,
    capacity: bundle.capacity,
    duration: bundle.duration,
    expires_at: bundle.expiresAt ? formatInZone(bundle.expiresAt, timeZone) : null,
    entity: bundle.entity,
    published: bundle.published,
    activities,
    sold,
    created_at: bundle.createdAt.toISOString(),
    updated_at: bundle.updatedAt.toISOString(),
  };
}

const audited = (bundle: BundleRow, activities: string[]) => ({
  title: bundle.title,
  price: bundle.price,
  capacity: bundle.capacity,
  duration: bundle.duration,
  expires_at: bundle.expiresAt?.toISOString() ?? null,
  entity: bundle.entity,
  published: bundle.published,
  activities,
});

async function requireBundle(context: ConsoleContext, cuid: string) {
  const found = await findBundle(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("BUNDLE_NOT_FOUND");
  const covered = await listBundleActivities(context.db, context.organiser.id, [found.bundle.id]);
  return { ...found, activities: covered.get(found.bundle.id) ?? [] };
}

async function view(context: ConsoleContext, cuid: string): Promise<AdminBundleView> {
  const { bundle, activities, sold } = await requireBundle(context, cuid);
  return bundleView(bundle, activities, sold, context.organiser.timezone);
}

/** The columns of a body; an activity that is not the organiser's is INVALID_CHOICE. */
async function columnsOf(context: ConsoleContext, input: Input) {
  const ids = await findActivityIds(context.db, context.organiser.id, input.activities);
  const fields: Record<string, string> = {};
  input.activities.forEach((cuid, index) => {
    if (!ids.has(cuid)) fields[`activities.${index}`] = "INVALID_CHOICE";
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return {
    columns: {
      title: input.title,
      description: sanitizeHtml(input.description),
      price: input.price,
      capacity: input.capacity,
      duration: input.duration,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      entity: input.entity,
    },
    activityIds: [...new Set(ids.values())],
  };
}

/** Bundles in the console: packs of registrations for some activities. */
export const bundleConsole = {
  async list(
    context: ConsoleContext,
    query: z.output<typeof productListQuery>,
  ): Promise<ListEnvelope<AdminBundleView>> {
    const page = pageOf(query);
    const { rows, count } = await listBundles(
      context.db,
      context.organiser.id,
      { search: query.q, on: query.published },
      query.sort,
      page,
    );
    const covered = await listBundleActivities(
      context.db,
      context.organiser.id,
      rows.map((row) => row.bundle.id),
    );
    const data = rows.map((row) =>
      bundleView(
        row.bundle,
        covered.get(row.bundle.id) ?? [],
        row.sold,
        context.organiser.timezone,
      ),
    );
    return envelope(data, count, page);
  },

  get: view,

  choices: async (context: ConsoleContext) => ({
    activities: await listActivityChoices(context.db, context.organiser.id),
  }),

  async create(context: ConsoleContext, input: Input): Promise<AdminBundleView> {
    const { columns, activityIds } = await columnsOf(context, input);
    const bundle = await insertBundle(context.db, {
      ...columns,
      organiserId: context.organiser.id,
      published: input.published,
    });
    await replaceBundleActivities(context.db, context.organiser.id, bundle.id, activityIds);
    await context.audit({
      action: "bundle.created",
      entity: "bundle",
      entityId: bundle.cuid,
      after: audited(bundle, input.activities),
    });
    return view(context, bundle.cuid);
  },

  /** Its fields and activities; `published` has its own call. */
  async update(context: ConsoleContext, cuid: string, input: Input): Promise<AdminBundleView> {
    const current = await requireBundle(context, cuid);
    const { columns, activityIds } = await columnsOf(context, input);
    const updated = await updateBundle(context.db, current.bundle.id, columns);
    await replaceBundleActivities(context.db, context.organiser.id, current.bundle.id, activityIds);
    await context.audit({
      action: "bundle.updated",
      entity: "bundle",
      entityId: cuid,
      before: audited(
        current.bundle,
        current.activities.map((activity) => activity.cuid),
      ),
      after: audited(updated, input.activities),
    });
    return view(context, cuid);
  },

  async setPublished(
    context: ConsoleContext,
    cuid: string,
    published: boolean,
  ): Promise<AdminBundleView> {
    const { bundle } = await requireBundle(context, cuid);
    if (bundle.published !== published) {
      await updateBundle(context.db, bundle.id, { published });
      await context.audit({
        action: published ? "bundle.published" : "bundle.unpublished",
        entity: "bundle",
        entityId: cuid,
        before: { published: bundle.published },
        after: { published },
      });
    }
    return view(context, cuid);
  },

  /**
   * Deletes a bundle nobody bought: BUNDLE_SOLD (with `sold` and `pending_payments`) once
   * customers hold it, BUNDLE_IN_VOUCHER while a gift voucher gives it. Unpublish it instead.
   */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const { bundle, activities, sold } = await requireBundle(context, cuid);
    const organiserId = context.organiser.id;
    const pending = await countPendingPaymentItems(context.db, organiserId, {
      bundleId: bundle.id,
    });
    if (sold + pending > 0) {
      throw new AppError("BUNDLE_SOLD", undefined, { sold, pending_payments: pending });
    }
    const vouchers = await countVouchersGiving(context.db, organiserId, bundle.id);
    if (vouchers > 0) throw new AppError("BUNDLE_IN_VOUCHER", undefined, { vouchers });
    await deleteBundle(context.db, bundle.id);
    await context.audit({
      action: "bundle.deleted",
      entity: "bundle",
      entityId: cuid,
      before: audited(
        bundle,
        activities.map((activity) => activity.cuid),
      ),
    });
  },
};
