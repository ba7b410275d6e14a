import { MANUAL_SMS_MAX_LENGTH } from "@booking/contracts";
import { smsLength } from "@booking/domain/sms";
import { type TextareaHTMLAttributes, useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldShell, inputClasses } from "../../ui/field";

/**
 * The SMS text with its counter under it: characters, parts (160 GSM-7 characters, or 70 once a
 * character needs UCS-2, fewer per part when split) and the encoding, as the provider counts them.
 */
export function ManualSmsField({
  label,
  value,
  error,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "value"> & {
  label: string;
  value: string;
  error?: string;
  name: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const length = smsLength(value);
  const counter = t("admin.manual_messages.form.sms_counter", {
    characters: length.characters,
    count: length.segments,
    encoding: length.encoding,
  });
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea
        id={id}
        rows={4}
        maxLength={MANUAL_SMS_MAX_LENGTH}
        className={inputClasses(Boolean(error))}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, `${id}-counter`].filter(Boolean).join(" ")}
        {...props}
        value={value}
      />
      <p id={`${id}-counter`} className="text-sm text-slate-600" data-testid="sms-counter">
        {counter}
      </p>
    </FieldShell>
  );
}
