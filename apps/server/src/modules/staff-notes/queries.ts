import { collaboratorNotes, collaborators, registrationNotes, type TenantTx } from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";

// Staff notes on a registration or on a collaborator (decision 0088): one table each, the same
// columns but the record they are about; oldest first, with their author while they exist.

export const NOTE_TABLES = {
  registration: { table: registrationNotes, owner: registrationNotes.registrationId },
  collaborator: { table: collaboratorNotes, owner: collaboratorNotes.memberId },
} as const;
export type NoteKind = keyof typeof NOTE_TABLES;

export type StaffNoteRow = {
  note: { id: number; cuid: string; body: string; createdAt: Date; updatedAt: Date };
  author: { cuid: string; email: string; firstname: string; lastname: string } | null;
};

function selectNotes(tx: TenantTx, kind: NoteKind) {
  const { table } = NOTE_TABLES[kind];
  return tx
    .select({
      note: {
        id: table.id,
        cuid: table.cuid,
        body: table.body,
        createdAt: table.createdAt,
        updatedAt: table.updatedAt,
      },
      author: {
        cuid: collaborators.cuid,
        email: collaborators.email,
        firstname: collaborators.firstname,
        lastname: collaborators.lastname,
      },
    })
    .from(table)
    .leftJoin(collaborators, eq(collaborators.id, table.collaboratorId));
}

export function listNotes(
  tx: TenantTx,
  kind: NoteKind,
  organiserId: number,
  ownerId: number,
): Promise<StaffNoteRow[]> {
  const { table, owner } = NOTE_TABLES[kind];
  return selectNotes(tx, kind)
    .where(and(eq(table.organiserId, organiserId), eq(owner, ownerId)))
    .orderBy(asc(table.id));
}

export async function findNote(
  tx: TenantTx,
  kind: NoteKind,
  organiserId: number,
  ownerId: number,
  cuid: string,
): Promise<StaffNoteRow | null> {
  const { table, owner } = NOTE_TABLES[kind];
  const [row] = await selectNotes(tx, kind).where(
    and(eq(table.organiserId, organiserId), eq(owner, ownerId), eq(table.cuid, cuid)),
  );
  return row ?? null;
}

export async function insertNote(
  tx: TenantTx,
  kind: NoteKind,
  values: { organiserId: number; ownerId: number; collaboratorId: number; body: string },
): Promise<string> {
  const { organiserId, ownerId, collaboratorId, body } = values;
  const rows =
    kind === "registration"
      ? await tx
          .insert(registrationNotes)
          .values({ organiserId, registrationId: ownerId, collaboratorId, body })
          .returning({ cuid: registrationNotes.cuid })
      : await tx
          .insert(collaboratorNotes)
          .values({ organiserId, memberId: ownerId, collaboratorId, body })
          .returning({ cuid: collaboratorNotes.cuid });
  return rows[0]!.cuid;
}

export async function updateNote(
  tx: TenantTx,
  kind: NoteKind,
  organiserId: number,
  noteId: number,
  body: string,
): Promise<void> {
  const { table } = NOTE_TABLES[kind];
  await tx
    .update(table)
    .set({ body })
    .where(and(eq(table.organiserId, organiserId), eq(table.id, noteId)));
}

export async function deleteNote(
  tx: TenantTx,
  kind: NoteKind,
  organiserId: number,
  noteId: number,
): Promise<void> {
  const { table } = NOTE_TABLES[kind];
  await tx.delete(table).where(and(eq(table.organiserId, organiserId), eq(table.id, noteId)));
}
