import type { CollaboratorRecordView, CustomDataEntry } from "@booking/contracts";
import { collaborators, organiserCollaborators, type TenantTx } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { grants } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { customFieldView } from "../../http/ssr-context.ts";
import { checkedCustomData } from "../accounts/custom-data.ts";
import { activeCustomFields } from "../accounts/queries.ts";
import { staffNotes } from "../staff-notes/service.ts";

// A collaborator's record at the organiser (decision 0088): the staff's custom fields (entity
// COLLABORATORS, the customers' mechanism) and staff notes, on their membership.

async function findMember(tx: TenantTx, organiserId: number, collaboratorCuid: string) {
  const [row] = await tx
    .select({ id: organiserCollaborators.id, customData: organiserCollaborators.customData })
    .from(organiserCollaborators)
    .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
    .where(
      and(
        eq(organiserCollaborators.organiserId, organiserId),
        eq(collaborators.cuid, collaboratorCuid),
      ),
    );
  return row ?? null;
}

async function requireMember(context: ConsoleContext, cuid: string) {
  const member = await findMember(context.db, context.organiser.id, cuid);
  if (!member) throw new AppError("COLLABORATOR_NOT_FOUND");
  return member;
}

export const collaboratorNotesConsole = staffNotes("collaborator", async (context, cuid) => ({
  id: (await requireMember(context, cuid)).id,
  cuid,
}));

export const collaboratorRecords = {
  async record(context: ConsoleContext, cuid: string): Promise<CollaboratorRecordView> {
    const member = await requireMember(context, cuid);
    const fields = await activeCustomFields(context.db, context.organiser.id, "COLLABORATORS");
    return {
      custom_fields: fields.map(customFieldView),
      custom_data: member.customData,
      notes: grants(context.actor.role, "collaborators.notes.read")
        ? (await collaboratorNotesConsole.list(context, cuid)).data
        : null,
    };
  },

  /** PUT …/custom-data: the values checked as a customer's are (400 per field). Audited. */
  async saveCustomData(
    context: ConsoleContext,
    cuid: string,
    entries: CustomDataEntry[],
  ): Promise<CollaboratorRecordView> {
    const member = await requireMember(context, cuid);
    const checked = await checkedCustomData(
      context.db,
      context.organiser.id,
      "COLLABORATORS",
      entries,
    );
    await context.db
      .update(organiserCollaborators)
      .set({ customData: checked })
      .where(
        and(
          eq(organiserCollaborators.organiserId, context.organiser.id),
          eq(organiserCollaborators.id, member.id),
        ),
      );
    await context.audit({
      action: "collaborator.custom_data_updated",
      entity: "collaborator",
      entityId: cuid,
      before: { custom_data: member.customData },
      after: { custom_data: checked },
    });
    return this.record(context, cuid);
  },
};
