import type { AdminRegistrationDetail, CustomerNoteView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import { Notes, type NotesTarget } from "../customers/notes-panel";
import { DetailCard } from "./detail-card";

/** Staff notes on a registration (decision 0088), with the customers' notes' panel. */
export function RegistrationNotesCard({
  registration,
  notes,
}: {
  registration: AdminRegistrationDetail;
  notes: readonly CustomerNoteView[];
}) {
  const { t } = useTranslation();
  const cuid = registration.cuid;
  const target: NotesTarget = {
    area: "registrations",
    add: (body) => registrationsApi.addNote(cuid, body),
    update: (note, body) => registrationsApi.updateNote(cuid, note, body),
    remove: (note) => registrationsApi.deleteNote(cuid, note),
    deleteBody: t("admin.registrations.notes.delete_body"),
  };
  return (
    <DetailCard title={t("admin.registrations.notes.title")}>
      <Notes target={target} notes={notes} />
    </DetailCard>
  );
}
