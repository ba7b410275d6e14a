import { localDay, type RegistrationImportPlan } from "@booking/domain";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { receiveTransfers } from "../bank/transfers.ts";
import type { ConsoleAvailability } from "../registrations/console-availability.ts";
import { requireAvailabilityById } from "../registrations/console-availability.ts";
import { givePlaces, type PlaceParties } from "../registrations/console-places.ts";
import { insertNotes } from "../staff-notes/queries.ts";
import { lockCartDestinations } from "../transactions/destinations.ts";
import { setRegistrationExternalIds } from "./registration-queries.ts";

/**
 * Registers a plan's new places, in file order, as register-by-hand registers one (`givePlaces`:
 * capacity counted under the dates' locks, the age limits set aside, prices, events), all at once
 * in the commit's transaction: a place that no longer fits fails the whole commit, naming its
 * line. The file's amount replaces the price as staff's override does; its amount paid is
 * recorded as the console's manual payment (transfers received, the method as their note); its
 * note becomes a staff note of the registration. The statements grow only with the file's
 * slices of 1,000 rows, not with its rows (decision 0102).
 */
export async function registerPlanned(
  context: ConsoleContext,
  plan: RegistrationImportPlan,
  options: {
    confirm: boolean;
    /** the customer and participant of a line, once the customers' plan is written */
    peopleOf(line: number): { customerId: number; participant: PlaceParties["participant"] };
  },
): Promise<void> {
  const toCreate = plan.registrations.filter((planned) => planned.action === "create");
  const availabilities = new Map<number, ConsoleAvailability>();
  for (const { resolved } of toCreate) {
    const id = resolved.availability!.id;
    if (!availabilities.has(id)) availabilities.set(id, await requireAvailabilityById(context, id));
  }
  const now = nowOf(context);
  // By slices of the file: what a slice holds in memory is bounded whatever the file's size; each
  // slice counts its places after the previous ones' (same transaction, same date locks).
  for (let start = 0; start < toCreate.length; start += SLICE) {
    const slice = toCreate.slice(start, start + SLICE);
    await registerSlice(context, slice, { ...options, availabilities, now });
  }
}

/** Rows registered at once: a slice's statements and memory do not grow beyond it. */
const SLICE = 1000;

async function registerSlice(
  context: ConsoleContext,
  toCreate: RegistrationImportPlan["registrations"],
  options: Parameters<typeof registerPlanned>[2] & {
    availabilities: Map<number, ConsoleAvailability>;
    now: Date;
  },
): Promise<void> {
  const { db, organiser, actor } = context;
  const { now } = options;
  const rows = toCreate.map((planned) => planned.resolved.row);
  const given = await givePlaces(
    context,
    toCreate.map((planned) => {
      const { row, availability } = planned.resolved;
      const people = options.peopleOf(row.line);
      return {
        customer: { id: people.customerId },
        participant: people.participant,
        availability: options.availabilities.get(availability!.id)!,
        line: row.line,
        choices: {
          availability_dates: planned.dateIds.map((date_id) => ({ date_id })),
          options: planned.options,
          questions: planned.questions,
          price_override: row.amount,
          // Families come with their places from another tool: the age limits are set aside as
          // staff may (decision 0091).
          age_override: true,
        },
      };
    }),
    { confirm: options.confirm, now, useWallet: false },
  );
  await setRegistrationExternalIds(
    db,
    organiser.id,
    new Map(
      given.flatMap((registration, index) => {
        const { externalId } = rows[index]!;
        return externalId === null ? [] : [[registration.id, externalId] as const];
      }),
    ),
  );
  const paid = given.flatMap((registration, index) => {
    const row = rows[index]!;
    return row.paid !== null && row.paid > 0 ? [{ cartId: registration.cartId, row }] : [];
  });
  if (paid.length > 0) {
    const carts = await lockCartDestinations(
      context,
      paid.map((entry) => entry.cartId),
      null,
    );
    const cartOf = new Map(carts.map((cart) => [cart.id, cart] as const));
    await receiveTransfers(
      context,
      paid.map(({ cartId, row }) => ({
        target: cartOf.get(cartId)!,
        input: {
          amount: row.paid!,
          receivedOn: localDay(now, organiser.timezone),
          note: row.method,
          statementLineId: null,
        },
      })),
    );
  }
  await insertNotes(
    db,
    "registration",
    given.flatMap((registration, index) => {
      const { note } = rows[index]!;
      return note === null
        ? []
        : [
            {
              organiserId: organiser.id,
              ownerId: registration.id,
              collaboratorId: actor.collaboratorId,
              body: note,
            },
          ];
    }),
  );
}
