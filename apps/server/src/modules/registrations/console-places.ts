import type { adminCreateRegistrationBody } from "@booking/contracts";
import { carts as cartTable } from "@booking/db";
import {
  type AgeEligibility,
  ageEligibility,
  type CartPrice,
  estimateRegistration,
  overriddenPlacePricing,
  paymentReference,
  paymentReferenceKind,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireEligibleAge } from "../carts/booking-checks.ts";
import { type BundleUse, loadBundleTerms, type PricingRow, priceRows } from "../carts/pricing.ts";
import { type CustomerPricing, lockCustomersPricing } from "../carts/pricing-queries.ts";
import { countLiveHolds, lockDates } from "../carts/queries.ts";
import {
  consumeCustomerBundles,
  debitWallet,
  reserveReferenceNumbers,
} from "../checkout/queries.ts";
import {
  type Conversion,
  paidShares,
  processedFigures,
  referencePrefix,
} from "../checkout/service.ts";
import { markDiscountsApplied } from "../discounts/queries.ts";
import { emitEvents, type NewEvent } from "../events/emit.ts";
import type { ConsoleAvailability } from "./console-availability.ts";
import { type CheckedPlace, checkPlaces, withLine } from "./console-place.ts";
import {
  addRegistered,
  insertProcessedCarts,
  insertRegistrationItems,
  insertRegistrations,
} from "./place-queries.ts";

// What a registration made by staff is (docs/decisions/0024, 0091, 0102): register-by-hand gives
// one place here, an import all of its file's. Each place is checked and priced by the
// storefront's rules (the override replacing the place's price), in a processed cart of its own
// priced by cart pricing (the customer's bundles and wallet, the service fees), with its
// payment reference, `registration.created` and, when confirmed, `cart.processed`. The places
// are counted under the dates' row locks with every live hold: one that does not fit fails
// everything (409 AVAILABILITY_FULL, naming its line). Every kind of row is written by one
// multi-row statement per chunk: the statements do not grow with the number of places.

type CreateInput = z.output<typeof adminCreateRegistrationBody>;

/** Whom a place is given to and on what: named by a by-hand request's cuids, or by an import. */
export type PlaceParties = {
  customer: { id: number };
  participant: { id: number; firstname: string; lastname: string; birthdate: string | null };
  availability: ConsoleAvailability;
};

/** What a place is asked with besides its parties (a by-hand request's, an import row's). */
export type PlaceChoices = Pick<
  CreateInput,
  "availability_dates" | "options" | "questions" | "price_override" | "age_override"
>;

/** A place to give: its parties, choices and, for an import's row, the file's line. */
export type PlaceToGive = PlaceParties & { choices: PlaceChoices; line?: number };

export type GivenPlace = {
  id: number;
  cuid: string;
  totalAmount: number;
  cartId: number;
  customerId: number;
  place: CheckedPlace;
  eligibility: AgeEligibility;
};

/** The storefront's age rule, unless staff set it aside (audited by the caller). */
export function eligibilityOf(
  context: Pick<ConsoleContext, "organiser">,
  parties: PlaceParties,
  choices: Pick<PlaceChoices, "age_override">,
): AgeEligibility {
  const { participant, availability } = parties;
  const eligibility = ageEligibility(
    participant.birthdate,
    { minimum: availability.ageMinimum, maximum: availability.ageMaximum },
    availability.startAt,
    context.organiser.timezone,
  );
  if (eligibility !== "eligible" && !choices.age_override) {
    requireEligibleAge(availability, participant, context.organiser.timezone);
  }
  return eligibility;
}

/** The place's pricing with staff's price override, when there is one. */
export function pricingOf(place: CheckedPlace, override: number | null) {
  return override === null ? place.pricing : overriddenPlacePricing(place.pricing, override);
}

/** Several places of one customer take their bundles' room and wallet one after the other. */
function afterUse(customer: CustomerPricing, use: BundleUse | undefined, price: CartPrice) {
  return {
    ...customer,
    wallet: customer.wallet - price.wallet_use,
    bundles: customer.bundles.map((bundle) =>
      use && "customerBundleId" in use && use.customerBundleId === bundle.id
        ? { ...bundle, remaining: bundle.remaining === null ? null : bundle.remaining - 1 }
        : bundle,
    ),
  };
}

/** Each place checked and priced, in order; reads once for all of them. */
async function pricedPlaces(
  context: ConsoleContext,
  places: readonly PlaceToGive[],
  options: { useWallet: boolean; now: Date },
) {
  const { db, organiser } = context;
  const { now } = options;
  const eligibilities = places.map((place) =>
    withLine(place.line, () => eligibilityOf(context, place, place.choices)),
  );
  const checked = await checkPlaces(
    context,
    places.map((place) => ({
      availability: place.availability,
      dateIds: place.choices.availability_dates.map((date) => date.date_id),
      options: place.choices.options,
      questions: place.choices.questions,
      answers: "required" as const,
      line: place.line,
    })),
    now,
  );
  // The customers' rows (wallet) and bundles are locked, in id order, before the dates.
  const customers = await lockCustomersPricing(
    db,
    organiser.id,
    places.map((place) => place.customer.id),
    now,
  );
  const rows: PricingRow[] = places.map((place, index) => {
    const pricing = pricingOf(checked[index]!, place.choices.price_override);
    const line = estimateRegistration(pricing);
    return {
      // A key for pricing only: the item is written once its cart is.
      item: {
        id: -1 - index,
        type: "REGISTRATION",
        participantId: place.participant.id,
        bundleId: null,
        price: line.price,
        deposit: line.deposit,
        payload: {
          options: checked[index]!.options,
          questions: checked[index]!.questions,
          pricing,
        },
      },
      activity: { id: place.availability.activity.id },
    };
  });
  const terms = await loadBundleTerms(context, [...customers.values()], rows, [
    ...new Set(places.map((place) => place.availability.activity.id)),
  ]);
  const priced = places.map((place, index) => {
    const customer = customers.get(place.customer.id)!;
    const row = rows[index]!;
    const cart = priceRows(context, [row], {
      customer,
      wallet: options.useWallet ? customer.wallet : 0,
      now,
      terms,
    });
    customers.set(
      place.customer.id,
      afterUse(customer, cart.coverage.get(row.item.id), cart.price),
    );
    return { ...cart, row };
  });
  return { eligibilities, checked, priced };
}

/**
 * The places each date takes, counted in order under the dates' row locks (in id order, as adds
 * and checkouts lock them) against registered + every live hold: the first place that does not
 * fit fails everything, with its line.
 */
async function lockAndCount(
  context: ConsoleContext,
  places: readonly PlaceToGive[],
  checked: readonly CheckedPlace[],
  now: Date,
): Promise<Map<number, number>> {
  const { db, organiser } = context;
  const dateIds = [...new Set(checked.flatMap((place) => place.dateIds))].sort((a, b) => a - b);
  const locked = await lockDates(db, organiser.id, dateIds);
  const holds = await countLiveHolds(db, organiser.id, dateIds, now);
  const taken = new Map(
    locked.map((date) => [date.id, date.registered + (holds.get(date.id) ?? 0)] as const),
  );
  const capacity = new Map(locked.map((date) => [date.id, date.capacity] as const));
  const added = new Map<number, number>();
  for (const [index, place] of checked.entries()) {
    for (const dateId of place.dateIds) {
      const count = (added.get(dateId) ?? 0) + 1;
      const limit = capacity.get(dateId);
      if (limit !== null && (limit === undefined || taken.get(dateId)! + count > limit)) {
        withLine(places[index]!.line, () => {
          throw new AppError("AVAILABILITY_FULL");
        });
      }
      added.set(dateId, count);
    }
  }
  return added;
}

type Priced = Awaited<ReturnType<typeof pricedPlaces>>;

// The organiser registers on the customer's behalf: the time stands for the terms' acceptance.
const byStaff = (now: Date): Conversion => ({
  strategy: "DELAYED",
  paidOnline: 0,
  termsAcceptedAt: now,
  now,
});

/** Each place's processed cart (its reference the next reserved number) and item. */
async function writeCarts(
  context: ConsoleContext,
  places: readonly PlaceToGive[],
  { priced }: Priced,
  now: Date,
) {
  const { db, organiser } = context;
  const firstNumber = await reserveReferenceNumbers(db, organiser.id, places.length);
  const kind = paymentReferenceKind(organiser);
  const prefix = referencePrefix(context);
  const made = places.map((_place, index) => ({
    cartCuid: newCuid(),
    itemCuid: newCuid(),
    reference: paymentReference(kind, firstNumber + index, prefix),
    price: priced[index]!.price,
  }));
  const cartIds = await insertProcessedCarts(
    db,
    made.map((cart, index) => ({
      cuid: cart.cartCuid,
      organiserId: organiser.id,
      customerId: places[index]!.customer.id,
      reference: cart.reference,
      ...processedFigures(cart.price, byStaff(now)),
    })),
  );
  const expiresAt = new Date(now.getTime() + organiser.settings.carts_expiration_delay * 1000);
  const itemIds = await insertRegistrationItems(
    db,
    places.map((place, index) => {
      const { item } = priced[index]!.row;
      return {
        cuid: made[index]!.itemCuid,
        organiserId: organiser.id,
        cartId: cartIds.get(made[index]!.cartCuid)!,
        participantId: place.participant.id,
        availabilityId: place.availability.id,
        price: item.price,
        deposit: item.deposit,
        payload: item.payload,
        expiresAt,
      };
    }),
  );
  return made.map((cart) => ({
    ...cart,
    cartId: cartIds.get(cart.cartCuid)!,
    itemId: itemIds.get(cart.itemCuid)!,
  }));
}

/** The registrations of the carts, the bundles' room and the wallets they use. */
async function writeRegistrations(
  context: ConsoleContext,
  places: readonly PlaceToGive[],
  { checked, priced }: Priced,
  carts: Awaited<ReturnType<typeof writeCarts>>,
) {
  const { db, organiser } = context;
  const bundleUses = new Map<number, number>();
  const created = await insertRegistrations(
    db,
    places.map((place, index) => {
      const { price, coverage, row } = priced[index]!;
      const use = coverage.get(row.item.id);
      const bundleId = use && "customerBundleId" in use ? use.customerBundleId : null;
      if (bundleId !== null) bundleUses.set(bundleId, (bundleUses.get(bundleId) ?? 0) + 1);
      return {
        organiserId: organiser.id,
        reference: carts[index]!.reference,
        cartId: carts[index]!.cartId,
        cartItemId: carts[index]!.itemId,
        customerId: place.customer.id,
        participantId: place.participant.id,
        availabilityId: place.availability.id,
        totalAmount: price.items[0]!.total,
        depositAmount: price.items[0]!.deposit,
        paidAmount: paidShares(price, 0)[0]!,
        bundleId,
        // What the customer discount gave, kept as it was (decision 0100).
        customerDiscountName: price.items[0]!.customer_discount?.name ?? null,
        customerDiscountAmount: price.items[0]!.customer_discount?.amount ?? 0,
        options: checked[index]!.options,
        questions: checked[index]!.questions,
        dateIds: checked[index]!.dateIds,
      };
    }),
  );
  await consumeCustomerBundles(db, organiser.id, bundleUses);
  const applied = priced.flatMap(({ price }) => price.customer_discounts.map((used) => used.key));
  await markDiscountsApplied(db, organiser.id, [...new Set(applied)], new Date());
  for (const [index, cart] of carts.entries()) {
    if (cart.price.wallet_use === 0) continue;
    const customerId = places[index]!.customer.id;
    const debited = await debitWallet(db, {
      organiserId: organiser.id,
      customerId,
      amount: cart.price.wallet_use,
      cartId: cart.cartId,
    });
    if (!debited) throw new Error(`wallet of customer ${customerId} short`);
  }
  return carts.map((cart) => created.get(cart.itemId)!);
}

/**
 * Gives places as storefront orders would (see above), in the caller's transaction; `useWallet`:
 * the customers' wallets pay what they can. Returns each place's registration, in order.
 */
export async function givePlaces(
  context: ConsoleContext,
  places: readonly PlaceToGive[],
  options: { confirm: boolean; now: Date; useWallet: boolean },
): Promise<GivenPlace[]> {
  if (places.length === 0) return [];
  const { db, organiser } = context;
  const { now } = options;
  const priced = await pricedPlaces(context, places, options);
  // Lock order of every conversion: the customers (above), the reference row, then the dates.
  const carts = await writeCarts(context, places, priced, now);
  const added = await lockAndCount(context, places, priced.checked, now);
  const registrations = await writeRegistrations(context, places, priced, carts);
  await emitEvents(
    db,
    organiser.id,
    registrations.flatMap((registration, index): NewEvent[] => [
      ...(options.confirm
        ? [{ type: "cart.processed" as const, payload: { cart_cuid: carts[index]!.cartCuid } }]
        : []),
      { type: "registration.created", payload: { registration_cuid: registration.cuid } },
    ]),
  );
  if (!(await addRegistered(db, organiser.id, added, now))) throw new AppError("AVAILABILITY_FULL");
  return places.map((place, index) => ({
    ...registrations[index]!,
    totalAmount: priced.priced[index]!.price.items[0]!.total,
    cartId: carts[index]!.cartId,
    customerId: place.customer.id,
    place: priced.checked[index]!,
    eligibility: priced.eligibilities[index]!,
  }));
}

/** A new row's cuid, made as the schema's default makes it. */
const newCuid = () => String(cartTable.cuid.defaultFn!());
