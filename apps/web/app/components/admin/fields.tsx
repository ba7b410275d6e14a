import { clsx } from "clsx";
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from "react";
import { describedBy, FieldShell, inputClasses } from "../ui/field";

/**
 * The console's form inputs beside `TextField` and `PasswordField` (components/ui/field.tsx):
 * each takes a label, a hint and the error code that `useAdminForm().field(name)` passes with
 * the registration, so `<SelectField label=… options=… {...form.field("role")} />` is wired.
 */

export interface SelectOption {
  value: string;
  label: string;
}

/** The classes of a native select (chevron kept by the browser), also for inline selects. */
export const selectClasses = (invalid: boolean) => clsx(inputClasses(invalid), "pr-8");

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string;
  /** a first, empty choice ("Choose…") for a required select without a default */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
  name: string;
}

export function SelectField({
  label,
  options,
  hint,
  error,
  placeholder,
  className,
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        aria-required
        className={selectClasses(Boolean(error))}
        {...describedBy(id, hint, error)}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
