import { customers, type Database, withTenant } from "@booking/db";
import { and, eq, isNull } from "@booking/db/orm";
import { daysOverdue, paymentReferenceKindOf } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { PublishedEvent } from "../../jobs/events-relay.ts";
import { queueMessage } from "../messages/queue.ts";
import { organiserEmail, templateCustomer } from "../notifications/system-mail.ts";
import { TemplateFormatter, type TemplateReminder } from "../notifications/template-data.ts";
import { storefrontHome } from "../notifications/template-links.ts";
import { findOrganiserById, type Organiser } from "../organisers/queries.ts";
import { epcQrPngDataUrl, transferEpcQr } from "../payments/epc-qr.ts";
import { findReminder, listOwedItems, type OwedItemRow, recordDelivery } from "./queries.ts";

// The e-mail of a payment reminder (`payment.reminder`; the default template
// "payment-reminder", editable like the other defaults; decision 0077). Sent only while the item
// is still owed: paid between the reminder and its e-mail, nothing goes. Idempotent by reminder:
// a replayed event queues nothing twice.

export interface ReminderMailDeps {
  urls: PublicUrls;
  dispatchEmail(messageId: number): Promise<void>;
  now(): Date;
}

/** What the template knows of the reminder: the amount, how late, how to pay. */
export function templateReminder(
  organiser: Organiser,
  urls: PublicUrls,
  item: OwedItemRow,
  reminder: { step: number; due_on: string },
  now: Date,
): TemplateReminder {
  const format = new TemplateFormatter(organiser);
  // A day of the organiser's calendar: noon UTC is that day in its zone.
  const dueOn = format.date(new Date(`${reminder.due_on}T12:00:00Z`));
  const epcQr = item.reference ? transferEpcQr(organiser, item.amount_due, item.reference) : null;
  return {
    step: reminder.step,
    amount_due: format.money(item.amount_due),
    amount_due_minor: item.amount_due,
    due_on: dueOn,
    days_overdue: Math.max(0, daysOverdue(reminder.due_on, now, organiser.timezone)),
    label: item.subject_label ?? item.reference ?? "",
    invoice_number: item.invoice_number,
    url: `${storefrontHome(organiser, urls)}/account/${item.account_path}`,
    bank_transfer:
      item.reference && organiser.iban
        ? {
            beneficiary: organiser.legalName ?? organiser.name,
            iban: organiser.iban,
            bic: organiser.bic,
            amount: format.money(item.amount_due),
            amount_minor: item.amount_due,
            reference: item.reference,
            reference_kind: paymentReferenceKindOf(item.reference),
            due_on: dueOn,
            qr_code: epcQr ? epcQrPngDataUrl(epcQr) : null,
          }
        : null,
  };
}

/** The `events` handler sending reminders' e-mails. */
export async function reminderMailHandler(
  db: Database,
  event: PublishedEvent,
  deps: ReminderMailDeps,
): Promise<void> {
  if (event.type !== "payment.reminder") return;
  const organiser = await findOrganiserById(db, event.organiser_id);
  if (!organiser) return;
  const id = await withTenant(db, organiser.id, async (tx) => {
    const reminder = await findReminder(tx, organiser.id, event.payload.reminder_cuid ?? "");
    if (!reminder || reminder.message_id !== null) return null;
    const [item] = await listOwedItems(tx, organiser.id, {
      type: reminder.item_type,
      cuid: reminder.item_cuid,
    });
    if (!item) return null;
    const [customer] = await tx
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.organiserId, organiser.id),
          eq(customers.id, reminder.customer_id),
          isNull(customers.anonymisedAt),
        ),
      );
    if (!customer) return null;
    const data = templateReminder(organiser, deps.urls, item, reminder, deps.now());
    const message = await organiserEmail(tx, organiser, deps.urls, "payment-reminder", {
      customer: templateCustomer(customer),
      reminder: data,
      link: { url: data.url, kind: "account" },
    });
    const messageId = await queueMessage(tx, {
      organiserId: organiser.id,
      to: customer.email,
      ...message,
      customerId: customer.id,
      idempotencyKey: `payment-reminder:${reminder.cuid}`,
    });
    if (messageId !== null) {
      await recordDelivery(tx, organiser.id, reminder.id, messageId, customer.email);
    }
    return messageId;
  });
  if (id !== null) await deps.dispatchEmail(id);
}
