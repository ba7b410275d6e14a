import {
  type ActiveCustomFieldsResponse,
  CUSTOMER_DETAIL_ROWS,
  type CustomDataEntry,
  type CustomerCartView,
  type CustomerDetail,
  type CustomerListItem,
  type CustomerNoteView,
  type CustomerProfileView,
  type CustomFieldValueView,
  type customerBody,
  type customerListQuery,
  type ListEnvelope,
  type walletAdjustmentBody,
  type walletAdjustmentResponse,
} from "@booking/contracts";
import {
  cartAmountDue,
  fullName,
  grants,
  registrationAmountDue,
  walletAdjustment,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { customFieldView } from "../../http/ssr-context.ts";
import { envelope, iso, pageOf } from "../account-items/views.ts";
import { checkedCustomData } from "../accounts/custom-data.ts";
import { findActiveCustomerByEmail } from "../accounts/queries.ts";
import { changeNewsletterConsent, consentView } from "../newsletters/service.ts";
import {
  adjustWallet,
  type CartPartSummary,
  type CartSummaryRow,
  type CustomerListRow,
  type CustomerRow,
  type CustomFieldRow,
  countCustomerRecords,
  deleteNote,
  findCustomer,
  findCustomerSummary,
  findNote,
  insertCustomer,
  insertNote,
  listCartParts,
  listCustomerCarts,
  listCustomerParticipants,
  listCustomers,
  listCustomFields,
  listMoneyMovements,
  listNotes,
  listRegistrationSummaries,
  type MoneyMovementRow,
  type NoteRow,
  type RegistrationSummaryRow,
  updateCustomer,
  updateNote,
} from "./console-queries.ts";

// The console's customers (issue 6 item 4): list, detail, create and edit, the wallet by hand,
// notes. Each call runs in the console's tenant transaction and audits what it changes. The
// merge of two customers lives in merge-service.ts.

type CustomerInput = z.output<typeof customerBody>;

export function customerListItem(row: CustomerListRow): CustomerListItem {
  return {
    id: row.id,
    cuid: row.cuid,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullName(row.firstname, row.lastname),
    email: row.email,
    phone: row.phone,
    has_account: row.has_account,
    wallet_amount: row.wallet_amount,
    outstanding_amount: row.outstanding_amount,
    participants_count: row.participants_count,
    registrations_count: row.registrations_count,
    created_at: row.created_at,
  };
}

/**
 * Stored custom values named by their fields, in the fields' order: every active field (empty
 * when never filled) and the inactive ones that still hold a value.
 */
export function customFieldValues(
  fields: readonly CustomFieldRow[],
  stored: readonly CustomDataEntry[],
): CustomFieldValueView[] {
  const byField = new Map(stored.map((entry) => [entry.field_id, entry.data]));
  return fields
    .filter((field) => field.active || byField.get(field.id) != null)
    .map((field) => ({
      field_id: field.id,
      title: field.title,
      type: field.type,
      active: field.active,
      data: byField.get(field.id) ?? null,
    }));
}

/** A customer's summary and custom data; deleted accounts are read too (their history stays). */
export async function customerProfile(
  context: ConsoleContext,
  customer: CustomerRow,
  fields?: CustomFieldRow[],
): Promise<CustomerProfileView> {
  const { db, organiser } = context;
  const summary = await findCustomerSummary(db, organiser.id, customer.id);
  const customerFields = fields ?? (await listCustomFields(db, organiser.id, "CUSTOMERS"));
  return {
    ...customerListItem(summary!),
    anonymised: customer.anonymisedAt !== null,
    custom_data: customFieldValues(customerFields, customer.customData),
    newsletter: consentView(customer),
    updated_at: iso(customer.updatedAt),
  };
}

export async function requireCustomer(
  context: ConsoleContext,
  cuid: string,
  options: { active?: boolean; lock?: boolean } = {},
): Promise<CustomerRow> {
  const customer = await findCustomer(context.db, context.organiser.id, cuid, options);
  if (!customer) throw new AppError("CUSTOMER_NOT_FOUND");
  return customer;
}

export function registrationSummaryView(row: RegistrationSummaryRow) {
  return {
    id: row.id,
    cuid: row.cuid,
    reference: row.reference,
    activity: row.activity,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    participant: {
      cuid: row.participant_cuid,
      fullname: fullName(row.participant_firstname, row.participant_lastname),
    },
    total_amount: row.total_amount,
    paid_amount: row.paid_amount,
    outstanding_amount: registrationAmountDue({
      cancelled: row.cancelled,
      total: row.total_amount,
      paid: row.paid_amount,
    }),
    cancelled: row.cancelled,
    created_at: row.created_at,
  };
}

function cartView(row: CartSummaryRow, parts: readonly CartPartSummary[]): CustomerCartView {
  const processed = row.processed_at !== null;
  return {
    id: row.id,
    cuid: row.cuid,
    reference: row.reference,
    state: processed ? "PROCESSED" : row.awaiting_payment ? "AWAITING_PAYMENT" : "OPEN",
    items_count: row.items_count,
    total_amount: processed ? (row.total_amount ?? 0) + row.service_fees : null,
    paid_amount: row.paid_amount,
    outstanding_amount: processed
      ? cartAmountDue({
          service_fees: row.service_fees,
          paid: row.paid_amount,
          parts: parts.filter((part) => part.cart_id === row.id),
        })
      : 0,
    wallet_used: row.wallet_used,
    processed_at: row.processed_at,
    created_at: row.created_at,
  };
}

export function moneyMovementView(row: MoneyMovementRow) {
  return {
    kind: row.kind,
    cuid: row.cuid,
    at: row.at,
    amount: row.amount,
    status: row.status,
    reference: row.reference,
    note: row.note,
  };
}

function noteView({ note, author }: NoteRow): CustomerNoteView {
  return {
    cuid: note.cuid,
    body: note.body,
    author,
    created_at: iso(note.createdAt),
    updated_at: iso(note.updatedAt),
  };
}

const customerAudit = (
  customer: Pick<CustomerRow, "firstname" | "lastname" | "email" | "phone" | "customData">,
) => ({
  firstname: customer.firstname,
  lastname: customer.lastname,
  email: customer.email,
  phone: customer.phone,
  custom_data: customer.customData,
});

/** The e-mail belongs to another customer of the organiser whose account is not deleted. */
async function refuseTakenEmail(context: ConsoleContext, email: string, customerId?: number) {
  const holder = await findActiveCustomerByEmail(context.db, context.organiser.id, email);
  if (holder && holder.id !== customerId) {
    throw new AppError("EMAIL_ALREADY_USED", { email: "EMAIL_ALREADY_USED" });
  }
}

/** The unique index on (organiser, e-mail) refused a write that raced another one. */
function rethrowTakenEmail(error: unknown): never {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "customers_organiser_id_email_unique") {
      throw new AppError("EMAIL_ALREADY_USED", { email: "EMAIL_ALREADY_USED" });
    }
  }
  throw error;
}

export const customersConsole = {
  async list(
    context: ConsoleContext,
    query: z.output<typeof customerListQuery>,
  ): Promise<ListEnvelope<CustomerListItem>> {
    const page = pageOf(query);
    const { rows, count } = await listCustomers(
      context.db,
      context.organiser.id,
      {
        q: query.q,
        outstanding: query.outstanding,
        registrations: query.registrations,
        wallet: query.wallet,
        createdFrom: query.created_from,
        createdTo: query.created_to,
        tag: query.tag,
        discount: query.discount,
        timeZone: context.organiser.timezone,
      },
      query.sort,
      page,
    );
    return envelope(rows.map(customerListItem), count, page);
  },

  async activeCustomFields(context: ConsoleContext): Promise<ActiveCustomFieldsResponse> {
    const { db, organiser } = context;
    const active = async (entity: "CUSTOMERS" | "PARTICIPANTS") =>
      (await listCustomFields(db, organiser.id, entity))
        .filter((field) => field.active)
        .map(customFieldView);
    return { customers: await active("CUSTOMERS"), participants: await active("PARTICIPANTS") };
  },

  async detail(context: ConsoleContext, cuid: string): Promise<CustomerDetail> {
    const customer = await requireCustomer(context, cuid);
    const { db, organiser } = context;
    const fields = await listCustomFields(db, organiser.id, "CUSTOMERS");
    const carts = await listCustomerCarts(db, organiser.id, customer.id, CUSTOMER_DETAIL_ROWS);
    const parts = await listCartParts(
      db,
      organiser.id,
      carts.filter((cart) => cart.processed_at !== null).map((cart) => cart.id),
    );
    const mayReadNotes = grants(context.actor.role, "customers.notes.read");
    return {
      customer: await customerProfile(context, customer, fields),
      counts: await countCustomerRecords(db, organiser.id, customer.id),
      custom_fields: fields.filter((field) => field.active).map(customFieldView),
      participants: (await listCustomerParticipants(db, organiser.id, customer.id)).map((row) => ({
        ...row,
        fullname: fullName(row.firstname, row.lastname),
      })),
      registrations: (
        await listRegistrationSummaries(
          db,
          organiser.id,
          { customerId: customer.id },
          CUSTOMER_DETAIL_ROWS,
        )
      ).map(registrationSummaryView),
      carts: carts.map((cart) => cartView(cart, parts)),
      payments: (await listMoneyMovements(db, organiser, customer.id, CUSTOMER_DETAIL_ROWS)).map(
        moneyMovementView,
      ),
      notes: mayReadNotes ? (await listNotes(db, organiser.id, customer.id)).map(noteView) : null,
    };
  },

  /** A customer created by staff: no password until they ask for one on the storefront. */
  async create(context: ConsoleContext, input: CustomerInput): Promise<CustomerProfileView> {
    const { db, organiser } = context;
    const customData = await checkedCustomData(db, organiser.id, "CUSTOMERS", input.custom_data);
    await refuseTakenEmail(context, input.email);
    const values = {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      phone: input.phone,
      customData,
    };
    const customer = await insertCustomer(db, organiser.id, values).catch(rethrowTakenEmail);
    await context.audit({
      action: "customer.created",
      entity: "customer",
      entityId: customer.cuid,
      after: customerAudit(customer),
    });
    return customerProfile(context, customer);
  },

  /**
   * Edits the profile; values of custom fields the organiser has since deactivated stay (the
   * form shows only the active ones). A deleted account cannot be edited (404).
   */
  async update(
    context: ConsoleContext,
    cuid: string,
    input: CustomerInput,
  ): Promise<CustomerProfileView> {
    const { db, organiser } = context;
    const customer = await requireCustomer(context, cuid, { active: true, lock: true });
    const active = await checkedCustomData(db, organiser.id, "CUSTOMERS", input.custom_data);
    await refuseTakenEmail(context, input.email, customer.id);
    const kept = customer.customData.filter(
      (entry) => !active.some((value) => value.field_id === entry.field_id),
    );
    const values = {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      phone: input.phone,
      customData: [...active, ...kept],
    };
    await updateCustomer(db, organiser.id, customer.id, values).catch(rethrowTakenEmail);
    await context.audit({
      action: "customer.updated",
      entity: "customer",
      entityId: customer.cuid,
      before: customerAudit(customer),
      after: customerAudit(values),
    });
    return customerProfile(context, await requireCustomer(context, cuid));
  },

  /**
   * Withdraws the customer's newsletter consent (they asked by phone, an address bounces). Staff
   * can never give it: only the customer opts in (decision 0047).
   */
  async unsubscribeNewsletter(context: ConsoleContext, cuid: string): Promise<CustomerProfileView> {
    const customer = await requireCustomer(context, cuid, { lock: true });
    if (
      await changeNewsletterConsent(context.db, context.organiser.id, customer.id, false, "CONSOLE")
    ) {
      await context.audit({
        action: "customer.newsletter_unsubscribed",
        entity: "customer",
        entityId: customer.cuid,
        before: { newsletter_subscribed: true },
        after: { newsletter_subscribed: false },
      });
    }
    return customerProfile(context, await requireCustomer(context, cuid));
  },

  /**
   * Credits or debits the wallet by hand with the reason given: an ADJUSTMENT movement carrying
   * it, under the customer's row lock (a debit never takes the wallet below zero).
   */
  async adjustWallet(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof walletAdjustmentBody>,
  ): Promise<z.infer<typeof walletAdjustmentResponse>> {
    const customer = await requireCustomer(context, cuid, { active: true, lock: true });
    const change = walletAdjustment({
      wallet: customer.walletAmount,
      direction: input.direction,
      amount: input.amount,
    });
    if (!change.ok) {
      throw new AppError(change.code, { amount: change.code }, { wallet: customer.walletAmount });
    }
    const movement = await adjustWallet(context.db, context.organiser.id, customer.id, {
      movement: change.movement,
      wallet: change.wallet,
      note: input.reason,
    });
    await context.audit({
      action: "customer.wallet_adjusted",
      entity: "customer",
      entityId: customer.cuid,
      before: { wallet_amount: customer.walletAmount },
      after: { wallet_amount: change.wallet, amount: change.movement, reason: input.reason },
    });
    return {
      wallet: { amount: change.wallet },
      movement: moneyMovementView({
        kind: "WALLET",
        cuid: movement.cuid,
        at: iso(movement.createdAt),
        amount: movement.amount,
        status: movement.reason,
        reference: null,
        note: movement.note,
      }),
    };
  },

  async addNote(context: ConsoleContext, cuid: string, body: string): Promise<CustomerNoteView> {
    const customer = await requireCustomer(context, cuid);
    const { db, organiser } = context;
    const noteCuid = await insertNote(db, {
      organiserId: organiser.id,
      customerId: customer.id,
      collaboratorId: context.actor.collaboratorId,
      body,
    });
    await context.audit({
      action: "customer_note.created",
      entity: "customer_note",
      entityId: noteCuid,
      after: { customer: customer.cuid, body },
    });
    return noteView((await findNote(db, organiser.id, customer.id, noteCuid))!);
  },

  async updateNote(
    context: ConsoleContext,
    cuid: string,
    noteCuid: string,
    body: string,
  ): Promise<CustomerNoteView> {
    const { customer, found } = await requireNote(context, cuid, noteCuid);
    const { db, organiser } = context;
    await updateNote(db, organiser.id, found.note.id, body);
    await context.audit({
      action: "customer_note.updated",
      entity: "customer_note",
      entityId: noteCuid,
      before: { customer: customer.cuid, body: found.note.body },
      after: { customer: customer.cuid, body },
    });
    return noteView((await findNote(db, organiser.id, customer.id, noteCuid))!);
  },

  async deleteNote(context: ConsoleContext, cuid: string, noteCuid: string): Promise<void> {
    const { customer, found } = await requireNote(context, cuid, noteCuid);
    await deleteNote(context.db, context.organiser.id, found.note.id);
    await context.audit({
      action: "customer_note.deleted",
      entity: "customer_note",
      entityId: noteCuid,
      before: { customer: customer.cuid, body: found.note.body },
    });
  },
};

async function requireNote(context: ConsoleContext, cuid: string, noteCuid: string) {
  const customer = await requireCustomer(context, cuid);
  const found = await findNote(context.db, context.organiser.id, customer.id, noteCuid);
  if (!found) throw new AppError("NOTE_NOT_FOUND");
  return { customer, found };
}
