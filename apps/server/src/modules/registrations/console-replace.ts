import type { AdminRegistrationDetail, AdminReplacementChoices } from "@booking/contracts";
import { fullName } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireEligibleAge } from "../carts/booking-checks.ts";
import { requireAvailabilityById } from "./console-availability.ts";
import { findConsoleRegistration, lockRegistration } from "./console-queries.ts";
import { registrationDetail } from "./console-service.ts";
import {
  findCustomerParticipant,
  holdsLivePlace,
  listOtherParticipants,
  setParticipant,
} from "./restore-queries.ts";

/** GET /api/admin/registrations/:cuid/replacements: who may take the place. */
export async function replacementChoices(
  context: ConsoleContext,
  cuid: string,
): Promise<AdminReplacementChoices> {
  const { db, organiser } = context;
  const row = await findConsoleRegistration(db, organiser.id, cuid);
  if (!row) throw new AppError("REGISTRATION_NOT_FOUND");
  const others = await listOtherParticipants(
    db,
    organiser.id,
    row.registration.customerId,
    row.registration.participantId,
  );
  return {
    data: others.map((participant) => ({
      cuid: participant.cuid,
      fullname: fullName(participant.firstname, participant.lastname),
      birthdate: participant.birthdate,
    })),
  };
}

/**
 * POST /api/admin/registrations/:cuid/replace {participant} (decision 0088): another participant
 * of the same customer takes the place, its dates, options, answers and amounts unchanged. The
 * storefront's age rule is checked for the newcomer on the availability's start (409
 * AGE_OUT_OF_RANGE / BIRTHDATE_REQUIRED), who must not already hold a place there (409
 * PARTICIPANT_ALREADY_REGISTERED). A cancelled registration is 409 REGISTRATION_CANCELLED.
 * Audited with both names.
 */
export async function replaceParticipant(
  context: ConsoleContext,
  cuid: string,
  participantCuid: string,
): Promise<AdminRegistrationDetail> {
  const { db, organiser } = context;
  const registration = await lockRegistration(db, organiser.id, cuid);
  if (!registration) throw new AppError("REGISTRATION_NOT_FOUND");
  if (registration.cancelled) throw new AppError("REGISTRATION_CANCELLED");
  const current = await findConsoleRegistration(db, organiser.id, cuid);
  if (!current) throw new AppError("REGISTRATION_NOT_FOUND");
  const newcomer = await findCustomerParticipant(
    db,
    organiser.id,
    registration.customerId,
    participantCuid,
  );
  if (!newcomer) throw new AppError("PARTICIPANT_NOT_FOUND");
  if (newcomer.id === registration.participantId) return registrationDetail(context, cuid);
  const availability = await requireAvailabilityById(context, registration.availabilityId);
  requireEligibleAge(availability, newcomer, organiser.timezone);
  const taken = await holdsLivePlace(db, organiser.id, {
    availabilityId: registration.availabilityId,
    participantId: newcomer.id,
    exceptRegistrationId: registration.id,
  });
  if (taken) throw new AppError("PARTICIPANT_ALREADY_REGISTERED");
  await setParticipant(db, organiser.id, registration.id, newcomer.id);
  await context.audit({
    action: "registration.participant_replaced",
    entity: "registration",
    entityId: registration.cuid,
    before: {
      participant: current.participant.cuid,
      name: fullName(current.participant.firstname, current.participant.lastname),
    },
    after: { participant: newcomer.cuid, name: fullName(newcomer.firstname, newcomer.lastname) },
  });
  return registrationDetail(context, cuid);
}
