import { type CustomerNoteView, customerNoteBody } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customersApi } from "../../../lib/admin/customers-api";
import { useAdminForm } from "../../../lib/admin/form";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { fullName } from "../../../lib/admin/people";
import { FileIcon, PencilIcon, TrashIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { FieldShell, inputClasses } from "../../ui/field";
import { ConfirmDialog } from "../dialog";
import { EmptyState } from "../empty-state";

/** Where notes are kept (a customer, a registration) and who may change them there. */
export interface NotesTarget {
  /** the area whose `notes` permissions apply */
  area: "customers" | "registrations" | "collaborators";
  add(body: string): Promise<unknown>;
  update(note: string, body: string): Promise<unknown>;
  remove(note: string): Promise<unknown>;
  /** the deletion's explanation, naming the record the note leaves */
  deleteBody: string;
}

/** Staff notes on a customer, newest first: add, edit and delete as the role allows. */
export function NotesPanel({
  customer,
  notes,
}: {
  customer: string;
  notes: readonly CustomerNoteView[];
}) {
  const { t } = useTranslation();
  const target: NotesTarget = {
    area: "customers",
    add: (body) => customersApi.addNote(customer, body),
    update: (note, body) => customersApi.updateNote(customer, note, body),
    remove: (note) => customersApi.deleteNote(customer, note),
    deleteBody: t("admin.customers.notes.delete_body"),
  };
  return <Notes target={target} notes={notes} />;
}

/** Staff notes on a record, in the order given: add, edit and delete as the role allows. */
export function Notes({
  target,
  notes,
}: {
  target: NotesTarget;
  notes: readonly CustomerNoteView[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  return (
    <div className="flex flex-col gap-4">
      {can(`${target.area}.notes.create`) ? (
        <NoteForm
          label={t("admin.customers.notes.new")}
          submitLabel={t("admin.customers.notes.add")}
          send={target.add}
          success={t("admin.customers.notes.added")}
        />
      ) : null}
      {notes.length === 0 ? (
        <EmptyState icon={FileIcon} title={t("admin.customers.notes.empty")} />
      ) : (
        <ol className="flex flex-col gap-3" data-testid="customer-notes">
          {notes.map((note) => (
            <NoteItem key={note.cuid} target={target} note={note} />
          ))}
        </ol>
      )}
    </div>
  );
}

function NoteForm({
  label,
  submitLabel,
  initial = "",
  send,
  success,
  onDone,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  send: (body: string) => Promise<unknown>;
  success: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: customerNoteBody,
    defaultValues: { body: initial },
    send: (values) => send(values.body),
    success,
    onSuccess: () => {
      form.reset({ body: initial ? form.getValues("body") : "" });
      onDone?.();
    },
  });
  const body = field("body");
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <FieldShell id={id} label={label} error={body.error}>
        <textarea
          id={id}
          rows={3}
          className={inputClasses(Boolean(body.error))}
          data-testid="note-body"
          {...form.register("body")}
        />
      </FieldShell>
      <div className="flex justify-end gap-2">
        {onDone ? (
          <Button variant="secondary" size="sm" onClick={onDone}>
            {t("admin.common.cancel")}
          </Button>
        ) : null}
        <SubmitButton pending={pending} size="sm" data-testid="note-submit">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}

function NoteItem({ target, note }: { target: NotesTarget; note: CustomerNoteView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const [editing, setEditing] = useState(false);
  const removal = useAdminMutation(() => target.remove(note.cuid), {
    success: t("admin.customers.notes.deleted"),
  });
  const edited = note.updated_at !== note.created_at;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="customer-note">
      {editing ? (
        <NoteForm
          label={t("admin.customers.notes.edit")}
          submitLabel={t("admin.customers.notes.save")}
          initial={note.body}
          send={(body) => target.update(note.cuid, body)}
          success={t("admin.customers.notes.saved")}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <p className="text-sm whitespace-pre-line text-slate-900">{note.body}</p>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-600">
              {note.author ? fullName(note.author) : t("admin.customers.notes.former_author")}
              {" · "}
              <time dateTime={note.created_at}>{format.dateTime(note.created_at)}</time>
              {edited ? ` · ${t("admin.customers.notes.edited")}` : null}
            </p>
            <div className="flex gap-1">
              {can(`${target.area}.notes.update`) ? (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                  <PencilIcon className="size-4" />
                  {t("admin.customers.notes.edit")}
                </Button>
              ) : null}
              {can(`${target.area}.notes.delete`) ? (
                <ConfirmDialog
                  title={t("admin.customers.notes.delete_title")}
                  description={target.deleteBody}
                  confirmLabel={t("admin.customers.notes.delete")}
                  onConfirm={async () => (await removal.mutate()).ok}
                  trigger={
                    <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                      <TrashIcon className="size-4" />
                      {t("admin.customers.notes.delete")}
                    </Button>
                  }
                />
              ) : null}
            </div>
          </div>
        </>
      )}
    </li>
  );
}
