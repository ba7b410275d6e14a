import type { AdminWaitingList, AdminWaitingListEntry } from "@booking/contracts";
import { claimWindowEnd, estimateRegistration, fullName, waitingListState } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { holdPlaces, openCart } from "../carts/queries.ts";
import { queueEmail } from "../mail/outbox.ts";
import { organiserEmail, templateCustomer } from "../notifications/system-mail.ts";
import { TemplateFormatter } from "../notifications/template-data.ts";
import { storefrontHome } from "../notifications/template-links.ts";
import {
  availabilitySummary,
  type ConsoleAvailability,
  type ConsoleDate,
  defaultDateIds,
  listConsoleDates,
  requireAvailability,
} from "../registrations/console-availability.ts";
import { checkPlace } from "../registrations/console-place.ts";
import {
  type ConsoleEntryRow,
  deleteEntry,
  listEntries,
  lockEntry,
  markOffered,
} from "./console-queries.ts";
import { positionOf } from "./queries.ts";

// An availability's waiting list in the console (docs/decisions/0024-console-registrations.md).
// Offering the place puts it in the customer's open cart as an item that holds it until the
// end of the claim window: the capacity rules count it like any hold (0008), the customer
// confirms it at the storefront's checkout, and once the window has passed it holds nothing —
// the place is free again with no job, and the entry can be offered again or the next one be.

/** Where the offer e-mail sends the customer, and the queue it is handed to after commit. */
export interface OfferMail {
  /** the configured public addresses: the offer links to the storefront's checkout */
  urls: PublicUrls;
  dispatchEmail(emailId: number): Promise<void>;
}

function entryView(row: ConsoleEntryRow, position: number, now: Date): AdminWaitingListEntry {
  const { entry, participant, customer } = row;
  return {
    cuid: entry.cuid,
    position,
    participant: {
      cuid: participant.cuid,
      fullname: fullName(participant.firstname, participant.lastname),
      birthdate: participant.birthdate,
    },
    customer: {
      cuid: customer.cuid,
      fullname: fullName(customer.firstname, customer.lastname),
      email: customer.email,
      phone: customer.phone,
    },
    state: waitingListState(
      { offer_expires_at: entry.offerExpiresAt, registered: row.registered },
      now,
    ),
    offered_at: entry.offeredAt?.toISOString() ?? null,
    offer_expires_at: entry.offerExpiresAt?.toISOString() ?? null,
    created_at: entry.createdAt.toISOString(),
  };
}

/** GET /api/admin/availabilities/:cuid/waiting-list: the list in its order, with each state. */
export async function waitingList(
  context: ConsoleContext,
  cuid: string,
): Promise<AdminWaitingList> {
  const availability = await requireAvailability(context, cuid);
  const now = new Date();
  const rows = await listEntries(context.db, context.organiser.id, availability.id);
  return {
    availability: await availabilitySummary(context, availability, now),
    data: rows.map((row, index) => entryView(row, index + 1, now)),
  };
}

/** The dates an offer holds: the availability's default selection (`defaultDateIds`). */
async function offerableDates(
  context: ConsoleContext,
  availability: ConsoleAvailability,
  now: Date,
): Promise<{ dates: ConsoleDate[]; dateIds: number[] }> {
  const dates = await listConsoleDates(context, availability.id, now);
  return { dates, dateIds: defaultDateIds(dates, now) };
}

/**
 * Holds a place for the entry's participant until `hours` from now and e-mails the customer:
 * every selectable date of the availability (the storefront's default selection), priced like an
 * add without options, in the customer's open cart (409 CART_AWAITING_PAYMENT while that cart
 * awaits an online payment; 409 AVAILABILITY_FULL when no date has a free place).
 */
async function holdOffer(
  context: ConsoleContext,
  availability: ConsoleAvailability,
  row: ConsoleEntryRow,
  hours: number,
  mail: OfferMail,
): Promise<AdminWaitingListEntry> {
  const { db, organiser } = context;
  const now = new Date();
  const { dates, dateIds } = await offerableDates(context, availability, now);
  if (dateIds.length === 0) throw new AppError("AVAILABILITY_FULL");
  const place = await checkPlace(
    context,
    { availability, dateIds, options: [], questions: [], answers: "optional" },
    now,
  );
  const { entry } = row;
  const cart = await openCart(db, organiser.id, entry.customerId);
  if (cart.paymentPendingAt !== null) throw new AppError("CART_AWAITING_PAYMENT");
  const expiresAt = claimWindowEnd(now, hours);
  const price = estimateRegistration(place.pricing);
  await holdPlaces(db, { organiserId: organiser.id, cartId: cart.id, now, expiresAt }, [
    {
      participantId: entry.participantId,
      availabilityId: availability.id,
      quantity: 1,
      dateIds: place.dateIds,
      price: price.price,
      deposit: price.deposit,
      payload: {
        options: [],
        questions: [],
        pricing: place.pricing,
        waiting_list_entry: entry.cuid,
      },
    },
  ]);
  const offered = await markOffered(db, organiser.id, entry.id, {
    offeredAt: now,
    offerExpiresAt: expiresAt,
  });

  const { firstname, lastname } = row.participant;
  const message = await organiserEmail(db, organiser, mail.urls, "waiting-list-offer", {
    customer: templateCustomer(row.customer),
    offer: {
      participant: { firstname, lastname, fullname: fullName(firstname, lastname) },
      activity: { title: availability.activity.title },
      start_at: dates.find((date) => date.id === place.dateIds[0])!.startAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      price: new TemplateFormatter(organiser).money(price.price),
      price_minor: price.price,
    },
    link: { url: `${storefrontHome(organiser, mail.urls)}/checkout`, kind: "checkout" },
  });
  const emailId = await queueEmail(db, {
    organiserId: organiser.id,
    to: row.customer.email,
    ...message,
  });
  context.afterCommit(() => mail.dispatchEmail(emailId));
  await context.audit({
    action: "waiting_list_entry.offered",
    entity: "waiting_list_entry",
    entityId: entry.cuid,
    before: { offered_at: entry.offeredAt, offer_expires_at: entry.offerExpiresAt },
    after: { offered_at: now, offer_expires_at: expiresAt, claim_hours: hours },
  });
  return entryView({ ...row, entry: offered }, await positionOf(db, offered), now);
}

/** The entry of this availability's list, locked; 404 WAITING_LIST_ENTRY_NOT_FOUND otherwise. */
async function requireEntry(
  context: ConsoleContext,
  availability: ConsoleAvailability,
  cuid: string,
): Promise<ConsoleEntryRow> {
  const row = await lockEntry(context.db, context.organiser.id, availability.id, cuid);
  if (!row) throw new AppError("WAITING_LIST_ENTRY_NOT_FOUND");
  return row;
}

/**
 * POST /api/admin/availabilities/:cuid/waiting-list/:entry/offer: offers a place to this entry
 * for `hours`; 409 WAITING_LIST_ALREADY_REGISTERED once the participant holds a place,
 * WAITING_LIST_OFFER_PENDING while an earlier offer still runs. An expired offer can be renewed.
 */
export async function offerPlace(
  context: ConsoleContext,
  availabilityCuid: string,
  entryCuid: string,
  hours: number,
  mail: OfferMail,
): Promise<AdminWaitingListEntry> {
  const availability = await requireAvailability(context, availabilityCuid);
  const row = await requireEntry(context, availability, entryCuid);
  const state = waitingListState(
    { offer_expires_at: row.entry.offerExpiresAt, registered: row.registered },
    new Date(),
  );
  if (state === "registered") throw new AppError("WAITING_LIST_ALREADY_REGISTERED");
  if (state === "offered") throw new AppError("WAITING_LIST_OFFER_PENDING");
  return holdOffer(context, availability, row, hours, mail);
}

/**
 * The freed place of a cancellation offered to the first entry still waiting (never offered, or
 * whose offer expired); null when nobody waits or no date of the availability is left to offer.
 */
export async function offerToFirstWaiting(
  context: ConsoleContext,
  availability: ConsoleAvailability,
  hours: number,
  mail: OfferMail,
): Promise<AdminWaitingListEntry | null> {
  const now = new Date();
  const rows = await listEntries(context.db, context.organiser.id, availability.id);
  const first = rows.find((row) => {
    const state = waitingListState(
      { offer_expires_at: row.entry.offerExpiresAt, registered: row.registered },
      now,
    );
    return state === "waiting" || state === "expired";
  });
  if (!first) return null;
  if ((await offerableDates(context, availability, now)).dateIds.length === 0) return null;
  const row = await requireEntry(context, availability, first.entry.cuid);
  return holdOffer(context, availability, row, hours, mail);
}

/**
 * DELETE /api/admin/availabilities/:cuid/waiting-list/:entry: takes the entry off the list and
 * releases the place its offer holds.
 */
export async function removeEntry(
  context: ConsoleContext,
  availabilityCuid: string,
  entryCuid: string,
): Promise<void> {
  const availability = await requireAvailability(context, availabilityCuid);
  const row = await requireEntry(context, availability, entryCuid);
  await deleteEntry(context.db, context.organiser.id, row.entry);
  await context.audit({
    action: "waiting_list_entry.deleted",
    entity: "waiting_list_entry",
    entityId: row.entry.cuid,
    before: {
      participant: row.participant.cuid,
      offered_at: row.entry.offeredAt,
      offer_expires_at: row.entry.offerExpiresAt,
    },
  });
}
