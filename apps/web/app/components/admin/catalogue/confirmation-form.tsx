import type {
  AdminActivityConfirmationView,
  NotificationTemplatePreviewBody,
  NotificationTemplateVariable,
} from "@booking/contracts";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { activityRulesApi } from "../../../lib/admin/activity-rules-api";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { useLanguage } from "../../../lib/root-data";
import { FileIcon } from "../../icons";
import { Button } from "../../ui/button";
import { kilobytes } from "../carts/cart-proofs";
import { TemplateContentField } from "../notifications/template-content-field";
import { TemplatePreview } from "../notifications/template-preview";

/**
 * An activity's confirmation (activities.confirmations.*, decision 0101): the organiser's
 * message — Liquid in the rich editor, as the notification templates, with their variables and
 * a live preview in the e-mail's frame —, the document models and PDFs that go with it, and
 * whether the dates' calendar file goes. It rides on the family's confirmation e-mail.
 */
export function ConfirmationForm({
  activityCuid,
  activityTitle,
  confirmation,
  variables,
}: {
  activityCuid: string;
  activityTitle: string;
  confirmation: AdminActivityConfirmationView;
  variables: NotificationTemplateVariable[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const language = useLanguage();
  const editable = can("activities.confirmations.update");
  const [message, setMessage] = useState(confirmation.message);
  const [calendar, setCalendar] = useState(confirmation.calendar_file);
  const [models, setModels] = useState(confirmation.document_models);
  const save = useAdminMutation(
    () =>
      activityRulesApi.saveConfirmation(activityCuid, {
        message,
        calendar_file: calendar,
        document_models: models,
      }),
    { success: t("admin.activity_rules.confirmation.saved") },
  );
  const preview = useCallback(
    async (source: NotificationTemplatePreviewBody) => {
      const result = await activityRulesApi.previewConfirmation(activityCuid, source.content);
      return {
        subject: activityTitle,
        ...result,
        language: language === "en" ? "en" : "fr",
      } as const;
    },
    [activityCuid, activityTitle, language],
  );
  const toggleModel = (cuid: string, on: boolean) =>
    setModels((current) => (on ? [...current, cuid] : current.filter((one) => one !== cuid)));

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        data-testid="confirmation-form"
      >
        <div>
          <h2 className="text-lg font-semibold text-slate-950">
            {t("admin.activity_rules.confirmation.heading")}
          </h2>
          <p className="text-sm text-slate-700">{t("admin.activity_rules.confirmation.intro")}</p>
        </div>
        <fieldset disabled={!editable} className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-1">
            <TemplateContentField
              type="EMAIL"
              value={message}
              onChange={setMessage}
              variables={variables}
              readOnly={!editable}
            />
            <p className="text-sm text-slate-600">
              {t("admin.activity_rules.confirmation.message_hint")}
            </p>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold text-slate-900">
              {t("admin.activity_rules.confirmation.documents")}
            </legend>
            <p className="text-sm text-slate-600">
              {t("admin.activity_rules.confirmation.documents_hint")}
            </p>
            {confirmation.available_document_models.length === 0 ? (
              <p className="text-sm text-slate-600">
                {t("admin.activity_rules.confirmation.no_documents")}
              </p>
            ) : (
              confirmation.available_document_models.map((model) => (
                <label key={model.cuid} className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={models.includes(model.cuid)}
                    onChange={(event) => toggleModel(model.cuid, event.target.checked)}
                    data-testid={`confirmation-document-${model.cuid}`}
                  />
                  {model.title}
                </label>
              ))
            )}
          </fieldset>
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              className="size-4"
              checked={calendar}
              onChange={(event) => setCalendar(event.target.checked)}
              data-testid="confirmation-calendar"
            />
            {t("admin.activity_rules.confirmation.calendar")}
          </label>
        </fieldset>
        {editable ? (
          <div>
            <Button type="submit" disabled={save.pending} data-testid="confirmation-save">
              {t("admin.activity_rules.confirmation.save")}
            </Button>
          </div>
        ) : null}
        <ConfirmationFiles
          activityCuid={activityCuid}
          files={confirmation.files}
          editable={editable}
        />
      </form>
      <div className="min-w-0 xl:sticky xl:top-4 xl:self-start">
        <TemplatePreview
          source={{ type: "EMAIL", subject: activityTitle, content: message }}
          preview={preview}
        />
      </div>
    </div>
  );
}

/** The PDFs sent with the confirmation: listed with their size, added one at a time, removed. */
function ConfirmationFiles({
  activityCuid,
  files,
  editable,
}: {
  activityCuid: string;
  files: AdminActivityConfirmationView["files"];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const input = useRef<HTMLInputElement>(null);
  const upload = useAdminMutation((file: File) => activityRulesApi.uploadFile(activityCuid, file), {
    success: t("admin.activity_rules.confirmation.file_added"),
  });
  const remove = useAdminMutation(
    (cuid: string) => activityRulesApi.removeFile(activityCuid, cuid),
    { success: t("admin.activity_rules.confirmation.file_removed") },
  );
  return (
    <section className="flex flex-col gap-2 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">
        {t("admin.activity_rules.confirmation.files")}
      </h3>
      {files.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.activity_rules.confirmation.no_files")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="confirmation-files">
          {files.map((file) => (
            <li
              key={file.cuid}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
            >
              <span className="flex min-w-0 items-center gap-2">
                <FileIcon className="size-4 shrink-0 text-slate-500" />
                <span className="truncate">{file.file_name}</span>
                <span className="text-slate-600">{kilobytes(format.locale, file.size_bytes)}</span>
              </span>
              {editable ? (
                <Button
                  type="button"
                  variant="ghost"
                  disabled={remove.pending}
                  onClick={() => remove.mutate(file.cuid)}
                  aria-label={t("admin.activity_rules.confirmation.remove_file", {
                    name: file.file_name,
                  })}
                >
                  ×
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable && files.length < 5 ? (
        <div>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            data-testid="confirmation-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) upload.mutate(file);
            }}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={upload.pending}
            onClick={() => input.current?.click()}
            data-testid="confirmation-add-file"
          >
            {upload.pending
              ? t("admin.activity_rules.confirmation.uploading")
              : t("admin.activity_rules.confirmation.add_file")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
