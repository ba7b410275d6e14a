import type {
  AdminVoucherView,
  ListEnvelope,
  productListQuery,
  voucherBody,
} from "@booking/contracts";
import { sanitizeHtml } from "@booking/domain/html";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { envelope, pageOf } from "../account-items/views.ts";
import { countPendingPaymentItems } from "../carts/pending-payment-items.ts";
import {
  deleteVoucher,
  findBundleId,
  findVoucher,
  insertVoucher,
  listVouchers,
  updateVoucher,
  type VoucherWithBundle,
} from "./console-queries.ts";

type Input = z.output<typeof voucherBody>;

function voucherView({ voucher, bundle, sold }: VoucherWithBundle): AdminVoucherView {
  return {
    cuid: voucher.cuid,
    title: voucher.title,
    description: voucher.description,
    price: voucher.price,
    amount: voucher.amount,
    bundle: bundle?.cuid ? bundle : null,
    duration: voucher.duration,
    published: voucher.published,
    sold,
    created_at: voucher.createdAt.toISOString(),
    updated_at: voucher.updatedAt.toISOString(),
  };
}

const audited = ({ voucher, bundle }: Pick<VoucherWithBundle, "voucher" | "bundle">) => ({
  title: voucher.title,
  price: voucher.price,
  amount: voucher.amount,
  bundle: bundle?.cuid ?? null,
  duration: voucher.duration,
  published: voucher.published,
});

async function requireVoucher(context: ConsoleContext, cuid: string): Promise<VoucherWithBundle> {
  const found = await findVoucher(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("VOUCHER_NOT_FOUND");
  return found;
}

/** The columns of a body; a bundle that is not the organiser's is INVALID_CHOICE. */
async function columnsOf(context: ConsoleContext, input: Input) {
  const bundleId = input.bundle
    ? await findBundleId(context.db, context.organiser.id, input.bundle)
    : null;
  if (input.bundle && bundleId === null) throw validationError({ bundle: "INVALID_CHOICE" });
  return {
    title: input.title,
    description: sanitizeHtml(input.description),
    price: input.price,
    amount: input.amount,
    bundleId,
    duration: input.duration,
  };
}

/** Gift vouchers in the console: what the storefront sells as gifts. */
export const voucherConsole = {
  async list(
    context: ConsoleContext,
    query: z.output<typeof productListQuery>,
  ): Promise<ListEnvelope<AdminVoucherView>> {
    const page = pageOf(query);
    const { rows, count } = await listVouchers(
      context.db,
      context.organiser.id,
      { search: query.q, on: query.published },
      query.sort,
      page,
    );
    return envelope(rows.map(voucherView), count, page);
  },

  get: async (context: ConsoleContext, cuid: string) =>
    voucherView(await requireVoucher(context, cuid)),

  async create(context: ConsoleContext, input: Input): Promise<AdminVoucherView> {
    const voucher = await insertVoucher(context.db, {
      ...(await columnsOf(context, input)),
      organiserId: context.organiser.id,
      published: input.published,
    });
    const created = await requireVoucher(context, voucher.cuid);
    await context.audit({
      action: "voucher.created",
      entity: "voucher",
      entityId: voucher.cuid,
      after: audited(created),
    });
    return voucherView(created);
  },

  /** Its fields; codes already issued keep the value and validity they were sold with. */
  async update(context: ConsoleContext, cuid: string, input: Input): Promise<AdminVoucherView> {
    const current = await requireVoucher(context, cuid);
    await updateVoucher(context.db, current.voucher.id, await columnsOf(context, input));
    const updated = await requireVoucher(context, cuid);
    await context.audit({
      action: "voucher.updated",
      entity: "voucher",
      entityId: cuid,
      before: audited(current),
      after: audited(updated),
    });
    return voucherView(updated);
  },

  async setPublished(
    context: ConsoleContext,
    cuid: string,
    published: boolean,
  ): Promise<AdminVoucherView> {
    const current = await requireVoucher(context, cuid);
    if (current.voucher.published === published) return voucherView(current);
    await updateVoucher(context.db, current.voucher.id, { published });
    await context.audit({
      action: published ? "voucher.published" : "voucher.unpublished",
      entity: "voucher",
      entityId: cuid,
      before: { published: current.voucher.published },
      after: { published },
    });
    return voucherView(await requireVoucher(context, cuid));
  },

  /** Deletes a voucher nobody bought: VOUCHER_SOLD otherwise (unpublish it instead). */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const current = await requireVoucher(context, cuid);
    const pending = await countPendingPaymentItems(context.db, context.organiser.id, {
      voucherId: current.voucher.id,
    });
    if (current.sold + pending > 0) {
      throw new AppError("VOUCHER_SOLD", undefined, {
        sold: current.sold,
        pending_payments: pending,
      });
    }
    await deleteVoucher(context.db, current.voucher.id);
    await context.audit({
      action: "voucher.deleted",
      entity: "voucher",
      entityId: cuid,
      before: audited(current),
    });
  },
};
