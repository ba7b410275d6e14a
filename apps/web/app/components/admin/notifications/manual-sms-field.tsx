import { MANUAL_SMS_MAX_LENGTH } from "@booking/contracts";
import { type TextareaHTMLAttributes, useId } from "react";
import { FieldShell, inputClasses } from "../../ui/field";
import { SmsCounter } from "./sms-counter";

/**
 * The SMS text with the SMS counter under it: characters, parts, encoding and what it costs for
 * the families a text reaches, before anything is sent.
 */
export function ManualSmsField({
  label,
  value,
  error,
  recipients,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "value"> & {
  label: string;
  value: string;
  error?: string;
  name: string;
  /** the families with a valid mobile number */
  recipients: number;
}) {
  const id = useId();
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
      <SmsCounter body={value} id={`${id}-counter`} recipients={recipients} />
    </FieldShell>
  );
}
