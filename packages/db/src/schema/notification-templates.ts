import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantId, tenantKey } from "./tenancy.ts";

export type NotificationTemplateType = "EMAIL" | "SMS";

/**
 * An organiser's notification template (platform-and-account.md §3.2; docs/decisions/0050):
 * subject and content in Liquid, written in the organiser's language. A row with a
 * `default_key` is the organiser's edited version of a product default (`cart-confirmation`, …),
 * which otherwise lives in code; deleting the row resets it to the default.
 */
export const notificationTemplates = pgTable(
  "notification_templates",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    type: text().$type<NotificationTemplateType>().notNull(),
    /** the product default this row replaces, or null for the organiser's own template */
    defaultKey: text(),
    /** Liquid, plain text (empty for an SMS) */
    subject: text().notNull().default(""),
    /** Liquid: HTML from the rich editor for an e-mail, plain text for an SMS */
    content: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("notification_templates", t),
    uniqueIndex("notification_templates_organiser_id_default_key_unique")
      .on(t.organiserId, t.defaultKey)
      .where(sql`${t.defaultKey} is not null`),
    check("notification_templates_type", sql`${t.type} in ('EMAIL', 'SMS')`),
  ],
);
