import type {
  AdminCouponView,
  couponBody,
  couponListQuery,
  ListEnvelope,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { envelope, pageOf } from "../account-items/views.ts";
import {
  type CouponRow,
  countCartsWithCoupon,
  couponCodeTaken,
  deleteCoupon,
  findCoupon,
  insertCoupon,
  listCoupons,
  updateCoupon,
} from "./console-queries.ts";

type Input = z.output<typeof couponBody>;

function couponView(coupon: CouponRow, uses: number): AdminCouponView {
  return {
    cuid: coupon.cuid,
    title: coupon.title,
    label: coupon.label,
    code: coupon.code,
    amount: coupon.amount,
    percentage: coupon.percentage,
    min_total_amount: coupon.minTotalAmount,
    active: coupon.active,
    uses,
    created_at: coupon.createdAt.toISOString(),
    updated_at: coupon.updatedAt.toISOString(),
  };
}

const audited = (coupon: CouponRow) => ({
  title: coupon.title,
  label: coupon.label,
  code: coupon.code,
  amount: coupon.amount,
  percentage: coupon.percentage,
  min_total_amount: coupon.minTotalAmount,
  active: coupon.active,
});

const CODE_TAKEN = () => new AppError("COUPON_CODE_TAKEN", { code: "COUPON_CODE_TAKEN" });

/** Another coupon of the organiser has the code (checked first, then by the unique index). */
async function refuseTakenCode(context: ConsoleContext, code: string, exceptId?: number) {
  if (await couponCodeTaken(context.db, context.organiser.id, code, exceptId)) throw CODE_TAKEN();
}

function rethrowTakenCode(error: unknown): never {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "coupons_organiser_id_code_unique") throw CODE_TAKEN();
  }
  throw error;
}

const columnsOf = (input: Input) => ({
  title: input.title,
  label: input.label,
  code: input.code,
  amount: input.amount,
  percentage: input.percentage,
  minTotalAmount: input.min_total_amount,
});

async function requireCoupon(context: ConsoleContext, cuid: string) {
  const found = await findCoupon(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("COUPON_NOT_FOUND");
  return found;
}

async function view(context: ConsoleContext, cuid: string): Promise<AdminCouponView> {
  const { coupon, uses } = await requireCoupon(context, cuid);
  return couponView(coupon, uses);
}

/** Coupons in the console: cart codes for an amount or a percentage off. */
export const couponConsole = {
  async list(
    context: ConsoleContext,
    query: z.output<typeof couponListQuery>,
  ): Promise<ListEnvelope<AdminCouponView>> {
    const page = pageOf(query);
    const { rows, count } = await listCoupons(
      context.db,
      context.organiser.id,
      { search: query.q, on: query.active },
      query.sort,
      page,
    );
    return envelope(
      rows.map((row) => couponView(row.coupon, row.uses)),
      count,
      page,
    );
  },

  get: view,

  /** A new coupon; its code (upper-case) must be free at the organiser (COUPON_CODE_TAKEN). */
  async create(context: ConsoleContext, input: Input): Promise<AdminCouponView> {
    await refuseTakenCode(context, input.code);
    const coupon = await insertCoupon(context.db, {
      ...columnsOf(input),
      organiserId: context.organiser.id,
      active: input.active,
    }).catch(rethrowTakenCode);
    await context.audit({
      action: "coupon.created",
      entity: "coupon",
      entityId: coupon.cuid,
      after: audited(coupon),
    });
    return couponView(coupon, 0);
  },

  async update(context: ConsoleContext, cuid: string, input: Input): Promise<AdminCouponView> {
    const { coupon } = await requireCoupon(context, cuid);
    await refuseTakenCode(context, input.code, coupon.id);
    await updateCoupon(context.db, coupon.id, columnsOf(input)).catch(rethrowTakenCode);
    await context.audit({
      action: "coupon.updated",
      entity: "coupon",
      entityId: cuid,
      before: audited(coupon),
      after: audited({ ...coupon, ...columnsOf(input) }),
    });
    return view(context, cuid);
  },

  async setActive(
    context: ConsoleContext,
    cuid: string,
    active: boolean,
  ): Promise<AdminCouponView> {
    const { coupon } = await requireCoupon(context, cuid);
    if (coupon.active !== active) {
      await updateCoupon(context.db, coupon.id, { active });
      await context.audit({
        action: active ? "coupon.activated" : "coupon.deactivated",
        entity: "coupon",
        entityId: cuid,
        before: { active: coupon.active },
        after: { active },
      });
    }
    return view(context, cuid);
  },

  /** Deletes a coupon no cart carries: COUPON_USED (with `carts`) otherwise; deactivate it. */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const { coupon } = await requireCoupon(context, cuid);
    const carts = await countCartsWithCoupon(context.db, context.organiser.id, coupon.id);
    if (carts > 0) throw new AppError("COUPON_USED", undefined, { carts });
    await deleteCoupon(context.db, coupon.id);
    await context.audit({
      action: "coupon.deleted",
      entity: "coupon",
      entityId: cuid,
      before: audited(coupon),
    });
  },
};
