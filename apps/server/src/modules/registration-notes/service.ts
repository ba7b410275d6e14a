import { AppError } from "../../http/app-error.ts";
import { findConsoleRegistration } from "../registrations/console-queries.ts";
import { staffNotes } from "../staff-notes/service.ts";

/** Staff notes on a registration (decision 0088). */
export const registrationNotesConsole = staffNotes("registration", async (context, cuid) => {
  const row = await findConsoleRegistration(context.db, context.organiser.id, cuid);
  if (!row) throw new AppError("REGISTRATION_NOT_FOUND");
  return { id: row.registration.id, cuid: row.registration.cuid };
});
