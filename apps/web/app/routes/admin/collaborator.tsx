import type { CollaboratorRecordView, CollaboratorView } from "@booking/contracts";
import { CollaboratorCustomDataForm } from "../../components/admin/collaborators/custom-data-form";
import { Notes, type NotesTarget } from "../../components/admin/customers/notes-panel";
import { FormPanel } from "../../components/admin/form-panel";
import { PageHeader } from "../../components/admin/page-header";
import { RecordTags } from "../../components/admin/tags/record-tags";
import { useTranslation } from "../../i18n/react";
import { collaboratorRecordsApi } from "../../lib/admin/collaborator-records-api";
import { useConsole } from "../../lib/admin/console";
import { adminGet, requirePermission } from "../../lib/admin/loaders";
import { fullName } from "../../lib/admin/people";
import { loadRecordTags } from "../../lib/admin/tag-loaders";
import { notFound } from "../../lib/server-context";
import type { Route } from "./+types/collaborator";

/** /admin/collaborators/:cuid: a collaborator's tags, custom fields and staff notes (0088). */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "collaborators.collaborators.read");
  const cuid = args.params.cuid;
  const [team, record, tags] = await Promise.all([
    adminGet<{ data: CollaboratorView[] }>(args, "/api/admin/collaborators"),
    adminGet<CollaboratorRecordView>(
      args,
      `/api/admin/collaborators/${encodeURIComponent(cuid)}/record`,
    ),
    loadRecordTags(args, "collaborators", cuid),
  ]);
  const collaborator = team.data.find((member) => member.cuid === cuid);
  if (!collaborator) notFound();
  return { collaborator, record, tags };
}

export default function CollaboratorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { collaborator, record, tags } = loaderData;
  const target: NotesTarget = {
    area: "collaborators",
    add: (body) => collaboratorRecordsApi.addNote(collaborator.cuid, body),
    update: (note, body) => collaboratorRecordsApi.updateNote(collaborator.cuid, note, body),
    remove: (note) => collaboratorRecordsApi.deleteNote(collaborator.cuid, note),
    deleteBody: t("admin.collaborators.record.delete_note_body"),
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={fullName(collaborator)}
        description={`${collaborator.email} · ${collaborator.role.name}`}
        back={{ to: "/admin/collaborators", label: t("admin.collaborators.title") }}
      />
      {tags ? <RecordTags record={collaborator.cuid} data={tags} /> : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <FormPanel
          title={t("admin.collaborators.record.fields")}
          description={
            record.custom_fields.length === 0
              ? t("admin.collaborators.record.no_fields")
              : undefined
          }
          testId="collaborator-custom-data"
        >
          {record.custom_fields.length > 0 ? (
            <CollaboratorCustomDataForm
              collaborator={collaborator.cuid}
              fields={record.custom_fields}
              values={record.custom_data}
              readOnly={!can("collaborators.collaborators.update")}
            />
          ) : null}
        </FormPanel>
        {record.notes ? (
          <FormPanel title={t("admin.collaborators.record.notes")} testId="collaborator-notes">
            <Notes target={target} notes={record.notes} />
          </FormPanel>
        ) : null}
      </div>
    </div>
  );
}
