import type {
  AdminMembershipView,
  ListEnvelope,
  membershipBody,
  productListQuery,
} from "@booking/contracts";
import { formatInZone } from "@booking/domain";
import { sanitizeHtml } from "@booking/domain/html";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { envelope, pageOf } from "../account-items/views.ts";
import { countPendingPaymentItems } from "../carts/pending-payment-items.ts";
import {
  deleteMembership,
  findMembership,
  insertMembership,
  listMemberships,
  type MembershipRow,
  updateMembership,
} from "./console-queries.ts";

type Input = z.output<typeof membershipBody>;

function membershipView(
  membership: MembershipRow,
  sold: number,
  timeZone: string,
): AdminMembershipView {
  const zoned = (at: Date | null) => (at ? formatInZone(at, timeZone) : null);
  return {
    cuid: membership.cuid,
    title: membership.title,
    description: membership.description,
    price: membership.price,
    entity: membership.entity,
    period_type: membership.periodType,
    fixed_period_start_at: zoned(membership.fixedPeriodStartAt),
    fixed_period_end_at: zoned(membership.fixedPeriodEndAt),
    rolling_period_type: membership.rollingPeriodType,
    rolling_period_duration: membership.rollingPeriodDuration,
    published: membership.published,
    sold,
    created_at: membership.createdAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
  };
}

const audited = (membership: MembershipRow) => ({
  title: membership.title,
  price: membership.price,
  entity: membership.entity,
  period_type: membership.periodType,
  fixed_period_start_at: membership.fixedPeriodStartAt?.toISOString() ?? null,
  fixed_period_end_at: membership.fixedPeriodEndAt?.toISOString() ?? null,
  rolling_period_type: membership.rollingPeriodType,
  rolling_period_duration: membership.rollingPeriodDuration,
  published: membership.published,
});

/** The columns of a body: a FIXED period keeps its dates only, a ROLLING one its length only. */
function columnsOf(input: Input) {
  const fixed = input.period_type === "FIXED";
  return {
    title: input.title,
    description: sanitizeHtml(input.description),
    price: input.price,
    entity: input.entity,
    periodType: input.period_type,
    fixedPeriodStartAt:
      fixed && input.fixed_period_start_at ? new Date(input.fixed_period_start_at) : null,
    fixedPeriodEndAt:
      fixed && input.fixed_period_end_at ? new Date(input.fixed_period_end_at) : null,
    rollingPeriodType: fixed ? null : input.rolling_period_type,
    rollingPeriodDuration: fixed ? null : input.rolling_period_duration,
  };
}

async function requireMembership(context: ConsoleContext, cuid: string) {
  const found = await findMembership(context.db, context.organiser.id, cuid);
  if (!found) throw new AppError("MEMBERSHIP_NOT_FOUND");
  return found;
}

async function view(context: ConsoleContext, cuid: string): Promise<AdminMembershipView> {
  const { membership, sold } = await requireMembership(context, cuid);
  return membershipView(membership, sold, context.organiser.timezone);
}

/** Memberships in the console: a fixed season or a rolling period from the purchase. */
export const membershipConsole = {
  async list(
    context: ConsoleContext,
    query: z.output<typeof productListQuery>,
  ): Promise<ListEnvelope<AdminMembershipView>> {
    const page = pageOf(query);
    const { rows, count } = await listMemberships(
      context.db,
      context.organiser.id,
      { search: query.q, on: query.published },
      query.sort,
      page,
    );
    const data = rows.map((row) =>
      membershipView(row.membership, row.sold, context.organiser.timezone),
    );
    return envelope(data, count, page);
  },

  get: view,

  async create(context: ConsoleContext, input: Input): Promise<AdminMembershipView> {
    const membership = await insertMembership(context.db, {
      ...columnsOf(input),
      organiserId: context.organiser.id,
      published: input.published,
    });
    await context.audit({
      action: "membership.created",
      entity: "membership",
      entityId: membership.cuid,
      after: audited(membership),
    });
    return view(context, membership.cuid);
  },

  /** Its fields; what customers bought keeps the period they bought. */
  async update(context: ConsoleContext, cuid: string, input: Input): Promise<AdminMembershipView> {
    const { membership } = await requireMembership(context, cuid);
    const updated = await updateMembership(context.db, membership.id, columnsOf(input));
    await context.audit({
      action: "membership.updated",
      entity: "membership",
      entityId: cuid,
      before: audited(membership),
      after: audited(updated),
    });
    return view(context, cuid);
  },

  async setPublished(
    context: ConsoleContext,
    cuid: string,
    published: boolean,
  ): Promise<AdminMembershipView> {
    const { membership } = await requireMembership(context, cuid);
    if (membership.published !== published) {
      await updateMembership(context.db, membership.id, { published });
      await context.audit({
        action: published ? "membership.published" : "membership.unpublished",
        entity: "membership",
        entityId: cuid,
        before: { published: membership.published },
        after: { published },
      });
    }
    return view(context, cuid);
  },

  /** Deletes a membership nobody bought: MEMBERSHIP_SOLD otherwise (unpublish it instead). */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const { membership, sold } = await requireMembership(context, cuid);
    const pending = await countPendingPaymentItems(context.db, context.organiser.id, {
      membershipId: membership.id,
    });
    if (sold + pending > 0) {
      throw new AppError("MEMBERSHIP_SOLD", undefined, { sold, pending_payments: pending });
    }
    await deleteMembership(context.db, membership.id);
    await context.audit({
      action: "membership.deleted",
      entity: "membership",
      entityId: cuid,
      before: audited(membership),
    });
  },
};
