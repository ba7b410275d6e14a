import type { StatusTone } from "@booking/domain";
import { clsx } from "clsx";
import type { ReactNode } from "react";

// The status pills of the account area, in the colours of platform-and-account.md §4 (blue,
// green, red, yellow, grey): registrations' and vouchers' badges, a request's status, a bundle's
// or a membership's state.

const TONE_CLASSES: Record<StatusTone, string> = {
  blue: "bg-sky-100 text-sky-900 ring-sky-300",
  green: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  yellow: "bg-amber-100 text-amber-900 ring-amber-300",
  grey: "bg-slate-100 text-slate-800 ring-slate-300",
};

/** The classes of a pill of that tone, for badges that are not a plain `<span>` (list items). */
export function toneClasses(tone: StatusTone, className?: string): string {
  return clsx(
    "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
    TONE_CLASSES[tone],
    className,
  );
}

/** A status as a coloured pill. */
export function ToneBadge({
  tone,
  children,
  testId,
  value,
}: {
  tone: StatusTone;
  children: ReactNode;
  testId?: string;
  /** the status it stands for, for tests and styles (`data-status`) */
  value?: string;
}) {
  return (
    <span className={toneClasses(tone)} data-testid={testId} data-status={value} data-tone={tone}>
      {children}
    </span>
  );
}
