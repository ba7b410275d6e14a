import { useId } from "react";
import { describedBy, FieldShell, inputClasses } from "../../ui/field";

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as #RRGGBB: the browser's colour picker as a swatch beside the hex text, both
 * editing the same value (the text may be mid-typing and invalid; the swatch then keeps the
 * last valid colour).
 */
export function ColourField({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={label}
          value={HEX.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <input
          id={id}
          type="text"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value.trim())}
          className={`${inputClasses(Boolean(error))} max-w-36 font-mono uppercase`}
          data-testid={testId}
          {...describedBy(id, hint, error)}
        />
      </div>
    </FieldShell>
  );
}
