import { clsx } from "clsx";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { translateErrorCode } from "../../lib/toast";
import { EyeIcon, EyeOffIcon } from "../icons";

/**
 * A form error is stored as a code (REQUIRED, MISMATCH…, shown as forms.errors.{code}) or, for
 * messages the spec names explicitly, as a full translation key (register.form.messages.errors.terms).
 */
export function useErrorMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (!message) return undefined;
    if (message.includes(".")) return t(message, { defaultValue: message });
    return translateErrorCode(t, message);
  };
}

export const inputClasses = (invalid: boolean) =>
  clsx(
    "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs",
    "placeholder:text-slate-500 disabled:bg-slate-100",
    invalid ? "border-red-600" : "border-slate-300 hover:border-slate-400",
  );

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}

export function FieldShell({
  id,
  label,
  hint,
  error,
  optional,
  children,
  className,
}: FieldShellProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage()(error);
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
        {optional ? (
          <span className="ml-1 font-normal text-slate-600">({t("forms.optional")})</span>
        ) : null}
      </label>
      {children}
      {hint && !errorMessage ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {errorMessage ? <FieldErrorText id={`${id}-error`}>{errorMessage}</FieldErrorText> : null}
    </div>
  );
}

export function FieldErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-red-700" role="alert">
      {children}
    </p>
  );
}

/** aria attributes linking an input to its hint and error texts. */
export function describedBy(id: string, hint: unknown, error: unknown) {
  const ids = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean);
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** React 19 passes refs as props: spreading `register("field")` wires the input. */
  ref?: Ref<HTMLInputElement>;
  name: string;
}

export function TextField({
  label,
  hint,
  error,
  optional,
  className,
  type = "text",
  ...props
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      className={className}
    >
      <input
        id={id}
        type={type}
        aria-required={optional ? undefined : true}
        className={inputClasses(Boolean(error))}
        {...describedBy(id, hint, error)}
        {...props}
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, hint, error, className, ...props }: TextFieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          id={id}
          type={visible ? "text" : "password"}
          aria-required
          className={clsx(inputClasses(Boolean(error)), "pr-12")}
          {...describedBy(id, hint, error)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={visible ? t("auth.hide_password") : t("auth.show_password")}
          className="absolute inset-y-1 right-1 inline-flex w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      </div>
    </FieldShell>
  );
}
