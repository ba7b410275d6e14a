import {
  type AdminNotificationTemplateView,
  type ManualPreview,
  type ManualRecipients,
  type ManualTarget,
  manualSendBody,
} from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { manualMessagesApi, SENT_PATH } from "../../../lib/admin/manual-messages-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { typedLocalDateTime } from "../../../lib/admin/zoned-input";
import { apiRequest } from "../../../lib/api";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { checkedBy } from "../catalogue/form-inputs";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { SelectField, type SelectOption } from "../fields";
import { FormPanel } from "../form-panel";
import { ManualPreviewPanel } from "./manual-preview";
import { RecipientsPanel } from "./manual-recipients";
import { ManualSmsField } from "./manual-sms-field";
import { insertInEditor, VariableSelect } from "./manual-variables";

/** The form's checks for sending, or for a preview (which needs no time: it sends nothing). */
function composeForm(
  timeZone: string,
  target: ManualTarget,
  requestKey: string,
  purpose: "send" | "preview" = "send",
) {
  return z
    .object({
      email: z.boolean(),
      sms: z.boolean(),
      subject: z.string(),
      content: z.string(),
      sms_body: z.string(),
      template: z.string(),
      when: z.enum(["now", "later"]),
      send_at: typedLocalDateTime(timeZone),
    })
    .transform(({ when, send_at, template, ...texts }, context) => {
      if (purpose === "send" && when === "later" && send_at === null) {
        context.addIssue({ code: "custom", message: "REQUIRED", path: ["send_at"] });
        return z.NEVER;
      }
      return {
        ...texts,
        target,
        template: template || null,
        send_at: purpose === "send" && when === "later" ? send_at : null,
        request_key: requestKey,
      };
    })
    .transform(checkedBy(manualSendBody));
}
type ComposeValues = z.input<ReturnType<typeof composeForm>>;
type ComposeBody = z.output<ReturnType<typeof composeForm>>;

const FIELDS = ["email", "sms", "subject", "content", "sms_body", "template", "send_at"];

export interface TemplateChoice {
  cuid: string;
  name: string;
  type: "EMAIL" | "SMS";
}

/**
 * The composer: channels, a template to start from, the e-mail (subject, rich text with
 * variables), the SMS with its counter, the families it goes to, a preview on one of them, and
 * sending now or at a time. A request key drawn once per page makes a double-click or a retry
 * send nothing twice.
 */
export function ManualComposeForm({
  target,
  recipients,
  templates,
}: {
  target: ManualTarget;
  recipients: ManualRecipients;
  templates: readonly TemplateChoice[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useConsoleFormatters();
  const { session } = useConsole();
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const [requestKey] = useState(() => crypto.randomUUID());
  const [editorVersion, setEditorVersion] = useState(0);
  const [preview, setPreview] = useState<ManualPreview | null>(null);

  const { form, field, richText, onSubmit, pending } = useAdminForm({
    schema: composeForm(timeZone, target, requestKey),
    defaultValues: {
      email: true,
      sms: false,
      subject: "",
      content: "",
      sms_body: "",
      template: "",
      when: "now",
      send_at: "",
    } satisfies ComposeValues,
    send: (values: ComposeBody) => manualMessagesApi.send(values),
    success: (sent) =>
      sent.status === "SCHEDULED"
        ? t("admin.manual_messages.form.scheduled", {
            count: sent.recipients_count,
            date: format.dateTime(sent.send_at),
          })
        : t("admin.manual_messages.form.sent", { count: sent.recipients_count }),
    revalidate: false,
    onSuccess: () => navigate(SENT_PATH),
  });
  const resolveField = (path: string) =>
    FIELDS.includes(path) ? (path as keyof ComposeValues) : null;
  const previewing = useAdminMutation(
    ({ request_key: _key, send_at: _at, ...body }: ComposeBody) => manualMessagesApi.preview(body),
    { revalidate: false, form: { setError: form.setError, resolveField } },
  );
  const showPreview = async () => {
    form.clearErrors();
    const checked = composeForm(timeZone, target, requestKey, "preview").safeParse(
      form.getValues(),
    );
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const name = resolveField(issue.path.join("."));
        if (name) form.setError(name, { message: issue.message });
      }
      return;
    }
    const outcome = await previewing.mutate(checked.data);
    if (outcome.ok) setPreview(outcome.value);
  };

  const [email, sms, when] = form.watch(["email", "sms", "when"]);
  const smsBody = form.watch("sms_body");

  const pickTemplate = async (cuid: string) => {
    form.setValue("template", cuid);
    if (!cuid) return;
    const template = await apiRequest<AdminNotificationTemplateView>(
      "GET",
      `/api/admin/notification-templates/${encodeURIComponent(cuid)}`,
    );
    if (template.type === "SMS") {
      form.setValue("sms", true);
      form.setValue("sms_body", template.content, { shouldDirty: true });
    } else {
      form.setValue("email", true);
      form.setValue("subject", template.subject, { shouldDirty: true });
      form.setValue("content", template.content, { shouldDirty: true });
      setEditorVersion((version) => version + 1);
    }
  };
  const templateOptions: SelectOption[] = templates.map((template) => ({
    value: template.cuid,
    label: `${template.name} (${t(`admin.manual_messages.form.channel_${template.type}`)})`,
  }));

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {/* Phones read the recipients first; wide screens keep them beside the text. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1">
          <RecipientsPanel recipients={recipients} sms={sms} />
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <FormPanel title={t("admin.manual_messages.form.channels")}>
            <div className="flex flex-wrap gap-x-6">
              {(["email", "sms"] as const).map((channel) => (
                <label
                  key={channel}
                  className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-900"
                >
                  <input
                    type="checkbox"
                    className="size-4"
                    data-testid={`channel-${channel}`}
                    {...form.register(channel)}
                  />
                  {t(`admin.manual_messages.form.channel_${channel.toUpperCase()}`)}
                </label>
              ))}
            </div>
            {form.formState.errors.email ? (
              <p className="text-sm text-red-700" role="alert">
                {t("admin.manual_messages.form.channel_required")}
              </p>
            ) : null}
            {templateOptions.length > 0 ? (
              <SelectField
                label={t("admin.manual_messages.form.template")}
                hint={t("admin.manual_messages.form.template_hint")}
                placeholder={t("admin.manual_messages.form.no_template")}
                options={templateOptions}
                name="template"
                value={form.watch("template")}
                onChange={(event) => void pickTemplate(event.target.value)}
                data-testid="template-picker"
              />
            ) : null}
          </FormPanel>
          {email ? (
            <FormPanel title={t("admin.manual_messages.form.email")}>
              <TextField
                label={t("admin.manual_messages.form.subject")}
                autoComplete="off"
                data-testid="manual-subject"
                {...field("subject")}
              />
              <RichTextEditor
                key={editorVersion}
                label={t("admin.manual_messages.form.content")}
                hint={t("admin.manual_messages.form.content_hint")}
                {...richText("content")}
                testId="manual-content"
                toolbarEnd={(editor) => (
                  <VariableSelect onInsert={(text) => insertInEditor(editor, text)} />
                )}
              />
            </FormPanel>
          ) : null}
          {sms ? (
            <FormPanel title={t("admin.manual_messages.form.sms")}>
              <ManualSmsField
                label={t("admin.manual_messages.form.sms_body")}
                data-testid="manual-sms"
                {...form.register("sms_body")}
                value={smsBody}
                recipients={recipients.sms_count}
                error={form.formState.errors.sms_body?.message}
              />
              <div className="flex items-center gap-2">
                <VariableSelect
                  onInsert={(text) =>
                    form.setValue("sms_body", `${form.getValues("sms_body")}${text}`, {
                      shouldDirty: true,
                    })
                  }
                />
              </div>
            </FormPanel>
          ) : null}
          {preview ? <ManualPreviewPanel preview={preview} /> : null}
        </div>
        <div className="flex flex-col gap-5 lg:col-start-2 lg:row-start-2">
          <FormPanel title={t("admin.manual_messages.form.when")}>
            {(["now", "later"] as const).map((choice) => (
              <label
                key={choice}
                className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-900"
              >
                <input
                  type="radio"
                  value={choice}
                  className="size-4"
                  data-testid={`when-${choice}`}
                  {...form.register("when")}
                />
                {t(`admin.manual_messages.form.when_${choice}`)}
              </label>
            ))}
            {when === "later" ? (
              <TextField
                type="datetime-local"
                label={t("admin.manual_messages.form.send_at")}
                data-testid="manual-send-at"
                {...field("send_at")}
              />
            ) : null}
          </FormPanel>
        </div>
      </div>
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <Button
          variant="secondary"
          onClick={() => void showPreview()}
          disabled={previewing.pending || recipients.count === 0}
          data-testid="manual-preview-button"
        >
          {t("admin.manual_messages.form.preview")}
        </Button>
        <SubmitButton pending={pending} disabled={recipients.count === 0} data-testid="manual-send">
          {t(
            when === "later"
              ? "admin.manual_messages.form.schedule"
              : "admin.manual_messages.form.send_now",
            { count: recipients.count },
          )}
        </SubmitButton>
      </div>
    </form>
  );
}
