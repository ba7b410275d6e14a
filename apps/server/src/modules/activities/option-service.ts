import type { AdminOptionView, OrderBody, optionBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { optionPricesChosen } from "./choice-references.ts";
import { requireActivity } from "./console-service.ts";
import {
  deleteOption,
  deletePrices,
  findOption,
  insertOption,
  insertPrice,
  listOptions,
  nextOptionOrder,
  type Option,
  type OptionPrice,
  pricesOf,
  reorderOptions,
  updateOption,
  updatePrice,
} from "./option-queries.ts";
import { orderedIds } from "./ordering.ts";

type OptionInput = z.output<typeof optionBody>;

function optionView(option: Option, prices: OptionPrice[]): AdminOptionView {
  return {
    id: option.id,
    cuid: option.cuid,
    title: option.title,
    description: option.description,
    order: option.order,
    answer_required: option.answerRequired,
    prices: prices.map((price) => ({
      id: price.id,
      cuid: price.cuid,
      label: price.label,
      amount: price.amount,
      percentage: price.percentage,
    })),
  };
}

const audited = (option: Option, prices: OptionPrice[]) => ({
  title: option.title,
  description: option.description,
  answer_required: option.answerRequired,
  prices: prices.map((price) => ({
    label: price.label,
    amount: price.amount,
    percentage: price.percentage,
  })),
});

const optionValues = (input: OptionInput) => ({
  title: input.title,
  description: input.description,
  answerRequired: input.answer_required,
});

async function requireOption(context: ConsoleContext, activityCuid: string, cuid: string) {
  const activity = await requireActivity(context, activityCuid);
  const option = await findOption(context.db, context.organiser.id, activity.id, cuid);
  if (!option) throw new AppError("OPTION_NOT_FOUND");
  return { activity, option };
}

function storedPrices(context: ConsoleContext, option: Option): Promise<OptionPrice[]> {
  return pricesOf(context.db, context.organiser.id, [option.id]);
}

export const activityOptionsConsole = {
  async list(context: ConsoleContext, activityCuid: string): Promise<AdminOptionView[]> {
    const activity = await requireActivity(context, activityCuid);
    const rows = await listOptions(context.db, context.organiser.id, activity.id);
    return rows.map((row) => optionView(row.option, row.prices));
  },

  async create(
    context: ConsoleContext,
    activityCuid: string,
    input: OptionInput,
  ): Promise<AdminOptionView> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    // A new option has no prices to keep.
    const kept = input.prices.findIndex((price) => price.cuid !== undefined);
    if (kept >= 0) throw validationError({ [`prices.${kept}.cuid`]: "INVALID_CHOICE" });
    const option = await insertOption(context.db, {
      organiserId,
      activityId: activity.id,
      order: await nextOptionOrder(context.db, organiserId, activity.id),
      ...optionValues(input),
    });
    for (const [order, price] of input.prices.entries()) {
      await insertPrice(context.db, {
        organiserId,
        optionId: option.id,
        label: price.label,
        amount: price.amount,
        percentage: price.percentage,
        order,
      });
    }
    const prices = await storedPrices(context, option);
    await context.audit({
      action: "activity_option.created",
      entity: "activity_option",
      entityId: option.cuid,
      after: { activity: activity.cuid, ...audited(option, prices) },
    });
    return optionView(option, prices);
  },

  /**
   * Replaces the option and its prices: a price sent with its cuid is kept (and may be renamed
   * or repriced), one without is new, one left out is deleted, unless a cart item, registration
   * or request chose it (OPTION_IN_USE).
   */
  async update(
    context: ConsoleContext,
    activityCuid: string,
    cuid: string,
    input: OptionInput,
  ): Promise<AdminOptionView> {
    const { option } = await requireOption(context, activityCuid, cuid);
    const organiserId = context.organiser.id;
    const stored = await storedPrices(context, option);
    const byCuid = new Map(stored.map((price) => [price.cuid, price]));
    const unknown = input.prices.findIndex(
      (price) => price.cuid !== undefined && !byCuid.has(price.cuid),
    );
    if (unknown >= 0) throw validationError({ [`prices.${unknown}.cuid`]: "INVALID_CHOICE" });
    const kept = new Set(input.prices.map((price) => price.cuid));
    const removed = stored.filter((price) => !kept.has(price.cuid)).map((price) => price.id);
    if (await optionPricesChosen(context.db, organiserId, removed)) {
      throw new AppError("OPTION_IN_USE");
    }
    const updated = await updateOption(context.db, option.id, optionValues(input));
    await deletePrices(context.db, removed);
    for (const [order, price] of input.prices.entries()) {
      const values = {
        label: price.label,
        amount: price.amount,
        percentage: price.percentage,
        order,
      };
      const existing = price.cuid === undefined ? undefined : byCuid.get(price.cuid);
      if (existing) await updatePrice(context.db, existing.id, values);
      else await insertPrice(context.db, { organiserId, optionId: option.id, ...values });
    }
    const prices = await storedPrices(context, updated);
    await context.audit({
      action: "activity_option.updated",
      entity: "activity_option",
      entityId: cuid,
      before: audited(option, stored),
      after: audited(updated, prices),
    });
    return optionView(updated, prices);
  },

  /** Deleted with its prices, unless one of them was chosen (OPTION_IN_USE). */
  async remove(context: ConsoleContext, activityCuid: string, cuid: string): Promise<void> {
    const { activity, option } = await requireOption(context, activityCuid, cuid);
    const prices = await storedPrices(context, option);
    const chosen = await optionPricesChosen(
      context.db,
      context.organiser.id,
      prices.map((price) => price.id),
    );
    if (chosen) throw new AppError("OPTION_IN_USE");
    await deleteOption(context.db, option.id);
    await context.audit({
      action: "activity_option.deleted",
      entity: "activity_option",
      entityId: cuid,
      before: { activity: activity.cuid, ...audited(option, prices) },
    });
  },

  async reorder(
    context: ConsoleContext,
    activityCuid: string,
    input: OrderBody,
  ): Promise<AdminOptionView[]> {
    const activity = await requireActivity(context, activityCuid);
    const organiserId = context.organiser.id;
    const rows = await listOptions(context.db, organiserId, activity.id);
    const options = rows.map((row) => row.option);
    await reorderOptions(context.db, organiserId, orderedIds(options, input.cuids));
    await context.audit({
      action: "activity_option.reordered",
      entity: "activity",
      entityId: activity.cuid,
      after: { options: input.cuids },
    });
    return activityOptionsConsole.list(context, activityCuid);
  },
};
