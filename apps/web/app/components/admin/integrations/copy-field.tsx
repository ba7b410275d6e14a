import { useId, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";

/** A secret shown read-only with a button that copies it (the signing secret, a new API key). */
export function CopyField({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          className={`${inputClasses(false)} font-mono text-sm`}
          onFocus={(event) => event.target.select()}
          data-testid={testId}
        />
        <Button
          variant="secondary"
          onClick={async () => {
            // Without the clipboard (a page not served securely) the text is selected to copy.
            try {
              await navigator.clipboard.writeText(value);
              setCopied(true);
            } catch {
              input.current?.select();
            }
          }}
        >
          {copied ? t("admin.integrations.copied") : t("admin.integrations.copy")}
        </Button>
      </div>
    </div>
  );
}
