/** fast-check arbitraries shared by the pricing tests. */
import fc from "fast-check";
import type { RegistrationPricingInput } from "../src/index.ts";

export const money = fc.integer({ min: 0, max: 1_000_000 });
export const percentage = fc
  .integer({ min: 0, max: 20_000 })
  .map((basisPoints) => basisPoints / 100);
export const choice = fc.oneof(
  money.map((amount) => ({ amount })),
  percentage.map((value) => ({ percentage: value })),
);

export const registrationInput: fc.Arbitrary<RegistrationPricingInput> = fc
  .record({
    price: money,
    deposit: money,
    quantity: fc.integer({ min: 1, max: 5 }),
    selectable: fc.integer({ min: 1, max: 10 }),
    chosenRatio: fc.double({ min: 0, max: 1, noNaN: true }),
    partial: fc.option(fc.record({ fee_per_date: fc.option(money, { nil: undefined }) })),
    options: fc.array(choice, { maxLength: 3 }),
    bundle: fc.option(fc.record({ remaining: fc.option(fc.integer({ min: 0, max: 6 })) })),
    tiers: fc.array(
      fc.tuple(fc.integer({ min: 1, max: 10 }), choice).map(([min_registrations, price]) => ({
        min_registrations,
        ...price,
      })),
      { maxLength: 3 },
    ),
    registrations: fc.integer({ min: 0, max: 12 }),
    discount: money,
  })
  .map(({ selectable, chosenRatio, tiers, registrations, ...rest }) => ({
    ...rest,
    dates: { selectable, chosen: Math.max(1, Math.ceil(selectable * chosenRatio)) },
    volume: { tiers, registrations },
  }));
