import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { availabilities, availabilityDates } from "./availabilities.ts";
import { collaborators } from "./collaborators.ts";
import { createdAt, timestamptz } from "./columns.ts";
import { customers } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/** Whom a message by hand goes to: the families of an availability, of one of its dates, of a filtered registrations list, or one customer. */
export type ManualMessageTarget =
  | "AVAILABILITY"
  | "AVAILABILITY_DATE"
  | "REGISTRATIONS"
  | "CUSTOMER";

/** SCHEDULED until its time (its messages wait in the delivery log), SENT once queued for delivery at once, CANCELLED before it went. */
export type ManualMessageStatus = "SCHEDULED" | "SENT" | "CANCELLED";

/** The registrations list's filters a message was written from (the console's list query). */
export interface ManualRegistrationFilter {
  q?: string;
  activity?: string;
  availability?: string;
  from?: string;
  to?: string;
  payment?: "outstanding" | "settled" | "free";
}

/**
 * A message written by hand by staff (`notifications.trigger`, docs/decisions/0054): its target,
 * what it said, when it goes, and what was queued. Each recipient's e-mail and SMS is a row of
 * the delivery log pointing back here; this row keeps the counts shown in the console.
 */
export const manualMessages = pgTable(
  "manual_messages",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    targetType: text().$type<ManualMessageTarget>().notNull(),
    availabilityId: integer(),
    availabilityDateId: integer(),
    customerId: integer(),
    registrationFilter: jsonb().$type<ManualRegistrationFilter>(),
    email: boolean().notNull(),
    sms: boolean().notNull(),
    subject: text().notNull().default(""),
    /** Rich HTML with Liquid variables. */
    content: text().notNull().default(""),
    smsBody: text().notNull().default(""),
    /** The notification template it started from, if any (its cuid: templates may be reset). */
    templateCuid: text(),
    sendAt: timestamptz().notNull(),
    /** The collaborator who sent it; kept (null) when they leave the platform. */
    sentBy: integer().references(() => collaborators.id, { onDelete: "set null" }),
    status: text().$type<ManualMessageStatus>().notNull(),
    /** The key the composer sends with its request: a double-click or a retry finds this row. */
    requestKey: text().notNull(),
    recipientsCount: integer().notNull().default(0),
    emailCount: integer().notNull().default(0),
    smsCount: integer().notNull().default(0),
    /** Families without a valid mobile number (E.164), who got no SMS. */
    smsSkippedCount: integer().notNull().default(0),
    createdAt: createdAt(),
    cancelledAt: timestamptz(),
  },
  (t) => [
    ...tenantKey("manual_messages", t),
    unique("manual_messages_organiser_id_request_key_unique").on(t.organiserId, t.requestKey),
    // An availability or date removed takes its messages' records along (their e-mails stay in
    // the delivery log); a merged customer's are moved to the kept one (customers/merge-queries).
    tenantForeignKey(
      "manual_messages_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
    tenantForeignKey(
      "manual_messages_availability_date_fk",
      { organiserId: t.organiserId, column: t.availabilityDateId },
      availabilityDates,
      "cascade",
    ),
    tenantForeignKey(
      "manual_messages_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    // The console's list: latest first.
    index("manual_messages_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    check(
      "manual_messages_target_type",
      sql`${t.targetType} in ('AVAILABILITY', 'AVAILABILITY_DATE', 'REGISTRATIONS', 'CUSTOMER')`,
    ),
    check("manual_messages_status", sql`${t.status} in ('SCHEDULED', 'SENT', 'CANCELLED')`),
    check("manual_messages_channel", sql`${t.email} or ${t.sms}`),
  ],
);
