import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { categories, images } from "./catalogue.ts";
import { createdAt, money, updatedAt } from "./columns.ts";
import type { Choice } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

export type RegistrationFlow = "DIRECT" | "REQUEST";
export type QuestionType = "TEXT" | "DATE" | "CHOICES_SINGLE" | "CHOICES_MULTIPLE";

export type ActivitySettings = {
  /** Whether an availability still takes registrations once it has started. */
  allow_registrations_after_start: boolean;
  /** Whether a customer may register for only some of an availability's dates. */
  partial_registrations: boolean;
  /** Whether CLOSED and FULL availabilities offer to join a waiting list. */
  waiting_list: boolean;
};

export const DEFAULT_ACTIVITY_SETTINGS: ActivitySettings = {
  allow_registrations_after_start: false,
  partial_registrations: false,
  waiting_list: true,
};

export const activities = pgTable(
  "activities",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    title: text().notNull(),
    /** Sanitised HTML. */
    description: text().notNull().default(""),
    /** Sanitised HTML shown to registered customers (what to bring, where to meet). */
    instructions: text(),
    /** Ages in years; availabilities copy and may override them. */
    ageMinimum: integer(),
    ageMaximum: integer(),
    defaultCapacity: integer(),
    defaultPrice: money().notNull().default(0),
    defaultDeposit: money().notNull().default(0),
    registrationFlow: text().$type<RegistrationFlow>().notNull().default("DIRECT"),
    settings: jsonb().$type<ActivitySettings>().notNull().default(DEFAULT_ACTIVITY_SETTINGS),
    published: boolean().notNull().default(false),
    /** The activity's id in the tool an import came from: a re-import matches it (decision 0085). */
    externalId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("activities", t),
    uniqueIndex("activities_organiser_id_external_id_unique")
      .on(t.organiserId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    check("activities_registration_flow", sql`${t.registrationFlow} in ('DIRECT', 'REQUEST')`),
    check("activities_default_amounts", sql`${t.defaultPrice} >= 0 and ${t.defaultDeposit} >= 0`),
  ],
);

export const activityImages = pgTable(
  "activity_images",
  {
    organiserId: organiserId(),
    activityId: integer().notNull(),
    imageId: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "activity_images_pkey", columns: [t.organiserId, t.activityId, t.imageId] }),
    tenantForeignKey(
      "activity_images_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    tenantForeignKey(
      "activity_images_image_fk",
      { organiserId: t.organiserId, column: t.imageId },
      images,
      "cascade",
    ),
    index("activity_images_image_id_idx").on(t.imageId),
  ],
);

export const activityCategories = pgTable(
  "activity_categories",
  {
    organiserId: organiserId(),
    activityId: integer().notNull(),
    categoryId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "activity_categories_pkey",
      columns: [t.organiserId, t.activityId, t.categoryId],
    }),
    tenantForeignKey(
      "activity_categories_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    tenantForeignKey(
      "activity_categories_category_fk",
      { organiserId: t.organiserId, column: t.categoryId },
      categories,
      "cascade",
    ),
    index("activity_categories_category_id_idx").on(t.categoryId),
  ],
);

/** A paid or free extra offered with a registration (meals, day care, transport...). */
export const activityOptions = pgTable(
  "activity_options",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    title: text().notNull(),
    description: text(),
    order: integer().notNull().default(0),
    /** Asks a free-text answer when the option is taken. */
    answerRequired: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("activity_options", t),
    tenantForeignKey(
      "activity_options_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    index("activity_options_organiser_id_activity_id_idx").on(t.organiserId, t.activityId),
  ],
);

/** One choice of an option: a fixed amount or a percentage of the registration price. */
export const activityOptionPrices = pgTable(
  "activity_option_prices",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    optionId: integer().notNull(),
    label: text().notNull(),
    amount: money(),
    percentage: numeric({ precision: 5, scale: 2, mode: "number" }),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("activity_option_prices", t),
    tenantForeignKey(
      "activity_option_prices_option_fk",
      { organiserId: t.organiserId, column: t.optionId },
      activityOptions,
      "cascade",
    ),
    index("activity_option_prices_organiser_id_option_id_idx").on(t.organiserId, t.optionId),
    check(
      "activity_option_prices_amount_or_percentage",
      sql`(${t.amount} is null) <> (${t.percentage} is null)`,
    ),
  ],
);

export const activityQuestions = pgTable(
  "activity_questions",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    type: text().$type<QuestionType>().notNull(),
    title: text().notNull(),
    description: text(),
    required: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    choices: jsonb().$type<Choice[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("activity_questions", t),
    tenantForeignKey(
      "activity_questions_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    index("activity_questions_organiser_id_activity_id_idx").on(t.organiserId, t.activityId),
    check(
      "activity_questions_type",
      sql`${t.type} in ('TEXT', 'DATE', 'CHOICES_SINGLE', 'CHOICES_MULTIPLE')`,
    ),
  ],
);
