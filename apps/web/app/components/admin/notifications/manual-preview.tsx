import type { ManualPreview } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { FormPanel } from "../form-panel";

/**
 * The message as one real family gets it: the e-mail's subject and page (in a sandboxed frame:
 * nothing in it runs) and the SMS with its parts.
 */
export function ManualPreviewPanel({ preview }: { preview: ManualPreview }) {
  const { t } = useTranslation();
  return (
    <FormPanel
      title={t("admin.manual_messages.preview.title")}
      description={t("admin.manual_messages.preview.as", { name: preview.recipient.fullname })}
      testId="manual-preview"
    >
      {preview.email ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            <span className="font-semibold text-slate-950">
              {t("admin.manual_messages.preview.subject")}
            </span>{" "}
            <span data-testid="preview-subject">{preview.email.subject}</span>
          </p>
          <iframe
            title={t("admin.manual_messages.preview.email")}
            srcDoc={preview.email.html}
            sandbox="allow-same-origin"
            className="h-[32rem] w-full rounded-lg border border-slate-200 bg-white"
            data-testid="preview-email"
          />
        </div>
      ) : null}
      {preview.sms ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-slate-950">
            {t("admin.manual_messages.preview.sms", { count: preview.sms.segments })}
          </p>
          <p
            className="max-w-sm rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm whitespace-pre-wrap text-slate-900"
            data-testid="preview-sms"
          >
            {preview.sms.body}
          </p>
        </div>
      ) : null}
    </FormPanel>
  );
}
