import type {
  StaffNotificationPreferencesView,
  staffNotificationPreferencesBody,
} from "@booking/contracts";
import { collaborators, organiserCollaborators } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import {
  mayChooseStaffOption,
  STAFF_NOTIFICATION_OPTIONS,
  type StaffNotificationOption,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { Role } from "../collaborators/queries.ts";

function availableTo(role: Role): StaffNotificationOption[] {
  return STAFF_NOTIFICATION_OPTIONS.filter((option) => mayChooseStaffOption(role, option));
}

async function membership(context: ConsoleContext) {
  const [row] = await context.db
    .select({ options: organiserCollaborators.notificationOptions })
    .from(organiserCollaborators)
    .where(
      and(
        eq(organiserCollaborators.organiserId, context.organiser.id),
        eq(organiserCollaborators.collaboratorId, context.actor.collaboratorId),
      ),
    )
    .for("no key update");
  if (!row) throw new AppError("FORBIDDEN");
  return row;
}

async function language(context: ConsoleContext) {
  const [row] = await context.db
    .select({ language: collaborators.language })
    .from(collaborators)
    .where(eq(collaborators.id, context.actor.collaboratorId));
  return row?.language ?? null;
}

/** The logged-in collaborator's own language and what they are told of at this organiser. */
export const staffPreferencesConsole = {
  async view(context: ConsoleContext): Promise<StaffNotificationPreferencesView> {
    const available = availableTo(context.actor.role);
    const { options } = await membership(context);
    return {
      language: await language(context),
      options: available.filter((option) => options.includes(option)),
      available,
    };
  },

  /** Options not offered to the collaborator's role are refused (`options`: INVALID_CHOICE). */
  async update(
    context: ConsoleContext,
    input: z.output<typeof staffNotificationPreferencesBody>,
  ): Promise<StaffNotificationPreferencesView> {
    const available: string[] = availableTo(context.actor.role);
    if (input.options.some((option) => !available.includes(option))) {
      throw validationError({ options: "INVALID_CHOICE" });
    }
    const before = await this.view(context);
    const options = available.filter((option) => input.options.includes(option));
    await context.db
      .update(organiserCollaborators)
      .set({ notificationOptions: options, updatedAt: new Date() })
      .where(
        and(
          eq(organiserCollaborators.organiserId, context.organiser.id),
          eq(organiserCollaborators.collaboratorId, context.actor.collaboratorId),
        ),
      );
    await context.db
      .update(collaborators)
      .set({ language: input.language, updatedAt: new Date() })
      .where(eq(collaborators.id, context.actor.collaboratorId));
    const after = await this.view(context);
    await context.audit({
      action: "collaborator.notifications_updated",
      entity: "collaborator",
      entityId: context.session.collaborator.cuid,
      before: { language: before.language, options: before.options },
      after: { language: after.language, options: after.options },
    });
    return after;
  },
};
