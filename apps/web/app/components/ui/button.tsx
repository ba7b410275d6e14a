import { clsx } from "clsx";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { useHydrated } from "../../lib/use-hydrated";
import { LocalizedLink, type LocalizedLinkProps } from "../localized-link";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md") {
  return clsx(
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors",
    "disabled:cursor-not-allowed disabled:opacity-70",
    size === "sm" && "min-h-9 px-3 text-sm",
    size === "md" && "min-h-11 px-4 text-sm",
    size === "lg" && "min-h-12 px-6 text-base",
    variant === "primary" && "bg-accent text-on-accent shadow-sm hover:brightness-95",
    variant === "secondary" &&
      "border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50",
    variant === "ghost" && "text-slate-800 hover:bg-slate-100",
    variant === "danger" && "bg-red-700 text-white shadow-sm hover:bg-red-800",
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={clsx(buttonClasses(variant, size), className)} {...props} />
  );
}

interface SubmitButtonProps extends Omit<ButtonProps, "type"> {
  pending: boolean;
  children: ReactNode;
}

/** A submit button that is disabled and shows a spinner while the form is being sent. */
export function SubmitButton({ pending, children, disabled, ...props }: SubmitButtonProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      disabled={pending || disabled || !hydrated}
      aria-busy={pending}
      {...props}
    >
      {pending ? <Spinner /> : null}
      <span>{children}</span>
      {pending ? <span className="sr-only">{t("common.loading")}</span> : null}
    </Button>
  );
}

interface ButtonLinkProps extends LocalizedLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <LocalizedLink className={clsx(buttonClasses(variant, size), className)} {...props} />;
}
