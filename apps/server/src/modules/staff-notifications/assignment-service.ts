import type { AvailabilityStaffView, availabilityStaffBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { requireAvailability } from "../availabilities/availability-records.ts";
import { findAvailability } from "../availabilities/console-queries.ts";
import { type Collaborator, listTeam } from "../collaborators/queries.ts";
import { collaboratorView } from "../collaborators/views.ts";
import { listAvailabilityStaff, replaceAvailabilityStaff } from "./assignments.ts";

function memberView(collaborator: Collaborator) {
  return { ...collaboratorView(collaborator), active: collaborator.passwordHash !== null };
}

async function staffView(
  context: ConsoleContext,
  availabilityId: number,
): Promise<AvailabilityStaffView> {
  const staff = await listAvailabilityStaff(context.db, context.organiser.id, availabilityId);
  const team = await listTeam(context.db, context.organiser.id);
  return {
    staff: staff.map((row) => ({
      collaborator: memberView(row.collaborator),
      role: row.role,
      minutes_per_session: row.minutesPerSession,
    })),
    team: team.map((member) => memberView(member.collaborator)),
  };
}

/** For the audit log: who, by cuid, with their role. */
function snapshot(view: AvailabilityStaffView) {
  return {
    staff: view.staff.map((row) => ({
      collaborator: row.collaborator.cuid,
      role: row.role,
      minutes_per_session: row.minutes_per_session,
    })),
  };
}

/** The staff assigned to an availability, each with their role there. */
export const availabilityStaffConsole = {
  async view(context: ConsoleContext, cuid: string): Promise<AvailabilityStaffView> {
    const availability = await findAvailability(context.db, context.organiser.id, cuid);
    if (!availability) throw new AppError("AVAILABILITY_NOT_FOUND");
    return staffView(context, availability.id);
  },

  /**
   * Replaces the list. Each collaborator must be of the organiser's team and named once
   * (`staff.{index}.collaborator`: INVALID_CHOICE or DUPLICATE); nothing changes otherwise.
   */
  async update(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof availabilityStaffBody>,
  ): Promise<AvailabilityStaffView> {
    const availability = await requireAvailability(context, cuid);
    const team = new Map(
      (await listTeam(context.db, context.organiser.id)).map((member) => [
        member.collaborator.cuid,
        member.membership.id,
      ]),
    );
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    input.staff.forEach((row, index) => {
      if (!team.has(row.collaborator)) errors[`staff.${index}.collaborator`] = "INVALID_CHOICE";
      else if (seen.has(row.collaborator)) errors[`staff.${index}.collaborator`] = "DUPLICATE";
      seen.add(row.collaborator);
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const before = await staffView(context, availability.id);
    await replaceAvailabilityStaff(
      context.db,
      context.organiser.id,
      availability.id,
      input.staff.map((row) => ({
        organiserCollaboratorId: team.get(row.collaborator)!,
        role: row.role,
        minutesPerSession: row.minutes_per_session,
      })),
    );
    const after = await staffView(context, availability.id);
    await context.audit({
      action: "availability.staff_updated",
      entity: "availability",
      entityId: availability.cuid,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  },
};
