import { collaborators, registrationNotes, type TenantTx } from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";

// Staff notes on a registration (decision 0088): oldest first, with their author while they exist.

export type RegistrationNoteRow = {
  note: typeof registrationNotes.$inferSelect;
  author: { cuid: string; email: string; firstname: string; lastname: string } | null;
};

function selectNotes(tx: TenantTx) {
  return tx
    .select({
      note: registrationNotes,
      author: {
        cuid: collaborators.cuid,
        email: collaborators.email,
        firstname: collaborators.firstname,
        lastname: collaborators.lastname,
      },
    })
    .from(registrationNotes)
    .leftJoin(collaborators, eq(collaborators.id, registrationNotes.collaboratorId));
}

export function listRegistrationNotes(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
): Promise<RegistrationNoteRow[]> {
  return selectNotes(tx)
    .where(
      and(
        eq(registrationNotes.organiserId, organiserId),
        eq(registrationNotes.registrationId, registrationId),
      ),
    )
    .orderBy(asc(registrationNotes.id));
}

export async function findRegistrationNote(
  tx: TenantTx,
  organiserId: number,
  registrationId: number,
  cuid: string,
): Promise<RegistrationNoteRow | null> {
  const [row] = await selectNotes(tx).where(
    and(
      eq(registrationNotes.organiserId, organiserId),
      eq(registrationNotes.registrationId, registrationId),
      eq(registrationNotes.cuid, cuid),
    ),
  );
  return row ?? null;
}

export async function insertRegistrationNote(
  tx: TenantTx,
  values: Pick<
    typeof registrationNotes.$inferInsert,
    "organiserId" | "registrationId" | "collaboratorId" | "body"
  >,
): Promise<string> {
  const [row] = await tx
    .insert(registrationNotes)
    .values(values)
    .returning({ cuid: registrationNotes.cuid });
  return row!.cuid;
}

export async function updateRegistrationNote(
  tx: TenantTx,
  organiserId: number,
  noteId: number,
  body: string,
): Promise<void> {
  await tx
    .update(registrationNotes)
    .set({ body })
    .where(and(eq(registrationNotes.organiserId, organiserId), eq(registrationNotes.id, noteId)));
}

export async function deleteRegistrationNote(
  tx: TenantTx,
  organiserId: number,
  noteId: number,
): Promise<void> {
  await tx
    .delete(registrationNotes)
    .where(and(eq(registrationNotes.organiserId, organiserId), eq(registrationNotes.id, noteId)));
}
