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

export async function insertNote(tx: TenantTx, kind: NoteKind, values: NewNote): Promise<string> {
  const [cuid] = await insertNotes(tx, kind, [values]);
  return cuid!;
}

type NewNote = { organiserId: number; ownerId: number; collaboratorId: number; body: string };

/** Notes in multi-row statements (1,000 a statement); their cuids in order. */
export async function insertNotes(
  tx: TenantTx,
  kind: NoteKind,
  values: NewNote[],
): Promise<string[]> {
  const cuids: string[] = [];
  for (let start = 0; start < values.length; start += 1000) {
    const chunk = values.slice(start, start + 1000);
    const rows =
      kind === "registration"
        ? await tx
            .insert(registrationNotes)
            .values(
              chunk.map(({ ownerId, ...note }) => ({
                ...note,
                registrationId: ownerId,
                cuid: String(registrationNotes.cuid.defaultFn!()),
              })),
            )
            .returning({ cuid: registrationNotes.cuid })
        : await tx
            .insert(collaboratorNotes)
            .values(
              chunk.map(({ ownerId, ...note }) => ({
                ...note,
                memberId: ownerId,
                cuid: String(collaboratorNotes.cuid.defaultFn!()),
              })),
            )
            .returning({ cuid: collaboratorNotes.cuid });
    cuids.push(...rows.map((row) => row.cuid));
  }
  return cuids;
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
