import type { CustomerNoteView } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { findConsoleRegistration } from "../registrations/console-queries.ts";
import {
  deleteRegistrationNote,
  findRegistrationNote,
  insertRegistrationNote,
  listRegistrationNotes,
  type RegistrationNoteRow,
  updateRegistrationNote,
} from "./queries.ts";

// Staff notes on a registration (decision 0088), shaped as the customers' notes are. Audited.

function noteView({ note, author }: RegistrationNoteRow): CustomerNoteView {
  return {
    cuid: note.cuid,
    body: note.body,
    author,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  };
}

async function requireRegistration(context: ConsoleContext, cuid: string) {
  const row = await findConsoleRegistration(context.db, context.organiser.id, cuid);
  if (!row) throw new AppError("REGISTRATION_NOT_FOUND");
  return row.registration;
}

async function requireNote(context: ConsoleContext, cuid: string, noteCuid: string) {
  const registration = await requireRegistration(context, cuid);
  const found = await findRegistrationNote(
    context.db,
    context.organiser.id,
    registration.id,
    noteCuid,
  );
  if (!found) throw new AppError("NOTE_NOT_FOUND");
  return { registration, found };
}

export const registrationNotesConsole = {
  async list(context: ConsoleContext, cuid: string): Promise<{ data: CustomerNoteView[] }> {
    const registration = await requireRegistration(context, cuid);
    const rows = await listRegistrationNotes(context.db, context.organiser.id, registration.id);
    return { data: rows.map(noteView) };
  },

  async add(context: ConsoleContext, cuid: string, body: string): Promise<CustomerNoteView> {
    const registration = await requireRegistration(context, cuid);
    const { db, organiser } = context;
    const noteCuid = await insertRegistrationNote(db, {
      organiserId: organiser.id,
      registrationId: registration.id,
      collaboratorId: context.actor.collaboratorId,
      body,
    });
    await context.audit({
      action: "registration_note.created",
      entity: "registration_note",
      entityId: noteCuid,
      after: { registration: registration.cuid, body },
    });
    return noteView((await findRegistrationNote(db, organiser.id, registration.id, noteCuid))!);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    noteCuid: string,
    body: string,
  ): Promise<CustomerNoteView> {
    const { registration, found } = await requireNote(context, cuid, noteCuid);
    const { db, organiser } = context;
    await updateRegistrationNote(db, organiser.id, found.note.id, body);
    await context.audit({
      action: "registration_note.updated",
      entity: "registration_note",
      entityId: noteCuid,
      before: { registration: registration.cuid, body: found.note.body },
      after: { registration: registration.cuid, body },
    });
    return noteView((await findRegistrationNote(db, organiser.id, registration.id, noteCuid))!);
  },

  async remove(context: ConsoleContext, cuid: string, noteCuid: string): Promise<{ ok: true }> {
    const { registration, found } = await requireNote(context, cuid, noteCuid);
    await deleteRegistrationNote(context.db, context.organiser.id, found.note.id);
    await context.audit({
      action: "registration_note.deleted",
      entity: "registration_note",
      entityId: noteCuid,
      before: { registration: registration.cuid, body: found.note.body },
    });
    return { ok: true };
  },
};
