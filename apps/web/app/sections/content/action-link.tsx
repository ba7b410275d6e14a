import type { BUTTON_VARIANTS } from "@booking/contracts";
import { clsx } from "clsx";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";

export type ActionVariant = (typeof BUTTON_VARIANTS)[number];

const base =
  "inline-flex min-h-11 max-w-full items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-center text-base font-semibold break-words transition";

/** The looks of the button block (spec "Content blocks": blurred, white, plain, primary, secondary). */
export const actionClasses: Record<ActionVariant, string> = {
  primary: clsx(base, "bg-accent text-on-accent shadow-sm hover:brightness-95"),
  secondary: clsx(
    base,
    "border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50",
  ),
  white: clsx(
    base,
    "bg-white text-slate-950 shadow-sm ring-1 ring-slate-900/10 hover:bg-slate-100",
  ),
  // Readable on photos and on plain backgrounds alike: dark glass with white text.
  blurred: clsx(
    base,
    "border border-white/30 bg-slate-950/60 text-white backdrop-blur-md hover:bg-slate-950/75",
  ),
  plain: clsx(
    "inline-flex min-h-11 max-w-full items-center gap-1 rounded-sm px-1 text-base font-semibold break-words text-accent-ink underline underline-offset-4 hover:decoration-2",
  ),
};

/**
 * A link that looks like a button. Site paths get the language prefix (LocalizedLink); anything
 * else passes the link rule again (the settings schema already refused unsafe schemes).
 */
export function ActionLink({
  href,
  label,
  variant = "primary",
  newTab = false,
  className,
}: {
  href: string;
  label: string;
  variant?: ActionVariant;
  newTab?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <LocalizedLink
      to={href}
      className={clsx(actionClasses[variant], className)}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {label}
      {newTab ? <span className="sr-only"> {t("sections.new_tab")}</span> : null}
    </LocalizedLink>
  );
}
