import {
  type AdminNotificationTemplateView,
  defaultNotificationTemplateBody,
  NOTIFICATION_TEMPLATE_TYPES,
  type NotificationTemplateType,
  type NotificationTemplateVariable,
  notificationTemplateBody,
} from "@booking/contracts";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { notificationTemplatesApi } from "../../../lib/admin/notification-templates-api";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { checkedBy } from "../catalogue/form-inputs";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { TemplateContentField, VariablesButton } from "./template-content-field";
import { insertIntoInput } from "./template-editing";
import { TemplatePreview } from "./template-preview";
import { VariablePicker } from "./variable-picker";

export const TEMPLATES_PATH = "/admin/notifications/templates";

/** The console page of a template: a default's by its key, the organiser's own by its cuid. */
export function templatePath(template: { cuid: string | null; default_key: string | null }) {
  return template.default_key
    ? `${TEMPLATES_PATH}/defaults/${encodeURIComponent(template.default_key)}`
    : `${TEMPLATES_PATH}/${encodeURIComponent(template.cuid ?? "")}`;
}

const formValues = z.object({
  name: z.string(),
  type: z.enum(NOTIFICATION_TEMPLATE_TYPES),
  subject: z.string(),
  content: z.string(),
});
type TemplateFormValues = z.input<typeof formValues>;

/** A default keeps its name and type: only its text is sent. */
const customForm = formValues.transform(checkedBy(notificationTemplateBody));
const defaultForm = formValues.transform(checkedBy(defaultNotificationTemplateBody));
type SentBody =
  | z.output<typeof notificationTemplateBody>
  | z.output<typeof defaultNotificationTemplateBody>;

/**
 * A template's text beside its live preview: name and type (the organiser's own templates; the
 * type only when creating), the subject of an e-mail and its content, each with the variable
 * picker. Without `template` it creates one and opens it.
 */
export function TemplateForm({
  template,
  variables,
}: {
  template: AdminNotificationTemplateView | null;
  variables: readonly NotificationTemplateVariable[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useConsole();
  const isDefault = template?.default_key != null;
  const readOnly = !can(
    template
      ? "notification_templates.notification_templates.update"
      : "notification_templates.notification_templates.create",
  );

  const schema: z.ZodType<SentBody, TemplateFormValues> = isDefault ? defaultForm : customForm;
  const { form, field, onSubmit, pending } = useAdminForm({
    schema,
    defaultValues: {
      name: template?.name ?? "",
      type: template?.type ?? "EMAIL",
      subject: template?.subject ?? "",
      content: template?.content ?? "",
    } satisfies TemplateFormValues,
    // A default's form sends its text only (no name): that is how the two bodies differ.
    send: (values) => {
      if (!("name" in values)) {
        return notificationTemplatesApi.updateDefault(template?.default_key ?? "", values);
      }
      return template?.cuid
        ? notificationTemplatesApi.update(template.cuid, values)
        : notificationTemplatesApi.create(values);
    },
    success: (saved) =>
      t(
        template
          ? "admin.notification_templates.form.updated"
          : "admin.notification_templates.form.created",
        { name: saved.name },
      ),
    revalidate: Boolean(template),
    onSuccess: (saved) => {
      if (!template) navigate(templatePath(saved));
    },
  });
  const type = form.watch("type") as NotificationTemplateType;
  const subject = form.watch("subject");
  const content = form.watch("content");
  const subjectInput = useRef<HTMLInputElement | null>(null);
  const subjectField = field("subject");
  const contentError = form.formState.errors.content?.message;

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-6 xl:grid-cols-2">
        <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
          <legend className="sr-only">{t("admin.notification_templates.form.legend")}</legend>
          {isDefault ? null : (
            <FormPanel title={t("admin.notification_templates.form.identity")}>
              <TextField
                label={t("admin.notification_templates.form.name")}
                autoComplete="off"
                data-testid="template-name"
                {...field("name")}
              />
              {template ? null : (
                <SelectField
                  label={t("admin.notification_templates.form.type")}
                  options={NOTIFICATION_TEMPLATE_TYPES.map((value) => ({
                    value,
                    label: t(`admin.notification_templates.type.${value}`),
                  }))}
                  data-testid="template-type"
                  {...field("type")}
                />
              )}
            </FormPanel>
          )}
          {type === "EMAIL" ? (
            <div className="flex flex-col gap-1.5">
              <TextField
                label={t("admin.notification_templates.form.subject")}
                autoComplete="off"
                data-testid="template-subject"
                {...subjectField}
                ref={(element) => {
                  subjectField.ref(element);
                  subjectInput.current = element;
                }}
              />
              {readOnly ? null : (
                <div className="flex justify-end">
                  <VariablePicker
                    variables={variables}
                    loops={false}
                    onInsert={(snippet) => {
                      if (!subjectInput.current) return;
                      form.setValue("subject", insertIntoInput(subjectInput.current, snippet), {
                        shouldDirty: true,
                      });
                    }}
                    trigger={<VariablesButton testId="subject-variables" />}
                  />
                </div>
              )}
            </div>
          ) : null}
          <TemplateContentField
            key={type}
            type={type}
            value={content}
            onChange={(html) => form.setValue("content", html, { shouldDirty: true })}
            error={contentError}
            variables={variables}
            readOnly={readOnly}
          />
        </fieldset>
        <div className="min-w-0 xl:sticky xl:top-4 xl:max-h-[calc(100dvh-6rem)] xl:self-start xl:overflow-y-auto">
          <TemplatePreview source={{ type, subject, content }} />
        </div>
      </div>
      {readOnly ? null : (
        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          {template ? null : (
            <Button variant="secondary" onClick={() => navigate(TEMPLATES_PATH)}>
              {t("admin.common.cancel")}
            </Button>
          )}
          <SubmitButton pending={pending} data-testid="save-template">
            {t(
              template
                ? "admin.notification_templates.form.save"
                : "admin.notification_templates.form.create",
            )}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
