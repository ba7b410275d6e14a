import type { CustomerNoteView } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  deleteNote,
  findNote,
  insertNote,
  listNotes,
  type NoteKind,
  type StaffNoteRow,
  updateNote,
} from "./queries.ts";

// Staff notes on a record (decision 0088), shaped as the customers' notes are. Audited as
// `{kind}_note.created|updated|deleted`.

function noteView({ note, author }: StaffNoteRow): CustomerNoteView {
  return {
    cuid: note.cuid,
    body: note.body,
    author,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  };
}

/** The record the notes are about: its id for the table, its cuid for the audit log. */
export type NoteOwner = { id: number; cuid: string };

/** The notes service of one kind of record; `requireOwner` answers its 404. */
export function staffNotes(
  kind: NoteKind,
  requireOwner: (context: ConsoleContext, cuid: string) => Promise<NoteOwner>,
) {
  const action = (verb: string) => `${kind}_note.${verb}`;
  async function requireNote(context: ConsoleContext, cuid: string, noteCuid: string) {
    const owner = await requireOwner(context, cuid);
    const found = await findNote(context.db, kind, context.organiser.id, owner.id, noteCuid);
    if (!found) throw new AppError("NOTE_NOT_FOUND");
    return { owner, found };
  }
  return {
    async list(context: ConsoleContext, cuid: string): Promise<{ data: CustomerNoteView[] }> {
      const owner = await requireOwner(context, cuid);
      const rows = await listNotes(context.db, kind, context.organiser.id, owner.id);
      return { data: rows.map(noteView) };
    },

    async add(context: ConsoleContext, cuid: string, body: string): Promise<CustomerNoteView> {
      const owner = await requireOwner(context, cuid);
      const { db, organiser } = context;
      const noteCuid = await insertNote(db, kind, {
        organiserId: organiser.id,
        ownerId: owner.id,
        collaboratorId: context.actor.collaboratorId,
        body,
      });
      await context.audit({
        action: action("created"),
        entity: `${kind}_note`,
        entityId: noteCuid,
        after: { [kind]: owner.cuid, body },
      });
      return noteView((await findNote(db, kind, organiser.id, owner.id, noteCuid))!);
    },

    async update(
      context: ConsoleContext,
      cuid: string,
      noteCuid: string,
      body: string,
    ): Promise<CustomerNoteView> {
      const { owner, found } = await requireNote(context, cuid, noteCuid);
      const { db, organiser } = context;
      await updateNote(db, kind, organiser.id, found.note.id, body);
      await context.audit({
        action: action("updated"),
        entity: `${kind}_note`,
        entityId: noteCuid,
        before: { [kind]: owner.cuid, body: found.note.body },
        after: { [kind]: owner.cuid, body },
      });
      return noteView((await findNote(db, kind, organiser.id, owner.id, noteCuid))!);
    },

    async remove(context: ConsoleContext, cuid: string, noteCuid: string): Promise<{ ok: true }> {
      const { owner, found } = await requireNote(context, cuid, noteCuid);
      await deleteNote(context.db, kind, context.organiser.id, found.note.id);
      await context.audit({
        action: action("deleted"),
        entity: `${kind}_note`,
        entityId: noteCuid,
        before: { [kind]: owner.cuid, body: found.note.body },
      });
      return { ok: true };
    },
  };
}
