import { localDay, type PlannedRegistration, type RegistrationImportPlan } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { lockTarget, receiveTransfer } from "../bank/transfers.ts";
import { reserveReferenceNumbers } from "../checkout/queries.ts";
import type { ConsoleAvailability } from "../registrations/console-availability.ts";
import { requireAvailabilityById } from "../registrations/console-availability.ts";
import { givePlace, type PlaceParties } from "../registrations/console-service.ts";
import { insertNote } from "../staff-notes/queries.ts";
import { setRegistrationExternalId } from "./registration-queries.ts";

/**
 * Registers a plan's new places one by one, in file order, through register-by-hand's service
 * (`givePlace`: capacity under the dates' locks, the constraints staff set aside, prices, events)
 * in the commit's transaction: a place that no longer fits fails the whole commit, naming its
 * line. The file's amount replaces the price as staff's override does; its amount paid is
 * recorded as the console's manual payment (a transfer received, the method as its note); its
 * note becomes a staff note of the registration.
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
  const { db, organiser, actor } = context;
  const now = nowOf(context);
  const availabilities = new Map<number, ConsoleAvailability>();
  const toCreate = plan.registrations.filter((planned) => planned.action === "create");
  if (toCreate.length === 0) return;
  // One counter update for the file's carts: updating the row once per cart in one long
  // transaction would slow each next update (decision 0091).
  let referenceNumber = await reserveReferenceNumbers(db, organiser.id, toCreate.length);
  for (const planned of toCreate) {
    const { row, availability } = planned.resolved;
    let console = availabilities.get(availability!.id);
    if (!console) {
      console = await requireAvailabilityById(context, availability!.id);
      availabilities.set(console.id, console);
    }
    const people = options.peopleOf(row.line);
    const registration = await registerRow(
      context,
      planned,
      { ...people, availability: console },
      { confirm: options.confirm, now, referenceNumber: referenceNumber++ },
    );
    if (row.externalId !== null) {
      await setRegistrationExternalId(db, organiser.id, registration.id, row.externalId);
    }
    if (row.paid !== null && row.paid > 0) {
      const cart = await lockTarget(context, { type: "CART", id: registration.cartId });
      await receiveTransfer(context, cart, {
        amount: row.paid,
        receivedOn: localDay(now, organiser.timezone),
        note: row.method,
        statementLineId: null,
      });
    }
    if (row.note !== null) {
      await insertNote(db, "registration", {
        organiserId: organiser.id,
        ownerId: registration.id,
        collaboratorId: actor.collaboratorId,
        body: row.note,
      });
    }
  }
}

/** One place given as register-by-hand gives it; its errors name the file's line. */
async function registerRow(
  context: ConsoleContext,
  planned: PlannedRegistration,
  place: {
    customerId: number;
    participant: PlaceParties["participant"];
    availability: ConsoleAvailability;
  },
  options: { confirm: boolean; now: Date; referenceNumber: number },
) {
  const { row } = planned.resolved;
  const parties: PlaceParties = {
    customer: { id: place.customerId },
    participant: place.participant,
    availability: place.availability,
  };
  try {
    return await givePlace(
      context,
      parties,
      {
        availability_dates: planned.dateIds.map((date_id) => ({ date_id })),
        options: planned.options,
        questions: planned.questions,
        price_override: row.amount,
        // Families come with their places from another tool: the age limits are set aside as
        // staff may (decision 0091).
        age_override: true,
        use_wallet: false,
      },
      options,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.code, error.fields, { ...error.details, line: row.line });
  }
}
