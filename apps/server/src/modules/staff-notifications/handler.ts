import { type Database, type TenantTx, withTenant } from "@booking/db";
import {
  isStaffRecipient,
  mayChooseStaffOption,
  type StaffNotificationOption,
  staffOptionOf,
} from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { PublishedEvent } from "../../jobs/events-relay.ts";
import { queueMessage } from "../messages/queue.ts";
import { renderEmail } from "../notifications/render/index.ts";
import { buildTemplateData } from "../notifications/template-data.ts";
import { organiserBrand } from "../notifications/template-links.ts";
import { findOrganiserById, type Organiser } from "../organisers/queries.ts";
import { listNotifiableStaff, type NotifiableStaff } from "./assignments.ts";
import { findStaffSubject, type StaffSubject } from "./subjects.ts";
import { STAFF_TEMPLATES } from "./templates.ts";

/** What the handler needs of the events consumer's dependencies. */
export interface StaffHandlerDeps {
  /** the console's origin, for the link to the registration */
  urls: PublicUrls;
  /** hands a committed message row to the delivery queue */
  dispatchEmail(messageId: number): Promise<void>;
}

/** One staff e-mail per event and collaborator, whatever the number of deliveries of the event. */
export function staffIdempotencyKey(eventCuid: string, collaboratorId: number): string {
  return `staff:${eventCuid}:${collaboratorId}`;
}

function recipients(team: NotifiableStaff[], option: StaffNotificationOption): NotifiableStaff[] {
  return team.filter((member) =>
    isStaffRecipient(option, {
      isOwner: member.role.isOwner,
      assigned: member.assigned,
      mayRead: mayChooseStaffOption(member.role, option),
      active: member.collaborator.passwordHash !== null,
      options: member.options,
    }),
  );
}

async function queueFor(
  tx: TenantTx,
  organiser: Organiser,
  event: PublishedEvent,
  option: StaffNotificationOption,
  subject: StaffSubject,
  deps: StaffHandlerDeps,
): Promise<number[]> {
  const team = recipients(
    await listNotifiableStaff(tx, organiser.id, subject.availabilityIds),
    option,
  );
  if (team.length === 0) return [];
  const data = await buildTemplateData(tx, organiser, {
    urls: deps.urls,
    customerId: subject.customerId ?? undefined,
    cartCuid: subject.cartCuid ?? undefined,
    registrationCuids: subject.registrationCuids,
    availabilityCuids: subject.availabilityCuids,
  });
  const link = { url: `${deps.urls.console()}${subject.consolePath}`, kind: "console" };
  const ids: number[] = [];
  for (const member of team) {
    const staffData = { ...data, link, staff: { firstname: member.collaborator.firstname } };
    const email = await renderEmail({
      language: member.language,
      organiser: organiserBrand(organiser, deps.urls),
      template: STAFF_TEMPLATES[option][member.language],
      data: staffData,
    });
    const id = await queueMessage(tx, {
      organiserId: organiser.id,
      to: member.collaborator.email,
      ...email,
      source: "STAFF",
      collaboratorId: member.collaborator.id,
      idempotencyKey: staffIdempotencyKey(event.cuid, member.collaborator.id),
    });
    if (id !== null) ids.push(id);
  }
  return ids;
}

/**
 * The `events` handler that tells staff (decision 0055): for an event of a notification option,
 * each active collaborator who chose it and whom it concerns — assigned to its availability, or
 * an owner — gets one e-mail in their language, linking to the console. Idempotent by event cuid
 * and collaborator (the message's idempotency key): a replayed event queues nothing twice.
 */
export async function collaboratorsHandler(
  db: Database,
  event: PublishedEvent,
  deps: StaffHandlerDeps,
): Promise<void> {
  const option = staffOptionOf(event.type);
  if (!option) return;
  const organiser = await findOrganiserById(db, event.organiser_id);
  if (!organiser) return;
  const ids = await withTenant(db, organiser.id, async (tx) => {
    const subject = await findStaffSubject(tx, organiser.id, option, event.payload);
    return subject ? queueFor(tx, organiser, event, option, subject, deps) : [];
  });
  for (const id of ids) await deps.dispatchEmail(id);
}
