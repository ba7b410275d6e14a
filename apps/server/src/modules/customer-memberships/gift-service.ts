import type {
  CustomerMembershipAdminView,
  MembershipGiftChoices,
  membershipGiftBody,
} from "@booking/contracts";
import { dayRangeInZone } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { insertItems, listLiveItemsWithDates } from "../carts/queries.ts";
import { membershipPeriodOf } from "../checkout/membership-period.ts";
import { convertCart, lockAndPrice } from "../checkout/service.ts";
import { requireCustomer } from "../customers/console-service.ts";
import { asServiceContext } from "../registrations/console-place.ts";
import { insertConsoleCart } from "../registrations/console-queries.ts";
import { findCustomerParticipant } from "../registrations/restore-queries.ts";
import {
  findGiftMembership,
  findMembershipProduct,
  holdsMembership,
  listMembershipChoices,
} from "./gift-queries.ts";
import { findCustomerMembership } from "./queries.ts";

type GiftInput = z.output<typeof membershipGiftBody>;

/** How long the gift's item would hold: it is converted in the same transaction. */
const ITEM_LIFETIME_MS = 60_000;

/** The membership and whom it is for, checked: 404 for another organiser's or customer's ids. */
async function giftParties(context: ConsoleContext, customerCuid: string, input: GiftInput) {
  const { db, organiser } = context;
  // Locked first: double-clicks and racing staff give one membership, the next sees it held.
  const customer = await requireCustomer(context, customerCuid, { active: true, lock: true });
  const membership = await findMembershipProduct(db, organiser.id, input.membership);
  if (!membership) throw new AppError("MEMBERSHIP_NOT_FOUND");
  if (membership.entity === "PARTICIPANTS" && input.participant === null) {
    throw validationError({ participant: "REQUIRED" });
  }
  if (membership.entity === "CUSTOMERS" && input.participant !== null) {
    throw validationError({ participant: "NOT_ALLOWED" });
  }
  const participant =
    input.participant === null
      ? null
      : await findCustomerParticipant(db, organiser.id, customer.id, input.participant);
  if (input.participant !== null && !participant) throw new AppError("PARTICIPANT_NOT_FOUND");
  return { customer, membership, participant };
}

/**
 * POST /api/admin/customers/:cuid/memberships (`customers.memberships.create`, decision 0104):
 * staff give one of the organiser's memberships as a purchase would make it — an item in an
 * order of its own, priced and converted by checkout's `lockAndPrice` and `convertCart` (the
 * wallet, service fees, the payment reference, `membership.created` and `cart.processed`) —
 * starting on the day chosen (a rolling period; a fixed one keeps its dates). TRANSFER leaves
 * the order owing (paid by transfer to its reference, recorded on the customer's Paniers tab),
 * WALLET pays what the wallet holds, FREE sets the price to 0 with the reason audited. A
 * membership the customer already holds over that period is 409 MEMBERSHIP_ALREADY_HELD.
 */
export async function giveMembership(
  context: ConsoleContext,
  customerCuid: string,
  input: GiftInput,
): Promise<CustomerMembershipAdminView> {
  const { db, organiser } = context;
  const { customer, membership, participant } = await giftParties(context, customerCuid, input);
  const now = new Date();
  const start =
    input.start_on === null ? now : dayRangeInZone(input.start_on, organiser.timezone).start;
  const period = membershipPeriodOf(membership, start);
  const held = {
    customerId: customer.id,
    participantId: participant?.id ?? null,
    membershipId: membership.id,
    period,
  };
  if (await holdsMembership(db, organiser.id, held)) throw new AppError("MEMBERSHIP_ALREADY_HELD");

  const cart = await insertConsoleCart(db, {
    organiserId: organiser.id,
    customerId: customer.id,
    now,
  });
  await insertItems(db, [
    {
      organiserId: organiser.id,
      cartId: cart.id,
      expiresAt: new Date(now.getTime() + ITEM_LIFETIME_MS),
      type: "MEMBERSHIP",
      membershipId: membership.id,
      participantId: participant?.id ?? null,
      price: input.payment === "FREE" ? 0 : membership.price,
    },
  ]);
  const service = asServiceContext(context);
  const { rows, dates } = await listLiveItemsWithDates(db, organiser.id, cart.id, now);
  const walletCap = input.payment === "WALLET" ? null : 0;
  const priced = await lockAndPrice(service, cart, rows, now, walletCap, dates);
  if (!priced) throw new Error(`membership gift cart ${cart.id} could not be priced`);
  // Staff act on the family's request: the time stands for the terms' acceptance.
  await convertCart(service, cart, priced, {
    strategy: "DELAYED",
    paidOnline: 0,
    termsAcceptedAt: now,
    now,
    membershipStartAt: start,
  });
  const cuid = await findGiftMembership(db, organiser.id, cart.id);
  const given = (await findCustomerMembership(db, organiser.id, cuid))!;
  await context.audit({
    action: "customer_membership.given",
    entity: "customer_membership",
    entityId: cuid,
    after: {
      customer: customer.cuid,
      participant: participant?.cuid ?? null,
      membership: membership.cuid,
      start_at: period.start_at.toISOString(),
      end_at: period.end_at.toISOString(),
      payment: input.payment,
      reason: input.reason,
      price: membership.price,
      total_amount: given.total_amount,
      paid_amount: given.paid_amount,
    },
  });
  const { id: _, ...view } = given;
  return view;
}

/** GET /api/admin/membership-choices: what the gift's dialog offers. */
export async function membershipGiftChoices(
  context: ConsoleContext,
): Promise<MembershipGiftChoices> {
  return { data: await listMembershipChoices(context.db, context.organiser.id) };
}
